import fs from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import { openAs, rowAction, toast, unique } from './support'

const row = (page: Page, text: string) => page.locator('.MuiDataGrid-row', { hasText: text })

const shot = async (page: Page, name: string) => {
  await page.screenshot({
    path: `${process.env.E2E_SHOTS ?? '../../test-results'}/resource-${name}.png`,
    fullPage: true,
  })
}

// A real PDF header, Chinese text and bytes of every value: the download must give back exactly these.
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n% 成果检测报告\n'),
  Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256)),
  Buffer.from('\n%%EOF\n'),
])

test.describe.configure({ mode: 'serial' })

test.describe('resources', () => {
  test('uploads an attachment in its screen and downloads the same bytes', async ({ page }) => {
    const name = unique('检测报告')
    await openAs(page, '/resource/attach')
    await page.getByRole('button', { name: '新增' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('附件名称').fill(name)
    await dialog.getByTestId('attach-file-input').setInputFiles({
      name: '检测报告 原件.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    })
    await expect(dialog.getByTestId('attach-file-name')).toHaveText('检测报告 原件.pdf')
    await dialog.getByRole('combobox', { name: '附件分类' }).click()
    await page.getByRole('option', { name: '检测报告' }).click()
    await dialog.getByLabel('附件编号').fill('JC-001')
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    await expect(row(page, name)).toContainText('检测报告 原件.pdf')
    await shot(page, 'attach')

    const downloading = page.waitForEvent('download')
    await row(page, name).getByRole('button', { name: '下载' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe('检测报告 原件.pdf')
    const saved = await download.path()
    expect((await fs.readFile(saved)).equals(PDF)).toBe(true)
  })

  test('refuses a file whose content does not match its extension', async ({ page }) => {
    await openAs(page, '/resource/attach')
    await page.getByRole('button', { name: '新增' }).click()
    await page
      .getByRole('dialog')
      .getByTestId('attach-file-input')
      .setInputFiles({ name: '伪装.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>x</html>') })
    await expect(toast(page, '文件内容与扩展名不符')).toBeVisible()
  })

  test('shows the category tree with the attachment categories', async ({ page }) => {
    await openAs(page, '/base/assort')
    await expect(row(page, '成果附件')).toBeVisible()
    for (const name of ['科技查新报告', '检测报告', '应用证明', '论文专著', '审批文件', '其他资料']) {
      await expect(row(page, name)).toBeVisible()
    }
    await shot(page, 'assort')
  })

  test('adds a template with rich-text content', async ({ page }) => {
    const name = unique('评价报告模板')
    await openAs(page, '/appraise/template')
    await page.getByRole('button', { name: '新增' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('模板名称').fill(name)
    await dialog.locator('.ProseMirror').click()
    await page.keyboard.type('一、成果概况')
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    await expect(row(page, name)).toBeVisible()
    await shot(page, 'template')
  })

  test('adds a local-disk storage config, enables it and tests the connection', async ({ page }) => {
    const code = unique('disk')
    await openAs(page, '/resource/oss')
    await page.getByRole('button', { name: '新增' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('combobox', { name: '分类' }).click()
    await page.getByRole('option', { name: '本地磁盘' }).click()
    await dialog.getByLabel('资源编号').fill(code)
    await dialog.getByLabel('空间名').fill('e2e-disk')
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()

    await row(page, code).getByLabel('是否启用').click()
    await expect(toast(page, '操作成功!')).toBeVisible()
    await expect(row(page, code).getByLabel('是否启用')).toBeChecked()
    await rowAction(row(page, code), '测试连接')
    await expect(toast(page, '连接成功')).toBeVisible()
    await shot(page, 'oss')
    // Back to the default driver for the other specs.
    await row(page, code).getByLabel('是否启用').click()
    await expect(row(page, code).getByLabel('是否启用')).not.toBeChecked()
  })
})
