import type { Redis } from 'ioredis'
import { RedisKeys } from '../../lib/redis-keys.ts'

/**
 * Password-guessing defence of the token endpoint. Failures are counted per account *and* source
 * (client address), so an attacker cannot lock the real user out by guessing from elsewhere:
 *
 * - a source that reached `failCount` failures on an account is refused for that account (30 min)
 *   unless the request brings a valid captcha: an address is not a person (an office behind one NAT
 *   shares it), so a colleague guessing from the same address can make the real user solve a captcha,
 *   never lock them out, and a source lock can be renewed by no one indefinitely (decision 005);
 * - once the account as a whole reached `failCount` failures, a source that never signed in to it
 *   must bring a valid captcha — the real user's known client is not refused;
 * - a sustained attack (`hardLockCount` failures, all sources) locks the account for everyone.
 *
 * The counters are checked and reserved atomically *before* the password hash is verified (one Lua
 * script), so a burst of simultaneous guesses gets at most the allowed number of checks; a success
 * gives its reservation back. A source's checks in flight are counted apart from its failures: a
 * request refused only because `failCount` checks are already running is told to retry ('busy'), not
 * that it failed too often, and the right password a moment later is accepted.
 */
export type TLoginLimits = { failCount: number; hardLockCount: number; lockSeconds: number }

export type TLoginSubject = { tenantId: string; account: string; source: string; captchaPassed: boolean }

export type TBeginResult =
  | { ok: true }
  | { ok: false; reason: 'locked' | 'source-locked' | 'captcha-required' | 'busy' }

/** Sources that signed in to an account are remembered this long (seconds). */
const KNOWN_SOURCE_S = 30 * 86_400
/** A reservation of a check that never reported back (a crashed request) is dropped after this (seconds). */
const PENDING_S = 60

// KEYS: lock, source failures, account counter, known sources, source checks in flight.
// ARGV: failCount, hardLockCount, ttl, captchaPassed (1/0), source, pending ttl.
const BEGIN = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 'locked' end
local src = tonumber(redis.call('GET', KEYS[2]) or '0')
local human = ARGV[4] == '1'
if src >= tonumber(ARGV[1]) and not human then return 'source-locked' end
local acct = tonumber(redis.call('GET', KEYS[3]) or '0')
if acct >= tonumber(ARGV[2]) then return 'locked' end
local pending = tonumber(redis.call('GET', KEYS[5]) or '0')
if src + pending >= tonumber(ARGV[1]) and not human then return 'busy' end
if acct >= tonumber(ARGV[1]) and ARGV[4] ~= '1' and redis.call('SISMEMBER', KEYS[4], ARGV[5]) == 0 then
  return 'captcha-required'
end
redis.call('INCR', KEYS[5])
redis.call('EXPIRE', KEYS[5], ARGV[6])
redis.call('INCR', KEYS[3])
redis.call('EXPIRE', KEYS[3], ARGV[3])
return 'ok'
`

// KEYS: source failures, account counter, known sources, source checks in flight. ARGV: source, known ttl.
const SUCCEED = `
redis.call('DEL', KEYS[1])
if tonumber(redis.call('GET', KEYS[4]) or '0') > 0 then redis.call('DECR', KEYS[4]) end
local acct = tonumber(redis.call('GET', KEYS[2]) or '0')
if acct > 0 then redis.call('DECR', KEYS[2]) end
redis.call('SADD', KEYS[3], ARGV[1])
redis.call('EXPIRE', KEYS[3], ARGV[2])
return acct
`

// KEYS: account counter, source checks in flight. A check that ended without a verdict (an error)
// gives its reservation back.
const ABANDON = `
if tonumber(redis.call('GET', KEYS[2]) or '0') > 0 then redis.call('DECR', KEYS[2]) end
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0
`

// KEYS: lock, account counter, source failures, lock record, source checks in flight.
// ARGV: hardLockCount, ttl, failCount.
// The check moves from in flight to the source's failures. Answers 2 when this failure locked the
// account, 1 when it locked the source out, 0 otherwise.
const FAIL = `
if tonumber(redis.call('GET', KEYS[5]) or '0') > 0 then redis.call('DECR', KEYS[5]) end
local src = redis.call('INCR', KEYS[3])
redis.call('EXPIRE', KEYS[3], ARGV[2])
local acct = tonumber(redis.call('GET', KEYS[2]) or '0')
if acct >= tonumber(ARGV[1]) then
  if redis.call('SET', KEYS[1], '1', 'EX', ARGV[2], 'NX') then
    redis.call('SET', KEYS[4], '1', 'EX', tonumber(ARGV[2]) + 86400)
    return 2
  end
end
if src == tonumber(ARGV[3]) then return 1 end
return 0
`

// KEYS: lock, lock record. Answers 1 when a lock that was recorded has ended (once).
const RELEASED = `
if redis.call('EXISTS', KEYS[1]) == 0 and redis.call('DEL', KEYS[2]) == 1 then return 1 end
return 0
`

export const createLoginGuard = (redis: Redis) => {
  const keys = (s: Pick<TLoginSubject, 'tenantId' | 'account' | 'source'>) => {
    const account = s.account.toLowerCase()
    return {
      lock: RedisKeys.loginLock(s.tenantId, account),
      source: RedisKeys.loginFailures(s.tenantId, account, s.source),
      account: RedisKeys.loginFailures(s.tenantId, account),
      known: RedisKeys.loginSources(s.tenantId, account),
      pending: RedisKeys.loginPending(s.tenantId, account, s.source),
      lockRecord: RedisKeys.loginLockRecord(s.tenantId, account),
    }
  }

  return {
    /** Reserves one password check, or says why none is allowed now. */
    async begin(s: TLoginSubject, limits: TLoginLimits): Promise<TBeginResult> {
      const k = keys(s)
      const answer = (await redis.eval(
        BEGIN,
        5,
        k.lock,
        k.source,
        k.account,
        k.known,
        k.pending,
        limits.failCount,
        limits.hardLockCount,
        limits.lockSeconds,
        s.captchaPassed ? '1' : '0',
        s.source,
        PENDING_S,
      )) as string
      return answer === 'ok' ? { ok: true } : { ok: false, reason: answer as 'locked' }
    },

    /** The password was right: the source's failures are forgiven and the source becomes known. */
    async succeeded(s: TLoginSubject): Promise<void> {
      const k = keys(s)
      await redis.eval(SUCCEED, 4, k.source, k.account, k.known, k.pending, s.source, KNOWN_SOURCE_S)
    },

    /** The check ended without a verdict (the database failed): its reservation is given back. */
    async abandoned(s: TLoginSubject): Promise<void> {
      const k = keys(s)
      await redis.eval(ABANDON, 2, k.account, k.pending)
    },

    /** The password was wrong (the reservation stays counted): says whether this failure locked anything. */
    async failed(s: TLoginSubject, limits: TLoginLimits): Promise<'account' | 'source' | null> {
      const k = keys(s)
      const answer = await redis.eval(
        FAIL,
        5,
        k.lock,
        k.account,
        k.source,
        k.lockRecord,
        k.pending,
        limits.hardLockCount,
        limits.lockSeconds,
        limits.failCount,
      )
      return answer === 2 ? 'account' : answer === 1 ? 'source' : null
    },

    /** True once, on the first attempt after an account's hard lock ran out. */
    async lockEnded(s: Pick<TLoginSubject, 'tenantId' | 'account'>): Promise<boolean> {
      const k = keys({ ...s, source: '' })
      return (await redis.eval(RELEASED, 2, k.lock, k.lockRecord)) === 1
    },

    /** Whether the account is hard-locked (refresh grants are refused while it is). */
    async isLocked(tenantId: string, account: string): Promise<boolean> {
      return (await redis.exists(keys({ tenantId, account, source: '' }).lock)) === 1
    },

    /** An administrator's unlock: every counter of the account goes. Answers whether a lock was lifted. */
    async unlock(tenantId: string, account: string): Promise<boolean> {
      const k = keys({ tenantId, account, source: '' })
      const prefix = redis.options.keyPrefix ?? ''
      const perSource = RedisKeys.loginFailures(tenantId, account.toLowerCase(), '')
      const sources = await scanAll(redis, `${globEscape(prefix + perSource)}*`)
      const wasLocked = (await redis.exists(k.lock)) === 1
      await redis.del(k.lock, k.lockRecord, k.account, ...sources.map((key) => key.slice(prefix.length)))
      return wasLocked
    },
  }
}
export type TLoginGuard = ReturnType<typeof createLoginGuard>

const globEscape = (s: string) => s.replace(/[*?[\]\\]/g, '\\$&')

/** SCAN does not apply the client's key prefix: the pattern and the answers are full key names. */
const scanAll = async (redis: Redis, pattern: string): Promise<string[]> => {
  const found: string[] = []
  let cursor = '0'
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500)
    cursor = next
    found.push(...batch)
  } while (cursor !== '0')
  return found
}
