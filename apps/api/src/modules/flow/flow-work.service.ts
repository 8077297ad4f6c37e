import type { Prisma, PrismaClient } from '@ysjs/db'
import {
  durationText,
  FLOW_INSTANCE_STATUS,
  FLOW_SUSPENSION,
  FLOW_TASK_STATUS,
  parseDateTime,
  type TBladeFlow,
  type TFlowHistory,
  type TFlowModeQuery,
  type TFlowProcess,
  type TWorkListQuery,
  taskUserOf,
  userIdOfTaskUser,
} from '@ysjs/shared'
import { isPlatformAdmin, type TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { boundedFind, boundedPage, boundedRows, skipTake, toPage } from '../../lib/paging.ts'
import { toWire } from '../../lib/serialize.ts'
import { flowCategoryNames } from './flow-categories.ts'

type TDefinition = {
  id: string
  key: string
  name: string | null
  category: string | null
  version: number
  description: string | null
  resourceName: string
}
type TTaskRow = Prisma.FlowTaskGetPayload<object>
type TInstanceRow = Prisma.FlowInstanceGetPayload<object>

/** A BladeFlow with every field null (contract 10.2), filled in by each list. */
export const emptyFlow = (): TBladeFlow => ({
  taskId: null,
  taskName: null,
  taskDefinitionKey: null,
  assignee: null,
  assigneeName: null,
  category: null,
  categoryName: null,
  createTime: null,
  endTime: null,
  claimTime: null,
  historyTaskEndTime: null,
  executionId: null,
  processInstanceId: null,
  processDefinitionId: null,
  processDefinitionKey: null,
  processDefinitionName: null,
  processDefinitionVersion: null,
  processDefinitionDesc: null,
  processDefinitionDiagramResName: null,
  processDefinitionResName: null,
  historyProcessInstanceId: null,
  processIsFinished: null,
  historyActivityId: null,
  historyActivityName: null,
  historyActivityType: null,
  historyActivityDurationTime: null,
  businessTable: null,
  businessId: null,
  status: null,
  comment: null,
  pass: null,
  flag: null,
  beginDate: null,
  endDate: null,
  variables: null,
  problem: null,
})

/** A date as the envelope would send it (the schema types it as a string). */
const wire = (d: Date | null): string | null => (d === null ? null : toWire(d))

/** A bounded page of process instances, the latest started first (the sent list, the running instances). */
export const instancesPage = (
  prisma: PrismaClient,
  q: Parameters<typeof boundedRows>[0],
  where: Prisma.FlowInstanceWhereInput,
) => boundedFind(q, prisma.flowInstance, { where, orderBy: [{ startTime: 'desc' }, { id: 'desc' }] })

/**
 * Work lists (contract 10.2: start, claim, todo, send, done), the instance views (model-view,
 * history-flow-list) and the todo count, read straight from the flow tables of the caller's tenant.
 */
export const createFlowWorkService = (prisma: PrismaClient) => {
  const categoryNames = (tenantId: string) => flowCategoryNames(prisma, tenantId)
  const userNames = async (taskUsers: (string | null)[]) => {
    const ids = [...new Set(taskUsers.map(userIdOfTaskUser).filter((x): x is string => !!x))].map(BigInt)
    const users = ids.length
      ? await prisma.user.findMany({
          where: { id: { in: ids } },
          select: { id: true, realName: true, name: true, account: true },
        })
      : []
    return new Map(users.map((u) => [taskUserOf(u.id), u.realName ?? u.name ?? u.account]))
  }
  const definitionsById = async (ids: string[]) => {
    const defs = await prisma.flowDefinition.findMany({
      where: { id: { in: [...new Set(ids)] } },
      select: {
        id: true,
        key: true,
        name: true,
        category: true,
        version: true,
        description: true,
        resourceName: true,
      },
    })
    return new Map<string, TDefinition>(defs.map((d) => [d.id, d]))
  }
  /** Why a running instance cannot go on (a failed timer step, tasks that resolved to nobody); null: none. */
  const problemOf = (inst: { id: bigint; problem: string | null }, tasks: TTaskRow[]): string | null => {
    const open = tasks
      .filter((t) => t.instanceId === inst.id && t.status === FLOW_TASK_STATUS.OPEN && t.problem)
      .map((t) => t.problem as string)
    const all = [...(inst.problem ? [inst.problem] : []), ...open]
    return all.length ? all.join('; ') : null
  }
  const split = (businessKey: string | null) => {
    const [table, id] = (businessKey ?? '').split(':')
    return { businessTable: table || null, businessId: id || null }
  }

  const filterWhere = async (q: TWorkListQuery, field: 'createTime' | 'startTime') => {
    const where: Record<string, unknown> = {}
    const range: Record<string, Date> = {}
    const begin = q.beginDate ? parseDateTime(q.beginDate) : null
    const end = q.endDate ? parseDateTime(q.endDate) : null
    if (begin) {
      range.gte = begin
    }
    if (end) {
      range.lte = q.endDate?.length === 10 ? new Date(end.getTime() + 86_399_999) : end
    }
    if (Object.keys(range).length) {
      where[field] = range
    }
    if (q.category || q.processDefinitionName) {
      const defs = await prisma.flowDefinition.findMany({
        where: {
          ...(q.category ? { category: q.category } : {}),
          ...(q.processDefinitionName ? { name: { contains: q.processDefinitionName } } : {}),
        },
        select: { id: true },
      })
      where.definitionId = { in: defs.map((d) => d.id) }
    }
    return where
  }

  const taskRows = async (tasks: TTaskRow[], status: string, tenantId: string) => {
    const instances = await prisma.flowInstance.findMany({
      where: { id: { in: tasks.map((t) => t.instanceId) } },
    })
    const byId = new Map(instances.map((i) => [i.id, i]))
    const defs = await definitionsById(tasks.map((t) => t.definitionId))
    const names = await userNames([
      ...tasks.map((t) => t.assignee),
      ...instances.map((i) => (i.startUserId ? taskUserOf(i.startUserId) : null)),
    ])
    const cats = await categoryNames(tenantId)
    return tasks.map((t): TBladeFlow => {
      const inst = byId.get(t.instanceId)
      const def = defs.get(t.definitionId)
      return {
        ...emptyFlow(),
        taskId: String(t.id),
        taskName: t.name,
        taskDefinitionKey: t.taskDefinitionKey,
        assignee: t.assignee,
        assigneeName: inst?.startUser ?? (t.assignee ? (names.get(t.assignee) ?? null) : null),
        category: def?.category ?? null,
        categoryName: def?.category ? (cats.get(def.category) ?? null) : null,
        createTime: wire(t.createTime),
        endTime: wire(t.endTime),
        claimTime: wire(t.claimTime),
        historyTaskEndTime: wire(t.endTime),
        executionId: t.executionId,
        processInstanceId: String(t.instanceId),
        processDefinitionId: t.definitionId,
        processDefinitionKey: def?.key ?? null,
        processDefinitionName: def?.name ?? null,
        processDefinitionVersion: def?.version ?? null,
        processDefinitionDesc: def?.description ?? null,
        processDefinitionResName: def?.resourceName ?? null,
        processDefinitionDiagramResName: def?.resourceName ?? null,
        historyProcessInstanceId: String(t.instanceId),
        processIsFinished: inst && inst.status !== FLOW_INSTANCE_STATUS.RUNNING ? 'finished' : 'unfinished',
        ...split(inst?.businessKey ?? null),
        status,
        comment: t.comment,
        pass: t.pass,
      }
    })
  }

  const me = (ctx: TCtx) => {
    if (!ctx.user) {
      throw AppError.unauthorized()
    }
    return { user: ctx.user, taskUser: taskUserOf(ctx.user.userId) }
  }

  /** Latest version of each definition the caller may see (mode 1 common, 2 the tenant's). */
  const latestDefinitions = async (ctx: TCtx, q: TFlowModeQuery, startable: boolean) => {
    // Mode 2 is the tenant's own; the platform administrator manages every tenant's, but starts
    // only its own (an instance runs in its starter's tenant).
    const tenantWhere =
      q.mode === 1
        ? { tenantId: '' }
        : isPlatformAdmin(ctx.user) && !startable
          ? { tenantId: { not: '' } }
          : { tenantId: ctx.tenantId }
    const rows = await prisma.flowDefinition.findMany({
      where: {
        ...tenantWhere,
        ...(q.category ? { category: q.category } : {}),
        ...(startable ? { suspensionState: FLOW_SUSPENSION.ACTIVE } : {}),
      },
      orderBy: [{ key: 'asc' }, { version: 'desc' }],
    })
    const latest = new Map<string, (typeof rows)[number]>()
    for (const r of rows) {
      const k = `${r.tenantId}/${r.key}`
      if (!latest.has(k)) {
        latest.set(k, r)
      }
    }
    const cats = await categoryNames(ctx.tenantId)
    const all = [...latest.values()].map(
      (d): TFlowProcess => ({
        id: d.id,
        tenantId: d.tenantId,
        name: d.name,
        key: d.key,
        category: d.category,
        categoryName: d.category ? (cats.get(d.category) ?? null) : null,
        version: d.version,
        deploymentId: String(d.deploymentId),
        resourceName: d.resourceName,
        diagramResourceName: d.resourceName,
        suspensionState: d.suspensionState,
        deploymentTime: wire(d.deploymentTime) as string,
        warnings: d.warnings,
      }),
    )
    const { skip, take } = skipTake(q)
    return toPage(all.slice(skip, skip + take), all.length, q)
  }

  const instanceFor = async (ctx: TCtx, id: bigint): Promise<TInstanceRow> => {
    const inst = await prisma.flowInstance.findUnique({ where: { id } })
    if (!inst || (inst.tenantId !== ctx.tenantId && !isPlatformAdmin(ctx.user))) {
      throw AppError.badRequest('流程实例不存在')
    }
    return inst
  }

  /**
   * The instance's history as the spec's items (spec 3): taken flows are `sequenceFlow`, a user
   * task still waiting (assigned or offered to candidates) is `candidate`, anything else keeps its
   * BPMN type and has ended. Elements still running that are not tasks (a pending timer) are left out.
   */
  const historyItems = async (instanceId: bigint): Promise<TFlowHistory[]> => {
    const rows = await prisma.flowHistory.findMany({ where: { instanceId }, orderBy: [{ seq: 'asc' }] })
    const names = await userNames(rows.map((r) => r.assignee))
    return rows
      .filter((r) => r.endTime || r.activityType === 'userTask')
      .map((r) => ({
        historyActivityId: r.activityId,
        historyActivityName: r.activityName,
        historyActivityType: r.endTime ? r.activityType : 'candidate',
        createTime: wire(r.startTime) as string,
        endTime: wire(r.endTime),
        historyActivityDurationTime: r.endTime
          ? durationText(r.endTime.getTime() - r.startTime.getTime())
          : '',
        assignee: r.assignee,
        assigneeName: r.assignee ? (names.get(r.assignee) ?? null) : null,
        comment: r.comment,
      }))
  }

  /** A page of tasks (newest first by `order`, bounded total), with their processes' fields. */
  const taskPage = async (
    ctx: TCtx,
    q: TWorkListQuery,
    where: Prisma.FlowTaskWhereInput,
    order: 'createTime' | 'endTime',
    status: string,
  ) => {
    const b = await boundedRows(
      q,
      () =>
        prisma.flowTask.findMany({ where, orderBy: [{ [order]: 'desc' }, { id: 'desc' }], ...skipTake(q) }),
      (take) => prisma.flowTask.count({ where, take }),
    )
    return boundedPage(await taskRows(b.rows, status, ctx.tenantId), b, q)
  }

  /** Contract 10.2 history-flow-list: one item per start or end event or assigned activity. */
  const history = async (ctx: TCtx, instanceId: bigint): Promise<TFlowHistory[]> => {
    await instanceFor(ctx, instanceId)
    return (await historyItems(instanceId)).filter(
      (h) => h.historyActivityType === 'startEvent' || h.historyActivityType === 'endEvent' || h.assignee,
    )
  }

  /** A page of the tenant's tasks the caller may claim, has to do or has done; the list filters their creation. */
  const myTasks = async (
    ctx: TCtx,
    q: TWorkListQuery,
    where: Prisma.FlowTaskWhereInput,
    kind: 'claim' | 'todo' | 'done',
  ) =>
    taskPage(
      ctx,
      q,
      { tenantId: ctx.tenantId, ...where, ...(await filterWhere(q, 'createTime')) },
      kind === 'done' ? 'endTime' : 'createTime',
      kind,
    )

  return {
    startList: (ctx: TCtx, q: TFlowModeQuery) => latestDefinitions(ctx, q, true),
    managerList: (ctx: TCtx, q: TFlowModeQuery) => latestDefinitions(ctx, q, false),

    async claimList(ctx: TCtx, q: TWorkListQuery) {
      const { user, taskUser } = me(ctx)
      const candidate = [{ candidateUsers: { has: taskUser } }, { candidateGroups: { hasSome: user.roles } }]
      return myTasks(ctx, q, { status: FLOW_TASK_STATUS.OPEN, assignee: null, OR: candidate }, 'claim')
    },
    todoList: (ctx: TCtx, q: TWorkListQuery) =>
      myTasks(ctx, q, { status: FLOW_TASK_STATUS.OPEN, assignee: me(ctx).taskUser }, 'todo'),
    doneList: (ctx: TCtx, q: TWorkListQuery) =>
      myTasks(ctx, q, { status: FLOW_TASK_STATUS.COMPLETED, assignee: me(ctx).taskUser }, 'done'),
    async sendList(ctx: TCtx, q: TWorkListQuery) {
      const { user } = me(ctx)
      const where = {
        tenantId: ctx.tenantId,
        startUserId: user.userId,
        status: { not: FLOW_INSTANCE_STATUS.DELETED },
        ...(await filterWhere(q, 'startTime')),
      }
      const b = await instancesPage(prisma, q, where)
      const instances = b.rows
      const defs = await definitionsById(instances.map((i) => i.definitionId))
      const cats = await categoryNames(ctx.tenantId)
      const lastTasks = await prisma.flowTask.findMany({
        where: { instanceId: { in: instances.map((i) => i.id) } },
        orderBy: [{ createTime: 'desc' }],
      })
      const last = new Map<bigint, TTaskRow>()
      for (const t of lastTasks) {
        if (!last.has(t.instanceId)) {
          last.set(t.instanceId, t)
        }
      }
      const records = instances.map((i): TBladeFlow => {
        const def = defs.get(i.definitionId)
        const t = last.get(i.id)
        return {
          ...emptyFlow(),
          taskId: t ? String(t.id) : null,
          taskName: t?.name ?? null,
          taskDefinitionKey: t?.taskDefinitionKey ?? null,
          assignee: t?.assignee ?? null,
          assigneeName: i.startUser,
          category: def?.category ?? null,
          categoryName: def?.category ? (cats.get(def.category) ?? null) : null,
          createTime: wire(i.startTime),
          endTime: wire(i.endTime),
          historyTaskEndTime: wire(t?.endTime ?? null),
          processInstanceId: String(i.id),
          processDefinitionId: i.definitionId,
          processDefinitionKey: def?.key ?? null,
          processDefinitionName: def?.name ?? null,
          processDefinitionVersion: def?.version ?? null,
          historyProcessInstanceId: String(i.id),
          processIsFinished: i.status === FLOW_INSTANCE_STATUS.RUNNING ? 'unfinished' : 'finished',
          problem: i.status === FLOW_INSTANCE_STATUS.RUNNING ? problemOf(i, lastTasks) : null,
          ...split(i.businessKey),
          status: 'finish',
        }
      })
      return boundedPage(records, b, q)
    },

    userList: (ctx: TCtx) =>
      prisma.user.findMany({
        where: { tenantId: ctx.tenantId, isDeleted: 0, status: 1 },
        select: { id: true, account: true, realName: true },
        orderBy: { account: 'asc' },
        take: 1000,
      }),

    /** The user's open tasks (the dashboard's 待办). */
    async todoCount(ctx: TCtx): Promise<number | null> {
      if (!ctx.user) {
        return null
      }
      return prisma.flowTask.count({
        where: {
          tenantId: ctx.tenantId,
          status: FLOW_TASK_STATUS.OPEN,
          assignee: taskUserOf(ctx.user.userId),
        },
      })
    },

    history,
    problemOf,
    async modelView(ctx: TCtx, q: { processInstanceId?: string; processDefinitionId?: string }) {
      if (q.processInstanceId) {
        const inst = await instanceFor(ctx, BigInt(q.processInstanceId))
        const def = await prisma.flowDefinition.findUnique({ where: { id: inst.definitionId } })
        return { xml: def?.xml ?? '', flow: await historyItems(inst.id) }
      }
      const def = await prisma.flowDefinition.findUnique({ where: { id: q.processDefinitionId ?? '' } })
      if (!def || (def.tenantId !== '' && def.tenantId !== ctx.tenantId && !isPlatformAdmin(ctx.user))) {
        throw AppError.badRequest('流程定义不存在')
      }
      return { xml: def.xml, flow: [] }
    },
    instanceFor,
  }
}
export type TFlowWorkService = ReturnType<typeof createFlowWorkService>
