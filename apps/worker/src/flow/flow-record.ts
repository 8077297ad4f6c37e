import { nextId, type PrismaClient } from '@ysjs/db'
import { elementLabel, loadFlowDirectory, resolvePeople } from '@ysjs/server-core'
import { FLOW_TASK_STATUS, FlowMsg } from '@ysjs/shared'
import { dueDateOf, resolveExpression, resolveText, type TProcessModel, type TTaskModel } from './bpmn.ts'
import type { TFlowEvent, TStepResult } from './engine-run.ts'

export type TTx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0]
type TVars = Record<string, unknown>
export type TRecordContext = {
  tenantId: string
  instanceId: bigint
  definitionId: string
  vars: TVars
  process: TProcessModel
}

/** 事务通知 in the notice dictionary. */
const NOTICE_CATEGORY_TASK = 6

/** A resolved list attribute: an array, or text separated by commas, as values. */
const valuesOf = (v: unknown): string[] =>
  v === null || v === undefined
    ? []
    : Array.isArray(v)
      ? v.filter((x) => x !== null && x !== undefined).map(String)
      : String(v)
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)

/**
 * A new task's people: its file's names and expressions resolved over the variables (strict: a
 * variable the instance lacks fails the step), then against the tenant's users and roles. A task
 * that resolves to nobody is still created, carrying the reason (`problem`), so the instance shows
 * why it waits and the administrators are told, rather than it waiting in no one's list.
 */
const peopleOf = async (tx: TTx, ctx: TRecordContext, elementId: string, attrs: TTaskModel | undefined) => {
  const where = `用户任务 ${elementLabel({ id: elementId, name: attrs?.name ?? null })}`
  const named = {
    assignee: resolveText(attrs?.assignee ?? null, ctx.vars, where),
    candidateUsers: (attrs?.candidateUsers ?? []).flatMap((u) =>
      valuesOf(resolveExpression(u, ctx.vars, where)),
    ),
    candidateGroups: (attrs?.candidateGroups ?? []).flatMap((g) =>
      valuesOf(resolveExpression(g, ctx.vars, where)),
    ),
  }
  const dir = await loadFlowDirectory(tx, [ctx.tenantId], {
    users: [...(named.assignee ? [named.assignee] : []), ...named.candidateUsers],
    groups: named.candidateGroups,
  })
  const people = resolvePeople(named, dir)
  const problem = people.nobody
    ? `${FlowMsg.TASK_NOBODY}: ${where} (${people.missing.length ? people.missing.join('; ') : '未指定办理人或候选人'})`.slice(
        0,
        1000,
      )
    : null
  return { ...people, problem }
}

/** The live users of a tenant with its `administrator` role. */
export const tenantAdministrators = (tx: TTx, tenantId: string) =>
  tx.$queryRaw<{ id: bigint }[]>`
    SELECT u.id FROM blade_user u
    WHERE u.tenant_id = ${tenantId} AND u.is_deleted = 0
      AND EXISTS (SELECT 1 FROM blade_role r WHERE r.tenant_id = u.tenant_id AND r.is_deleted = 0
        AND r.role_alias = 'administrator' AND r.id::text = ANY (string_to_array(u.role_id, ',')))`

/** Tells the instance's tenant administrators (a notice addressed to them) why an instance cannot go on. */
export const noticeProblem = async (
  tx: TTx,
  ctx: { tenantId: string; instanceId: bigint },
  problem: string,
) => {
  const admins = await tenantAdministrators(tx, ctx.tenantId)
  await tx.notice.create({
    data: {
      id: nextId(),
      tenantId: ctx.tenantId,
      title: `流程实例 ${ctx.instanceId} 需要处理`.slice(0, 255),
      content: problem.slice(0, 2000),
      category: NOTICE_CATEGORY_TASK,
      releaseTime: new Date(),
      recipientIds: admins.map((a) => a.id),
    },
  })
}

/** Writes what a step did: history rows, new and ended tasks (with their people), and ended tasks' rows. */
export const recordStep = async (
  tx: TTx,
  ctx: TRecordContext,
  step: TStepResult,
  done?: { taskExecutionId: string; assignee: string; comment: string },
) => {
  const history = new Map<
    string,
    { id: bigint; endTime: Date | null; assignee: string | null; comment: string | null }
  >()
  const rows: {
    id: bigint
    tenantId: string
    instanceId: bigint
    activityId: string
    activityName: string | null
    activityType: string
    executionId: string | null
    startTime: Date
    endTime: Date | null
    seq: number
    assignee: string | null
    comment: string | null
  }[] = []
  const base = await tx.flowHistory.count({ where: { instanceId: ctx.instanceId } })
  const ended: Extract<TFlowEvent, { kind: 'end' }>[] = []
  const waits: Extract<TFlowEvent, { kind: 'wait' }>[] = []
  for (const ev of step.events) {
    if (ev.kind === 'start') {
      const row = {
        id: nextId(),
        tenantId: ctx.tenantId,
        instanceId: ctx.instanceId,
        activityId: ev.elementId,
        activityName: ctx.process.names.get(ev.elementId) ?? null,
        activityType: ev.elementType,
        executionId: ev.executionId,
        startTime: ev.at,
        endTime: null as Date | null,
        seq: base + rows.length,
        assignee: null,
        comment: null,
      }
      rows.push(row)
      history.set(ev.executionId, row)
    } else if (ev.kind === 'flow') {
      rows.push({
        id: nextId(),
        tenantId: ctx.tenantId,
        instanceId: ctx.instanceId,
        activityId: ev.elementId,
        activityName: ctx.process.names.get(ev.elementId) ?? null,
        activityType: 'sequenceFlow',
        executionId: null,
        startTime: ev.at,
        endTime: ev.at,
        seq: base + rows.length,
        assignee: null,
        comment: null,
      })
    } else if (ev.kind === 'end') {
      const row = history.get(ev.executionId)
      if (row) {
        row.endTime = ev.at
      } else {
        ended.push(ev)
      }
    } else {
      waits.push(ev)
    }
  }
  // Rows of earlier steps that ended in this one (the completed task, an interrupted one).
  for (const ev of ended) {
    const isDone = done?.taskExecutionId === ev.executionId
    await tx.flowHistory.updateMany({
      where: { instanceId: ctx.instanceId, executionId: ev.executionId, endTime: null },
      data: { endTime: ev.at, ...(isDone ? { assignee: done.assignee, comment: done.comment } : {}) },
    })
    if (!isDone && ev.elementType === 'userTask') {
      await tx.flowTask.updateMany({
        where: { instanceId: ctx.instanceId, executionId: ev.executionId, status: FLOW_TASK_STATUS.OPEN },
        data: { status: FLOW_TASK_STATUS.CANCELLED, endTime: ev.at },
      })
    }
  }
  // New user tasks (a resume repeats the wait of tasks that already exist: skipped by the unique key).
  const fresh = waits.filter(
    (w) =>
      w.elementType === 'userTask' &&
      !step.events.some((e) => e.kind === 'end' && e.executionId === w.executionId),
  )
  const existing = fresh.length
    ? new Set(
        (
          await tx.flowTask.findMany({
            where: { instanceId: ctx.instanceId, executionId: { in: fresh.map((w) => w.executionId) } },
            select: { executionId: true },
          })
        ).map((t) => t.executionId),
      )
    : new Set<string>()
  const tasks = []
  const problems: string[] = []
  for (const w of fresh) {
    if (existing.has(w.executionId)) {
      continue
    }
    const attrs = ctx.process.tasks.get(w.elementId)
    const people = await peopleOf(tx, ctx, w.elementId, attrs)
    const historyRow = history.get(w.executionId)
    if (historyRow) {
      historyRow.assignee = people.assignee
    }
    if (people.problem) {
      problems.push(people.problem)
    }
    tasks.push({
      id: nextId(),
      tenantId: ctx.tenantId,
      instanceId: ctx.instanceId,
      definitionId: ctx.definitionId,
      executionId: w.executionId,
      taskDefinitionKey: w.elementId,
      name: attrs?.name ?? null,
      assignee: people.assignee,
      candidateUsers: people.candidateUsers,
      candidateGroups: people.candidateGroups,
      createTime: w.at,
      dueDate: dueDateOf(attrs?.dueDate ?? null, ctx.vars, w.at),
      problem: people.problem,
    })
  }
  if (rows.length) {
    await tx.flowHistory.createMany({ data: rows })
  }
  if (tasks.length) {
    await tx.flowTask.createMany({ data: tasks, skipDuplicates: true })
  }
  if (step.finished) {
    await tx.flowTask.updateMany({
      where: { instanceId: ctx.instanceId, status: FLOW_TASK_STATUS.OPEN },
      data: { status: FLOW_TASK_STATUS.CANCELLED, endTime: new Date() },
    })
  }
  for (const problem of problems) {
    await noticeProblem(tx, ctx, problem)
  }
}
