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
} as const
