/**
 * Every Redis key the API uses, in one place. The deployment prefix (REDIS_PREFIX) is applied by the
 * ioredis client's `keyPrefix`, so these are relative names.
 */
export const RedisKeys = {
  captcha: (key: string) => `auth:captcha:${key}`,
  loginFailures: (tenantId: string, account: string) => `auth:fail:${tenantId}:${account}`,
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
} as const
