/**
 * Every Redis key the API uses, in one place. The deployment prefix (REDIS_PREFIX) is applied by the
 * ioredis client's `keyPrefix`, so these are relative names.
 */
export const RedisKeys = {
  captcha: (key: string) => `auth:captcha:${key}`,
  /** Failed logins of an account, all sources (no source) or one source (client address). */
  loginFailures: (tenantId: string, account: string, source?: string) =>
    source === undefined
      ? `auth:fail:${tenantId}:${encodeURIComponent(account)}`
      : `auth:fail-src:${tenantId}:${encodeURIComponent(account)}:${source}`,
  /** Hard lock of an account after a sustained attack. */
  loginLock: (tenantId: string, account: string) => `auth:lock:${tenantId}:${encodeURIComponent(account)}`,
  /** Outlives the lock by a day, so the first attempt after it can log the release. */
  loginLockRecord: (tenantId: string, account: string) =>
    `auth:lock-record:${tenantId}:${encodeURIComponent(account)}`,
  /** Sources (client addresses) that signed in to an account: not asked for a captcha. */
  loginSources: (tenantId: string, account: string) =>
    `auth:sources:${tenantId}:${encodeURIComponent(account)}`,
  /** Live access/refresh token ids of a user (token state on: logout and password change revoke). */
  token: (jti: string) => `auth:token:${jti}`,
  userTokens: (userId: bigint | string) => `auth:user-tokens:${userId}`,
  refreshLock: (jti: string) => `auth:refresh:${jti}`,
  cacheVersion: 'cache:version',
  /** Uploads of one uploader in one minute (`minute` = minutes since the epoch). */
  uploadRate: (tenantId: string, uploader: string, minute: number) =>
    `upload:rate:${tenantId}:${uploader}:${minute}`,
  /** Bytes one uploader stored on one Asia/Shanghai day (`day` = yyyyMMdd). */
  uploadDaily: (tenantId: string, uploader: string, day: string) =>
    `upload:daily:${tenantId}:${uploader}:${day}`,
  /** A phone's live validation code (hash and wrong attempts), per tenant. */
  smsCode: (tenantId: string, phone: string) => `sms:code:${tenantId}:${phone}`,
  /** Set for a minute after a code is sent to a phone. */
  smsInterval: (phone: string) => `sms:interval:${phone}`,
  /** Codes sent to a phone / from an address on one Asia/Shanghai day (`day` = yyyyMMdd). */
  smsDaily: (phone: string, day: string) => `sms:daily:${phone}:${day}`,
  smsIpDaily: (ip: string, day: string) => `sms:ip-daily:${ip}:${day}`,
} as const
