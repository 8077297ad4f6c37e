import { createHash } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { loginViaApi, openAs, rowAction, TENANT, toast, unique } from './support'

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`
const md5 = (s: string) => createHash('md5').update(s).digest('hex')
const tokenCall = (page: Page, account: string, password: string) =>
  page.request.post('/api/ysjs-auth/oauth/token', {
    params: {
      tenantId: TENANT,
      username: account,
      password: md5(password),
      grant_type: 'password',
      scope: 'all',
    },
    headers: { Authorization: BASIC, 'Tenant-Id': TENANT },
  })

const dialog = (page: Page) => page.getByRole('dialog').last()
const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SHOTS) {
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: true })
  }
}

/** Picks options of an MUI multi-select by its label, then closes the list. */
const pick = async (page: Page, scope: ReturnType<Page['getByRole']>, label: string, options: string[]) => {
  await scope.getByRole('combobox', { name: label }).click()
  for (const option of options) {
    await page.getByRole('option', { name: new RegExp(`^\\s*${option}$`) }).click()
  }
  await page.keyboard.press('Escape')
}

const signInThroughForm = async (page: Page, account: string, password: string) => {
  await page.evaluate(() => window.localStorage.clear())
  await page.goto('/login')
  await page.getByLabel('账号').fill(account)
  await page.getByLabel('密码').fill(password)
  await page.getByRole('button', { name: '登录' }).click()
}

test.describe('user screen', () => {
  test('dept tree filter, create a user, grant a role, reset its password, and it signs in with its menus', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await openAs(page, '/system/user')
    const tree = page.getByTestId('user-dept-tree')
    await expect(page.getByRole('row', { name: /admin/ })).toBeVisible()

    // A dept filters the list, sub-departments included.
    await tree.getByRole('button', { name: '苏州刀锋' }).click()
    await expect(page).toHaveURL(/deptId=1123598813738675203/)
    await expect(page.getByRole('row', { name: /管理员/ })).toHaveCount(0)
    await tree.getByRole('button', { name: '刀锋科技' }).click()
    await expect(page.getByRole('row', { name: /人事/ }).first()).toBeVisible()
    await tree.getByRole('button', { name: '苏州刀锋' }).click()

    // The form checks its fields with the shared schema's messages.
    await page.getByRole('button', { name: '新增' }).click()
    await expect(dialog(page)).toContainText('新增用户')
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '请输入登录账号')).toBeVisible()

    const account = unique('e2eu')
    await dialog(page).getByLabel('登录账号').fill(account)
    await dialog(page).getByLabel('用户昵称').fill('测试用户')
    await dialog(page).getByLabel('用户姓名').fill('测试')
    await dialog(page).getByLabel('密码', { exact: true }).fill('First#1')
    await dialog(page).getByLabel('确认密码').fill('Other#1')
    await pick(page, dialog(page), '所属角色', ['用户'])
    await pick(page, dialog(page), '所属部门', ['苏州刀锋'])
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '两次输入密码不一致!')).toBeVisible()
    await dialog(page).getByLabel('确认密码').fill('First#1')
    await shot(page, 'user-form')
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    const row = page.getByRole('row', { name: new RegExp(account) })
    await expect(row).toBeVisible()
    await expect(row).toContainText('苏州刀锋')
    await shot(page, 'user-list')

    // Grant: the selected user's roles become 经理.
    await row.getByRole('checkbox').check()
    await page.getByRole('button', { name: '角色配置' }).click()
    // Before saving, the dialog shows what the chosen roles do to this user's menus (server-computed):
    // 超级管理员 would give system administration; 经理 has the same menus as 用户.
    await pick(page, dialog(page), '所属角色', ['超级管理员'])
    const preview = dialog(page).getByTestId('access-preview')
    await expect(preview).toContainText('共涉及 1 个用户, 其中 1 个用户的菜单或按钮将发生变化')
    await expect(preview.getByTestId(`preview-user-${account}`)).toContainText('+ 用户管理')
    await shot(page, 'user-grant-preview')
    await pick(page, dialog(page), '所属角色', ['超级管理员', '经理'])
    await expect(preview).toContainText('此变更不会改变任何用户的菜单或按钮')
    await dialog(page).getByRole('button', { name: '确定' }).click()
    await expect(toast(page, '操作成功!')).toBeVisible()
    await expect(row).toContainText('经理')

    // Reset the password to the initial one (123456).
    await row.getByRole('checkbox').check()
    await page.getByRole('button', { name: '密码重置' }).click()
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click()
    await expect(toast(page, '操作成功!')).toBeVisible()

    // The user signs in through the login form and sees its role's menus, not system administration.
    await signInThroughForm(page, account, 'First#1')
    await expect(toast(page, '用户名或密码错误')).toBeVisible()
    await signInThroughForm(page, account, '123456')
    await expect(page).toHaveURL(/\/wel\/index$/)
    const sidebar = page.getByTestId('sidebar')
    await expect(sidebar.getByRole('button', { name: '工作台' })).toBeVisible()
    await expect(sidebar.getByRole('button', { name: '系统管理' })).toHaveCount(0)
    await expect(page.getByRole('heading', { name: /测试用户/ })).toBeVisible()
  })

  test('a pending guest is found with the 待审核 filter, refused with a reason, then approved with a role', async ({
    page,
  }) => {
    // A third-party user applies for an account (local provider stub).
    await page.goto(`/login?code=${unique('e2e-')}&state=s1`)
    const register = page.getByRole('dialog', { name: '账号注册' })
    test.setTimeout(120_000)
    const account = unique('guest')
    await register.getByLabel('租户编号').fill('000000')
    await register.getByLabel('账号名称').fill(account)
    await register.getByLabel('密码', { exact: true }).fill('guest-1')
    await register.getByLabel('确认密码').fill('guest-1')
    await register.getByRole('button', { name: '提交' }).click()
    await expect(toast(page, '注册申请已提交,请耐心等待管理员通过!')).toBeVisible()

    await openAs(page, '/system/user')
    const search = page.getByRole('search')
    await search.getByRole('combobox', { name: '账号状态' }).click()
    await page.getByRole('option', { name: '待审核' }).click()
    await search.getByRole('button', { name: '搜索' }).click()
    await expect(page).toHaveURL(/status=0/)
    const row = page.getByRole('row', { name: new RegExp(account) })
    await expect(row).toContainText('待审核')
    await expect(page.getByRole('row', { name: /管理员/ })).toHaveCount(0)

    await rowAction(row, '注册审核')
    await dialog(page).getByRole('button', { name: '审核驳回' }).click()
    await expect(toast(page, '请输入驳回原因')).toBeVisible()
    await dialog(page).getByLabel('驳回原因').fill('资料不全')
    await shot(page, 'user-audit')
    await dialog(page).getByRole('button', { name: '审核驳回' }).click()
    await expect(toast(page, '操作成功!')).toBeVisible()
    await expect(row).toHaveCount(0)

    await search.getByRole('combobox', { name: '账号状态' }).click()
    await page.getByRole('option', { name: '已驳回' }).click()
    await search.getByRole('button', { name: '搜索' }).click()
    await expect(row).toContainText('已驳回')
    await rowAction(row, '注册审核')
    await expect(dialog(page).getByLabel('驳回原因')).toHaveValue('资料不全')
    await dialog(page).getByRole('button', { name: '审核通过', exact: true }).click()
    await expect(toast(page, '请选择所属角色')).toBeVisible()
    await pick(page, dialog(page), '授予角色', ['用户'])
    await dialog(page).getByRole('button', { name: '审核通过', exact: true }).click()
    await expect(toast(page, '操作成功!')).toBeVisible()
    await expect(row).toHaveCount(0)

    await signInThroughForm(page, account, 'guest-1')
    await expect(page).toHaveURL(/\/wel\/index$/)
  })

  test('a company registration is approved with the account and password it will sign in with', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await page.goto(`/login?code=${unique('e2e-')}&state=s1`)
    const register = page.getByRole('dialog', { name: '账号注册' })
    const applied = unique('firm')
    await register.getByLabel('租户编号').fill('000000')
    await register.getByLabel('账号名称').fill(applied)
    await register.getByLabel('密码', { exact: true }).fill('firm-1')
    await register.getByLabel('确认密码').fill('firm-1')
    await register.getByRole('button', { name: '提交' }).click()
    await expect(toast(page, '注册申请已提交,请耐心等待管理员通过!')).toBeVisible()

    await openAs(page, '/system/user')
    const search = page.getByRole('search')
    await search.getByRole('combobox', { name: '账号状态' }).click()
    await page.getByRole('option', { name: '待审核' }).click()
    await search.getByRole('button', { name: '搜索' }).click()
    const row = page.getByRole('row', { name: new RegExp(applied) })
    await rowAction(row, '注册审核')
    await expect(dialog(page).getByLabel('登录账号')).toHaveValue(applied)
    await pick(page, dialog(page), '授予角色', ['用户'])
    await dialog(page).getByRole('button', { name: '单位审核通过' }).click()
    await expect(toast(page, '请输入密码')).toBeVisible()
    const account = unique('corp')
    await dialog(page).getByLabel('登录账号').fill(account)
    await dialog(page).getByLabel('登录密码').fill('Corp#2026')
    await dialog(page).getByRole('button', { name: '单位审核通过' }).click()
    await expect(toast(page, '操作成功!')).toBeVisible()
    await expect(row).toHaveCount(0)

    await signInThroughForm(page, applied, 'firm-1')
    await expect(toast(page, '用户名或密码错误')).toBeVisible()
    await signInThroughForm(page, account, 'Corp#2026')
    await expect(page).toHaveURL(/\/wel\/index$/)
  })
})

test.describe('unlock and platform', () => {
  test('a user locked out after five wrong passwords signs in again once unlocked', async ({ page }) => {
    const admin = await loginViaApi(page)
    const account = unique('lk')
    const created = await page.request.post('/api/ysjs-system/user/submit', {
      headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${admin.access_token}` },
      data: {
        account,
        password: 'Lock#123',
        name: '锁定用户',
        realName: '锁定',
        roleId: '1123598816738675202',
        deptId: '1123598813738675203',
      },
    })
    expect((await created.json()).code).toBe(200)
    for (let i = 0; i < 5; i++) {
      await tokenCall(page, account, 'wrong')
    }
    expect((await (await tokenCall(page, account, 'Lock#123')).json()).error_description).toBe(
      '登录错误次数过多,请稍后再试',
    )

    await page.goto(`/system/user?account=${account}`)
    const row = page.getByRole('row', { name: new RegExp(account) })
    await row.getByRole('checkbox').check()
    await page.getByRole('button', { name: '账号解封' }).click()
    await expect(page.getByRole('dialog', { name: '提示' })).toContainText('确定将选择账号解封?')
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click()
    await expect(toast(page, '操作成功!')).toBeVisible()
    expect((await tokenCall(page, account, 'Lock#123')).ok()).toBe(true)

    // 平台配置: the web extension is saved and comes back in the token's detail.
    await row.getByRole('checkbox').check()
    await page.getByRole('button', { name: '平台配置' }).click()
    const platform = page.getByRole('dialog', { name: '平台配置' })
    await platform.getByLabel('用户拓展').fill('{"org":"e2e"}')
    await platform.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '操作成功!')).toBeVisible()
    expect((await (await tokenCall(page, account, 'Lock#123')).json()).detail).toEqual({
      type: 'web',
      ext: '{"org":"e2e"}',
    })
  })
})

test.describe('dept and post screens', () => {
  test('a dept is created under another and shown indented in the tree; a post is created', async ({
    page,
  }) => {
    await openAs(page, '/system/dept')
    const name = unique('部')
    await page.getByRole('button', { name: '新增' }).click()
    await dialog(page).getByLabel('机构名称').fill(name)
    await dialog(page).getByLabel('机构全称').fill(`${name}全称`)
    await dialog(page).getByRole('combobox', { name: '上级机构' }).click()
    await page.getByRole('option', { name: /^\s*常州刀锋$/ }).click()
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    const row = page.getByRole('row', { name: new RegExp(name) })
    await expect(row).toContainText('└')
    await shot(page, 'dept-list')
    // The parent's row: its name starts with its checkbox and its 折叠 toggle.
    await rowAction(page.getByRole('row', { name: /选择行 折叠 刀锋科技/ }), '删除')
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click()
    await expect(toast(page, '请先删除子节点!')).toBeVisible()

    await page.goto('/system/post')
    const code = unique('p').slice(0, 12)
    await page.getByRole('button', { name: '新增' }).click()
    await dialog(page).getByLabel('岗位编号').fill(code)
    await dialog(page).getByLabel('岗位名称').fill('质量总监')
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    await expect(page.getByRole('row', { name: new RegExp(code) })).toContainText('其他')
    await page.getByRole('button', { name: '新增' }).click()
    await dialog(page).getByLabel('岗位编号').fill('ceo')
    await dialog(page).getByLabel('岗位名称').fill('重复')
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '当前岗位编号已存在!')).toBeVisible()
    await shot(page, 'post-list')
  })
})
