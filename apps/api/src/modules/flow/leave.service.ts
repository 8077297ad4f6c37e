import { nextId, type PrismaClient } from '@ysjs/db'
import {
  FLOW_INSTANCE_STATUS,
  FLOW_TASK_STATUS,
  FlowMsg,
  isId,
  LEAVE_TABLE,
  leaveDays,
  parseDateTime,
  type TCompleteTask,
  type TLeaveStart,
  taskUserOf,
  userIdOfTaskUser,
} from '@ysjs/shared'
import { isPlatformAdmin, type TCtx } from '../../lib/context.ts'
import { withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { FlowCommandPending, type TFlowBus } from './flow-bus.ts'
import { emptyFlow } from './flow-work.service.ts'

const actorOf = (ctx: TCtx) => {
  if (!ctx.user) {
    throw AppError.unauthorized()
  }
  const u = ctx.user
  return { userId: String(u.userId), name: u.realName || u.nickName || u.account, roles: u.roles }
}

/**
 * The leave process's business side (contract 10.4) and the task commands, which the worker runs
 * (start, claim, complete, delete): the leave row is saved first, the process started with business
 * key `blade_process_leave:<id>` and the variables of 10.4, and the instance id written back.
 */
export const createLeaveService = (prisma: PrismaClient, bus: TFlowBus) => {
  /** Refused here, without a round trip to the worker (which checks again under the instance's lock). */
  const openTask = async (ctx: TCtx, taskId: string) => {
    const task = await prisma.flowTask.findFirst({
      where: { id: BigInt(taskId), tenantId: ctx.tenantId, status: FLOW_TASK_STATUS.OPEN },
      select: { id: true, instanceId: true },
    })
    if (!task) {
      throw AppError.badRequest(FlowMsg.TASK_MISSING)
    }
    return task
  }
  /**
   * The routing variables of a leave instance, read from its row at every step: an applicant who
   * adjusted the leave (dates, approver) is routed by what the row now says, and no client can
   * route it by sending its own `days`.
   */
  const leaveVariables = async (ctx: TCtx, instanceId: bigint): Promise<Record<string, unknown>> => {
    const inst = await prisma.flowInstance.findUnique({
      where: { id: instanceId },
      select: { businessKey: true },
    })
    const [table, id] = (inst?.businessKey ?? '').split(':')
    if (table !== LEAVE_TABLE || !id || !isId(id)) {
      return {}
    }
    const row = await tenantDb(prisma, ctx.tenantId).processLeave.findFirst({
      where: { id: BigInt(id), isDeleted: 0 },
      select: { days: true, taskUser: true },
    })
    return row ? { days: row.days, taskUser: row.taskUser } : {}
  }
  return {
    async start(ctx: TCtx, input: TLeaveStart) {
      const actor = actorOf(ctx)
      const db = tenantDb(prisma, ctx.tenantId)
      const startTime = parseDateTime(input.startTime) as Date
      const endTime = parseDateTime(input.endTime) as Date
      const approverId = userIdOfTaskUser(input.taskUser) ?? input.taskUser
      const approver = await db.user.findFirst({
        where: { id: BigInt(approverId), isDeleted: 0 },
        select: { id: true },
      })
      if (!approver) {
        throw AppError.badRequest(FlowMsg.LEAVE_TASK_USER)
      }
      const days = leaveDays(startTime, endTime)
      if (input.id) {
        const updated = await db.processLeave.updateMany({
          where: { id: BigInt(input.id), isDeleted: 0, createUser: ctx.user?.userId },
          data: {
            startTime,
            endTime,
            days,
            reason: input.reason,
            taskUser: taskUserOf(approver.id),
            ...withAudit(ctx).updated,
          },
        })
        if (updated.count !== 1) {
          throw AppError.badRequest(FlowMsg.LEAVE_MISSING)
        }
        return
      }
      const def = await prisma.flowDefinition.findUnique({ where: { id: input.processDefinitionId } })
      if (!def || (def.tenantId !== '' && def.tenantId !== ctx.tenantId)) {
        throw AppError.badRequest(FlowMsg.DEFINITION_MISSING)
      }
      const id = nextId()
      const instanceId = nextId()
      // The row names the instance before the start is sent: whatever becomes of the command, the
      // row and the instance it may create stay linked (never an instance without its leave).
      await db.processLeave.create({
        data: {
          id,
          tenantId: ctx.tenantId,
          processDefinitionId: def.id,
          processInstanceId: String(instanceId),
          startTime,
          endTime,
          days,
          reason: input.reason,
          taskUser: taskUserOf(approver.id),
          applyTime: new Date(),
          createUser: ctx.user?.userId,
          createDept: ctx.user?.deptIds[0] ?? null,
        },
      })
      const discard = () => db.processLeave.updateMany({ where: { id }, data: { isDeleted: 1 } })
      try {
        await bus.send({
          kind: 'start',
          tenantId: ctx.tenantId,
          actor,
          instanceId: String(instanceId),
          definitionId: def.id,
          businessKey: `${LEAVE_TABLE}:${id}`,
          variables: { createUser: actor.name, taskUser: taskUserOf(approver.id), days },
        })
        return String(instanceId)
      } catch (err) {
        if (err instanceof FlowCommandPending) {
          const fate = await bus.withdraw(err.job).catch(() => ({ kind: 'running' as const }))
          if (fate.kind === 'done' && fate.result.ok) {
            return String(instanceId)
          }
          if (fate.kind === 'running') {
            // A worker has the start: keep the row and let the outcome settle; only a refusal or a
            // failure for good (nothing was created) discards it.
            void bus
              .settle(err.job)
              .then((result) => (result && !result.ok ? discard() : undefined))
              .catch((e: unknown) =>
                ctx.log.warn({ err: e, leave: String(id) }, 'leave start did not settle'),
              )
            throw new AppError(503, FlowMsg.START_PENDING)
          }
          await discard()
          throw fate.kind === 'withdrawn'
            ? err
            : AppError.badRequest(fate.result.ok ? FlowMsg.START_FAILED : fate.result.msg)
        }
        await discard()
        // A refusal names its cause; anything else (Redis unreachable) is answered as what it is.
        throw err
      }
    },

    async detail(ctx: TCtx, businessId: bigint) {
      const db = tenantDb(prisma, ctx.tenantId)
      const row = await db.processLeave.findFirst({ where: { id: businessId, isDeleted: 0 } })
      if (!row) {
        throw AppError.badRequest(FlowMsg.LEAVE_MISSING)
      }
      const [creator, inst] = await Promise.all([
        row.createUser
          ? db.user.findFirst({
              where: { id: row.createUser },
              select: { realName: true, name: true, account: true },
            })
          : null,
        row.processInstanceId
          ? prisma.flowInstance.findUnique({ where: { id: BigInt(row.processInstanceId) } })
          : null,
      ])
      const task = inst
        ? await prisma.flowTask.findFirst({
            where: { instanceId: inst.id, status: FLOW_TASK_STATUS.OPEN },
            orderBy: { createTime: 'desc' },
          })
        : null
      const [businessTable, businessKeyId] = (inst?.businessKey ?? '').split(':')
      return {
        ...row,
        flow: {
          ...emptyFlow(),
          taskId: task ? String(task.id) : null,
          taskName: task?.name ?? null,
          taskDefinitionKey: task?.taskDefinitionKey ?? null,
          assignee: task?.assignee ?? null,
          assigneeName: creator ? (creator.realName ?? creator.name ?? creator.account) : null,
          processInstanceId: row.processInstanceId,
          processDefinitionId: row.processDefinitionId,
          businessTable: businessTable || null,
          businessId: businessKeyId || null,
          // Finished, deleted, or gone with its deployment.
          processIsFinished: inst?.status === FLOW_INSTANCE_STATUS.RUNNING ? 'unfinished' : 'finished',
          problem:
            inst?.status === FLOW_INSTANCE_STATUS.RUNNING
              ? [inst.problem, task?.problem].filter(Boolean).join('; ') || null
              : null,
        },
      }
    },

    async claim(ctx: TCtx, taskId: string) {
      await openTask(ctx, taskId)
      await bus.send({ kind: 'claim', tenantId: ctx.tenantId, actor: actorOf(ctx), taskId })
    },

    /** `flag: ok` approves; anything else rejects. The comment defaults to 同意 (contract 10.2). */
    async complete(ctx: TCtx, input: TCompleteTask) {
      const task = await openTask(ctx, input.taskId)
      // Contract 10.2: pass from the flag or the comment as sent; the recorded comment defaults to 同意.
      const pass = input.flag === 'ok' || input.comment === '同意'
      const comment = input.comment ?? '同意'
      const variables = Object.fromEntries(
        Object.entries(input.variables ?? {}).filter(([k]) => /^[A-Za-z_]\w{0,63}$/.test(k) && k !== 'pass'),
      )
      Object.assign(variables, await leaveVariables(ctx, task.instanceId))
      return bus.send({
        kind: 'complete',
        tenantId: ctx.tenantId,
        actor: actorOf(ctx),
        taskId: input.taskId,
        comment,
        pass,
        variables,
      })
    },

    /** The platform administrator's (follow list): any tenant's running instance. */
    async deleteInstance(ctx: TCtx, instanceId: string, reason: string) {
      const inst = await prisma.flowInstance.findFirst({
        where: {
          id: BigInt(instanceId),
          status: FLOW_INSTANCE_STATUS.RUNNING,
          ...(isPlatformAdmin(ctx.user) ? {} : { tenantId: ctx.tenantId }),
        },
        select: { id: true, tenantId: true },
      })
      if (!inst) {
        throw AppError.badRequest(FlowMsg.INSTANCE_MISSING)
      }
      await bus.send({ kind: 'delete', tenantId: inst.tenantId, actor: actorOf(ctx), instanceId, reason })
    },
  }
}
export type TLeaveService = ReturnType<typeof createLeaveService>
