import { nextId } from '@ysjs/db'
import { FLOW_COMMAND_QUEUE, FLOW_INSTANCE_STATUS, FLOW_TASK_STATUS } from '@ysjs/shared'
import { Queue } from 'bullmq'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFlowJobTrigger, FLOW_JOB_REFUSED } from '../src/job/flow-trigger.ts'
import { createJobHarness, type TJobHarness } from './helpers/job-harness.ts'

let h: TJobHarness
beforeAll(async () => {
  h = await createJobHarness('worker_job_flow')
})
afterAll(async () => {
  await h.close()
})

/** start → 清理 (service task starting `runJob`) → 通知 (service task naming `pausedJob`) → 确认 (user task) → end. */
const processXml = (runJob: bigint, pausedJob: bigint) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" id="JobDefs" targetNamespace="http://www.flowable.org/processdef">
  <process id="jobFlow" name="任务流程" isExecutable="true">
    <startEvent id="start"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="runJob"/>
    <serviceTask id="runJob" name="清理" flowable:jobInfoId="${runJob}"/>
    <sequenceFlow id="f2" sourceRef="runJob" targetRef="pausedJob"/>
    <serviceTask id="pausedJob" name="通知" flowable:jobInfoId="${pausedJob}"/>
    <sequenceFlow id="f3" sourceRef="pausedJob" targetRef="confirm"/>
    <userTask id="confirm" name="确认" flowable:assignee="taskUser_1"/>
    <sequenceFlow id="f4" sourceRef="confirm" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`

describe('time expression type 5: a BPMN service task starts a job run', () => {
  it('a process reaching the service task runs the job once; a paused job is recorded, not run; the process goes on', async () => {
    const prefix = h.prefixOf()
    const job = await h.createJob({
      timeExpressionType: 5,
      timeExpression: null,
      jobParams: JSON.stringify({ url: h.target('flow-job'), method: 'GET' }),
    })
    const paused = await h.createJob({
      enable: 0,
      timeExpressionType: 5,
      timeExpression: null,
      jobParams: JSON.stringify({ url: h.target('flow-paused'), method: 'GET' }),
    })
    const definitionId = `jobFlow:1:${nextId()}`
    await h.prisma.flowDefinition.create({
      data: {
        id: definitionId,
        deploymentId: nextId(),
        tenantId: '',
        key: `jobFlow-${definitionId}`,
        version: 1,
        resourceName: 'jobFlow.bpmn20.xml',
        xml: processXml(job, paused),
      },
    })
    const w = await h.boot(prefix)
    await h.waitFor(async () => w.jobs)
    const instanceId = String(nextId())
    const commands = new Queue(FLOW_COMMAND_QUEUE, { connection: h.redis, prefix })
    const start = {
      kind: 'start',
      tenantId: '000000',
      actor: { userId: '1123598821738675201', name: 'admin', roles: ['administrator'] },
      instanceId,
      definitionId,
      businessKey: null,
      variables: {},
    }
    await commands.add('start', start)
    const [run] = await h.waitFor(async () => {
      const r = (await h.instances(job)).filter((i) => i.status === 'succeeded')
      return r.length === 1 && r
    })
    expect(run).toMatchObject({ trigger: 4, attempt: 1, result: 'HTTP 200: ok' })
    expect(run?.log).toContain(`由流程启动 (流程实例 ${instanceId}, 节点 runJob)`)
    const refused = await h.instances(paused)
    expect(refused).toHaveLength(1)
    expect(refused[0]).toMatchObject({ trigger: 4, status: 'stopped' })
    expect(refused[0]?.result).toContain(FLOW_JOB_REFUSED)
    expect(h.hits.get('flow-paused')).toBeUndefined()
    // The process went on to its user task.
    expect(await h.prisma.flowInstance.findUnique({ where: { id: BigInt(instanceId) } })).toMatchObject({
      status: FLOW_INSTANCE_STATUS.RUNNING,
    })
    expect(
      await h.prisma.flowTask.count({
        where: {
          instanceId: BigInt(instanceId),
          taskDefinitionKey: 'confirm',
          status: FLOW_TASK_STATUS.OPEN,
        },
      }),
    ).toBe(1)
    // The same start delivered again finds its instance: no second run.
    await commands.add('start', start)
    await h.sleep(1500)
    expect(h.hits.get('flow-job')).toBe(1)
    expect(await h.prisma.jobInstance.count({ where: { jobInfoId: job } })).toBe(1)
    await commands.close()

    // A step whose transaction rolls back (its command is then retried) leaves no run behind, though
    // its run was enqueued before the rollback; the retried step's run runs once.
    const trigger = createFlowJobTrigger({ connection: h.redis, prefix, log: pino({ level: 'silent' }) })
    const step = (at: Date) => [
      { kind: 'end', elementId: 'runJob', elementType: 'serviceTask', at, discarded: false },
    ]
    const ctx = { instanceId: nextId(), definitionId }
    await expect(
      h.prisma.$transaction(async (tx) => {
        await trigger.onStep(tx, ctx, step(new Date()))
        throw new Error('step failed after the run was enqueued')
      }),
    ).rejects.toThrow('step failed')
    await h.sleep(50)
    await h.prisma.$transaction((tx) => trigger.onStep(tx, ctx, step(new Date())))
    await h.waitFor(async () => h.hits.get('flow-job') === 2)
    await h.sleep(2500)
    expect(h.hits.get('flow-job')).toBe(2)
    const rows = await h.instances(job)
    expect(rows).toHaveLength(2)
    expect(rows.every((r) => r.status === 'succeeded')).toBe(true)
    await trigger.close()
    await h.cleanup(prefix, w)
  })
})
