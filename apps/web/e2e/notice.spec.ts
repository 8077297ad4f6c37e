import { expect, type Page, test } from '@playwright/test'
import { loginViaApi, md5, openAs, toast, typeDate, unique } from './support'

/** Adds a notice through the dialog; `write` types the rich-text content, `recipients` picks users. */
const addNotice = async (
  page: Page,
  opts: { title: string; category: string; at: string; write: () => Promise<void>; recipients?: RegExp[] },
) => {
  await openAs(page, '/desk/notice')
  await page.getByRole('button', { name: '新增' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('通知标题').fill(opts.title)
  await dialog.getByRole('combobox', { name: '通知类型' }).click()
  await page.getByRole('option', { name: opts.category }).click()
  await typeDate(dialog, page, '通知日期', opts.at)
  for (const name of opts.recipients ?? []) {
    await dialog.getByRole('combobox', { name: '接收人' }).click()
    await page.getByRole('option', { name }).click()
    await page.keyboard.press('Escape')
  }
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

  test('a notice addressed to one user reaches that user only', async ({ page }) => {
    const title = unique('定向通知')
    // Released a minute ago (the home page lists released notices, newest first), in Shanghai time, to
    // the minute (the picker has no seconds).
    const at = new Date(Date.now() + 8 * 3_600_000 - 60_000).toISOString().replace(/\D/g, '').slice(0, 12)
    await addNotice(page, {
      title,
      category: '事务通知',
      at,
      write: () => page.keyboard.type('只发给人事。'),
      recipients: [/\(hr\)$/],
    })
    // The management list shows it to the administrator, with its recipient named.
    const row = page.locator('.MuiDataGrid-row', { hasText: title })
    await expect(row.locator('[data-field="recipientIds"]')).toHaveText('人事')
    await expect(
      page.locator('.MuiDataGrid-row', { hasNotText: title }).first().locator('[data-field="recipientIds"]'),
    ).toHaveText('全体用户')
    await page.screenshot({ path: 'test-results/notice-recipients.png' })
    // Not on the home page of another user, even one who manages notices…
    await page.goto('/wel/index')
    await expect(page.getByTestId('notice-list')).toBeVisible()
    await expect(page.getByTestId('notice-list').getByRole('listitem').first()).toBeVisible()
    await expect(page.getByTestId('notice-list')).not.toContainText(title)
    await loginViaApi(page, 'manager', md5('manager'))
    await page.goto('/wel/index')
    await expect(page.getByTestId('notice-list').getByRole('listitem').first()).toBeVisible()
    await expect(page.getByTestId('notice-list')).not.toContainText(title)
    // …and on the recipient's.
    await loginViaApi(page, 'hr', md5('hr'))
    await page.goto('/wel/index')
    await expect(page.getByTestId('notice-list')).toContainText(title)
    await page.screenshot({ path: 'test-results/notice-recipient-home.png' })
  })
})
