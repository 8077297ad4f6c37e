import { nextId, type PrismaClient } from '@ysjs/db'
// The API's Tencent adapter, through the same outbound guard (SMS_ALLOWED_HOSTS as the API has it).
import {
  createTencentSmsProvider,
  type TAllowEntry,
  TENCENT_SMS,
  type TSecretBox,
  tencentSmsPolicy,
} from '@ysjs/server-core'
import { formatDateTime, isId, SmsCategory, SmsStatus } from '@ysjs/shared'
import { JobInstanceStatus } from '@ysjs/shared/job'
import type { Redis } from 'ioredis'
import type { Logger } from 'pino'

type TJobRow = NonNullable<Awaited<ReturnType<PrismaClient['jobInfo']['findFirst']>>>

/** Notice category of an alert: 事务通知 (dictionary `notice`). */
export const ALERT_NOTICE_CATEGORY = 6

/** The ids of a comma-separated `notifyUserIds` (checked at submit; rows older than that check too). */
const userIdsOf = (text: string | null): bigint[] =>
  (text ?? '')
    .split(/[,，\s]+/)
    .filter(isId)
    .map(BigInt)

/**
 * Job alerts (decision 012): when a run of a job with `alertThreshold` > 0 ends failed, the failed
 * runs that ended within the last `statisticWindowLen` seconds (0: no window) and after the job's
 * previous alert are counted; at the threshold, one process (a Redis SET NX gate) notifies the users
 * of `notifyUserIds` — a notice in each one's tenant addressed to those of them in it, and an SMS when
 * the tenant has an SMS config enabled — and the job stays silent for `silenceWindowLen` seconds.
 */
export const createAlerts = (deps: {
  prisma: PrismaClient
  redis: Redis
  prefix: string
  log: Logger
  /** `SMS_ALLOWED_HOSTS`: gateways besides the vendors' documented hosts. */
  smsAllowedHosts: readonly TAllowEntry[]
  /** Opens the SMS secret sealed at rest (decision 026). */
  secrets: TSecretBox
}) => {
  const { prisma, redis, prefix, log } = deps
  const keys = (id: bigint) => ({
    last: `${prefix}:job:alert:last:${id}`,
    silence: `${prefix}:job:alert:silence:${id}`,
  })

  const send = async (job: TJobRow, failures: number, lastResult: string | null) => {
    const users = await prisma.user.findMany({
      where: { id: { in: userIdsOf(job.notifyUserIds) }, isDeleted: 0 },
      select: { id: true, tenantId: true, account: true, realName: true, phone: true },
    })
    const title = `任务告警: ${job.jobName}`.slice(0, 255)
    const window = job.statisticWindowLen > 0 ? `${job.statisticWindowLen} 秒内` : '自上次告警以来'
    const byTenant = new Map<string, typeof users>()
    for (const u of users) {
      byTenant.set(u.tenantId, [...(byTenant.get(u.tenantId) ?? []), u])
    }
    let sms = 0
    for (const [tenantId, list] of byTenant) {
      const names = list.map((u) => u.realName || u.account).join('、')
      const content =
        `任务「${job.jobName}」(ID ${job.id}) ${window}失败 ${failures} 次, 最近一次: ${lastResult ?? '无'}。` +
        `已通知: ${names}。${formatDateTime(new Date())}`
      // Addressed to the alert's users of this tenant: no one else of the tenant reads it.
      await prisma.notice.create({
        data: {
          id: nextId(),
          tenantId,
          title,
          category: ALERT_NOTICE_CATEGORY,
          content: content.slice(0, 2000),
          releaseTime: new Date(),
          recipientIds: list.map((u) => u.id),
          status: 1,
        },
      })
      const phones = list.map((u) => u.phone).filter((p): p is string => Boolean(p))
      const config = await prisma.sms.findFirst({
        where: { tenantId, status: SmsStatus.ENABLED, isDeleted: 0 },
        orderBy: { updateTime: 'desc' },
      })
      if (!config || phones.length === 0) {
        continue
      }
      const params = { jobName: job.jobName.slice(0, 20), failures: String(failures) }
      if (config.category === SmsCategory.TENCENT) {
        let secretKey: string
        try {
          secretKey = config.secretKey ? deps.secrets.open(config.secretKey) : ''
        } catch (err) {
          // A key this worker does not hold: the notice is out, the SMS cannot be signed.
          log.error(
            { err, smsId: String(config.id), tenantId },
            'job alert sms not sent: its secret cannot be read',
          )
          continue
        }
        const result = await createTencentSmsProvider(
          {
            secretId: config.accessKey ?? '',
            secretKey,
            appId: config.appId ?? '',
            signName: config.signName ?? '',
            region: config.regionId || TENCENT_SMS.DEFAULT_REGION,
            endpoint: config.endpoint,
          },
          tencentSmsPolicy(deps.smsAllowedHosts),
        ).send({ phones, templateId: config.templateId, params })
        if (!result.success) {
          log.warn({ jobInfoId: String(job.id), failed: result.failed }, 'job alert sms not sent')
        }
      } else {
        // The log provider: nothing leaves the machine.
        log.info({ sms: { phones, templateId: config.templateId, params } }, 'job alert sms (log provider)')
      }
      sms += phones.length
    }
    log.warn({ jobInfoId: String(job.id), failures, users: users.length, sms }, 'job alert sent')
    return { users: users.length, sms }
  }

  return {
    /** Called after a run of `job` ended failed; answers whether an alert went out. */
    async onFailure(job: TJobRow, lastResult: string | null): Promise<boolean> {
      if (job.alertThreshold <= 0 || !job.notifyUserIds) {
        return false
      }
      const k = keys(job.id)
      const last = Number(await redis.get(k.last)) || 0
      const windowStart = job.statisticWindowLen > 0 ? Date.now() - job.statisticWindowLen * 1000 : 0
      const failures = await prisma.jobInstance.count({
        where: {
          jobInfoId: job.id,
          status: JobInstanceStatus.FAILED,
          endTime: { gt: new Date(Math.max(windowStart, last)) },
        },
      })
      if (failures < job.alertThreshold) {
        return false
      }
      const silenceMs = Math.max(1000, job.silenceWindowLen * 1000)
      if ((await redis.set(k.silence, String(Date.now()), 'PX', silenceMs, 'NX')) !== 'OK') {
        return false
      }
      await redis.set(k.last, String(Date.now()), 'PX', 30 * 86_400_000)
      await send(job, failures, lastResult)
      return true
    },
  }
}
export type TAlerts = ReturnType<typeof createAlerts>
