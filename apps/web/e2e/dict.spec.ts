import { expect, type Page, test } from '@playwright/test'
import { openAs, rowAction, toast, unique } from './support'

const dialog = (page: Page) => page.getByRole('dialog')

test.describe('dictionary screens', () => {
  test('side by side: add a dictionary, pick it, add, edit and delete an item', async ({ page }) => {
    const code = unique('e2e_dict_')
    await openAs(page, '/dict-horizontal/index')
    const parents = page.locator('[data-resource="dict-biz"]')
    await expect(page.getByTestId('dict-children-empty')).toContainText('请先在字典列表中选择一条字典')

    await parents.getByRole('button', { name: '新增' }).click()
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '请输入字典编号')).toBeVisible()
    await dialog(page).getByLabel('字典编号').fill(code)
    await dialog(page).getByLabel('字典名称').fill('端到端字典')
    await dialog(page).getByLabel('字典排序').fill('99')
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()

    await parents.getByRole('search').getByLabel('字典编号').fill(code)
    await parents.getByRole('search').getByRole('button', { name: '搜索' }).click()
    await parents
      .getByRole('row', { name: new RegExp(code) })
      .getByRole('gridcell', { name: '端到端字典' })
      .click()
    await expect(page).toHaveURL(/dict=\d+/)
    const children = page.locator('[data-resource^="dict-biz-child-"]')
    await expect(children).toContainText(`端到端字典 (${code})`)

    await children.getByRole('button', { name: '新增' }).click()
    await dialog(page).getByLabel('字典名称').fill('选项一')
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '请输入字典键值')).toBeVisible()
    await dialog(page).getByLabel('字典键值').fill('1')
    await dialog(page).getByLabel('字典排序').fill('1')
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    const item = children.getByRole('row', { name: /选项一/ })
    await expect(item).toHaveCount(1)

    const items = await page.request.get(`/api/ysjs-system/dict-biz/dictionary?code=${code}`, {
      headers: {
        Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'Blade-Auth': `bearer ${await page.evaluate(() => JSON.parse(window.localStorage.getItem('ysjs-token') ?? '{}').content)}`,
      },
    })
    expect((await items.json()).data).toEqual([
      expect.objectContaining({ dictKey: '1', dictValue: '选项一', code }),
    ])

    await rowAction(item, '编辑')
    await dialog(page).getByLabel('字典名称').fill('选项甲')
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '更新成功')).toBeVisible()
    await expect(children.getByRole('row', { name: /选项甲/ })).toHaveCount(1)

    await rowAction(children.getByRole('row', { name: /选项甲/ }), '删除')
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click()
    await expect(toast(page, '删除成功')).toBeVisible()
    await expect(children.getByRole('row', { name: /选项甲/ })).toHaveCount(0)
  })

  test('stacked: picking 性别 lists its items below', async ({ page }) => {
    await openAs(page, '/dict-vertical/index')
    const parents = page.locator('[data-resource="dict-biz"]')
    await parents.getByRole('search').getByLabel('字典编号').fill('sex')
    await parents.getByRole('search').getByRole('button', { name: '搜索' }).click()
    await parents.getByRole('gridcell', { name: '性别' }).click()
    const children = page.locator('[data-resource^="dict-biz-child-"]')
    await expect(children.getByRole('gridcell', { name: '男' })).toBeVisible()
    await expect(children.getByRole('gridcell', { name: '女' })).toBeVisible()
    await page.reload()
    await expect(children.getByRole('gridcell', { name: '男' })).toBeVisible()
  })
})
