import { expect, type Page, test } from '@playwright/test'
import { Msg } from '@ysjs/shared'
import { loginViaApi, rowAction, storedToken, toast, unique } from './support'
import { chineseUnique } from './words'

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

/** openAs with a longer wait for the layout: the shared runner is often saturated. */
const openAs = async (page: Page, path: string) => {
  await loginViaApi(page)
  await page.goto(path)
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 60_000 })
}

const api = async (page: Page, method: 'GET' | 'POST', url: string, data?: object) => {
  const headers = { 'Blade-Auth': `bearer ${await storedToken(page)}` }
  const res =
    method === 'GET'
      ? await page.request.get(url, { headers })
      : await page.request.post(url, { headers, data })
  return (await res.json()) as { code: number; data: never }
}

test.describe('experts', () => {
  // Long flows on a shared, loaded machine.
  test.describe.configure({ timeout: 180_000 })
  test('creates an expert with a photo, links them to a knowledge entry and finds the entry by a Chinese keyword', async ({
    page,
  }) => {
    const name = unique('李冶金')
    // Purely Chinese: the keyword typed in the search is a Chinese substring of the entry's content.
    const word = chineseUnique('铼钨')
    const title = `${word}合金提纯工艺`
    const keyword = `${word.slice(2)}为原料`

    await openAs(page, '/expert/expertbasic')
    await expect(page.getByText('该功能正在建设中')).toHaveCount(0)
    await page.getByRole('button', { name: '新增' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('上传照片').setInputFiles({ name: 'li.png', mimeType: 'image/png', buffer: PNG })
    await expect(dialog.locator('img[alt="照片"]')).toBeVisible()
    await dialog.getByLabel('姓名', { exact: true }).fill(name)
    await dialog.getByLabel('工作单位').fill('中南大学冶金与环境学院')
    await dialog.getByLabel('职称').fill('教授')
    await dialog.getByLabel('手机').fill('123')
    await dialog.getByLabel('博士生导师').check()
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '手机号格式不正确')).toBeVisible()
    await dialog.getByLabel('手机').fill('13800138000')
    await page.screenshot({ path: 'test-results/expert-form.png' })
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, Msg.ADD_SUCCESS)).toBeVisible()

    const row = page.locator('.MuiDataGrid-row', { hasText: name })
    await expect(row.locator(`img[alt="${name}"]`)).toBeVisible()
    await page.screenshot({ path: 'test-results/expert-list.png' })
    await row.getByText('中南大学冶金与环境学院').click()
    const drawer = page.getByRole('dialog', { name: '专家详情' })
    await expect(drawer).toContainText(name)
    await expect(drawer).toContainText('博士生导师')
    await expect(drawer.locator(`img[alt="${name}"]`)).toBeVisible()
    await page.screenshot({ path: 'test-results/expert-drawer.png' })
    await page.keyboard.press('Escape')

    // Export: the whole filtered list as xlsx.
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: '导出' }).click()
    expect((await download).suggestedFilename()).toBe('专家库.xlsx')

    // A knowledge entry on the shelf, written in the editor; found by a Chinese substring of its content.
    const catalogName = unique('目录')
    await api(page, 'POST', '/api/ysjs-kms/catalog/submit', { catalogName, sort: 1 })
    await page.goto('/kms/main')
    await page.getByRole('button', { name: '新增' }).click()
    const editor = page.getByRole('dialog')
    await editor.getByRole('textbox', { name: '标题' }).fill(title)
    await editor.getByRole('combobox', { name: '所属目录' }).click()
    await page.getByRole('option', { name: catalogName }).click()
    await editor.getByLabel('上架状态').check()
    await editor.locator('.ProseMirror').click()
    await page.keyboard.type(`本工艺以${word}为原料经区域熔炼提纯至五个九`)
    await editor.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, Msg.ADD_SUCCESS)).toBeVisible()

    const searched = page.waitForResponse(
      (res) =>
        res.url().includes('/api/ysjs-kms/main/list') &&
        new URL(res.url()).searchParams.get('keyword') === keyword,
    )
    await page.getByRole('search').getByLabel('关键词').fill(keyword)
    await page.getByRole('search').getByRole('button', { name: '搜索' }).click()
    await searched
    const entry = page.locator('.MuiDataGrid-row', { hasText: title })
    await expect(page.locator('.MuiDataGrid-row')).toHaveCount(1)
    await expect(entry).toBeVisible()
    await rowAction(entry, '关联专家')
    const link = page.getByRole('dialog')
    // The picker searches the server: the expert is found by typing, whatever the size of the library.
    await link.getByRole('combobox', { name: '关联专家' }).fill(name)
    await page.getByRole('option', { name: new RegExp(name) }).click()
    await page.screenshot({ path: 'test-results/expert-link.png' })
    await link.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, Msg.UPDATE_SUCCESS)).toBeVisible()

    const found = await api(page, 'GET', `/api/ysjs-kms/main/list?keyword=${encodeURIComponent(keyword)}`)
    const mainId = (found.data as { records: { id: string }[] }).records[0]!.id
    const detail = await api(page, 'GET', `/api/ysjs-kms/main/detail?id=${mainId}`)
    expect((detail.data as { experts: { name: string }[] }).experts.map((e) => e.name)).toEqual([name])
    const portal = await api(
      page,
      'GET',
      `/api/ysjs-kms/main/portal-list?keyword=${encodeURIComponent(word)}`,
    )
    expect((portal.data as { records: { id: string }[] }).records.map((r) => r.id)).toEqual([mainId])

    await page.goto('/kms/expert')
    await expect(page.getByText('该功能正在建设中')).toHaveCount(0)
    await expect(page.locator('.MuiDataGrid-row', { hasText: title })).toContainText(name, {
      timeout: 60_000,
    })
  })

  test('saves a project with unit and people rows; removes a saved row after asking, an unsaved one at once', async ({
    page,
  }) => {
    const unitName = unique('江西铜业')
    const project = unique('铜冶炼节能项目')
    await openAs(page, '/expert/unittable')
    await expect(page.getByText('该功能正在建设中')).toHaveCount(0)
    await page.getByRole('button', { name: '新增' }).click()
    await page.getByRole('dialog').getByLabel('单位名称').fill(unitName)
    await page.getByRole('dialog').getByRole('button', { name: '保存' }).click()
    await expect(toast(page, Msg.ADD_SUCCESS)).toBeVisible()

    await page.goto('/expert/projectbasic')
    await page.getByRole('button', { name: '新增' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('项目名称').fill(project)
    await dialog.getByRole('button', { name: '添加单位' }).click()
    await dialog.getByTestId('unit-row').getByRole('combobox').fill(unitName)
    await page.getByRole('option', { name: unitName }).click()
    await dialog.getByRole('button', { name: '添加人员' }).click()
    await dialog.getByTestId('person-row').first().getByLabel('姓名').fill('张工')
    await dialog.getByRole('button', { name: '添加人员' }).click()
    // An unsaved row goes without a question.
    await dialog.getByTestId('person-row').nth(1).getByRole('button', { name: '删除' }).click()
    await expect(dialog.getByTestId('person-row')).toHaveCount(1)
    await page.screenshot({ path: 'test-results/expert-project.png' })
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, Msg.ADD_SUCCESS)).toBeVisible()

    const row = page.locator('.MuiDataGrid-row', { hasText: project })
    await rowAction(row, '编辑')
    const edit = page.getByRole('dialog')
    await expect(edit.getByTestId('unit-row')).toHaveCount(1)
    await edit.getByTestId('unit-row').getByRole('button', { name: '删除' }).click()
    await expect(page.getByText(`确定将单位 ${unitName} 从该项目删除?`)).toBeVisible()
    await page.getByRole('button', { name: '确定' }).click()
    await expect(toast(page, '操作成功!')).toBeVisible()
    await expect(edit.getByTestId('unit-row')).toHaveCount(0)
    await edit.getByTestId('person-row').getByRole('button', { name: '删除' }).click()
    await expect(page.getByText('确定将 张工 从该项目删除?')).toBeVisible()
    await page
      .getByRole('dialog')
      .filter({ hasText: '确定将 张工' })
      .getByRole('button', { name: '取消' })
      .click()
    await expect(edit.getByTestId('person-row')).toHaveCount(1)
    await edit.getByRole('button', { name: '取消' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)

    // A people row linked to a person of the unit table keeps the link when the form saves it again.
    const person = unique('刘工')
    await api(page, 'POST', '/api/blade-expert/persionTable/submit', { name: person })
    const people = await api(
      page,
      'GET',
      `/api/blade-expert/persionTable/list?name=${encodeURIComponent(person)}`,
    )
    const personId = (people.data as { records: { id: string }[] }).records[0]!.id
    const linked = unique('人员项目')
    const saved = await api(page, 'POST', '/api/blade-expert/projectBasic/submit', {
      projectName: linked,
      peopleList: [{ name: person, personId }],
    })
    const projectId = (saved.data as { id: string }).id
    await page.reload()
    await rowAction(page.locator('.MuiDataGrid-row', { hasText: linked }), '编辑')
    const again = page.getByRole('dialog')
    await expect(again.getByTestId('person-row').getByLabel('姓名')).toHaveValue(person)
    await again.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, Msg.UPDATE_SUCCESS)).toBeVisible()
    const detail = await api(page, 'GET', `/api/blade-expert/projectBasic/detailProject?id=${projectId}`)
    expect((detail.data as { peopleList: unknown[] }).peopleList).toEqual([
      expect.objectContaining({ name: person, personId }),
    ])
  })
})
