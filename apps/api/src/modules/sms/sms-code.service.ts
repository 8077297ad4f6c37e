import { createHash, randomInt } from 'node:crypto'
import type { PrismaClient } from '@ysjs/db'
import { formatDate, ResultCode, SMS_CODE, SmsMsg } from '@ysjs/shared'
import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'
import { AppError } from '../../lib/errors.ts'
import { RedisKeys } from '../../lib/redis-keys.ts'
import type { TSmsService } from './sms.service.ts'

// KEYS: phone interval, phone daily, ip daily. ARGV: interval s, phone per day, ip per day.
// Checks and reserves in one step, so simultaneous requests cannot slip past a limit.
const RESERVE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 'interval' end
if tonumber(redis.call('GET', KEYS[2]) or '0') >= tonumber(ARGV[2]) then return 'daily' end
if tonumber(redis.call('GET', KEYS[3]) or '0') >= tonumber(ARGV[3]) then return 'ip' end
redis.call('SET', KEYS[1], '1', 'EX', ARGV[1])
redis.call('INCR', KEYS[2])
redis.call('EXPIRE', KEYS[2], 172800)
redis.call('INCR', KEYS[3])
redis.call('EXPIRE', KEYS[3], 172800)
return 'ok'
`

// KEYS: code. ARGV: hash of the code offered, attempts allowed.
// A right code is deleted by the call that accepts it (single use); wrong ones are counted and the
// code is burnt after the last allowed attempt.
const CONSUME = `
local stored = redis.call('HGET', KEYS[1], 'h')
if not stored then return 'missing' end
if stored == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return 'ok'
end
if redis.call('HINCRBY', KEYS[1], 'n', 1) >= tonumber(ARGV[2]) then redis.call('DEL', KEYS[1]) end
return 'bad'
`

const hashOf = (tenantId: string, phone: string, code: string) =>
  createHash('sha256').update(`${tenantId}:${phone}:${code}`).digest('hex')

/**
 * SMS validation codes (send-validate and the `sms_code` grant). The answer to `send` never tells
 * whether the phone belongs to a user: limits are counted and the answer given the same way for
 * every phone, and the message itself is sent off the request path.
 */
export const createSmsCodeService = (deps: {
  prisma: PrismaClient
  redis: Redis
  sms: TSmsService
  log: FastifyBaseLogger
  now?: () => Date
}) => {
  const { prisma, redis, sms, log } = deps
  const now = deps.now ?? (() => new Date())
  let pending: Promise<unknown> = Promise.resolve()

  const deliver = async (tenantId: string, phone: string, code: string) => {
    try {
      const { provider, templateId } = await sms.resolve(tenantId, log)
      const result = await provider.send({ phones: [phone], templateId, params: { code } })
      if (!result.success) {
        log.warn({ sms: { provider: result.provider, failed: result.failed } }, 'validation sms not sent')
      }
    } catch (err) {
      log.warn({ err }, 'validation sms not sent')
    }
  }

  return {
    async send(input: {
      tenantId: string
      phone: string
      ip: string
    }): Promise<{ phone: string; expiresIn: number }> {
      const day = formatDate(now()).replaceAll('-', '')
      const verdict = await redis.eval(
        RESERVE,
        3,
        RedisKeys.smsInterval(input.phone),
        RedisKeys.smsDaily(input.phone, day),
        RedisKeys.smsIpDaily(input.ip, day),
        SMS_CODE.PER_PHONE_INTERVAL_S,
        SMS_CODE.PER_PHONE_PER_DAY,
        SMS_CODE.PER_IP_PER_DAY,
      )
      if (verdict !== 'ok') {
        throw new AppError(
          ResultCode.TOO_MANY_REQUESTS,
          verdict === 'daily' ? SmsMsg.DAILY_LIMIT : SmsMsg.TOO_FREQUENT,
        )
      }
      const user = await prisma.user.findFirst({
        where: { tenantId: input.tenantId, phone: input.phone, isDeleted: 0, status: 1 },
        select: { id: true },
      })
      // A code is stored for every phone, so the work (and the time) is the same whether or not it
      // belongs to a user; only a user's phone is sent one, and the grant finds no user for the others.
      const code = String(randomInt(0, 10 ** SMS_CODE.LENGTH)).padStart(SMS_CODE.LENGTH, '0')
      const key = RedisKeys.smsCode(input.tenantId, input.phone)
      await redis
        .multi()
        .del(key)
        .hset(key, 'h', hashOf(input.tenantId, input.phone, code), 'n', 0)
        .expire(key, SMS_CODE.TTL_S)
        .exec()
      if (user) {
        pending = deliver(input.tenantId, input.phone, code)
      }
      return { phone: input.phone, expiresIn: SMS_CODE.TTL_S }
    },

    /** True once for the right code within its lifetime. */
    async consume(tenantId: string, phone: string, code: string): Promise<boolean> {
      if (!/^\d{6}$/.test(code)) {
        return false
      }
      const verdict = await redis.eval(
        CONSUME,
        1,
        RedisKeys.smsCode(tenantId, phone),
        hashOf(tenantId, phone, code),
        SMS_CODE.MAX_ATTEMPTS,
      )
      return verdict === 'ok'
    },

    /** Waits for the last message handed to a provider (tests). */
    settled: () => pending,
  }
}
export type TSmsCodeService = ReturnType<typeof createSmsCodeService>
