import { expect as baseExpect, type Page, test } from '@playwright/test'
import { loginViaApi, storedToken, toast, unique } from './support'

// These screens load a grid, a chart and their data on a shared runner: give them time.
const expect = baseExpect.configure({ timeout: 30_000 })
test.describe.configure({ timeout: 180_000, retries: 1 })

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
  test('lists the default data source, reads a table into a model and configures its fields', async ({
    page,
  }) => {
    await openAs(page, '/tool/datasource')
    await expect(page.locator('.MuiDataGrid-row', { hasText: '本系统数据库' })).toBeVisible()
    await page.goto('/tool/model')
    const code = `m${unique('').slice(-6)}`.toLowerCase()
    await page.getByRole('button', { name: '新增' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('模型名称').fill('通知模型')
    await dialog.getByLabel('模型编号').fill(code)
    await dialog.getByLabel('模型表名').fill('blade_notice')
    await dialog.getByLabel('模型类名').fill('NoticeModel')
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    const row = page.locator('.MuiDataGrid-row', { hasText: code })
    await row.getByRole('button', { name: '模型配置' }).click()
    const grid = page.getByTestId('prototype-grid')
    await expect(grid.getByText('release_time')).toBeVisible()
    await page.screenshot({ path: 'test-results/develop-model.png' })
    await page.getByRole('dialog').getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '保存成功')).toBeVisible()
  })

  test('builds a report grouped by category and sees its chart and table', async ({ page }) => {
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
    await choose(page, '统计方式', '计数')
    await choose(page, '条件字段', '通知标题')
    await choose(page, '条件', '包含')
    await page.getByLabel('条件值').fill(title)
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
    await page.goto('/report/reportlist')
    await expect(page.locator('.MuiDataGrid-row', { hasText: name })).toBeVisible()
  })
})
