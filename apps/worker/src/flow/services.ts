import { nextId, type PrismaClient } from '@ysjs/db'
import { FLOW_JOB_ATTRIBUTE, TASK_USER_PREFIX, type TFlowServiceName } from '@ysjs/shared'
import { tenantAdministrators } from './flow-record.ts'

type TTx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0]

/** What a service task's handler gets: the step's transaction and the element's resolved attributes. */
export type TServiceContext = {
  tx: TTx
  tenantId: string
  instanceId: bigint
  activityId: string
  /** `<instance>:<activity>:<visit>`: the same on every retry of the same visit (for outside systems). */
  key: string
  attrs: Record<string, string | null>
  startUserId: bigint | null
}
export type TServiceHandler = (ctx: TServiceContext) => Promise<Record<string, unknown>>

/** 事务通知 in the notice dictionary. */
const NOTICE_CATEGORY_TASK = 6

/**
 * The people of an instance (issue 28): the user who started it and every user a task of it was
 * assigned to (`taskUser_<id>`), live users of the instance's tenant only. An instance with nobody
 * (started by a job, tasks offered to roles only) reaches the tenant's administrators: an empty list
 * would address the whole tenant.
 */
const participantsOf = async (tx: TTx, tenantId: string, instanceId: bigint, startUserId: bigint | null) => {
  const tasks = await tx.flowTask.findMany({
    where: { instanceId, assignee: { startsWith: TASK_USER_PREFIX } },
    select: { assignee: true },
  })
  const named = new Set<bigint>(startUserId === null ? [] : [startUserId])
  for (const { assignee } of tasks) {
    const id = assignee!.slice(TASK_USER_PREFIX.length)
    if (/^\d{1,19}$/.test(id)) {
      named.add(BigInt(id))
    }
  }
  const users = await tx.user.findMany({
    where: { id: { in: [...named] }, tenantId, isDeleted: 0 },
    select: { id: true },
    orderBy: { id: 'asc' },
  })
  const ids = users.map((u) => u.id)
  return ids.length ? ids : (await tenantAdministrators(tx, tenantId)).map((u) => u.id)
}

/**
 * The service tasks a process may name (`flowable:delegateExpression="${notice}"`). Each writes
 * through the step's transaction, so its effect commits with the step or not at all.
 */
export const FLOW_SERVICE_HANDLERS: Record<TFlowServiceName, TServiceHandler> = {
  /**
   * Starts a run of a scheduled job of type 5: the run row itself is written by the job hook
   * (`job/flow-trigger.ts`) in this same step transaction once the task has ended; here the task only
   * completes, with the job it names.
   */
  job: async ({ attrs }) => ({
    jobInfoId:
      Object.entries(attrs).find(
        ([k]) => k === FLOW_JOB_ATTRIBUTE || k.endsWith(`:${FLOW_JOB_ATTRIBUTE}`),
      )?.[1] ?? null,
  }),
  /**
   * Publishes a notice (通知公告) to the instance's participants (its starter and the users its tasks
   * were assigned to), not to the whole tenant: attributes `title`, `content`, `category`.
   */
  notice: async ({ tx, tenantId, instanceId, attrs, startUserId }) => {
    const id = nextId()
    const category = Number(attrs.category)
    await tx.notice.create({
      data: {
        id,
        tenantId,
        title: (attrs.title ?? '流程通知').slice(0, 255),
        content: attrs.content?.slice(0, 2000) ?? null,
        category: Number.isInteger(category) && category > 0 ? category : NOTICE_CATEGORY_TASK,
        releaseTime: new Date(),
        recipientIds: await participantsOf(tx, tenantId, instanceId, startUserId),
        createUser: startUserId,
      },
    })
    return { noticeId: String(id) }
  },
}
