import { expect, type Page, test } from '@playwright/test'
import { openAs, rowAction, toast, unique } from './support'

const dialog = (page: Page) => page.getByRole('dialog')

test.describe('parameter screen', () => {
  test('create, validate, search, view, edit and delete a parameter', async ({ page }) => {
    const key = unique('e2e.param.')
    await openAs(page, '/system/param')
    await expect(page.getByRole('columnheader', { name: '参数名称' })).toBeVisible()

    // Validation: messages on blur, and the first one as a warning on submit.
    await page.getByRole('button', { name: '新增' }).click()
    await expect(dialog(page)).toContainText('新增参数管理')
    await dialog(page).getByLabel('参数名称').focus()
    await dialog(page).getByLabel('参数键名').focus()
    await expect(dialog(page).getByText('请输入参数名称')).toBeVisible()
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '请输入参数名称')).toBeVisible()
    await expect(dialog(page).getByText('请输入参数键名')).toBeVisible()
    await expect(dialog(page).getByText('请输入参数键值')).toBeVisible()

    await dialog(page).getByLabel('参数名称').fill('端到端参数')
    await dialog(page).getByLabel('参数键名').fill(key)
    await dialog(page).getByLabel('参数键值').fill('v1')
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    await expect(dialog(page)).toBeHidden()

    // Search puts the list state in the URL.
    await page.getByRole('search').getByLabel('参数键名').fill(key)
    await page.getByRole('search').getByRole('button', { name: '搜索' }).click()
    await expect(page).toHaveURL(new RegExp(`paramKey=${key.replaceAll('.', '\\.')}`))
    const row = page.getByRole('row', { name: new RegExp(key.replaceAll('.', '\\.')) })
    await expect(row).toHaveCount(1)
    await page.reload()
    await expect(row).toHaveCount(1)

    // A duplicate key is refused by the server with its message.
    await page.getByRole('button', { name: '新增' }).click()
    await dialog(page).getByLabel('参数名称').fill('重复')
    await dialog(page).getByLabel('参数键名').fill(key)
    await dialog(page).getByLabel('参数键值').fill('x')
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '当前参数键名已存在!')).toBeVisible()
    await dialog(page).getByRole('button', { name: '取消' }).click()

    // View is read-only.
    await rowAction(row, '查看')
    await expect(dialog(page)).toContainText('查看参数管理')
    await expect(dialog(page).getByLabel('参数键值')).toHaveValue('v1')
    await expect(dialog(page).getByLabel('参数键值')).toBeDisabled()
    await expect(dialog(page).getByRole('button', { name: '保存' })).toHaveCount(0)
    await dialog(page).getByRole('button', { name: '关闭' }).click()

    // Edit.
    await rowAction(row, '编辑')
    await expect(dialog(page).getByLabel('参数键值')).toHaveValue('v1')
    await dialog(page).getByLabel('参数键值').fill('v2')
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '更新成功')).toBeVisible()
    await expect(row).toContainText('v2')

    // Delete asks 确定将选择数据删除? in a 提示 dialog; 取消 keeps the row.
    await rowAction(row, '删除')
    const confirm = page.getByRole('dialog', { name: '提示' })
    await expect(confirm).toContainText('确定将选择数据删除?')
    await confirm.getByRole('button', { name: '取消' }).click()
    await expect(row).toHaveCount(1)
    await row.getByRole('checkbox').check()
    await page.getByRole('button', { name: '删除', exact: true }).first().click()
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click()
    await expect(toast(page, '删除成功')).toBeVisible()
    await expect(row).toHaveCount(0)
  })

  test('bulk delete without a selection warns 请选择至少一条数据', async ({ page }) => {
    await openAs(page, '/system/param')
    await page.getByRole('button', { name: '删除', exact: true }).first().click()
    await expect(toast(page, '请选择至少一条数据')).toBeVisible()
    await expect(page.getByRole('dialog', { name: '提示' })).toHaveCount(0)
  })

  test('paging: the page size and page live in the URL', async ({ page }) => {
    await openAs(page, '/system/param?size=30')
    await expect(page.getByRole('combobox', { name: /每页行数/ })).toContainText('30')
    await page.getByRole('combobox', { name: /每页行数/ }).click()
    await expect(page.getByRole('option')).toHaveText(['10', '30', '50', '100', '200'])
    await page.getByRole('option', { name: '10', exact: true }).click()
    await expect(page).not.toHaveURL(/size=/)
    // The pager's buttons are named in the interface language too (screen readers read them).
    await expect(page.getByRole('button', { name: '下一页' })).toBeVisible()
    await expect(page.getByRole('button', { name: '上一页' })).toBeDisabled()
  })

  test('a page of 200 rows, above the free grid limit of 100', async ({ page }) => {
    await openAs(page, '/system/param')
    await page.getByRole('combobox', { name: /每页行数/ }).click()
    await page.getByRole('option', { name: '200', exact: true }).click()
    await expect(page).toHaveURL(/size=200/)
    await expect(page.getByRole('combobox', { name: /每页行数/ })).toContainText('200')
    await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible()
    await page.reload()
    await expect(page.getByRole('combobox', { name: /每页行数/ })).toContainText('200')
  })

  test('a user who may only view gets no add, edit or delete buttons', async ({ page }) => {
    await page.route('**/api/ysjs-system/menu/buttons', async (route) => {
      const res = await route.fetch()
      const body = await res.json()
      type TNode = { code: string; children?: TNode[] }
      const keep = (nodes: TNode[]): TNode[] =>
        nodes
          .map((n) => (n.children ? { ...n, children: keep(n.children) } : n))
          .filter((n) => n.children?.length || n.code === 'param_view')
      await route.fulfill({ response: res, json: { ...body, data: keep(body.data) } })
    })
    await openAs(page, '/system/param')
    await expect(page.getByRole('button', { name: '查看' }).first()).toBeVisible()
    await expect(page.getByRole('button', { name: '新增' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: '编辑' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: '删除' })).toHaveCount(0)
  })
})
