import { type Browser, expect, type Locator, type Page, test } from '@playwright/test'
import { loginViaApi, md5, rowAction, toast, unique } from './support'

// One form system (issue 23): an empty submit marks every required field with the spec's message
// under it and focuses the first; fixing a field clears its message; required labels carry the marker.

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`

/** Signs in as a seeded user (password = account) in a fresh browser context and opens a path. */
const openAsUser = async (browser: Browser, account: string, path: string) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await loginViaApi(page, account, md5(account))
  await page.goto(path)
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 60_000 })
  return page
}

const adminApi = async (page: Page) => {
  const { access_token: token } = await loginViaApi(page)
  const headers = { Authorization: BASIC, 'Blade-Auth': `bearer ${token}` }
  return {
    get: async (url: string) => (await (await page.request.get(url, { headers })).json()).data,
    post: async (url: string, data?: object, params?: Record<string, string | number>) => {
      const body = await (await page.request.post(url, { headers, data, params })).json()
      expect(body.code, body.msg).toBe(200)
      return body.data
    },
  }
}

/** The field's message, shown under it (its helper text), within `scope`. */
const message = (scope: Locator, text: string) => scope.locator('.MuiFormHelperText-root', { hasText: text })

const labelOf = (scope: Locator, text: string) => scope.locator('label', { hasText: text }).first()

test.describe('field messages of the one form system', () => {
  test('the application editor: 提交 empty marks each required field; fixing one clears it', async ({
    browser,
  }) => {
    test.setTimeout(180_000)
    const page = await openAsUser(browser, 'member', '/appraise/results')
    await page.getByRole('button', { name: '新增申请' }).click()
    const form = page.getByRole('dialog')
    await expect(labelOf(form, '成果名称')).toHaveClass(/field-required/)
    await expect(labelOf(form, '委托方')).not.toHaveClass(/field-required/)

    await form.getByRole('button', { name: '提交' }).click()
    await expect(toast(page, '请输入成果名称').first()).toBeVisible()
    for (const text of [
      '请输入成果名称',
      '请选择成果类型',
      '请选择会议时间',
      '请输入成果来源',
      '请输入内容简介',
    ]) {
      await expect(message(form, text)).toBeVisible()
    }
    await expect(form.getByLabel('成果名称')).toBeFocused()
    // Nothing was saved: the other tabs stay closed until the draft exists.
    await expect(form.getByRole('tab', { name: '附件' })).toBeDisabled()

    await form.getByLabel('成果名称').fill('一种铜冶炼新工艺')
    await expect(message(form, '请输入成果名称')).toHaveCount(0)
    await expect(message(form, '请选择成果类型')).toBeVisible()

    await form.getByRole('tab', { name: '委托方' }).click()
    for (const text of ['请输入单位名称', '请输入纳税登记号', '请输入法定代表人', '请输入开户银行']) {
      await expect(message(form, text)).toBeVisible()
    }
    await form.getByRole('tab', { name: '完成单位' }).click()
    await expect(message(form, '请输入完成单位')).toBeVisible()
    await form.getByTestId('unit-add').click()
    await expect(message(form, '请输入完成单位')).toHaveCount(0)
    await expect(message(form, '请输入公司名称')).toBeVisible()
    await form.getByTestId('unit-0-unitName').fill('中南大学')
    await expect(message(form, '请输入公司名称')).toHaveCount(0)
    await page.context().close()
  })

  test('the questionnaire designer: an empty question marks its text and each option', async ({ page }) => {
    const api = await adminApi(page)
    const name = unique('表单校验问卷')
    await api.post('/api/ysjs-evaluation/survey/submit', {
      name,
      code: unique('F'),
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      targetType: 0,
      isIndustry: 0,
    })
    await page.goto('/survey/question')
    const row = page.locator('.MuiDataGrid-row', { hasText: name })
    await rowAction(row, '题目')
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: '新增题目' }).click()
    const form = dialog.getByTestId('question-form')
    await expect(labelOf(form, '题目内容')).toHaveClass(/field-required/)

    await form.getByRole('button', { name: '确定' }).click()
    await expect(toast(page, '请输入题目内容')).toBeVisible()
    await expect(message(form, '请输入题目内容')).toBeVisible()
    await expect(message(form, '请输入选项内容')).toHaveCount(2)
    await expect(form.getByLabel('题目内容')).toBeFocused()

    await form.getByLabel('题目内容').fill('贵单位的主营金属是?')
    await expect(message(form, '请输入题目内容')).toHaveCount(0)
    await form.getByLabel('选项内容 1').fill('铜')
    await expect(message(form, '请输入选项内容')).toHaveCount(1)
    await form.getByLabel('选项内容 2').fill('铝')
    await form.getByRole('button', { name: '确定' }).click()
    await expect(toast(page, '操作成功')).toBeVisible()
    await expect(dialog).toContainText('贵单位的主营金属是?')
  })

  test('the meeting registration: 确定 empty marks name, unit and phone; fixing one clears it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000)
    const api = await adminApi(page)
    const name = unique('表单校验会议')
    await api.post('/api/ysjs-meeting/meeting/submit', {
      name,
      startTime: '2026-05-11 09:00:00',
      endTime: '2026-05-12 18:00:00',
      address: '长沙',
    })
    const page1 = await api.get(
      `/api/ysjs-meeting/meeting/list?current=1&size=10&name=${encodeURIComponent(name)}`,
    )
    const id = page1.records.find((m: { name: string }) => m.name === name).id
    await api.post('/api/ysjs-meeting/meeting/UpdateStatusById', undefined, { id, status: 2 })
    await api.post('/api/ysjs-meeting/meeting/UpdateShelvesById', undefined, { id, shelves: 1 })

    const member = await openAsUser(browser, 'member', '/topMember')
    await member
      .getByRole('listitem')
      .filter({ hasText: name })
      .getByRole('button', { name: '我要报名' })
      .click()
    const form = member.getByRole('dialog')
    await expect(labelOf(form, '联系电话')).toHaveClass(/field-required/)
    await expect(labelOf(form, '职务')).not.toHaveClass(/field-required/)

    await form.getByRole('button', { name: '确定' }).click()
    await expect(toast(member, '请输入姓名')).toBeVisible()
    for (const text of ['请输入姓名', '请输入单位名称', '请输入联系电话']) {
      await expect(message(form, text)).toBeVisible()
    }
    await expect(form.getByLabel('姓名')).toBeFocused()
    await form.getByLabel('单位名称').fill('中南大学')
    await expect(message(form, '请输入单位名称')).toHaveCount(0)
    await expect(message(form, '请输入姓名')).toBeVisible()
    // A malformed phone says so under the field on blur.
    await form.getByLabel('联系电话').fill('12')
    await form.getByLabel('联系电话').blur()
    await expect(message(form, '请输入正确的联系电话')).toBeVisible()
    await member.context().close()
  })

  test('the password form: 提交 empty marks the three passwords; fixing one clears it', async ({ page }) => {
    await loginViaApi(page)
    await page.goto('/info/index?tab=password')
    const form = page.getByRole('form', { name: '修改密码' })
    for (const label of ['原密码', '新密码', '确认密码']) {
      await expect(labelOf(form, label)).toHaveClass(/field-required/)
    }
    await form.getByRole('button', { name: '提交' }).click()
    await expect(toast(page, '请输入原密码')).toBeVisible()
    for (const text of ['请输入原密码', '请输入新密码', '请输入确认密码']) {
      await expect(message(form, text)).toBeVisible()
    }
    await expect(form.getByLabel('原密码')).toBeFocused()
    await form.getByLabel('原密码').fill('admin')
    await expect(message(form, '请输入原密码')).toHaveCount(0)
    await expect(message(form, '请输入新密码')).toBeVisible()
  })

  test('the personal info: an emptied nickname is marked under it on 保存; typing one clears it', async ({
    page,
  }) => {
    await loginViaApi(page)
    await page.goto('/info/index')
    const form = page.getByRole('form', { name: '个人信息' })
    await expect(labelOf(form, '用户昵称')).toHaveClass(/field-required/)
    await expect(labelOf(form, '邮箱')).not.toHaveClass(/field-required/)
    await expect(form.getByLabel('用户昵称')).not.toHaveValue('')
    await form.getByLabel('用户昵称').fill('')
    await form.getByLabel('邮箱').fill('not-an-email')
    await form.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '请输入用户昵称')).toBeVisible()
    await expect(message(form, '请输入用户昵称')).toBeVisible()
    await expect(message(form, '邮箱格式不正确')).toBeVisible()
    await expect(form.getByLabel('用户昵称')).toBeFocused()
    await form.getByLabel('用户昵称').fill('管理员')
    await expect(message(form, '请输入用户昵称')).toHaveCount(0)
    await expect(message(form, '邮箱格式不正确')).toBeVisible()
  })

  test('the process model: 保存 empty marks its name and key; fixing the name clears its message', async ({
    page,
  }) => {
    await loginViaApi(page)
    await page.goto('/flow/model')
    await page.getByRole('button', { name: '创建' }).click()
    const dialog = page.getByRole('dialog', { name: '流程设计' })
    await expect(dialog.getByTestId('bpmn-modeler').locator('svg').first()).toBeVisible({ timeout: 30_000 })
    await expect(labelOf(dialog, '模型名称')).toHaveClass(/field-required/)
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '请输入模型名称')).toBeVisible()
    await expect(message(dialog, '请输入模型名称')).toBeVisible()
    await expect(message(dialog, '请输入模型标识')).toBeVisible()
    await expect(dialog.locator('input[name="name"]')).toBeFocused()
    await dialog.locator('input[name="name"]').fill('表单校验流程')
    await expect(message(dialog, '请输入模型名称')).toHaveCount(0)
    await expect(message(dialog, '请输入模型标识')).toBeVisible()
  })
})
