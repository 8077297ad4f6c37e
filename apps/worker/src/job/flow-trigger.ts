import { nextId, type PrismaClient } from '@ysjs/db'
import { FLOW_JOB_ATTRIBUTE, TimeExpressionType } from '@ysjs/shared'
import {
  JOB_RUN_QUEUE,
  JobInstanceStatus,
  JobTrigger,
  jobLogLine,
  jobRunKey,
  type TJobRunPayload,
} from '@ysjs/shared/job'
import BpmnModdle from 'bpmn-moddle'
import { Queue } from 'bullmq'
import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import { runOpts } from './scheduler.ts'

type TTx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0]

/** What a flow step tells the hook: the activities it ended (in order). */
export type TFlowStepEvent = {
  kind: string
  elementId?: string
  elementType?: string
  at?: Date
  discarded?: boolean
}
export type TFlowStepContext = { instanceId: bigint; definitionId: string }

export const FLOW_JOB_REFUSED = '任务未启用或不是工作流类型, 流程未启动它'

const jobIdOf = (attrs: Record<string, string> | undefined): string | null => {
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (k === FLOW_JOB_ATTRIBUTE || k.endsWith(`:${FLOW_JOB_ATTRIBUTE}`)) {
      return /^\d{1,19}$/.test(v.trim()) ? v.trim() : null
    }
  }
  return null
}

/**
 * Time expression type 5 (工作流): a BPMN service task carrying `jobInfoId` starts one run of that job
 * when the process completes the task. The run is written inside the transaction that records the
 * flow step, and enqueued before it commits: a step that rolls back (its command is retried from the
 * last saved state) leaves no row, and the runner drops a delivery whose row never appears; a step
 * that commits has exactly one row, so a retried command never runs the job twice. The run's key is
 * the job id + the moment the process reached the task; its log names the instance and activity.
 */
export const createFlowJobTrigger = (deps: { connection: Redis; prefix: string; log: Logger }) => {
  const runs = new Queue(JOB_RUN_QUEUE, { connection: deps.connection, prefix: deps.prefix })
  runs.on('error', (err) => deps.log.debug({ err: err.message }, 'flow job trigger queue error'))
  const jobTasks = new Map<string, Promise<Map<string, string>>>()
  /** Service task id → job id, per deployed definition (its XML never changes). */
  const tasksOf = (tx: TTx, definitionId: string) => {
    let found = jobTasks.get(definitionId)
    if (!found) {
      found = (async () => {
        const def = await tx.flowDefinition.findUnique({ where: { id: definitionId }, select: { xml: true } })
        const map = new Map<string, string>()
        if (def) {
          const { elementsById } = await new BpmnModdle().fromXML(def.xml)
          for (const el of Object.values(elementsById)) {
            const jobId = el.$type === 'bpmn:ServiceTask' && el.id ? jobIdOf(el.$attrs) : null
            if (jobId && el.id) {
              map.set(el.id, jobId)
            }
          }
        }
        return map
      })()
      jobTasks.set(definitionId, found)
      found.catch(() => jobTasks.delete(definitionId))
    }
    return found
  }

  return {
    /** Called inside the flow step's transaction, after its history rows are written. */
    async onStep(tx: TTx, ctx: TFlowStepContext, events: readonly TFlowStepEvent[]) {
      const ended = events.filter((e) => e.kind === 'end' && e.elementType === 'serviceTask' && !e.discarded)
      if (!ended.length) {
        return
      }
      const tasks = await tasksOf(tx, ctx.definitionId)
      let lastMs = 0
      for (const ev of ended) {
        const jobId = ev.elementId ? tasks.get(ev.elementId) : undefined
        if (!jobId) {
          continue
        }
        const job = await tx.jobInfo.findFirst({ where: { id: BigInt(jobId), isDeleted: 0 } })
        if (!job) {
          deps.log.warn(
            { jobInfoId: jobId, instanceId: String(ctx.instanceId) },
            'flow names a job that does not exist',
          )
          continue
        }
        const runnable = job.enable === 1 && job.timeExpressionType === TimeExpressionType.WORKFLOW
        const origin = `流程实例 ${ctx.instanceId}, 节点 ${ev.elementId}`
        // Two runs of one job in one step (a loop) get their own planned milliseconds.
        let plannedMs = Math.max(ev.at?.getTime() ?? Date.now(), lastMs + 1)
        for (;;) {
          const created = await tx.jobInstance.createMany({
            data: [
              {
                id: nextId(),
                jobInfoId: job.id,
                plannedTime: new Date(plannedMs),
                trigger: JobTrigger.WORKFLOW,
                status: runnable ? JobInstanceStatus.WAITING : JobInstanceStatus.STOPPED,
                ...(runnable
                  ? { log: jobLogLine(2, `由流程启动 (${origin})`) }
                  : { result: `${FLOW_JOB_REFUSED} (${origin})`, endTime: new Date() }),
              },
            ],
            skipDuplicates: true,
          })
          if (created.count === 1) {
            break
          }
          plannedMs++
        }
        lastMs = plannedMs
        if (runnable) {
          const payload: TJobRunPayload = {
            jobInfoId: String(job.id),
            plannedMs,
            trigger: JobTrigger.WORKFLOW,
          }
          await runs.add('run', payload, { ...runOpts(job), jobId: jobRunKey(String(job.id), plannedMs) })
        }
      }
    },
    async close() {
      await runs.close()
    },
  }
}
export type TFlowJobTrigger = ReturnType<typeof createFlowJobTrigger>
