import { expect, test } from '@playwright/test'
import { openAs, rowAction, storedToken, toast, unique } from './support'
import { chineseUnique } from './words'

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 32)])

test.describe('knowledge base', () => {
  test('creates a catalog, a label and an entry with rich text and an attachment; finds it by a Chinese keyword; takes it off the shelf', async ({
    page,
  }) => {
    const catalog = unique('有色冶金')
    const label = unique('稀土')
    const word = chineseUnique('钽铌')
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

    const token = await storedToken(page)
    const headers = { 'Blade-Auth': `bearer ${token}` }
    // Another entry of the catalog that the keyword does not match: the search must visibly narrow the grid.
    const catalogId = (
      await (
        await page.request.get(`/api/ysjs-kms/catalog/list?catalogName=${encodeURIComponent(catalog)}`, {
          headers,
        })
      ).json()
    ).data[0].id as string
    const other = `${chineseUnique('铅锌')}冶炼`
    expect(
      (
        await (
          await page.request.post('/api/ysjs-kms/main/submit', { headers, data: { title: other, catalogId } })
        ).json()
      ).code,
    ).toBe(200)

    await page.goto('/kms/main')
    await page.getByRole('button', { name: '新增' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: '标题' }).fill(title)
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
    // The attachment is uploaded at once and shown by its name in the form.
    await dialog
      .getByTestId('kms-attach-input')
      .setInputFiles({ name: '工艺说明.pdf', mimeType: 'application/pdf', buffer: PDF })
    await expect(dialog.getByTestId('kms-attachment')).toHaveText('工艺说明.pdf')
    await page.screenshot({ path: 'test-results/kms-editor.png' })
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()

    // The catalog tree beside the list narrows it; the keyword finds the entry by a Chinese substring.
    await page.getByRole('button', { name: catalog }).click()
    const row = page.locator('.MuiDataGrid-row', { hasText: title })
    const otherRow = page.locator('.MuiDataGrid-row', { hasText: other })
    await expect(row).toBeVisible()
    await expect(otherRow).toBeVisible()
    const searched = page.waitForResponse(
      (res) =>
        res.url().includes('/api/ysjs-kms/main/list') &&
        new URL(res.url()).searchParams.get('keyword') === '氧化钽',
    )
    await page.getByRole('search').getByLabel('关键词').fill('氧化钽')
    await page.getByRole('search').getByRole('button', { name: '搜索' }).click()
    await searched
    // The grid shows the search's rows, not the catalog's rows from before it.
    await expect(otherRow).toHaveCount(0)
    await expect(page.locator('.MuiDataGrid-row')).toHaveCount(1)
    await expect(row).toContainText('已上架')
    await page.screenshot({ path: 'test-results/kms-main.png' })

    // Opened again, the editor names the saved attachment and its link downloads the file.
    await rowAction(row, '编辑')
    const edit = page.getByRole('dialog')
    const chip = edit.getByTestId('kms-attachment')
    await expect(chip).toHaveText('工艺说明.pdf')
    const href = (await chip.getAttribute('href')) ?? ''
    expect(href).toContain('blade-auth=')
    const file = await page.request.get(href)
    expect(file.status()).toBe(200)
    expect((await file.body()).equals(PDF)).toBe(true)
    await edit.getByRole('button', { name: '取消' }).click()
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

    await rowAction(row, '下架')
    await expect(toast(page, '操作成功')).toBeVisible()
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
