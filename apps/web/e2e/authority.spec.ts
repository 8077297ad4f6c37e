import { createHash } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { loginViaApi, openAs, rowAction, toast } from './support'

const md5 = (s: string) => createHash('md5').update(s).digest('hex')
const dialog = (page: Page) => page.getByRole('dialog')

test.describe('role grants', () => {
  test('grant a role menus, see the preview list the affected users, and the user sees only the granted menus', async ({
    page,
  }) => {
    await openAs(page, '/authority/role')
    const row = page.getByRole('row', { name: /人事/ })
    await expect(row).toBeVisible()
    await rowAction(row, '权限设置')
    await expect(dialog(page)).toContainText('角色权限配置: 人事')
    const tree = dialog(page).getByTestId('grant-tree-menu')
    // hr holds 工作台 and 我的事务 (seed): take 我的事务 away, give 参数管理.
    await expect(tree.getByRole('checkbox', { name: '我的事务', exact: true })).toBeChecked()
    await tree.getByRole('checkbox', { name: '我的事务', exact: true }).uncheck()
    await tree.getByRole('button', { name: '展开或折叠 系统管理' }).click()
    await tree.getByRole('checkbox', { name: '参数管理', exact: true }).check()
    await expect(tree.getByRole('checkbox', { name: '系统管理', exact: true })).not.toBeChecked()

    await dialog(page).getByRole('button', { name: '预览变更' }).click()
    const preview = dialog(page).getByTestId('access-preview')
    await expect(preview).toContainText('其中 1 个用户的菜单或按钮将发生变化')
    const hr = preview.getByTestId('preview-user-hr')
    await expect(hr).toContainText('人事 (hr)')
    await expect(hr).toContainText('+ 参数管理')
    await expect(hr).toContainText('− 我的事务')
    await expect(hr).toContainText('+ 参数管理/新增 (按钮)')
    await page.screenshot({ path: test.info().outputPath('authority-preview.png') })

    await dialog(page).getByRole('button', { name: '确认保存' }).click()
    await expect(toast(page, '操作成功!')).toBeVisible()
    await expect(dialog(page)).toBeHidden()

    // The hr user now sees 工作台 and 参数管理, and no longer 我的事务.
    await loginViaApi(page, 'hr', md5('hr'))
    await page.goto('/wel/index')
    const sidebar = page.getByTestId('sidebar')
    await expect(sidebar.getByRole('button', { name: '工作台', exact: true })).toBeVisible()
    await expect(sidebar.getByRole('button', { name: '我的事务', exact: true })).toHaveCount(0)
    await sidebar.getByRole('button', { name: '系统管理', exact: true }).click()
    await expect(sidebar.getByRole('button', { name: '参数管理', exact: true })).toBeVisible()
    await expect(sidebar.getByRole('button', { name: '用户管理', exact: true })).toHaveCount(0)
    await sidebar.getByRole('button', { name: '参数管理', exact: true }).click()
    await expect(page.getByRole('columnheader', { name: '参数名称' })).toBeVisible()
    // Buttons follow the grant: the hr role got the page's buttons with it.
    await expect(page.getByRole('button', { name: '新增' })).toBeVisible()
  })

  test('explain why a user may or may not reach a button', async ({ page }) => {
    await openAs(page, '/authority/role')
    await page.getByRole('button', { name: '权限解释' }).click()
    await dialog(page).getByLabel('用户账号').fill('manager')
    await dialog(page).getByLabel('菜单、按钮编号或接口路径').fill('param_add')
    await dialog(page).getByRole('button', { name: '解释', exact: true }).click()
    await expect(dialog(page).getByTestId('explain-verdict')).toContainText('拒绝访问')
    await expect(dialog(page).locator('[data-step="role"]')).toContainText('均未获授权 param_add')
    await dialog(page).getByLabel('菜单、按钮编号或接口路径').fill('notice_add')
    await dialog(page).getByRole('button', { name: '解释', exact: true }).click()
    await expect(dialog(page).getByTestId('explain-verdict')).toContainText('允许访问')
    await expect(dialog(page).locator('[data-step="role"]')).toContainText('经理(manager)')
  })
})

test.describe('menus and scopes', () => {
  test('the menu tree shows buttons, and a data scope is added to a menu', async ({ page }) => {
    // A retry runs on the same database: its scopes get names of their own.
    const own = test.info().retry ? `${test.info().retry}` : ''
    await openAs(page, '/system/menu')
    await expect(page.getByRole('columnheader', { name: '菜单编号' })).toBeVisible()
    // A tree as the old platform shows it: the top level first, paged by top-level menu; a menu opens
    // to its children.
    const byCode = (code: string) =>
      page.getByRole('row').filter({ has: page.getByRole('gridcell', { name: code, exact: true }) })
    const desk = byCode('desk')
    await expect(desk).toBeVisible()
    await expect(byCode('dashboard')).toHaveCount(0)
    await expect(page.getByTestId('crud-pagination')).toContainText(/共 1\d\b/)
    await desk.getByRole('button', { name: '展开' }).click()
    await expect(byCode('dashboard')).toBeVisible()
    await desk.getByRole('button', { name: '折叠' }).click()
    await expect(byCode('dashboard')).toHaveCount(0)
    await page.getByRole('search').getByLabel('菜单编号').fill('notice')
    await page.getByRole('search').getByRole('button', { name: '搜索' }).click()
    const row = page.getByRole('row', { name: /通知公告/ }).first()
    // A search shows its matches opened, the buttons under their menu.
    await expect(page.getByRole('row', { name: /notice_add/ }).first()).toBeVisible()
    await rowAction(row, '数据权限')
    await expect(dialog(page)).toContainText('数据权限: 通知公告')
    await dialog(page).getByRole('button', { name: '新增' }).click()
    const form = page.getByRole('dialog').last()
    await form.getByLabel('权限名称').fill(`本人通知${own}`)
    await form.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    await expect(
      dialog(page)
        .first()
        .getByRole('row', { name: new RegExp(`本人通知${own} `) }),
    ).toBeVisible()

    // A custom rule is built from choices (field, condition, value), never typed as text.
    await dialog(page).first().getByRole('button', { name: '新增' }).click()
    const custom = page.getByRole('dialog').last()
    await custom.getByLabel('权限名称').fill(`本部门通知${own}`)
    const editor = custom.getByTestId('scope-rule-editor')
    await expect(editor).toContainText('规则类型为"自定义"时设置')
    await custom.getByRole('combobox', { name: '规则类型' }).click()
    await page.getByRole('option', { name: '自定义' }).click()
    await custom.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '请输入自定义规则')).toBeVisible()
    await editor.getByRole('button', { name: '添加条件' }).click()
    await editor.getByRole('combobox', { name: '字段' }).click()
    await page.getByRole('option', { name: 'createDept' }).click()
    await editor.getByRole('combobox', { name: '条件' }).click()
    await page.getByRole('option', { name: '属于', exact: true }).click()
    await editor.getByRole('combobox', { name: '值' }).click()
    await page.getByRole('option', { name: /当前部门及下级/ }).click()
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the rule's placeholder, stored as written
    await expect(editor.getByRole('combobox', { name: '值' })).toHaveValue('${deptIds}')
    await page.screenshot({ path: test.info().outputPath('scope-rule-editor.png') })
    await custom.getByRole('button', { name: '保存' }).click()
    // The toast of this save is the same text as the first one's, which notistack does not repeat
    // while that one is still on screen (preventDuplicate): the saved row is the proof.
    await expect(editor).toBeHidden()
    const saved = dialog(page)
      .first()
      .getByRole('row', { name: new RegExp(`本部门通知${own} `) })
    await expect(saved).toBeVisible()
    await rowAction(saved, '编辑')
    const again = page.getByRole('dialog').last().getByTestId('scope-rule-editor')
    await expect(again.getByRole('combobox', { name: '字段' })).toContainText('createDept')
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the rule's placeholder, stored as written
    await expect(again.getByRole('combobox', { name: '值' })).toHaveValue('${deptIds}')
  })

  test('a top menu is created and given menus', async ({ page }) => {
    await openAs(page, '/system/topmenu')
    await page.getByRole('button', { name: '新增' }).click()
    await dialog(page).getByLabel('顶部菜单编号').fill('e2e_office')
    await dialog(page).getByLabel('顶部菜单名').fill('办公')
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    const row = page.getByRole('row', { name: /办公/ })
    await rowAction(row, '菜单配置')
    await dialog(page).getByRole('checkbox', { name: '工作台', exact: true }).check()
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '操作成功!')).toBeVisible()
    await rowAction(row, '菜单配置')
    await expect(dialog(page).getByRole('checkbox', { name: '工作台', exact: true })).toBeChecked()
  })
})
