import { nextId, type PrismaClient } from '@ysjs/db'
import { FLOW_JOB_ATTRIBUTE, type TFlowServiceName } from '@ysjs/shared'

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
  /** Publishes a notice (通知公告) in the instance's tenant: attributes `title`, `content`, `category`. */
  notice: async ({ tx, tenantId, attrs, startUserId }) => {
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
        createUser: startUserId,
      },
    })
    return { noticeId: String(id) }
  },
}
