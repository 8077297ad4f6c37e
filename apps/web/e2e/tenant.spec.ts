import { expect, type Page, test } from '@playwright/test'
import { openAs, rowAction, toast, unique } from './support'

const dialog = (page: Page) => page.getByRole('dialog')

test.describe('product package screen (spec section 2)', () => {
  test('add with the menu tree, edit and delete; no view; bulk delete needs a selection', async ({
    page,
  }) => {
    const name = unique('产品包')
    await openAs(page, '/system/tenantpackage')
    await expect(page.getByRole('columnheader', { name: '产品包名称' })).toBeVisible()
    await expect(page.getByRole('columnheader', { name: '备注' })).toBeVisible()

    await page.getByRole('button', { name: '删除', exact: true }).first().click()
    await expect(toast(page, '请选择至少一条数据')).toBeVisible()

    // Both required fields answer the spec's messages.
    await page.getByRole('button', { name: '新增' }).click()
    await expect(dialog(page)).toContainText('新增产品包')
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '请输入产品包名称')).toBeVisible()
    await dialog(page).getByLabel('产品包名称').fill(name)
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '请选择菜单')).toBeVisible()

    // Checking a menu checks its buttons and keeps its parent (half-checked).
    const tree = dialog(page).getByRole('tree', { name: '菜单权限' })
    const desk = tree.getByRole('treeitem', { name: '工作台', exact: true })
    await desk.getByRole('button', { name: '展开' }).first().click()
    const notice = desk.getByRole('treeitem', { name: '通知公告' })
    await notice.getByRole('checkbox', { name: '通知公告' }).check()
    await expect(dialog(page)).toContainText('已选 6 项')
    await expect(desk.getByRole('checkbox', { name: '工作台' }).first()).toHaveAttribute(
      'data-indeterminate',
      'true',
    )
    await dialog(page).getByLabel('备注').fill('端到端')
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()

    const row = page.getByRole('row', { name: new RegExp(name) })
    await expect(row).toHaveCount(1)
    await expect(row.getByRole('button', { name: '查看' })).toHaveCount(0)

    // Edit: the stored menus come back checked; unchecking one button leaves the rest.
    await row.getByRole('button', { name: '编辑' }).click()
    await expect(dialog(page)).toContainText('已选 6 项')
    await dialog(page).getByLabel('产品包名称').fill(`${name}改`)
    const desk2 = dialog(page).getByRole('treeitem', { name: '工作台', exact: true })
    await desk2.getByRole('button', { name: '展开' }).first().click()
    const notice2 = desk2.getByRole('treeitem', { name: '通知公告' })
    await notice2.getByRole('button', { name: '展开' }).click()
    await notice2.getByRole('checkbox', { name: '删除' }).uncheck()
    await expect(dialog(page)).toContainText('已选 5 项')
    // No tenant is on the new package yet: the preview says the edit changes nobody's menus.
    await expect(dialog(page).getByTestId('access-preview')).toContainText(
      '此变更不会改变任何用户的菜单或按钮',
    )
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '更新成功')).toBeVisible()
    const renamed = page.getByRole('row', { name: new RegExp(`${name}改`) })
    await expect(renamed).toHaveCount(1)

    await renamed.getByRole('checkbox').check()
    await page.getByRole('button', { name: '删除', exact: true }).first().click()
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click()
    await expect(toast(page, '删除成功')).toBeVisible()
    await expect(renamed).toHaveCount(0)
  })
})

test.describe('tenant screen', () => {
  test('create a tenant, set its account quota, and log in as its admin', async ({ page }) => {
    const name = unique('端到端租户')
    await openAs(page, '/system/tenant')
    await page.getByRole('button', { name: '新增' }).click()
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '请输入租户名称')).toBeVisible()
    await dialog(page).getByLabel('租户名称').fill(name)
    await dialog(page).getByLabel('联系人').fill('张工')
    await dialog(page).getByLabel('联系电话').fill('13800138000')
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    const created = toast(page, '新租户编号')
    await expect(created).toBeVisible()
    const tenantId = /新租户编号: (\d{6})/.exec((await created.textContent()) ?? '')?.[1]
    expect(tenantId).toMatch(/^\d{6}$/)

    const row = page.getByRole('row', { name: new RegExp(name) })
    await expect(row).toContainText(tenantId!)
    await expect(row).toContainText('100')

    // Licence: quota and expiry.
    await rowAction(row, '授权配置')
    const setting = page.getByRole('dialog', { name: /授权配置/ })
    await setting.getByLabel('账号额度').fill('20')
    await setting.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '操作成功')).toBeVisible()
    await expect(row).toContainText('20')

    // Its admin signs in with the tenant id on the login form (tenant mode on).
    await page.route('**/api/ysjs-system/config/web', async (route) => {
      const res = await route.fetch()
      const body = await res.json()
      await route.fulfill({ response: res, json: { ...body, data: { ...body.data, tenantMode: true } } })
    })
    await page.evaluate(() => window.localStorage.clear())
    await page.goto('/login')
    await page.getByLabel('租户ID').fill(tenantId!)
    await page.getByLabel('账号').fill('admin')
    await page.getByLabel('密码').fill('admin')
    await page.getByRole('button', { name: '登录' }).click()
    await expect(page).toHaveURL(/\/wel\/index$/)
    const sidebar = page.getByTestId('sidebar')
    await expect(sidebar.getByRole('button', { name: '工作台' })).toBeVisible()
    await expect(sidebar.getByRole('button', { name: '基础配置' })).toHaveCount(0)
  })

  test('recycle refuses the tenant at login; pass lets it in again', async ({ page }) => {
    const name = unique('回收租户')
    await openAs(page, '/system/tenant')
    await page.getByRole('button', { name: '新增' }).click()
    await dialog(page).getByLabel('租户名称').fill(name)
    await dialog(page).getByLabel('联系人').fill('李工')
    await dialog(page).getByLabel('联系电话').fill('13800138001')
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    const row = page.getByRole('row', { name: new RegExp(name) })
    const tenantId = /\d{6}/.exec((await row.textContent()) ?? '')?.[0]
    await rowAction(row, '回收')
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click()
    await expect(row).toContainText('已回收')

    const login = () =>
      page.request.post('/api/ysjs-auth/oauth/token', {
        params: {
          tenantId: tenantId!,
          username: 'admin',
          password: '21232f297a57a5a743894a0e4a801fc3',
          grant_type: 'password',
          scope: 'all',
        },
        headers: {
          Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
          'Tenant-Id': tenantId!,
        },
      })
    expect((await (await login()).json()).error_description).toBe('租户已被回收,请联系管理员')

    await rowAction(row, '审核通过')
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click()
    await expect(row).toContainText('正常')
    expect((await login()).ok()).toBe(true)
  })
})

test.describe('region and client screens', () => {
  test('the lazy region tree adds, edits and removes a city under a province', async ({ page }) => {
    await openAs(page, '/base/region')
    const tree = page.getByRole('tree', { name: '区划树' })
    await expect(tree.getByRole('treeitem')).toHaveCount(34)
    await tree.getByRole('button', { name: /江西省/ }).click()
    const form = page.getByTestId('region-form')
    await expect(form.getByLabel('区划名称')).toHaveValue('江西省')
    await form.getByRole('button', { name: '新增下级' }).click()
    await expect(form.getByLabel('上级区划')).toHaveValue('360000')
    await form.getByLabel('区划编号').fill('360400')
    await form.getByLabel('区划名称').fill('九江市')
    await form.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    const jiangxi = tree.getByRole('treeitem', { name: '江西省' })
    await jiangxi.getByRole('button', { name: '展开' }).click()
    await expect(jiangxi.getByRole('treeitem', { name: '九江市' })).toBeVisible()
    await expect(form).toContainText('地市')

    await jiangxi.getByRole('button', { name: /九江市/ }).click()
    await form.getByRole('button', { name: '删除' }).click()
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click()
    await expect(toast(page, '删除成功')).toBeVisible()
    await expect(jiangxi.getByRole('treeitem', { name: '九江市' })).toHaveCount(0)
  })

  test('a client is created with a secret that is never shown again', async ({ page }) => {
    const clientId = unique('e2e_')
    await openAs(page, '/system/client')
    await page.getByRole('button', { name: '新增' }).click()
    await dialog(page).getByLabel('客户端id').fill(clientId)
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '请输入客户端密钥')).toBeVisible()
    await dialog(page).getByLabel('客户端密钥').fill('e2e_secret')
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    const row = page.getByRole('row', { name: new RegExp(clientId) })
    await row.getByRole('button', { name: '编辑' }).click()
    await expect(dialog(page).getByLabel('客户端密钥')).toHaveValue('')
    await dialog(page).getByRole('button', { name: '取消' }).click()
    const res = await page.request.post('/api/ysjs-auth/oauth/token', {
      params: {
        tenantId: '000000',
        username: 'admin',
        password: '21232f297a57a5a743894a0e4a801fc3',
        grant_type: 'password',
        scope: 'all',
      },
      headers: {
        Authorization: `Basic ${Buffer.from(`${clientId}:e2e_secret`).toString('base64')}`,
        'Tenant-Id': '000000',
      },
    })
    expect(res.ok()).toBe(true)
  })
})
