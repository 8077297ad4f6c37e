import { expect, test } from '@playwright/test'
import { loginViaApi, storedToken, toast, unique } from './support'

// Issue 26: any deployed process starts from 发起事务 with its start form's fields, and its tasks are
// handled without screens of its own; a missing variable is answered naming it.
const processXml = (key: string, name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" targetNamespace="e2e">
  <process id="${key}" name="${name}">
    <startEvent id="start" flowable:initiator="applicant">
      <extensionElements>
        <flowable:formProperty id="amount" name="报销金额" type="long" required="true"/>
        <flowable:formProperty id="purpose" name="报销事由" type="string"/>
      </extensionElements>
    </startEvent>
    <sequenceFlow sourceRef="start" targetRef="check"/>
    <userTask id="check" name="核对报销" flowable:assignee="\${applicant}"/>
    <sequenceFlow sourceRef="check" targetRef="decide"/>
    <exclusiveGateway id="decide"/>
    <sequenceFlow sourceRef="decide" targetRef="end"><conditionExpression xsi:type="tFormalExpression">\${paid == 'yes'}</conditionExpression></sequenceFlow>
    <sequenceFlow sourceRef="decide" targetRef="check"><conditionExpression xsi:type="tFormalExpression">\${paid == 'no'}</conditionExpression></sequenceFlow>
    <endEvent id="end"/>
  </process>
</definitions>`

test.describe('any deployed process', () => {
  test.setTimeout(180_000)
  test('starts from 发起事务 with its form, is handled in a dialog, and names a missing variable', async ({
    page,
  }) => {
    await loginViaApi(page)
    await page.goto('/work/start')
    const name = unique('报销')
    const key = `expense${Date.now()}`
    const token = await storedToken(page)
    expect(token).toBeTruthy()
    const deployed = await page.request.post('/api/ysjs-flow/manager/deploy-upload', {
      headers: { 'Blade-Auth': `bearer ${token}` },
      multipart: {
        category: 'flow_2',
        files: {
          name: `${key}.bpmn20.xml`,
          mimeType: 'text/xml',
          buffer: Buffer.from(processXml(key, name)),
        },
      },
    })
    expect((await deployed.json()).code).toBe(200)

    await page.reload()
    const start = page.getByTestId('work-start')
    await expect(start).toContainText(name, { timeout: 30_000 })
    await start
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('button', { name: '发起' })
      .click()
    const form = page.getByTestId('flow-start-form')
    await expect(form.getByLabel('报销金额')).toBeVisible()
    await page.getByRole('button', { name: '提交' }).click()
    await expect(form.getByText('请填写报销金额')).toBeVisible()
    await form.getByLabel('报销金额').fill('300')
    await form.getByLabel('报销事由').fill('差旅')
    await page.screenshot({ path: 'test-results/flow-start-form.png' })
    await page.getByRole('button', { name: '提交' }).click()
    await expect(toast(page, '操作成功!')).toBeVisible()

    // The initiator is its assignee: 待办事务 → 处理 → the dialog.
    await page.goto('/work/todo')
    const todo = page.getByTestId('work-todo')
    await expect(todo).toContainText('核对报销', { timeout: 30_000 })
    await todo
      .getByRole('row', { name: /核对报销/ })
      .first()
      .getByRole('button', { name: '处理' })
      .click()
    const dialog = page.getByTestId('flow-task-form')
    await dialog.getByLabel('审批意见').fill('已核对')
    await page.getByRole('button', { name: '同意' }).click()
    await expect(toast(page, '表达式使用了流程中不存在的变量 paid')).toBeVisible({ timeout: 30_000 })
    await dialog.getByLabel('流程变量 (JSON)').fill('{"paid": "yes"}')
    await page.screenshot({ path: 'test-results/flow-task-dialog.png' })
    await page.getByRole('button', { name: '同意' }).click()
    await expect(toast(page, '操作成功!')).toBeVisible({ timeout: 30_000 })

    await page.goto('/work/send')
    const sent = page.getByTestId('work-send')
    await expect(sent.getByRole('row', { name: new RegExp(name) }).first()).toContainText('已结束', {
      timeout: 30_000,
    })
  })
})
