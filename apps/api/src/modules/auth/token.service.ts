import { randomUUID } from 'node:crypto'
import type { TTokenResponse } from '@ysjs/shared'
import type { Redis } from 'ioredis'
import type { TAuthUser } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { RedisKeys } from '../../lib/redis-keys.ts'

/**
 * The JWT claims of contract 3.3: the token response's fields except the tokens themselves, `scope` as
 * an array, plus `authorities` (role aliases), `exp`; refresh tokens also carry `ati` (the access
 * token's jti).
 */
export type TClaims = Omit<
  TTokenResponse,
  'access_token' | 'refresh_token' | 'token_type' | 'expires_in' | 'scope'
> & {
  scope: string[]
  authorities: string[]
  exp: number
  ati?: string
}

export type TJwt = {
  sign: (payload: object) => string
  verify: <T>(token: string) => T
}

/** Everything about the user that goes into a token; ids are csv strings like the platform's. */
export type TTokenSubject = Omit<
  TClaims,
  'client_id' | 'scope' | 'authorities' | 'jti' | 'exp' | 'ati' | 'license'
>

export type TIssueOptions = {
  clientId: string
  accessTtl: number
  refreshTtl: number
  /** Refresh grant: keep answering with the refresh token the client holds. */
  refresh?: { token: string; jti: string }
}

const LICENSE = 'powered by bladex'
/** Access tokens whose signature was checked, remembered until they expire (oldest dropped first). */
const VERIFIED_MAX = 10_000

/**
 * What the server recorded when it issued a token: the user, tenant and roles it was issued for
 * (and, for an access token, its refresh token's id). A token is obeyed only when its claims say the
 * same: even with a leaked signing key, a re-signed token cannot gain roles or change tenant.
 */
type TTokenState = { user: string; tenant: string; roleIds: string; roles: string; refresh?: string }

const stateFor = (c: Pick<TClaims, 'user_id' | 'tenant_id' | 'role_id' | 'authorities'>) => ({
  user: c.user_id,
  tenant: c.tenant_id,
  roleIds: c.role_id,
  // Claims of a token we did not issue can hold anything: compare, never trust their types.
  roles: Array.isArray(c.authorities) ? c.authorities.join(',') : String(c.authorities),
})

const matches = (state: TTokenState, claims: TClaims): boolean => {
  const expected = stateFor(claims)
  return (
    state.user === expected.user &&
    state.tenant === expected.tenant &&
    state.roleIds === expected.roleIds &&
    state.roles === expected.roles
  )
}

const splitCsv = (s: string) => s.split(',').filter(Boolean)

export const claimsToUser = (c: TClaims): TAuthUser => ({
  userId: BigInt(c.user_id),
  tenantId: c.tenant_id,
  account: c.account,
  userName: c.user_name,
  nickName: c.nick_name,
  realName: c.real_name,
  roleIds: splitCsv(c.role_id).map(BigInt),
  // A copy: verified claims are remembered and shared by every request carrying the same token.
  roles: Array.isArray(c.authorities) ? [...c.authorities] : c.authorities,
  deptIds: splitCsv(c.dept_id).map(BigInt),
  postIds: splitCsv(c.post_id).map(BigInt),
  clientId: c.client_id,
  oauthId: c.oauth_id,
  jti: c.jti,
})

/**
 * Issues, verifies and revokes tokens. Token state is on (contract decision 7): every issued token id
 * is recorded in Redis until it expires, and a token whose id is gone is refused with 令牌已失效.
 */
export const createTokenService = (jwt: TJwt, redis: Redis) => {
  const nowS = () => Math.floor(Date.now() / 1000)

  /**
   * Records live token ids, and indexes them per user in a sorted set scored by expiry so that a
   * password change can revoke them all; expired entries are pruned on every write.
   */
  const record = async (userId: string, entries: [jti: string, ttl: number, state: TTokenState][]) => {
    const index = RedisKeys.userTokens(userId)
    const now = Date.now()
    const tx = redis.multi().zremrangebyscore(index, '-inf', now)
    let longest = 0
    for (const [jti, ttl, state] of entries) {
      tx.set(RedisKeys.token(jti), JSON.stringify(state), 'EX', ttl)
      tx.zadd(index, now + ttl * 1000, jti)
      longest = Math.max(longest, ttl)
    }
    tx.expire(index, longest, 'GT')
    tx.expire(index, longest, 'NX')
    await tx.exec()
  }

  /** The live state of a token id, or null when revoked, expired or not ours. */
  const stateOf = async (jti: string): Promise<TTokenState | null> => {
    const raw = await redis.get(RedisKeys.token(jti))
    if (!raw) {
      return null
    }
    try {
      return JSON.parse(raw) as TTokenState
    } catch {
      return null
    }
  }

  // A token's signature and claims are a pure function of the token (and the clock, for `exp`): a
  // client sends the same token with every request, so checking it once is enough. Revocation does not
  // depend on this: it is the token state in Redis, read on every request.
  const verified = new Map<string, TClaims>()
  const remember = (token: string, claims: TClaims) => {
    if (typeof claims.exp !== 'number') {
      return
    }
    if (verified.size >= VERIFIED_MAX) {
      verified.delete(verified.keys().next().value as string)
    }
    verified.set(token, claims)
  }

  const decode = (token: string): TClaims => {
    const known = verified.get(token)
    // The verifier's own bound: a token is valid up to and including its `exp` second.
    if (known && Date.now() <= known.exp * 1000) {
      return known
    }
    verified.delete(token)
    let claims: TClaims
    try {
      claims = jwt.verify<TClaims>(token)
    } catch (err) {
      const code = (err as { code?: string }).code
      throw AppError.unauthorized(code === 'FAST_JWT_EXPIRED' ? '令牌已失效' : '请求未授权')
    }
    remember(token, claims)
    return claims
  }

  return {
    async issue(subject: TTokenSubject, opts: TIssueOptions): Promise<TTokenResponse> {
      const accessJti = randomUUID()
      const exp = nowS() + opts.accessTtl
      const base = {
        ...subject,
        client_id: opts.clientId,
        license: LICENSE,
        scope: ['all'],
        authorities: splitCsv(subject.role_name),
      }
      const access_token = jwt.sign({ ...base, jti: accessJti, exp })
      const refreshJti = opts.refresh?.jti ?? randomUUID()
      const refresh_token =
        opts.refresh?.token ??
        jwt.sign({ ...base, jti: refreshJti, ati: accessJti, exp: nowS() + opts.refreshTtl })
      // The access token's record names its refresh token, so logging out revokes both.
      const state = stateFor({ ...subject, authorities: base.authorities })
      await record(subject.user_id, [
        [accessJti, opts.accessTtl, { ...state, refresh: refreshJti }],
        ...(opts.refresh ? [] : [[refreshJti, opts.refreshTtl, state] as [string, number, TTokenState]]),
      ])
      return {
        access_token,
        token_type: 'bearer',
        refresh_token,
        expires_in: opts.accessTtl - 1,
        scope: 'all',
        tenant_id: subject.tenant_id,
        user_id: subject.user_id,
        dept_id: subject.dept_id,
        post_id: subject.post_id,
        role_id: subject.role_id,
        oauth_id: subject.oauth_id,
        account: subject.account,
        user_name: subject.user_name,
        nick_name: subject.nick_name,
        real_name: subject.real_name,
        role_name: subject.role_name,
        avatar: subject.avatar,
        client_id: opts.clientId,
        detail: subject.detail,
        license: LICENSE,
        jti: accessJti,
      }
    },

    /** A live access token to the user it acts as; 401 otherwise. */
    async verifyAccess(token: string): Promise<TAuthUser> {
      const claims = decode(token)
      if (claims.ati !== undefined || !claims.jti) {
        throw AppError.unauthorized('请求未授权')
      }
      const state = await stateOf(claims.jti)
      if (!state) {
        throw AppError.unauthorized('令牌已失效')
      }
      if (!matches(state, claims)) {
        throw AppError.unauthorized('请求未授权')
      }
      return claimsToUser(claims)
    },

    /** A live refresh token's claims, or null (the grant answers its own OAuth error). */
    async verifyRefresh(token: string): Promise<TClaims | null> {
      let claims: TClaims
      try {
        claims = jwt.verify<TClaims>(token)
      } catch {
        return null
      }
      if (!claims.ati || !claims.jti) {
        return null
      }
      const state = await stateOf(claims.jti)
      return state && matches(state, claims) ? claims : null
    },

    /** Revokes an access token and the refresh token it was issued with. */
    async revoke(accessJti: string): Promise<void> {
      const refreshJti = (await stateOf(accessJti))?.refresh
      await redis.del(RedisKeys.token(accessJti), ...(refreshJti ? [RedisKeys.token(refreshJti)] : []))
    },

    /** Revokes every token of a user (password change, account disabled or deleted). */
    async revokeUser(userId: bigint | string): Promise<void> {
      const key = RedisKeys.userTokens(userId)
      const ids = await redis.zrange(key, '0', '-1')
      if (ids.length) {
        await redis.del(...ids.map(RedisKeys.token), key)
      }
    },
  }
}
export type TTokenService = ReturnType<typeof createTokenService>
