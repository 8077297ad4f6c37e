import { formatDateTime } from '@ysjs/shared'
import type { FastifyBaseLogger } from 'fastify'
import type { TLogWriter } from '../../plugins/log-writer.ts'

type TWho = { tenantId: string; account: string; source: string }

/**
 * Login-defence events, written to the application log and to the usual-log table so that
 * administrators see who was locked out, from where, until when, and when the lock ended.
 */
export const createSecurityLog = (log: FastifyBaseLogger, logs: TLogWriter) => {
  const record = (who: TWho, level: 'INFO' | 'WARN', id: string, data: string) => {
    const fields = { tenantId: who.tenantId, account: who.account, source: who.source, event: id }
    if (level === 'WARN') {
      log.warn(fields, data)
    } else {
      log.info(fields, data)
    }
    logs.usual({ tenantId: who.tenantId, level, id, data, remoteIp: who.source, createBy: who.account })
  }
  return {
    locked(who: TWho, what: 'account' | 'source', seconds: number) {
      const until = formatDateTime(new Date(Date.now() + seconds * 1000))
      if (what === 'account') {
        record(who, 'WARN', 'login.locked', `账号 ${who.account} 因持续的错误登录被锁定至 ${until}`)
      } else {
        record(
          who,
          'WARN',
          'login.source-locked',
          `来源 ${who.source} 对账号 ${who.account} 的登录被暂停至 ${until}`,
        )
      }
    },
    released(who: Omit<TWho, 'source'> & { source?: string }, how: 'expired' | 'unlocked', by?: string) {
      const data =
        how === 'expired'
          ? `账号 ${who.account} 的登录锁定已到期解除`
          : `账号 ${who.account} 的登录锁定已由 ${by ?? '管理员'} 解除`
      record({ ...who, source: who.source ?? '' }, 'INFO', 'login.released', data)
    },
    /** Refused attempts are many during an attack: the application log only, at debug. */
    refused(who: TWho, reason: string) {
      log.debug({ tenantId: who.tenantId, account: who.account, source: who.source, reason }, 'login refused')
    },
  }
}
export type TSecurityLog = ReturnType<typeof createSecurityLog>
