import { expect as baseExpect, type Page, test } from '@playwright/test'
import { loginViaApi, rowAction, storedToken, toast, unique } from './support'

// These screens load a grid, a chart and their data on a shared runner: give them time.
const expect = baseExpect.configure({ timeout: 30_000 })
test.describe.configure({ timeout: 180_000, retries: 1 })

/** The database the e2e server runs on, as a data source may name it (no credentials in the URL). */
const E2E_DB_URL = `postgresql://127.0.0.1:5432/${process.env.E2E_DATABASE ?? 'ysjs_e2e'}`

const openAs = async (page: Page, path: string) => {
  await loginViaApi(page)
  await page.goto(path)
  await expect(page.getByTestId('sidebar')).toBeVisible()
}

const choose = async (page: Page, label: string, option: string) => {
  await page.getByRole('combobox', { name: label, exact: true }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test.describe('code generator and reports', () => {
  test('adds a data source after testing its connection, and tests it again from its row', async ({
    page,
  }) => {
    await openAs(page, '/tool/datasource')
    await expect(page.locator('.MuiDataGrid-row', { hasText: '本系统数据库' })).toBeVisible()
    const name = unique('e2e库')
    await page.getByRole('button', { name: '新增' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('数据源名称').fill(name)
    await dialog.getByLabel('用户名').fill('postgres')
    await dialog.getByLabel('连接地址').fill(`${E2E_DB_URL}?sslcert=/etc/passwd`)
    await dialog.getByRole('button', { name: '测试连接' }).click()
    await expect(toast(page, '连接地址只能包含主机、端口、数据库名和 sslmode 参数')).toBeVisible()
    await dialog.getByLabel('连接地址').fill(E2E_DB_URL)
    await dialog.getByRole('button', { name: '测试连接' }).click()
    await expect(toast(page, '连接成功')).toBeVisible()
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    const row = page.locator('.MuiDataGrid-row', { hasText: name })
    await rowAction(row, '测试连接')
    await expect(toast(page, '连接成功').last()).toBeVisible()
  })

  test('picks a table for a model, configures its fields and imports them again', async ({ page }) => {
    await openAs(page, '/tool/model')
    const code = `m${unique('').slice(-6)}`.toLowerCase()
    await page.getByRole('button', { name: '新增' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('模型名称').fill('通知模型')
    await dialog.getByLabel('模型编号').fill(code)
    // The table comes from the data source's table list.
    await dialog.getByLabel('模型表名').fill('blade_not')
    await page.getByRole('option', { name: /^blade_notice/ }).click()
    await expect(dialog.getByLabel('模型表名')).toHaveValue('blade_notice')
    await dialog.getByLabel('模型类名').fill('NoticeModel')
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    const row = page.locator('.MuiDataGrid-row', { hasText: code })
    await rowAction(row, '模型配置')
    const grid = page.getByTestId('prototype-grid')
    await expect(grid.getByText('release_time')).toBeVisible()
    await expect(page.getByTestId('type-release_time')).toHaveValue('datetime')
    await page.screenshot({ path: 'test-results/develop-model.png' })
    await page.getByRole('dialog').getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '保存成功')).toBeVisible()

    // Saved: importing again keeps the edited label and reads the table's columns.
    await rowAction(row, '模型配置')
    const titleRow = page.getByTestId('prototype-title')
    const title = titleRow.getByRole('textbox').first()
    const propertyName = titleRow.getByRole('textbox').nth(1)
    // 保存 checks the grid with the shared rule: each refused cell shows its message under it (the first
    // toasted and focused); fixing a cell clears its own.
    await title.fill('')
    await propertyName.fill('Title')
    await page.getByRole('dialog').getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '请输入字段说明')).toBeVisible()
    await expect(titleRow.getByText('请输入字段说明')).toBeVisible()
    await expect(titleRow.getByText('属性名须以小写字母开头，只含字母和数字')).toBeVisible()
    await expect(title).toBeFocused()
    await title.fill('公告标题')
    await expect(titleRow.getByText('请输入字段说明')).toHaveCount(0)
    await expect(titleRow.getByText('属性名须以小写字母开头，只含字母和数字')).toBeVisible()
    await propertyName.fill('title')
    await expect(titleRow.getByText('属性名须以小写字母开头，只含字母和数字')).toHaveCount(0)
    await page.getByRole('button', { name: '从数据表重新导入' }).click()
    await expect(toast(page, '已重新导入，请检查后保存')).toBeVisible()
    await expect(title).toHaveValue('公告标题')
    await page.getByRole('dialog').getByRole('button', { name: '保存' }).click()
    await expect(page.getByRole('dialog')).toBeHidden()
    // Saved with the edit (the same toast as before may still be on screen, so ask the API).
    const headers = { 'Blade-Auth': `bearer ${await storedToken(page)}` }
    const models = await (
      await page.request.get(`/api/ysjs-develop/model/list?modelCode=${code}`, { headers })
    ).json()
    const fields = await (
      await page.request.get('/api/ysjs-develop/model-prototype/select', {
        headers,
        params: { modelId: models.data.records[0].id },
      })
    ).json()
    expect(fields.data.find((f: { jdbcName: string }) => f.jdbcName === 'title').comment).toBe('公告标题')
  })

  test('builds a report with a parameter, saves it, opens it in the viewer and sees its chart', async ({
    page,
  }) => {
    await openAs(page, '/report/design')
    const token = await storedToken(page)
    const headers = { 'Blade-Auth': `bearer ${token}` }
    const title = unique('报表通知')
    for (const category of [1, 1, 2]) {
      const res = await page.request.post('/api/ysjs-desk/notice/submit', {
        headers,
        data: { title, category, releaseTime: '2026-01-01 08:00:00' },
      })
      expect((await res.json()).code).toBe(200)
    }
    const name = unique('通知分类统计')
    await page.getByLabel('报表名称').fill(name)
    await choose(page, '数据模型', '通知公告')
    await choose(page, '分组字段', '通知类型')
    // The group select takes several columns and stays open.
    await page.keyboard.press('Escape')
    await choose(page, '统计方式', '计数')
    await choose(page, '条件字段', '通知标题')
    await choose(page, '条件', '包含')
    await page.getByLabel('运行时输入').check()
    await page.getByLabel('参数名').fill('title')
    await page.getByLabel('试运行值').fill(title)
    await choose(page, '图表', '柱状图')
    await page.getByRole('button', { name: '运行' }).click()
    const chart = page.getByTestId('report-chart')
    await expect(chart.locator('svg').first()).toBeVisible()
    await expect(chart.locator('.MuiBarChart-element')).toHaveCount(2)
    // The designer's only grid is the result table.
    const table = page.locator('.MuiDataGrid-root')
    await expect(table.locator('.MuiDataGrid-row')).toHaveCount(2)
    await expect(table.locator('.MuiDataGrid-row').first()).toContainText('2')
    await page.screenshot({ path: 'test-results/report-designer.png', fullPage: true })
    await page.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '保存成功')).toBeVisible()

    // From the list to the viewer: the parameter is asked, then the table and the chart.
    await page.goto('/report/reportlist')
    const row = page.locator('.MuiDataGrid-row', { hasText: name })
    await expect(row).toBeVisible()
    await rowAction(row, '查看报表')
    await expect(page.getByTestId('report-title')).toHaveText(name)
    await page.getByTestId('report-param-title').fill(title)
    await page.getByRole('button', { name: '查询' }).click()
    const viewerChart = page.getByTestId('report-chart')
    await expect(viewerChart.locator('.MuiBarChart-element')).toHaveCount(2)
    await expect(page.locator('.MuiDataGrid-root .MuiDataGrid-row')).toHaveCount(2)
    await page.screenshot({ path: 'test-results/report-viewer.png', fullPage: true })
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: '导出' }).click()
    expect((await download).suggestedFilename()).toBe(`${name}.xlsx`)

    // And back to the designer with the saved design loaded.
    await page.getByRole('button', { name: '设计', exact: true }).click()
    await expect(page.getByLabel('报表名称')).toHaveValue(name)
    await expect(page.getByLabel('参数名')).toHaveValue('title')
  })
})
