import { nextId, type PrismaClient } from '@ysjs/db'
import {
  FLOW_INSTANCE_STATUS,
  FLOW_SUSPENSION,
  FLOW_TASK_STATUS,
  FlowMsg,
  type TFlowActor,
  type TFlowCommand,
  type TFlowResult,
  type TFlowServiceName,
  taskUserOf,
} from '@ysjs/shared'
import type { Logger } from 'pino'
import { readBpmn, resolveText, type TProcessModel } from './bpmn.ts'
import { EngineFailure, runStep, type TFlowEvent, type TStepResult } from './engine-run.ts'
import { noticeProblem, recordStep, type TRecordContext, type TTx } from './flow-record.ts'
import { FLOW_SERVICE_HANDLERS } from './services.ts'

type TVars = Record<string, unknown>

/** A refusal the API answers as 400 with this message. */
class Refusal extends Error {}

/** Attributes that name a task's service (`flowable:delegateExpression="${notice}"`), by local name. */
const SERVICE_NAMING = /^(delegateExpression|expression|class)$/

const TX_OPTIONS = { timeout: 30_000, maxWait: 10_000 }

/**
 * The flow engine's record keeping: runs a command on an instance inside one transaction that holds
 * the instance's advisory lock (one command per instance at a time, in every worker process), and
 * writes the engine state, the tasks and the history of the step together, the state guarded by its
 * version. A crash before the commit leaves the previous wait point intact; BullMQ redelivers the
 * command and it runs again from there.
 */
export const createFlowService = (deps: {
  prisma: PrismaClient
  log: Logger
  scheduleTimer: (instanceId: bigint, due: Date) => Promise<void>
  /** Sees every step inside its transaction (the job trigger: service tasks that start job runs). */
  onStep?: (tx: TTx, ctx: { instanceId: bigint; definitionId: string }, events: TFlowEvent[]) => Promise<void>
}) => {
  const { prisma, log } = deps
  const parsed = new Map<string, Promise<TProcessModel>>()
  /**
   * A definition read once per worker (its XML normalised as at deploy: definitions stored earlier run
   * too). The XML is fetched only then: a step reads the definition's row without it (decision 031).
   */
  const parse = (db: TTx | PrismaClient, definitionId: string) => {
    let p = parsed.get(definitionId)
    if (!p) {
      p = db.flowDefinition
        .findUniqueOrThrow({ where: { id: definitionId }, select: { xml: true } })
        .then((d) => readBpmn(d.xml))
      parsed.set(definitionId, p)
      p.catch(() => parsed.delete(definitionId))
    }
    return p
  }
  const lock = (tx: TTx, instanceId: bigint) => tx.$executeRaw`SELECT pg_advisory_xact_lock(${instanceId})`

  const record = async (
    tx: TTx,
    ctx: TRecordContext,
    step: TStepResult,
    done?: { taskExecutionId: string; assignee: string; comment: string },
  ) => {
    await recordStep(tx, ctx, step, done)
    await deps.onStep?.(tx, { instanceId: ctx.instanceId, definitionId: ctx.definitionId }, step.events)
  }

  const loadDefinition = async (db: TTx | PrismaClient, id: string, tenantId: string) => {
    const def = await db.flowDefinition.findUnique({
      where: { id },
      select: { id: true, tenantId: true, suspensionState: true },
    })
    if (!def || (def.tenantId !== '' && def.tenantId !== tenantId)) {
      throw new Refusal(FlowMsg.DEFINITION_MISSING)
    }
    return def
  }

  /**
   * A service task's side effect, at most once per visit: the n-th visit of an activity (n counted
   * from the committed history, so a step run again after a crash counts the same) is recorded with
   * the effect in the step's transaction and looked up before the effect is run.
   */
  const serviceRunner = (
    tx: TTx,
    ctx: {
      tenantId: string
      instanceId: bigint
      process: TProcessModel
      vars: TVars
      startUserId: bigint | null
    },
  ) => {
    /** Visits of each activity within this step (a loop without a wait state visits it again). */
    const visits = new Map<string, number>()
    return async (activityId: string): Promise<Record<string, unknown>> => {
      const name = ctx.process.services.get(activityId)?.service ?? ''
      if (!Object.hasOwn(FLOW_SERVICE_HANDLERS, name)) {
        throw new EngineFailure(`service task ${activityId} names no known service (${name})`)
      }
      const handler = FLOW_SERVICE_HANDLERS[name as TFlowServiceName]
      const previous = await tx.flowHistory.count({ where: { instanceId: ctx.instanceId, activityId } })
      const inStep = (visits.get(activityId) ?? 0) + 1
      visits.set(activityId, inStep)
      const visit = previous + inStep
      const key = { instanceId: ctx.instanceId, activityId, visit }
      const done = await tx.flowServiceCall.findUnique({ where: { instanceId_activityId_visit: key } })
      if (done) {
        log.info({ ...key, instanceId: String(ctx.instanceId) }, 'flow service already done, not repeated')
        return (done.output ?? {}) as Record<string, unknown>
      }
      const attrs = Object.fromEntries(
        Object.entries(ctx.process.services.get(activityId)?.attrs ?? {}).map(([k, v]) => [
          k,
          // The attribute naming the service (`${notice}`) is a name, not a variable.
          SERVICE_NAMING.test(k) ? v : resolveText(v, ctx.vars, `服务任务 ${activityId}`),
        ]),
      )
      const output = await handler({
        tx,
        tenantId: ctx.tenantId,
        instanceId: ctx.instanceId,
        activityId,
        key: `${ctx.instanceId}:${activityId}:${visit}`,
        attrs,
        startUserId: ctx.startUserId,
      })
      await tx.flowServiceCall.create({
        data: { id: nextId(), tenantId: ctx.tenantId, ...key, service: name, output: output as object },
      })
      return output
    }
  }

  const start = async (cmd: Extract<TFlowCommand, { kind: 'start' }>): Promise<TFlowResult> => {
    const instanceId = BigInt(cmd.instanceId)
    let timerDue: Date | null = null
    const result = await prisma.$transaction(async (tx) => {
      await lock(tx, instanceId)
      const existing = await tx.flowInstance.findUnique({ where: { id: instanceId } })
      if (existing) {
        return {
          ok: true as const,
          instanceId: cmd.instanceId,
          finished: existing.status !== FLOW_INSTANCE_STATUS.RUNNING,
        }
      }
      const def = await loadDefinition(tx, cmd.definitionId, cmd.tenantId)
      if (def.suspensionState !== FLOW_SUSPENSION.ACTIVE) {
        throw new Refusal(FlowMsg.DEFINITION_SUSPENDED)
      }
      const process = await parse(tx, def.id)
      const vars: TVars = { ...cmd.variables }
      if (process.initiator) {
        vars[process.initiator] = taskUserOf(cmd.actor.userId)
      }
      const startUserId = BigInt(cmd.actor.userId)
      const step = await runStep({
        name: cmd.instanceId,
        definitionKey: def.id,
        xml: process.xml,
        state: null,
        variables: () => vars,
        service: serviceRunner(tx, { tenantId: cmd.tenantId, instanceId, process, vars, startUserId }),
      })
      await tx.flowInstance.create({
        data: {
          id: instanceId,
          tenantId: cmd.tenantId,
          definitionId: def.id,
          businessKey: cmd.businessKey,
          startUserId,
          startUser: cmd.actor.name,
          state: step.state === null ? undefined : (step.state as object),
          variables: vars as object,
          status: step.finished ? FLOW_INSTANCE_STATUS.FINISHED : FLOW_INSTANCE_STATUS.RUNNING,
          timerDue: step.timerDue,
          endTime: step.finished ? new Date() : null,
        },
      })
      await record(tx, { tenantId: cmd.tenantId, instanceId, definitionId: def.id, vars, process }, step)
      timerDue = step.timerDue
      return { ok: true as const, instanceId: cmd.instanceId, finished: step.finished }
    }, TX_OPTIONS)
    if (timerDue) {
      await deps.scheduleTimer(instanceId, timerDue)
    }
    return result
  }

  /** Runs an action on a waiting instance under its lock and saves the result (version-guarded). */
  const advance = async (
    tx: TTx,
    instanceId: bigint,
    tenantId: string | null,
    extraVars: TVars,
    action: ((execution: { signal: (m: object) => void }) => void) | undefined,
    done?: { taskExecutionId: string; assignee: string; comment: string },
  ) => {
    const inst = await tx.flowInstance.findUnique({ where: { id: instanceId } })
    if (!inst || inst.status !== FLOW_INSTANCE_STATUS.RUNNING || (tenantId && inst.tenantId !== tenantId)) {
      throw new Refusal(FlowMsg.INSTANCE_MISSING)
    }
    const def = await loadDefinition(tx, inst.definitionId, inst.tenantId)
    const process = await parse(tx, def.id)
    const vars: TVars = { ...(inst.variables as TVars), ...extraVars }
    const step = await runStep({
      name: String(instanceId),
      definitionKey: def.id,
      xml: process.xml,
      state: inst.state,
      variables: () => vars,
      action,
      service: serviceRunner(tx, {
        tenantId: inst.tenantId,
        instanceId,
        process,
        vars,
        startUserId: inst.startUserId,
      }),
    })
    const saved = await tx.flowInstance.updateMany({
      where: { id: instanceId, version: inst.version },
      data: {
        state: step.state === null ? undefined : (step.state as object),
        variables: vars as object,
        version: { increment: 1 },
        status: step.finished ? FLOW_INSTANCE_STATUS.FINISHED : FLOW_INSTANCE_STATUS.RUNNING,
        timerDue: step.timerDue,
        endTime: step.finished ? new Date() : null,
      },
    })
    if (saved.count !== 1) {
      throw new Error(`instance ${instanceId} changed under its lock`)
    }
    await record(tx, { tenantId: inst.tenantId, instanceId, definitionId: def.id, vars, process }, step, done)
    return step
  }

  const openTask = async (tx: TTx, taskId: string, tenantId: string) => {
    const task = await tx.flowTask.findUnique({ where: { id: BigInt(taskId) } })
    if (!task || task.tenantId !== tenantId || task.status !== FLOW_TASK_STATUS.OPEN) {
      throw new Refusal(FlowMsg.TASK_MISSING)
    }
    return task
  }
  const isCandidate = (task: { candidateUsers: string[]; candidateGroups: string[] }, actor: TFlowActor) =>
    task.candidateUsers.includes(taskUserOf(actor.userId)) ||
    task.candidateUsers.includes(actor.userId) ||
    task.candidateGroups.some((g) => actor.roles.includes(g))

  const claim = async (cmd: Extract<TFlowCommand, { kind: 'claim' }>): Promise<TFlowResult> => {
    const peek = await prisma.flowTask.findUnique({ where: { id: BigInt(cmd.taskId) } })
    if (!peek) {
      throw new Refusal(FlowMsg.TASK_MISSING)
    }
    return prisma.$transaction(async (tx) => {
      await lock(tx, peek.instanceId)
      const task = await openTask(tx, cmd.taskId, cmd.tenantId)
      const me = taskUserOf(cmd.actor.userId)
      if (task.assignee === me) {
        return { ok: true as const, instanceId: String(task.instanceId), finished: false }
      }
      if (task.assignee) {
        throw new Refusal(FlowMsg.TASK_CLAIMED)
      }
      if (!isCandidate(task, cmd.actor)) {
        throw new Refusal(FlowMsg.TASK_NOT_CANDIDATE)
      }
      await tx.flowTask.update({ where: { id: task.id }, data: { assignee: me, claimTime: new Date() } })
      await tx.flowHistory.updateMany({
        where: { instanceId: task.instanceId, executionId: task.executionId },
        data: { assignee: me },
      })
      return { ok: true as const, instanceId: String(task.instanceId), finished: false }
    }, TX_OPTIONS)
  }

  const complete = async (cmd: Extract<TFlowCommand, { kind: 'complete' }>): Promise<TFlowResult> => {
    const peek = await prisma.flowTask.findUnique({ where: { id: BigInt(cmd.taskId) } })
    if (!peek) {
      throw new Refusal(FlowMsg.TASK_MISSING)
    }
    let timerDue: Date | null = null
    const result = await prisma.$transaction(async (tx) => {
      await lock(tx, peek.instanceId)
      const me = taskUserOf(cmd.actor.userId)
      const already = await tx.flowTask.findUnique({ where: { id: peek.id } })
      if (
        already?.status === FLOW_TASK_STATUS.COMPLETED &&
        already.assignee === me &&
        already.tenantId === cmd.tenantId
      ) {
        // The same command delivered again after it committed (a crash before BullMQ heard the answer).
        const inst = await tx.flowInstance.findUnique({
          where: { id: already.instanceId },
          select: { status: true },
        })
        return {
          ok: true as const,
          instanceId: String(already.instanceId),
          finished: inst?.status !== FLOW_INSTANCE_STATUS.RUNNING,
        }
      }
      const task = await openTask(tx, cmd.taskId, cmd.tenantId)
      if (task.assignee !== me) {
        throw new Refusal(FlowMsg.TASK_NOT_ASSIGNEE)
      }
      const step = await advance(
        tx,
        task.instanceId,
        cmd.tenantId,
        { ...cmd.variables, pass: cmd.pass },
        (execution) => execution.signal({ id: task.taskDefinitionKey, executionId: task.executionId }),
        { taskExecutionId: task.executionId, assignee: me, comment: cmd.comment },
      )
      await tx.flowTask.update({
        where: { id: task.id },
        data: {
          status: FLOW_TASK_STATUS.COMPLETED,
          endTime: new Date(),
          comment: cmd.comment,
          pass: cmd.pass,
        },
      })
      timerDue = step.timerDue
      return { ok: true as const, instanceId: String(task.instanceId), finished: step.finished }
    }, TX_OPTIONS)
    if (timerDue) {
      await deps.scheduleTimer(peek.instanceId, timerDue)
    }
    return result
  }

  const remove = async (cmd: Extract<TFlowCommand, { kind: 'delete' }>): Promise<TFlowResult> => {
    const instanceId = BigInt(cmd.instanceId)
    return prisma.$transaction(async (tx) => {
      await lock(tx, instanceId)
      const inst = await tx.flowInstance.findUnique({ where: { id: instanceId } })
      if (!inst || inst.status !== FLOW_INSTANCE_STATUS.RUNNING || inst.tenantId !== cmd.tenantId) {
        throw new Refusal(FlowMsg.INSTANCE_MISSING)
      }
      const now = new Date()
      await tx.flowInstance.update({
        where: { id: instanceId },
        data: {
          status: FLOW_INSTANCE_STATUS.DELETED,
          deleteReason: cmd.reason,
          endTime: now,
          timerDue: null,
          version: { increment: 1 },
        },
      })
      await tx.flowTask.updateMany({
        where: { instanceId, status: FLOW_TASK_STATUS.OPEN },
        data: { status: FLOW_TASK_STATUS.CANCELLED, endTime: now, comment: cmd.reason },
      })
      await tx.flowHistory.updateMany({ where: { instanceId, endTime: null }, data: { endTime: now } })
      return { ok: true as const, instanceId: cmd.instanceId, finished: true }
    }, TX_OPTIONS)
  }

  return {
    /** Runs one command; a refusal becomes `{ok: false, msg}`, anything else throws (BullMQ retries). */
    async run(cmd: TFlowCommand): Promise<TFlowResult> {
      try {
        switch (cmd.kind) {
          case 'start':
            return await start(cmd)
          case 'claim':
            return await claim(cmd)
          case 'complete':
            return await complete(cmd)
          case 'delete':
            return await remove(cmd)
        }
      } catch (err) {
        if (err instanceof Refusal) {
          return { ok: false, msg: err.message }
        }
        if (err instanceof EngineFailure) {
          log.warn({ err: err.message, kind: cmd.kind }, 'flow process failed')
          // The cause, named (never only 开启流程失败): the element and what it lacked.
          return {
            ok: false,
            msg: `${cmd.kind === 'start' ? FlowMsg.START_FAILED : FlowMsg.ENGINE_FAILED}: ${err.message}`,
          }
        }
        log.warn({ err, kind: cmd.kind }, 'flow command failed')
        throw err
      }
    },
    /** A timer's wake-up: resumes the instance so due timers fire, and saves it. */
    async wake(instanceId: bigint): Promise<void> {
      const inst = await prisma.flowInstance.findUnique({
        where: { id: instanceId },
        select: { status: true, timerDue: true },
      })
      if (!inst || inst.status !== FLOW_INSTANCE_STATUS.RUNNING || !inst.timerDue) {
        return
      }
      if (inst.timerDue.getTime() > Date.now() + 50) {
        // Woken early (a rescheduled timer): its own wake-up comes later.
        await deps.scheduleTimer(instanceId, inst.timerDue)
        return
      }
      let step: TStepResult
      try {
        step = await prisma.$transaction(
          (tx) => lock(tx, instanceId).then(() => advance(tx, instanceId, null, {}, undefined)),
          TX_OPTIONS,
        )
      } catch (err) {
        if (!(err instanceof EngineFailure)) {
          throw err
        }
        // The same on every retry: reported on the instance and to its administrators, not retried.
        const problem = `${FlowMsg.ENGINE_FAILED}: ${err.message}`.slice(0, 1000)
        log.warn({ err: err.message, instanceId: String(instanceId) }, 'flow timer step failed')
        await prisma.$transaction(async (tx) => {
          await lock(tx, instanceId)
          const inst = await tx.flowInstance.update({
            where: { id: instanceId },
            data: { problem, timerDue: null },
            select: { tenantId: true },
          })
          await noticeProblem(tx, { tenantId: inst.tenantId, instanceId }, problem)
        }, TX_OPTIONS)
        return
      }
      if (step.timerDue) {
        await deps.scheduleTimer(instanceId, step.timerDue)
      }
    },
    /** Instances waiting on a timer, for the boot-time reschedule. */
    async pendingTimers(after: bigint, take: number) {
      return prisma.flowInstance.findMany({
        where: { status: FLOW_INSTANCE_STATUS.RUNNING, timerDue: { not: null }, id: { gt: after } },
        select: { id: true, timerDue: true },
        orderBy: { id: 'asc' },
        take,
      })
    },
  }
}
export type TFlowService = ReturnType<typeof createFlowService>
