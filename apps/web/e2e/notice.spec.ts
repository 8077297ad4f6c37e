import { expect, type Page, test } from '@playwright/test'
import { openAs, toast, unique } from './support'

/** Adds a notice through the dialog; `write` types the rich-text content. */
const addNotice = async (
  page: Page,
  opts: { title: string; category: string; at: string; write: () => Promise<void> },
) => {
  await openAs(page, '/desk/notice')
  await page.getByRole('button', { name: '新增' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('通知标题').fill(opts.title)
  await dialog.getByRole('combobox', { name: '通知类型' }).click()
  await page.getByRole('option', { name: opts.category }).click()
  await dialog.getByRole('group', { name: '通知日期' }).getByRole('spinbutton').first().click()
  await page.keyboard.type(opts.at)
  await dialog.locator('.ProseMirror').click()
  await opts.write()
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect(toast(page, '新增成功')).toBeVisible()
}

test.describe('notices (generic screen with a rich-text field)', () => {
  test('adds a notice with rich-text content; it shows in the grid and on the home page', async ({
    page,
  }) => {
    const title = unique('关于开展成果评价工作的通知')
    await addNotice(page, {
      title,
      category: '发布通知',
      at: '20261120093000',
      write: () => page.keyboard.type('请各单位于十二月底前提交材料。'),
    })
    await expect(page.locator('.MuiDataGrid-row', { hasText: title })).toContainText('发布通知')
    await page.goto('/wel/index')
    await expect(page.getByText(title)).toBeVisible()
  })

  test('the rich-text field keeps its formatting through a save', async ({ page }) => {
    const title = unique('格式测试')
    await addNotice(page, {
      title,
      category: '事务通知',
      at: '20261121080000',
      write: async () => {
        await page.keyboard.press('Control+b')
        await page.keyboard.type('加粗的要求')
      },
    })
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('ysjs-token') ?? '{}').content)
    const list = await page.request.get(`/api/ysjs-desk/notice/list?title=${encodeURIComponent(title)}`, {
      headers: { 'Blade-Auth': `bearer ${token}` },
    })
    const record = (await list.json()).data.records[0]
    expect(record.content).toContain('<strong>加粗的要求</strong>')
    expect(record.releaseTime).toBe('2026-11-21 08:00:00')
  })
})
