import { randomBytes } from 'node:crypto'
import {
  checkClientSecret,
  checkPassword,
  hashClientSecret,
  hashPassword,
  isLegacyHash,
  nextId,
  type PrismaClient,
  type User,
} from '@ysjs/db'
import {
  AuthMsg,
  CAPTCHA_TTL_S,
  GRANT_TYPES,
  LOGIN_FAIL_LIMIT,
  LOGIN_HARD_LOCK_LIMIT,
  LOGIN_LOCK_S,
  MD5_HEX_PATTERN,
  SmsMsg,
  type TGrantType,
  type TTokenResponse,
  UserMsg,
  UserStatus,
} from '@ysjs/shared'
import type { Redis } from 'ioredis'
import type { TEnv } from '../../env.ts'
import { OAuthError } from '../../lib/errors.ts'
import { RedisKeys } from '../../lib/redis-keys.ts'
import { splitIds } from '../../lib/tree.ts'
import type { TParamService } from '../param/param.service.ts'
import type { TSmsCodeService } from '../sms/sms-code.service.ts'
import { tenantLoginRefusal } from '../tenant/tenant-rules.ts'
import { randomCaptchaText, renderCaptchaPng } from './captcha-png.ts'
import type { TLoginGuard, TLoginLimits } from './login-guard.ts'
import type { TSecurityLog } from './security-log.ts'
import type { TSocialProvider } from './social.ts'
import type { TTokenService, TTokenSubject } from './token.service.ts'

/** What the token endpoint receives: query string and form body merged, plus the relevant headers. */
export type TTokenRequest = {
  params: Record<string, string | undefined>
  /** The client's address (behind a trusted proxy: the one it forwarded), for per-source lockout. */
  source: string
  authorization?: string
  tenantHeader?: string
  captchaKey?: string
  captchaCode?: string
  deptHeader?: string
  roleHeader?: string
  userType?: string
}

type TClientRow = { clientId: string; grants: string[]; accessTtl: number; refreshTtl: number }

const DEFAULT_AVATAR = ''
const USER_TYPES: Record<string, string> = { web: 'web', app: 'app', other: 'other' }

const invalidGrant = (msg: string) => new OAuthError('invalid_grant', msg)
const denied = (msg: string) => new OAuthError('access_denied', msg)

export const createAuthService = (deps: {
  prisma: PrismaClient
  redis: Redis
  env: TEnv
  tokens: TTokenService
  params: TParamService
  social: TSocialProvider
  guard: TLoginGuard
  security: TSecurityLog
  /** Validation codes sent by `oauth/sms/send-validate` (the `sms_code` grant). */
  smsCodes: Pick<TSmsCodeService, 'consume'>
}) => {
  const { prisma, redis, env, tokens, params, social, guard, security, smsCodes } = deps

  /**
   * Unknown accounts are checked against this hash, so that they take as long to refuse as a wrong
   * password (no account enumeration by timing). Made once, lazily: hashing costs ~25 ms.
   */
  let dummyHash: Promise<string> | undefined
  const dummy = () => {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
    return dummyHash
  }

  /** Step 1: Basic client credentials, checked against the client table. */
  const authenticateClient = async (
    authorization: string | undefined,
    grant: string,
  ): Promise<TClientRow> => {
    const match = /^Basic\s+(.+)$/i.exec(authorization ?? '')
    const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : ''
    const sep = decoded.indexOf(':')
    if (sep <= 0) {
      throw new OAuthError('unauthorized', AuthMsg.CLIENT_INVALID, 401)
    }
    const clientId = decoded.slice(0, sep)
    const secret = decoded.slice(sep + 1)
    const client = await prisma.client.findUnique({ where: { clientId } })
    const check = client ? checkClientSecret(secret, client.clientSecret) : null
    if (client?.isDeleted !== 0 || client.status !== 1 || !check?.ok) {
      throw new OAuthError('unauthorized', AuthMsg.CLIENT_INVALID, 401)
    }
    if (check.needsUpgrade) {
      // A secret stored before hashing (older seed, restored dump): replace it with its hash.
      await prisma.client.updateMany({
        where: { id: client.id, clientSecret: client.clientSecret },
        data: { clientSecret: hashClientSecret(secret) },
      })
    }
    const grants = client.authorizedGrantTypes.split(',').map((g) => g.trim())
    if (!grants.includes(grant)) {
      throw new OAuthError('unauthorized_client', AuthMsg.GRANT_NOT_ALLOWED)
    }
    return {
      clientId,
      grants,
      accessTtl: client.accessTokenValidity,
      refreshTtl: client.refreshTokenValidity,
    }
  }

  const limits = async (): Promise<TLoginLimits> => {
    const positive = async (key: string, fallback: number) => {
      const n = Number(await params.value(key))
      return Number.isInteger(n) && n > 0 ? n : fallback
    }
    const failCount = await positive('account.failCount', LOGIN_FAIL_LIMIT)
    return {
      failCount,
      hardLockCount: Math.max(failCount, await positive('account.hardLockCount', LOGIN_HARD_LOCK_LIMIT)),
      lockSeconds: LOGIN_LOCK_S,
    }
  }

  /** Step 5: the tenant exists, is neither recycled nor expired (000000 never is): tenant-rules.ts. */
  const checkTenant = async (tenantId: string) => {
    const tenant = await prisma.tenant.findFirst({ where: { tenantId, isDeleted: 0 } })
    const refusal = tenantLoginRefusal(tenant)
    if (refusal) {
      throw denied(refusal)
    }
  }

  /** Step 8 and the token's subject: roles and depts, narrowed by the Role-Id / Dept-Id headers. */
  const subjectOf = async (user: User, req: TTokenRequest, oauthId = ''): Promise<TTokenSubject> => {
    let roleIds = splitIds(user.roleId)
    const wantedRole = req.roleHeader?.trim()
    if (wantedRole && roleIds.some((r) => String(r) === wantedRole)) {
      roleIds = [BigInt(wantedRole)]
    }
    const roles = roleIds.length
      ? await prisma.role.findMany({
          where: { id: { in: roleIds }, isDeleted: 0, tenantId: user.tenantId },
          orderBy: { sort: 'asc' },
        })
      : []
    if (!roles.length) {
      throw denied(AuthMsg.NO_ROLE)
    }
    let deptIds = splitIds(user.deptId)
    const wantedDept = req.deptHeader?.trim()
    if (wantedDept && deptIds.some((d) => String(d) === wantedDept)) {
      deptIds = [BigInt(wantedDept)]
    }
    return {
      tenant_id: user.tenantId,
      user_id: String(user.id),
      dept_id: deptIds.join(','),
      post_id: splitIds(user.postId).join(','),
      role_id: roles.map((r) => String(r.id)).join(','),
      oauth_id: oauthId,
      account: user.account,
      user_name: user.account,
      nick_name: user.name ?? '',
      real_name: user.realName ?? '',
      role_name: roles.map((r) => r.roleAlias).join(','),
      avatar: user.avatar ?? DEFAULT_AVATAR,
      detail: await detailOf(user.id, USER_TYPES[req.userType?.toLowerCase() ?? 'web'] ?? 'web'),
    }
  }

  /** The token's `detail`: the platform signed in from and the user's extension for it (update-platform). */
  const detailOf = async (userId: bigint, type: string) => {
    const where = { where: { userId }, orderBy: { id: 'asc' as const }, select: { userExt: true } }
    const row =
      type === 'app'
        ? await prisma.userApp.findFirst(where)
        : type === 'other'
          ? await prisma.userOther.findFirst(where)
          : await prisma.userWeb.findFirst(where)
    return row?.userExt ? { type, ext: row.userExt } : { type }
  }

  const checkUserStatus = (user: User) => {
    if (user.status === UserStatus.PENDING) {
      throw denied(AuthMsg.USER_PENDING)
    }
    if (user.status === UserStatus.REFUSED) {
      throw denied(user.auditReason ? `${UserMsg.REFUSED}: ${user.auditReason}` : UserMsg.REFUSED)
    }
    if (user.status !== 1) {
      throw denied(AuthMsg.USER_DISABLED)
    }
  }

  /** A captcha sent with the request: true when valid, an error when wrong, false when none came. */
  const verifyCaptcha = async (key: string | undefined, code: string | undefined): Promise<boolean> => {
    if (!key && !code) {
      return false
    }
    if (!key || !code || !/^[0-9a-f]{32}$/.test(key)) {
      throw denied(AuthMsg.CAPTCHA_INVALID)
    }
    // One use: the stored text is deleted by the same call that reads it.
    const stored = await redis.getdel(RedisKeys.captcha(key))
    if (!stored || stored !== code.trim().toLowerCase()) {
      throw denied(AuthMsg.CAPTCHA_INVALID)
    }
    return true
  }

  const tenantOf = (req: TTokenRequest) =>
    (req.tenantHeader || req.params.tenant_id || req.params.tenantId || '').trim()

  const passwordGrant = async (req: TTokenRequest, client: TClientRow, captchaGrant: boolean) => {
    const captchaPassed = await verifyCaptcha(req.captchaKey, req.captchaCode)
    // With the captcha on, the web client logs in through the captcha grant only: otherwise a script
    // would simply pick the password grant and the captcha would protect nothing.
    const captchaRequired = captchaGrant || (env.CAPTCHA_ENABLED && client.clientId === env.WEB_CLIENT_ID)
    if (captchaRequired && !captchaPassed) {
      throw denied(AuthMsg.CAPTCHA_INVALID)
    }
    const tenantId = tenantOf(req)
    if (!tenantId) {
      throw denied(AuthMsg.TENANT_MISSING)
    }
    const account = (req.params.username ?? '').trim()
    const password = (req.params.password ?? '').trim().toLowerCase()
    if (!account) {
      throw invalidGrant(AuthMsg.USERNAME_MISSING)
    }
    if (!password) {
      throw invalidGrant(AuthMsg.PASSWORD_MISSING)
    }
    await checkTenant(tenantId)
    const attempt = { tenantId, account, source: req.source, captchaPassed }
    const limit = await limits()
    if (await guard.lockEnded(attempt)) {
      security.released(attempt, 'expired')
    }
    const gate = await guard.begin(attempt, limit)
    if (!gate.ok) {
      security.refused(attempt, gate.reason)
      throw gate.reason === 'captcha-required'
        ? denied(AuthMsg.CAPTCHA_REQUIRED)
        : denied(AuthMsg.TOO_MANY_FAILURES)
    }
    const user = await prisma.user.findFirst({ where: { tenantId, account, isDeleted: 0 } })
    // The browser sends md5(plain); anything else cannot match. An unknown account, a malformed
    // password or a (fast) legacy hash still pays one argon2 verification, like a wrong password of
    // an existing account: the answer's timing must not tell which accounts exist.
    const wellFormed = MD5_HEX_PATTERN.test(password)
    const check = user && wellFormed ? await checkPassword(password, user.password) : null
    if (!user || !wellFormed || isLegacyHash(user.password)) {
      await checkPassword(password, await dummy())
    }
    if (!user || !check?.ok) {
      const locked = await guard.failed(attempt, limit)
      if (locked) {
        security.locked(attempt, locked, limit.lockSeconds)
      }
      throw invalidGrant(AuthMsg.BAD_CREDENTIALS)
    }
    await guard.succeeded(attempt)
    checkUserStatus(user)
    const subject = await subjectOf(user, req)
    if (check.needsUpgrade) {
      await prisma.user.update({ where: { id: user.id }, data: { password: await hashPassword(password) } })
    }
    return tokens.issue(subject, {
      clientId: client.clientId,
      accessTtl: client.accessTtl,
      refreshTtl: client.refreshTtl,
    })
  }

  const refreshGrant = async (req: TTokenRequest, client: TClientRow) => {
    const claims = await tokens.verifyRefresh(req.params.refresh_token ?? '')
    if (!claims || claims.client_id !== client.clientId) {
      throw invalidGrant(AuthMsg.REFRESH_INVALID)
    }
    const tenantId = tenantOf(req) || claims.tenant_id
    if (tenantId !== claims.tenant_id) {
      throw invalidGrant(AuthMsg.REFRESH_INVALID)
    }
    // A session outlives the guesses of others, but not a hard lock of its account.
    if (await guard.isLocked(tenantId, claims.account)) {
      throw denied(AuthMsg.TOO_MANY_FAILURES)
    }
    await checkTenant(tenantId)
    const user = await prisma.user.findFirst({
      where: { id: BigInt(claims.user_id), tenantId, isDeleted: 0 },
    })
    if (!user) {
      throw invalidGrant(AuthMsg.REFRESH_INVALID)
    }
    checkUserStatus(user)
    const subject = await subjectOf(
      user,
      { ...req, roleHeader: req.roleHeader ?? claims.role_id, deptHeader: req.deptHeader ?? claims.dept_id },
      claims.oauth_id,
    )
    return tokens.issue(subject, {
      clientId: client.clientId,
      accessTtl: client.accessTtl,
      refreshTtl: client.refreshTtl,
      refresh: { token: req.params.refresh_token!, jti: claims.jti },
    })
  }

  /**
   * Third-party login: the provider vouches for the identity. A bound user gets their own token; an
   * unbound identity gets a guest token (user id -1, no roles) that can only apply for an account.
   */
  const socialGrant = async (req: TTokenRequest, client: TClientRow) => {
    if (!social.configured) {
      throw new OAuthError('unsupported_grant_type', AuthMsg.GRANT_NOT_CONFIGURED)
    }
    const tenantId = tenantOf(req)
    if (!tenantId) {
      throw denied(AuthMsg.TENANT_MISSING)
    }
    const code = (req.params.code ?? '').trim()
    if (!code) {
      throw invalidGrant(AuthMsg.SOCIAL_FAILED)
    }
    await checkTenant(tenantId)
    const source = (req.params.source ?? '').trim() || social.source
    const profile = await social.exchange(code).catch(() => {
      throw invalidGrant(AuthMsg.SOCIAL_FAILED)
    })
    const fields = {
      username: profile.username?.slice(0, 32) ?? null,
      nickname: profile.nickname?.slice(0, 64) ?? null,
      avatar: profile.avatar?.slice(0, 1000) ?? null,
      email: profile.email?.slice(0, 255) ?? null,
    }
    const oauth = await prisma.userOauth.upsert({
      where: { tenantId_source_uuid: { tenantId, source, uuid: profile.uuid } },
      update: fields,
      create: { id: nextId(), tenantId, source, uuid: profile.uuid, ...fields },
    })
    const user = oauth.userId
      ? await prisma.user.findFirst({ where: { id: oauth.userId, tenantId, isDeleted: 0 } })
      : null
    const ttl = { clientId: client.clientId, accessTtl: client.accessTtl, refreshTtl: client.refreshTtl }
    if (user) {
      checkUserStatus(user)
      return tokens.issue(await subjectOf(user, req, String(oauth.id)), ttl)
    }
    const name = fields.nickname ?? fields.username ?? ''
    return tokens.issue(
      {
        tenant_id: tenantId,
        user_id: '-1',
        dept_id: '',
        post_id: '',
        role_id: '',
        oauth_id: String(oauth.id),
        account: fields.username ?? '',
        user_name: fields.username ?? '',
        nick_name: name,
        real_name: name,
        role_name: '',
        avatar: fields.avatar ?? '',
        detail: { type: 'web' },
      },
      ttl,
    )
  }

  /** Phone login: the code sent by `sms/send-validate`, once, within five minutes. */
  const smsGrant = async (req: TTokenRequest, client: TClientRow) => {
    const tenantId = tenantOf(req)
    if (!tenantId) {
      throw denied(AuthMsg.TENANT_MISSING)
    }
    const phone = (req.params.phone ?? '').trim()
    const code = (req.params.code ?? req.params.value ?? '').trim()
    if (!phone) {
      throw invalidGrant(SmsMsg.PHONE_MISSING)
    }
    await checkTenant(tenantId)
    if (!(await smsCodes.consume(tenantId, phone, code))) {
      throw invalidGrant(SmsMsg.CODE_INVALID)
    }
    const user = await prisma.user.findFirst({
      where: { tenantId, phone, isDeleted: 0 },
      orderBy: { id: 'asc' },
    })
    if (!user) {
      throw invalidGrant(SmsMsg.CODE_INVALID)
    }
    // A code does not open an account locked against password guessing.
    if (await guard.isLocked(tenantId, user.account)) {
      throw denied(AuthMsg.TOO_MANY_FAILURES)
    }
    checkUserStatus(user)
    return tokens.issue(await subjectOf(user, req), {
      clientId: client.clientId,
      accessTtl: client.accessTtl,
      refreshTtl: client.refreshTtl,
    })
  }

  return {
    async token(req: TTokenRequest): Promise<TTokenResponse> {
      const grant = (req.params.grant_type ?? '').trim()
      if (!(GRANT_TYPES as readonly string[]).includes(grant)) {
        throw new OAuthError('unsupported_grant_type', AuthMsg.GRANT_UNSUPPORTED)
      }
      const client = await authenticateClient(req.authorization, grant)
      switch (grant as TGrantType) {
        case 'password':
          return passwordGrant(req, client, false)
        case 'captcha':
          return passwordGrant(req, client, true)
        case 'refresh_token':
          return refreshGrant(req, client)
        case 'social':
          return socialGrant(req, client)
        case 'sms_code':
          return smsGrant(req, client)
        case 'authorization_code':
        case 'register':
          throw new OAuthError('unsupported_grant_type', AuthMsg.GRANT_NOT_CONFIGURED)
      }
    },

    async captcha(): Promise<{ key: string; image: string }> {
      const key = crypto.randomUUID().replaceAll('-', '')
      const text = randomCaptchaText()
      await redis.set(RedisKeys.captcha(key), text.toLowerCase(), 'EX', CAPTCHA_TTL_S)
      return { key, image: `data:image/png;base64,${renderCaptchaPng(text).toString('base64')}` }
    },
  }
}
export type TAuthService = ReturnType<typeof createAuthService>
