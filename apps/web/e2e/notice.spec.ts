import { expect, test } from '@playwright/test'
import { openAs, toast, unique } from './support'

test.describe('notices (generic screen with a rich-text field)', () => {
  test('adds a notice with rich-text content; it shows in the grid and on the home page', async ({
    page,
  }) => {
    await openAs(page, '/desk/notice')
    await page.getByRole('button', { name: '新增' }).click()
    const dialog = page.getByRole('dialog')
    const title = unique('关于开展成果评价工作的通知')
    await dialog.getByLabel('通知标题').fill(title)
    await dialog.getByRole('combobox', { name: '通知类型' }).click()
    await page.getByRole('option', { name: '发布通知' }).click()
    await dialog.getByRole('group', { name: '通知日期' }).getByRole('spinbutton').first().click()
    await page.keyboard.type('20261120093000')
    const editor = dialog.locator('.ProseMirror')
    await editor.click()
    await page.keyboard.type('请各单位于十二月底前提交材料。')
    await dialog
      .getByRole('button', { name: '确定' })
      .or(dialog.getByRole('button', { name: '保存' }))
      .first()
      .click()
    await expect(toast(page, '新增成功')).toBeVisible()

    const row = page.locator('.MuiDataGrid-row', { hasText: title })
    await expect(row).toContainText('发布通知')

    await page.goto('/wel/index')
    await expect(page.getByText(title)).toBeVisible()
  })

  test('the rich-text field keeps its formatting through a save', async ({ page }) => {
    await openAs(page, '/desk/notice')
    await page.getByRole('button', { name: '新增' }).click()
    const dialog = page.getByRole('dialog')
    const title = unique('格式测试')
    await dialog.getByLabel('通知标题').fill(title)
    await dialog.getByRole('combobox', { name: '通知类型' }).click()
    await page.getByRole('option', { name: '事务通知' }).click()
    await dialog.getByRole('group', { name: '通知日期' }).getByRole('spinbutton').first().click()
    await page.keyboard.type('20261121080000')
    const editor = dialog.locator('.ProseMirror')
    await editor.click()
    await page.keyboard.press('Control+b')
    await page.keyboard.type('加粗的要求')
    await dialog
      .getByRole('button', { name: '确定' })
      .or(dialog.getByRole('button', { name: '保存' }))
      .first()
      .click()
    await expect(toast(page, '新增成功')).toBeVisible()
    const list = await page.request.get(`/api/ysjs-desk/notice/list?title=${encodeURIComponent(title)}`, {
      headers: {
        'Blade-Auth': `bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('ysjs-token') ?? '{}').content)}`,
      },
    })
    const record = (await list.json()).data.records[0]
    expect(record.content).toContain('<strong>加粗的要求</strong>')
  })
})
