import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { dropFlowQueues, startFlowWorker } from './helpers/flow-worker.ts'
import { createRole, createUser, tokenOf } from './helpers/system.ts'

// Issue 26: BPMN files as Flowable, Activiti and Camunda users upload them (fixtures/bpmn, written
// from the BPMN 2.0 specification and the Flowable/Activiti user guide's examples), deployed through
// the upload and run by a real worker along every path to its end.

const QUEUE_PREFIX = `test-flowc-${randomBytes(4).toString('hex')}`
const WORK_CODES = [
  'work',
  'work_start',
  'work_start_flow',
  'work_claim',
  'work_claim_sign',
  'work_todo',
].concat(['work_todo_handle', 'work_send', 'work_done'])
const fixture = (name: string) => readFileSync(new URL(`./fixtures/bpmn/${name}`, import.meta.url), 'utf8')

let t: TTestApp
let worker: Awaited<ReturnType<typeof startFlowWorker>> | null = null
const tokens: Record<string, string> = {}
const ids: Record<string, string> = {}

type TRow = Record<string, string | null>
type TAnswer = { code: number; success: boolean; msg: string; data: unknown }
const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object): Promise<TAnswer> =>
  (await t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) })).json()

const deploy = async (files: { name: string; xml: string }[], tenantIds?: string) => {
  const boundary = `----flow${randomBytes(6).toString('hex')}`
  const fields: Record<string, string> = { category: 'flow_2', ...(tenantIds ? { tenantIds } : {}) }
  const parts = [
    ...Object.entries(fields).map(
      ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    ),
    ...files.map(
      (f) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: text/xml\r\n\r\n${f.xml}\r\n`,
    ),
  ]
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ysjs-flow/manager/deploy-upload',
    headers: { ...auth(tokens.admin!), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
  })
  return res.json() as { code: number; msg: string; data: { deploymentIds: string[]; warnings: string[] } }
}
/** The latest common definition of a process key. */
const definitionOf = async (key: string) => {
  const list = (await call(tokens.admin!, 'GET', '/api/ysjs-flow/manager/list?mode=1&size=200')).data as {
    records: { id: string; key: string; warnings: string[] }[]
  }
  const def = list.records.find((d) => d.key === key)
  expect(def).toBeDefined()
  return def!
}
const start = (token: string, processDefinitionId: string, variables: Record<string, unknown>) =>
  call(token, 'POST', '/api/ysjs-flow/work/start-process', { processDefinitionId, variables })
const startOk = async (token: string, processDefinitionId: string, variables: Record<string, unknown>) => {
  const res = await start(token, processDefinitionId, variables)
  expect(res).toMatchObject({ code: 200, success: true })
  return (res.data as { processInstanceId: string }).processInstanceId
}
const tasksOf = async (token: string, list: 'todo-list' | 'claim-list', instanceId: string) =>
  (
    (await call(token, 'GET', `/api/ysjs-flow/work/${list}?size=200`)).data as { records: TRow[] }
  ).records.filter((r) => r.processInstanceId === instanceId)
/** The one open task of this name for this user (assigned, or claimed from the candidates' list). */
const taskFor = async (who: string, instanceId: string, name: string) => {
  const token = tokens[who]!
  const todo = (await tasksOf(token, 'todo-list', instanceId)).find((r) => r.taskName === name)
  if (todo) {
    return todo.taskId!
  }
  const offered = (await tasksOf(token, 'claim-list', instanceId)).find((r) => r.taskName === name)
  expect(offered, `${who} has no task ${name}`).toBeDefined()
  expect(
    await call(token, 'POST', '/api/ysjs-flow/work/claim-task', { taskId: offered!.taskId }),
  ).toMatchObject({
    code: 200,
  })
  return offered!.taskId!
}
const complete = (who: string, taskId: string, variables: Record<string, string | number | boolean> = {}) =>
  call(tokens[who]!, 'POST', '/api/ysjs-flow/work/complete-task', {
    taskId,
    flag: 'ok',
    comment: '同意',
    variables,
  })
const completeOk = async (who: string, instanceId: string, name: string, variables = {}) => {
  const res = await complete(who, await taskFor(who, instanceId, name), variables)
  expect(res, `${who} completes ${name}`).toMatchObject({ code: 200 })
}
const instance = (id: string) => t.app.prisma.flowInstance.findUniqueOrThrow({ where: { id: BigInt(id) } })
const expectFinished = async (id: string) => {
  expect((await instance(id)).status).toBe(2)
  expect(await t.app.prisma.flowTask.count({ where: { instanceId: BigInt(id), status: 1 } })).toBe(0)
}
const openTaskNames = async (id: string) =>
  (await t.app.prisma.flowTask.findMany({ where: { instanceId: BigInt(id), status: 1 } }))
    .map((x) => x.name)
    .sort()

beforeAll(async () => {
  t = await createTestApp({ QUEUE_PREFIX })
  for (const account of ['admin', 'hr', 'manager', 'boss']) {
    const body = await login(t.app, account)
    tokens[account] = body.access_token
    ids[account] = String(body.user_id)
  }
  // The guide's group `management`: a role of this tenant named so (its alias differs).
  const dept = await t.app.prisma.dept.findFirstOrThrow({ where: { tenantId: '000000' } })
  const role = await createRole(t.app.prisma, '000000', 'mgmt', WORK_CODES)
  await t.app.prisma.role.update({ where: { id: BigInt(role) }, data: { roleName: 'management' } })
  const mgr = await createUser(t.app.prisma, { tenantId: '000000', roleId: role, deptId: String(dept.id) })
  tokens.mgr = await tokenOf(t.app, '000000', mgr.account)
  worker = await startFlowWorker({ databaseUrl: t.databaseUrl, queuePrefix: QUEUE_PREFIX })
}, 120_000)
afterAll(async () => {
  await worker?.kill()
  await dropFlowQueues(QUEUE_PREFIX)
  await t.close()
})

describe('the vacation request of the Activiti/Flowable guide, as published', () => {
  it('deploys without isExecutable and with a flow without id; the start form is the file’s', async () => {
    const res = await deploy([
      { name: 'vacation-request.bpmn20.xml', xml: fixture('vacation-request.bpmn20.xml') },
    ])
    expect(res).toMatchObject({ code: 200, data: { warnings: [] } })
    const def = await definitionOf('vacationRequest')
    const stored = await t.app.prisma.flowDefinition.findUniqueOrThrow({ where: { id: def.id } })
    expect(stored.xml).toContain('<sequenceFlow id="sequenceFlow_gen1" sourceRef="request"')
    expect(stored.xml).toContain('<process id="vacationRequest" name="休假申请" isExecutable="true">')
    const form = await call(
      tokens.admin!,
      'GET',
      `/api/ysjs-flow/work/start-form?processDefinitionId=${def.id}`,
    )
    expect(form.data).toMatchObject({
      key: 'vacationRequest',
      initiator: 'employeeName',
      fields: [
        { variable: 'numberOfDays', name: '休假天数', type: 'long', required: true },
        { variable: 'startDate', name: '开始日期', type: 'date', required: true },
        { variable: 'vacationMotivation', name: '休假理由', type: 'string', required: false },
      ],
    })
    expect(await start(tokens.admin!, def.id, { startDate: '2026-12-01' })).toMatchObject({
      code: 400,
      msg: '请填写休假天数',
    })
    expect(await start(tokens.admin!, def.id, { numberOfDays: 'x', startDate: '2026-12-01' })).toMatchObject({
      code: 400,
      msg: '休假天数格式不正确',
    })
  })

  it('runs every path: approved; rejected, adjusted and resent; rejected and withdrawn', async () => {
    const def = await definitionOf('vacationRequest')
    const vars = { numberOfDays: 3, startDate: '2026-12-01', vacationMotivation: '探亲' }
    // potentialOwner `management` → the role named so: its user claims; others are not offered it.
    const approved = await startOk(tokens.admin!, def.id, vars)
    expect(await tasksOf(tokens.hr!, 'claim-list', approved)).toHaveLength(0)
    await completeOk('mgr', approved, '审批休假申请', { vacationApproved: 'true' })
    await expectFinished(approved)

    // humanPerformer ${employeeName}: the initiator gets the adjustment.
    const resent = await startOk(tokens.admin!, def.id, vars)
    await completeOk('mgr', resent, '审批休假申请', { vacationApproved: 'false' })
    await completeOk('admin', resent, '调整休假申请', { resendRequest: 'true' })
    await completeOk('mgr', resent, '审批休假申请', { vacationApproved: 'true' })
    await expectFinished(resent)

    const withdrawn = await startOk(tokens.admin!, def.id, vars)
    await completeOk('mgr', withdrawn, '审批休假申请', { vacationApproved: 'false' })
    await completeOk('admin', withdrawn, '调整休假申请', { resendRequest: 'false' })
    await expectFinished(withdrawn)
  }, 120_000)

  it('a condition reading a variable the instance lacks fails the step, naming it; the task stays', async () => {
    const def = await definitionOf('vacationRequest')
    const id = await startOk(tokens.admin!, def.id, { numberOfDays: 1, startDate: '2026-12-01' })
    const taskId = await taskFor('mgr', id, '审批休假申请')
    const res = await complete('mgr', taskId, {})
    expect(res.code).toBe(400)
    expect(res.msg).toContain('流程执行失败: 表达式使用了流程中不存在的变量 vacationApproved')
    expect(res.msg).toContain('flow3')
    expect(await openTaskNames(id)).toEqual(['审批休假申请'])
    expect(await complete('mgr', taskId, { vacationApproved: 'true' })).toMatchObject({ code: 200 })
    await expectFinished(id)
  }, 60_000)
})

describe('gateways', () => {
  it('exclusive and inclusive with defaults: each branch, and the defaults when no condition holds', async () => {
    const res = await deploy([
      { name: 'gateways-default.bpmn20.xml', xml: fixture('gateways-default.bpmn20.xml') },
    ])
    expect(res).toMatchObject({ code: 200, data: { warnings: [] } })
    const def = await definitionOf('gatewaysDefault')
    // > 1000 → the boss (candidate group); inclusive: both finance (> 100) and expedite (urgent).
    const big = await startOk(tokens.admin!, def.id, { amount: 5000, urgent: true })
    expect(await openTaskNames(big)).toEqual(['老板审核'])
    await completeOk('boss', big, '老板审核')
    expect(await openTaskNames(big)).toEqual(['加急处理', '财务付款'])
    await completeOk('hr', big, '财务付款')
    await completeOk('admin', big, '加急处理')
    await expectFinished(big)
    // The exclusive default (candidate users hr, manager); inclusive: no condition holds → its default.
    const small = await startOk(tokens.admin!, def.id, { amount: 50, urgent: false })
    await completeOk('manager', small, '经办审核')
    expect(await openTaskNames(small)).toEqual(['归档'])
    await completeOk('manager', small, '归档')
    await expectFinished(small)
    // One inclusive condition holds: that branch alone, not the default.
    const one = await startOk(tokens.admin!, def.id, { amount: 500, urgent: 'false' })
    await completeOk('hr', one, '经办审核')
    expect(await openTaskNames(one)).toEqual(['财务付款'])
    await completeOk('hr', one, '财务付款')
    await expectFinished(one)
  }, 120_000)

  it('parallel, exclusive and inclusive without defaults; a missing variable never picks a branch', async () => {
    const res = await deploy([
      { name: 'gateways-plain.bpmn20.xml', xml: fixture('gateways-plain.bpmn20.xml') },
    ])
    expect(res).toMatchObject({ code: 200 })
    const def = await definitionOf('gatewaysPlain')
    const no = await startOk(tokens.admin!, def.id, {})
    expect(await openTaskNames(no)).toEqual(['技术会审', '法务会审'])
    await completeOk('hr', no, '法务会审')
    expect(await openTaskNames(no)).toEqual(['技术会审'])
    const missing = await complete('manager', await taskFor('manager', no, '技术会审'))
    expect(missing.code).toBe(400)
    expect(missing.msg).toContain('表达式使用了流程中不存在的变量 buy')
    await completeOk('manager', no, '技术会审', { buy: 'no' })
    await expectFinished(no)

    const both = await startOk(tokens.admin!, def.id, {})
    await completeOk('hr', both, '法务会审')
    await completeOk('manager', both, '技术会审', { buy: 'yes', domestic: true, imported: true })
    expect(await openTaskNames(both)).toEqual(['国内采购', '进口采购'])
    await completeOk('admin', both, '国内采购')
    await completeOk('admin', both, '进口采购')
    await expectFinished(both)

    const domestic = await startOk(tokens.admin!, def.id, {})
    await completeOk('hr', domestic, '法务会审')
    // `imported` missing: the step fails naming it rather than reading it as false.
    const partial = await complete('manager', await taskFor('manager', domestic, '技术会审'), {
      buy: 'yes',
      domestic: true,
    })
    expect(partial.msg).toContain('表达式使用了流程中不存在的变量 imported')
    await completeOk('manager', domestic, '技术会审', { buy: 'yes', domestic: true, imported: false })
    expect(await openTaskNames(domestic)).toEqual(['国内采购'])
    await completeOk('admin', domestic, '国内采购')
    await expectFinished(domestic)

    // No condition holds and there is no default: refused with the cause, the task stays open.
    const none = await startOk(tokens.admin!, def.id, {})
    await completeOk('hr', none, '法务会审')
    const stuck = await complete('manager', await taskFor('manager', none, '技术会审'), {
      buy: 'yes',
      domestic: false,
      imported: false,
    })
    expect(stuck.code).toBe(400)
    expect(stuck.msg).toMatch(/^流程执行失败: .+/)
    expect(await openTaskNames(none)).toEqual(['技术会审'])
  }, 180_000)
})

describe('timer boundary event, sub-process and loops', () => {
  const waitFor = async (check: () => Promise<boolean>, ms = 60_000) => {
    const until = Date.now() + ms
    while (!(await check())) {
      if (Date.now() > until) {
        throw new Error('timed out')
      }
      await new Promise((r) => setTimeout(r, 300))
    }
  }

  it('reworked through the sub-process, reviewed in time, signed twice; or escalated by the timer', async () => {
    const res = await deploy([
      { name: 'timer-subprocess-loop.bpmn20.xml', xml: fixture('timer-subprocess-loop.bpmn20.xml') },
    ])
    expect(res).toMatchObject({ code: 200 })
    const def = await definitionOf('reviewCycle')
    // No start form: the variables go as JSON.
    const form = await call(
      tokens.admin!,
      'GET',
      `/api/ysjs-flow/work/start-form?processDefinitionId=${def.id}`,
    )
    expect(form.data).toMatchObject({ fields: [], initiator: 'author' })

    const cycle = await startOk(tokens.admin!, def.id, { reviewTime: 'PT1H' })
    await completeOk('admin', cycle, '撰写')
    await completeOk('hr', cycle, '评审', { rework: 'yes' })
    await completeOk('admin', cycle, '撰写')
    await completeOk('hr', cycle, '评审', { rework: 'no' })
    // Sequential multi-instance, cardinality 2: the same step twice, one at a time.
    await completeOk('manager', cycle, '会签')
    expect(await openTaskNames(cycle)).toEqual(['会签'])
    await completeOk('manager', cycle, '会签')
    await expectFinished(cycle)

    const late = await startOk(tokens.admin!, def.id, { reviewTime: 'PT1S' })
    await completeOk('admin', late, '撰写')
    await waitFor(async () => (await openTaskNames(late)).includes('超时升级'))
    expect(await openTaskNames(late)).toEqual(['超时升级'])
    await completeOk('boss', late, '超时升级', { rework: 'no' })
    await completeOk('manager', late, '会签')
    await completeOk('manager', late, '会签')
    await expectFinished(late)
  }, 180_000)

  it('a timer whose duration variable is missing fails its step, naming it', async () => {
    const def = await definitionOf('reviewCycle')
    const id = await startOk(tokens.admin!, def.id, {})
    const res = await complete('admin', await taskFor('admin', id, '撰写'))
    expect(res.code).toBe(400)
    expect(res.msg).toContain('表达式使用了流程中不存在的变量 reviewTime')
  }, 60_000)
})

const PROCESS = (body: string, attrs = '') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" targetNamespace="t">
  <message id="msg" name="paid"/><signal id="sig" name="stop"/>
  <process id="refused" name="拒绝" ${attrs}>
    <startEvent id="start"/>
    <sequenceFlow sourceRef="start" targetRef="approve"/>
    ${body}
    <sequenceFlow sourceRef="approve" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`

describe('files the engine cannot run are refused at deploy, naming the element', () => {
  it('scripts, listeners, message and signal events, call activities, collections, no end, nobody', async () => {
    const cases: [string, string][] = [
      [
        PROCESS(
          '<scriptTask id="approve" name="计算" scriptFormat="groovy"><script>x = 1</script></scriptTask>',
        ),
        '流程中不能包含脚本: 计算(approve)',
      ],
      [
        PROCESS(
          '<userTask id="approve" name="审批" flowable:assignee="hr"><extensionElements><flowable:taskListener event="create" class="a.B"/></extensionElements></userTask>',
        ),
        '流程中不能包含监听器: 审批(approve) (flowable:taskListener)',
      ],
      [
        PROCESS(
          '<userTask id="approve" name="审批" camunda:assignee="hr"><extensionElements><camunda:executionListener event="start" class="a.B"/></extensionElements></userTask>',
        ),
        '流程中不能包含监听器: 审批(approve) (camunda:executionListener)',
      ],
      [
        PROCESS(
          '<intermediateCatchEvent id="approve" name="等待付款"><messageEventDefinition messageRef="msg"/></intermediateCatchEvent>',
        ),
        '流程中有本引擎不支持的元素: 消息事件 等待付款(approve)',
      ],
      [
        PROCESS(
          '<userTask id="approve" name="审批" flowable:assignee="hr"/><boundaryEvent id="stop" name="叫停" attachedToRef="approve"><signalEventDefinition signalRef="sig"/></boundaryEvent>',
        ),
        '流程中有本引擎不支持的元素: 信号事件 叫停(stop)',
      ],
      [
        PROCESS('<callActivity id="approve" name="子流程调用" calledElement="other"/>'),
        '流程中有本引擎不支持的元素: 调用活动 子流程调用(approve)',
      ],
      [
        PROCESS(
          `<userTask id="approve" name="会签" flowable:assignee="\${u}"><multiInstanceLoopCharacteristics flowable:collection="\${users}" flowable:elementVariable="u"/></userTask>`,
        ),
        '多实例任务须以 loopCardinality 给出实例数 (不支持 collection): 会签(approve)',
      ],
      [
        PROCESS('<userTask id="approve" name="审批" flowable:assignee="hr"/>').replace(
          '<endEvent id="end"/>',
          '<userTask id="end"  flowable:assignee="hr"/>',
        ),
        '流程没有结束事件: 拒绝(refused)',
      ],
      [PROCESS('<userTask id="approve" name="审批"/>'), '用户任务没有办理人或候选人: 审批(approve)'],
      [
        PROCESS('<userTask id="approve" name="审批" flowable:assignee="kermit"/>'),
        '用户任务在租户中找不到办理人: 用户任务 审批(approve) (用户 kermit 不存在)',
      ],
      [
        PROCESS(
          '<userTask id="approve" name="审批"><potentialOwner><resourceAssignmentExpression><formalExpression>user(kermit), group(nosuchgroup)</formalExpression></resourceAssignmentExpression></potentialOwner></userTask>',
        ),
        '用户任务在租户中找不到办理人: 用户任务 审批(approve) (用户 kermit 不存在; 组 nosuchgroup 没有对应的角色)',
      ],
      [PROCESS('<userTask id="approve"/>', 'isExecutable="false"'), 'BPMN 文件中没有可执行的流程'],
      [
        PROCESS('<userTask id="approve" flowable:assignee="hr"/>').replace(
          '<sequenceFlow sourceRef="approve" targetRef="end"/>',
          '<sequenceFlow sourceRef="approve" targetRef="nowhere"/>',
        ),
        '流程中的连线指向不存在的元素',
      ],
    ]
    for (const [xml, msg] of cases) {
      const res = await deploy([{ name: 'refused.bpmn20.xml', xml }])
      expect(res.code, msg).toBe(400)
      expect(res.msg).toContain(msg)
    }
    const defs = await t.app.prisma.flowDefinition.count({ where: { key: 'refused' } })
    expect(defs).toBe(0)
  })

  it('an assignee only a running instance can know is a warning; at run time nobody is reported', async () => {
    const xml = PROCESS(
      `<userTask id="approve" name="审批" flowable:assignee="\${approver}"/>`,
      'isExecutable="true"',
    )
      .replaceAll('refused', 'dynamicApprover')
      .replace('name="拒绝"', 'name="指定审批人"')
    const res = await deploy([{ name: 'dynamic.bpmn20.xml', xml }])
    expect(res).toMatchObject({
      code: 200,
      data: { warnings: ['办理人取决于发起时须提供的变量 approver: 用户任务 审批(approve)'] },
    })
    const def = await definitionOf('dynamicApprover')
    expect(def.warnings).toEqual(['办理人取决于发起时须提供的变量 approver: 用户任务 审批(approve)'])
    // Without the variable the start is refused, naming it.
    const refused = await start(tokens.admin!, def.id, {})
    expect(refused.code).toBe(400)
    expect(refused.msg).toContain('开启流程失败: 表达式使用了流程中不存在的变量 approver')
    // A name nobody in the tenant has: the instance runs, says why it waits, and the admins are told.
    const id = await startOk(tokens.admin!, def.id, { approver: 'kermit' })
    const follow = (await call(tokens.admin!, 'GET', `/api/ysjs-flow/follow/list?processInstanceId=${id}`))
      .data as { records: TRow[] }
    expect(follow.records[0]?.problem).toBe('任务找不到办理人: 用户任务 审批(approve) (用户 kermit 不存在)')
    const sent = (
      (await call(tokens.admin!, 'GET', '/api/ysjs-flow/work/send-list?size=200')).data as {
        records: TRow[]
      }
    ).records.find((r) => r.processInstanceId === id)
    expect(sent?.problem).toContain('用户 kermit 不存在')
    const notice = await t.app.prisma.notice.findFirst({ where: { title: { contains: id } } })
    expect(notice?.content).toContain('用户 kermit 不存在')
    expect(notice?.recipientIds.map(String)).toContain(ids.admin)
    // A real user by account: assigned to them.
    const ok = await startOk(tokens.admin!, def.id, { approver: 'hr' })
    await completeOk('hr', ok, '审批')
    await expectFinished(ok)
  }, 60_000)
})
