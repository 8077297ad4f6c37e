import { expect, test } from '@playwright/test'
import { openAs, storedToken, toast, unique } from './support'

test.describe('knowledge base', () => {
  test('creates a catalog, a label and an entry with rich text; finds it by a Chinese keyword; takes it off the shelf', async ({
    page,
  }) => {
    const catalog = unique('有色冶金')
    const label = unique('稀土')
    const word = `钽铌${unique('').slice(-4)}`
    const title = `${word}分离新工艺`

    await openAs(page, '/kms/catalog')
    await expect(page.getByText('该功能正在建设中')).toHaveCount(0)
    await page.getByRole('button', { name: '新增' }).click()
    await page.getByRole('dialog').getByLabel('目录名称').fill(catalog)
    await page.getByRole('dialog').getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    await expect(page.locator('.MuiDataGrid-row', { hasText: catalog })).toBeVisible()
    await page.screenshot({ path: 'test-results/kms-catalog.png' })

    await page.goto('/kms/label')
    await page.getByRole('button', { name: '新增' }).click()
    await page.getByRole('dialog').getByLabel('标签名称').fill(label)
    await page.getByRole('dialog').getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()

    await page.goto('/kms/main')
    await page.getByRole('button', { name: '新增' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('标题').fill(title)
    await dialog.getByRole('combobox', { name: '所属目录' }).click()
    await page.getByRole('option', { name: catalog }).click()
    await dialog.getByRole('combobox', { name: '标签' }).click()
    await page.getByRole('option', { name: label }).click()
    await page.keyboard.press('Escape')
    await dialog.getByLabel('上架状态').check()
    await dialog.locator('.ProseMirror').click()
    await page.keyboard.type('采用溶剂萃取法分离')
    await page.keyboard.press('Control+b')
    await page.keyboard.type('高纯氧化钽')
    await page.screenshot({ path: 'test-results/kms-editor.png' })
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()

    // The catalog tree beside the list narrows it; the keyword finds the entry by a Chinese substring.
    await page.getByRole('button', { name: catalog }).click()
    await expect(page.locator('.MuiDataGrid-row', { hasText: title })).toBeVisible()
    await page.getByRole('search').getByLabel('关键词').fill('氧化钽')
    await page.getByRole('search').getByRole('button', { name: '搜索' }).click()
    const row = page.locator('.MuiDataGrid-row', { hasText: title })
    await expect(row).toContainText('已上架')
    await page.screenshot({ path: 'test-results/kms-main.png' })

    const token = await storedToken(page)
    const headers = { 'Blade-Auth': `bearer ${token}` }
    const portal = async () =>
      (
        await (
          await page.request.get(`/api/ysjs-kms/main/portal-list?keyword=${encodeURIComponent(word)}`, {
            headers,
          })
        ).json()
      ).data.records as { title: string; content: string; labels: { labelName: string }[] }[]
    const shelved = await portal()
    expect(shelved.map((r) => r.title)).toEqual([title])
    expect(shelved[0]!.content).toContain('<strong>高纯氧化钽</strong>')
    expect(shelved[0]!.labels.map((l) => l.labelName)).toEqual([label])

    await row.getByRole('button', { name: '下架' }).click()
    await expect(row).toContainText('已下架')
    expect(await portal()).toEqual([])

    // The entry's author, on the 知识作者 screen.
    await page.goto('/kms/author')
    await expect(page.getByText('该功能正在建设中')).toHaveCount(0)
    await page.getByRole('button', { name: '新增' }).click()
    const authorDialog = page.getByRole('dialog')
    await authorDialog.getByRole('combobox', { name: '知识条目' }).click()
    await page.getByRole('option', { name: title }).click()
    const author = unique('张工')
    await authorDialog.getByLabel('作者姓名').fill(author)
    await authorDialog.getByLabel('工作单位').fill('有色金属研究院')
    await authorDialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    await expect(page.locator('.MuiDataGrid-row', { hasText: author })).toContainText(title)
    await page.screenshot({ path: 'test-results/kms-author.png' })
  })
})
