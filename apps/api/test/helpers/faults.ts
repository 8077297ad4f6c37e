import { Msg, ResultCode } from '@ysjs/shared'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect, inject } from 'vitest'
import { buildApp, type TBuildOptions } from '../../src/app.ts'

export { blackHole, closedPort, slowProxy } from '../../../../scripts/test-faults.mjs'

/**
 * An app on whatever PostgreSQL / Redis `env` names (a black hole, a closed port, a slow proxy),
 * sharing the Redis key prefix of a working test app so that app's tokens are live here too.
 */
export const buildFaultApp = (env: TBuildOptions['env'] = {}): Promise<FastifyInstance> => {
  const services = inject('testServices')
  return buildApp({
    env: {
      DATABASE_URL: services.databaseUrl,
      REDIS_URL: services.redisUrl,
      LOG_LEVEL: 'silent',
      CAPTCHA_ENABLED: 'false',
      NODE_ENV: 'test',
      API_LOG_ENABLED: 'false',
      ...env,
    },
  })
}

/** The request's answer and how long it took, in milliseconds. */
export const timed = async <T>(fn: () => Promise<T>): Promise<{ res: T; ms: number }> => {
  const started = performance.now()
  const res = await fn()
  return { res, ms: performance.now() - started }
}

/** A 503 in the platform envelope, labelled JSON, answered within `withinMs`. */
export const expectUnavailable = (
  answer: { res: LightMyRequestResponse; ms: number },
  withinMs: number,
  msg: string = Msg.SERVICE_UNAVAILABLE,
) => {
  const { res, ms } = answer
  expect(res.statusCode, res.body).toBe(503)
  expect(res.headers['content-type']).toMatch(/^application\/json/)
  expect(res.json()).toEqual({
    code: ResultCode.SERVICE_UNAVAILABLE,
    success: false,
    data: null,
    msg,
  })
  expect(ms).toBeLessThan(withinMs)
}

/** A 503 of a full connection pool (decision 031): its own message, not the outage's. */
export const expectPoolFull = (answer: { res: LightMyRequestResponse; ms: number }, withinMs: number) =>
  expectUnavailable(answer, withinMs, Msg.POOL_BUSY)

/** A 503 that is either (a slow network: some time out at the database, some find the pool full). */
export const expectUnavailableOrPoolFull = (
  answer: { res: LightMyRequestResponse; ms: number },
  withinMs: number,
) =>
  expectUnavailable(
    answer,
    withinMs,
    answer.res.json().msg === Msg.POOL_BUSY ? Msg.POOL_BUSY : Msg.SERVICE_UNAVAILABLE,
  )

/** `/api/health` answered 503 with these component states, within about a second. */
export const expectDegraded = (
  answer: { res: LightMyRequestResponse; ms: number },
  components: { database: boolean; redis: boolean },
) => {
  expect(answer.res.statusCode, answer.res.body).toBe(503)
  expect(answer.res.headers['content-type']).toMatch(/^application\/json/)
  expect(answer.res.json()).toMatchObject({ status: 'degraded', ...components })
  expect(answer.ms).toBeLessThan(1_000)
}
