import { expect, test } from '@playwright/test'
import { loginViaApi, md5, rowAction, toast, typeDate, unique } from './support'

test.describe('workflow', () => {
  // Three users and a worker round trip per step: longer than the default on shared cores.
  test.setTimeout(180_000)
  test('applies for leave as admin, approves as the chosen user, claims as manager, and shows the diagram highlighted', async ({
    page: adminPage,
    browser,
  }, info) => {
    // One browser context per user: switching users in one page disposed the login responses.
    const as = async (account: string) => {
      const context = await browser.newContext({ ...info.project.use, baseURL: info.project.use.baseURL })
      const p = await context.newPage()
      await loginViaApi(p, account, md5(account))
      return p
    }
    let page = adminPage
    // The first screen after a login can sit behind the layout's loading bar on busy cores: reload once.
    const open = async (path: string, testId: string, text: string) => {
      await page.goto(path)
      try {
        await expect(page.getByTestId(testId)).toContainText(text, { timeout: 20_000 })
      } catch {
        await page.reload()
        await expect(page.getByTestId(testId)).toContainText(text, { timeout: 30_000 })
      }
    }
    const reason = unique('家中有事')

    // 发起事务 → 请假流程 → the form.
    await loginViaApi(page)
    await open('/work/start', 'work-start', '请假流程')
    const start = page.getByTestId('work-start')
    await start
      .getByRole('row', { name: /请假流程/ })
      .getByRole('button', { name: '发起' })
      .click()
    await expect(page).toHaveURL(/\/work\/process\/leave\/form\//)
    await page.getByRole('combobox', { name: '审批用户' }).click()
    await page.getByRole('option', { name: /\(appraiser\)/ }).click()
    await typeDate(page, page, '开始时间', '20260105090000')
    await typeDate(page, page, '结束时间', '20260107090000')
    await page.locator('textarea[name="reason"]').fill(reason)
    await page.screenshot({ path: 'test-results/flow-leave-form.png' })
    await page.getByRole('button', { name: '提交' }).click()
    await expect(toast(page, '操作成功!')).toBeVisible()
    await expect(page).toHaveURL(/\/work\/send/)
    await expect(page.getByTestId('work-send')).toContainText('请假流程')

    // The chosen approver (the seeded appraiser: authority.spec takes 我的事务 away from hr's role):
    // 待办事务 → 处理 → 同意.
    page = await as('appraiser')
    await open('/work/todo', 'work-todo', '人事审批')
    const todo = page.getByTestId('work-todo')
    await todo
      .getByRole('row', { name: /人事审批/ })
      .first()
      .getByRole('button', { name: '处理' })
      .click()
    await expect(page).toHaveURL(/\/work\/process\/leave\/handle\//)
    await expect(page.getByText(reason)).toBeVisible()
    await page.getByRole('button', { name: '同意' }).click()
    await expect(page.getByText('请输入审批意见')).toBeVisible()
    await page.locator('textarea[name="comment"]').fill('情况属实,同意')
    await page.screenshot({ path: 'test-results/flow-leave-handle.png' })
    await page.getByRole('button', { name: '同意' }).click()
    await expect(page).toHaveURL(/\/work\/todo/)

    // manager: 待签事务 → 签收 (2 days: the manager role, not the boss).
    page = await as('manager')
    await open('/work/claim', 'work-claim', '经理审批')
    const claim = page.getByTestId('work-claim')
    await claim
      .getByRole('row', { name: /经理审批/ })
      .first()
      .getByRole('button', { name: '签收' })
      .click()
    await expect(toast(page, '操作成功!')).toBeVisible()
    await page.getByRole('tab', { name: '待办事务' }).click()
    await expect(page.getByTestId('work-todo')).toContainText('经理审批', { timeout: 30_000 })

    // admin: 已发事务 → 跟踪: the first approval done, the manager's current.
    page = adminPage
    await open('/work/send', 'work-send', '请假流程')
    await rowAction(page.getByTestId('work-send').getByRole('row').nth(1), '跟踪')
    const dialog = page.getByRole('dialog', { name: '流程图展示' })
    await expect(dialog).toBeVisible()
    await expect(dialog.locator('[data-element-id="hrTask"].flow-done')).toHaveCount(1)
    await expect(dialog.locator('[data-element-id="managerTak"].flow-current')).toHaveCount(1)
    await expect(dialog.locator('[data-element-id="f1"].flow-path')).toHaveCount(1)
    await page.screenshot({ path: 'test-results/flow-diagram.png' })
    await dialog.getByRole('button', { name: '关闭' }).click()

    // The detail page shows the history with the comment.
    await rowAction(page.getByTestId('work-send').getByRole('row').nth(1), '详情')
    await expect(page.getByTestId('flow-history')).toContainText('情况属实,同意')

    // manager rejects; the applicant's 调整申请 shows the leave to edit, and resubmits it.
    const managerPage = await as('manager')
    page = managerPage
    await open('/work/todo', 'work-todo', '经理审批')
    await page
      .getByTestId('work-todo')
      .getByRole('row', { name: /经理审批/ })
      .first()
      .getByRole('button', { name: '处理' })
      .click()
    await page.locator('textarea[name="comment"]').fill('请缩短假期')
    await page.getByRole('button', { name: '驳回' }).click()
    await expect(toast(page, '操作成功!')).toBeVisible()

    page = adminPage
    await open('/work/todo', 'work-todo', '调整申请')
    await page
      .getByTestId('work-todo')
      .getByRole('row', { name: /调整申请/ })
      .first()
      .getByRole('button', { name: '处理' })
      .click()
    const adjust = page.getByTestId('leave-adjust')
    await expect(adjust.locator('textarea[name="reason"]')).toHaveValue(reason)
    await expect(adjust.locator('input[name="endTime"]')).toHaveValue('2026-01-07 09:00') // the picker shows the minute
    await typeDate(adjust, page, '结束时间', '20260106090000')
    await adjust.locator('textarea[name="reason"]').fill(`${reason}-改`)
    await page.screenshot({ path: 'test-results/flow-leave-adjust.png' })
    await adjust.getByRole('button', { name: '重新提交' }).click()
    await expect(toast(page, '操作成功!')).toBeVisible()
    await expect(page).toHaveURL(/\/work\/todo/)

    page = await as('appraiser')
    await open('/work/todo', 'work-todo', '人事审批')
    await page
      .getByTestId('work-todo')
      .getByRole('row', { name: /人事审批/ })
      .first()
      .getByRole('button', { name: '处理' })
      .click()
    await expect(page.getByText(`${reason}-改`)).toBeVisible()
    await expect(page.getByTestId('leave-请假天数')).toHaveText('1')
  })
})

test.describe('process designer', () => {
  test.setTimeout(180_000)
  test('designs a process in the modeler, saves and deploys it, and runs it with the leave screens; the diagram shows it done', async ({
    page: adminPage,
    browser,
  }, info) => {
    const key = unique('Quick')
    const name = unique('快速请假')
    let page = adminPage
    await loginViaApi(page)
    await page.goto('/flow/model')
    await page.getByRole('button', { name: '创建' }).click()
    const dialog = page.getByRole('dialog', { name: '流程设计' })
    // Saving checks the model's fields with the shared schema first.
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(dialog.getByText('请输入模型名称')).toBeVisible()
    await dialog.locator('input[name="name"]').fill(name)
    await dialog.locator('input[name="modelKey"]').fill(key)
    // bpmn-js speaks Chinese: the palette's and the context pad's titles.
    await expect(dialog.locator('.djs-palette [data-action="create.task"]')).toHaveAttribute(
      'aria-label',
      '创建任务',
    )
    // start → append a task → make it a user task → name it, give it an assignee → append the end.
    await dialog.locator('[data-element-id="start"]').click()
    await dialog.locator('.djs-context-pad [data-action="append.append-task"]').click()
    await dialog.locator('.djs-context-pad [data-action="replace"]').click()
    await page.locator('.djs-popup [data-id="replace-with-user-task"]').click()
    const panel = dialog.getByTestId('bpmn-properties')
    await expect(panel).toContainText('用户任务')
    await panel.locator('input[name="element-name"]').fill('快速审批')
    await panel.locator('input[name="flowable-assignee"]').fill(`\${taskUser}`)
    await panel.locator('input[name="element-id"]').fill('quickTask')
    // Leaving the id field renames the task; pick it again on the canvas to append the end.
    await panel.locator('input[name="flowable-assignee"]').click()
    await dialog.locator('[data-element-id="start"]').click()
    await dialog.locator('[data-element-id="quickTask"]').click()
    await expect(panel.locator('input[name="element-id"]')).toHaveValue('quickTask')
    await dialog.locator('.djs-context-pad [data-action="append.end-event"]').click()
    await page.screenshot({ path: 'test-results/flow-designer.png' })
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '操作成功!')).toBeVisible()
    await expect(dialog).toBeHidden()

    // What was saved is what was drawn: the process takes the model's key and name.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('ysjs-token') ?? '{}').content)
    const headers = { 'Blade-Auth': `bearer ${token}` }
    const saved = (
      await (await page.request.get(`/api/ysjs-flow/model/list?modelKey=${key}`, { headers })).json()
    ).data.records[0]
    const xml = (
      await (await page.request.get(`/api/ysjs-flow/model/detail?id=${saved.id}`, { headers })).json()
    ).data.xml as string
    expect(xml).toContain(`<process id="${key}" name="${name}"`)
    expect(xml).toMatch(/<userTask id="quickTask" name="快速审批" flowable:assignee="\$\{taskUser\}"/)
    expect(xml).toContain('<endEvent')

    // Deploy it as a 请假流程 (the leave screens start it) for every tenant.
    const row = page.getByTestId('flow-models').getByRole('row', { name: new RegExp(key) })
    await rowAction(row, '部署')
    const deploy = page.getByRole('dialog', { name: /部署/ })
    await deploy.getByRole('button', { name: '部署' }).click()
    await expect(toast(page, '操作成功!')).toBeVisible()

    // 发起事务 lists it; the leave form starts it with the chosen approver.
    await page.goto('/work/start')
    await page
      .getByTestId('work-start')
      .getByRole('row', { name: new RegExp(key) })
      .getByRole('button', { name: '发起' })
      .click()
    await page.getByRole('combobox', { name: '审批用户' }).click()
    await page.getByRole('option', { name: /\(appraiser\)/ }).click()
    await typeDate(page, page, '开始时间', '20260301090000')
    await typeDate(page, page, '结束时间', '20260302090000')
    await page.locator('textarea[name="reason"]').fill(`${name}-理由`)
    await page.getByRole('button', { name: '提交' }).click()
    await expect(toast(page, '操作成功!')).toBeVisible()

    const context = await browser.newContext({ ...info.project.use })
    page = await context.newPage()
    await loginViaApi(page, 'appraiser', md5('appraiser'))
    await page.goto('/work/todo')
    await page
      .getByTestId('work-todo')
      .getByRole('row', { name: /快速审批/ })
      .first()
      .getByRole('button', { name: '处理' })
      .click()
    await page.locator('textarea[name="comment"]').fill('同意')
    await page.getByRole('button', { name: '同意' }).click()
    await expect(page).toHaveURL(/\/work\/todo/)

    // The applicant's 已发事务: finished, and its diagram shows every element done.
    page = adminPage
    await page.goto(`/work/send?processDefinitionName=${encodeURIComponent(name)}`)
    const sent = page.getByTestId('work-send').getByRole('row').nth(1)
    await expect(sent).toContainText('已结束', { timeout: 30_000 })
    await rowAction(sent, '跟踪')
    const diagram = page.getByRole('dialog', { name: '流程图展示' })
    await expect(diagram.locator('[data-element-id="quickTask"].flow-done')).toHaveCount(1)
    await expect(diagram.locator('.flow-current')).toHaveCount(0)
    await expect(diagram.locator('[data-element-id="start"].flow-done')).toHaveCount(1)
    await page.screenshot({ path: 'test-results/flow-designed-diagram.png' })
  })
})
