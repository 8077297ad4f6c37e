import { randomBytes } from 'node:crypto'
import { md5Hex } from '@ysjs/db'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { inject } from 'vitest'
import { cloneDatabase } from '../../../../scripts/test-db.mjs'
import { buildApp, type TBuildOptions } from '../../src/app.ts'

export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`
export const TENANT = '000000'

export type TTestApp = {
  app: FastifyInstance
  databaseUrl: string
  redisPrefix: string
  /** A Redis client that sees the app's keys (same prefix). */
  redis: Redis
  close: () => Promise<void>
}

/** An app on its own database (cloned from the seeded template) and its own Redis key prefix. */
export const createTestApp = async (
  env: TBuildOptions['env'] = {},
  // Clients to build the app with instead of its own (e.g. a storage that fails on purpose).
  clients: Omit<TBuildOptions, 'env'> = {},
): Promise<TTestApp> => {
  const services = inject('testServices')
  const db = await cloneDatabase(services.template, services.databaseUrl, 'api')
  const redisPrefix = `test:${randomBytes(4).toString('hex')}:`
  const app = await buildApp({
    ...clients,
    env: {
      DATABASE_URL: db.url,
      DATABASE_POOL_MAX: '4',
      REDIS_URL: services.redisUrl,
      REDIS_PREFIX: redisPrefix,
      LOG_LEVEL: 'silent',
      CAPTCHA_ENABLED: 'false',
      NODE_ENV: 'test',
      ...env,
    },
  })
  const redis = new Redis(services.redisUrl, { keyPrefix: redisPrefix })
  return {
    app,
    databaseUrl: db.url,
    redisPrefix,
    redis,
    close: async () => {
      await app.close()
      const raw = new Redis(services.redisUrl)
      const keys = await raw.keys(`${redisPrefix}*`)
      if (keys.length) {
        await raw.del(...keys)
      }
      raw.disconnect()
      redis.disconnect()
      await db.drop()
    },
  }
}

export type TTokenBody = Record<string, unknown> & { access_token: string; refresh_token: string }

export const tokenRequest = (
  app: FastifyInstance,
  params: Record<string, string>,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/ysjs-auth/oauth/token',
    query: { scope: 'all', ...params },
    headers: { authorization: BASIC, 'tenant-id': TENANT, ...headers },
  })

/** Logs in with the password grant (password = md5 of the plain text, as the browser sends it). */
export const login = async (app: FastifyInstance, account: string, plain = account): Promise<TTokenBody> => {
  const res = await tokenRequest(app, {
    grant_type: 'password',
    username: account,
    password: md5Hex(plain),
    tenantId: TENANT,
  })
  if (res.statusCode !== 200) {
    throw new Error(`login ${account} failed: ${res.statusCode} ${res.body}`)
  }
  return res.json()
}

export const auth = (token: string) => ({ 'blade-auth': `bearer ${token}` })
