// Where tests find PostgreSQL and Redis: containers when a Docker engine answers (testcontainers),
// otherwise TEST_DATABASE_URL / TEST_REDIS_URL, defaulting to the local services.

import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(path.resolve(import.meta.dirname, '../apps/api/package.json'))

const local = () => ({
  databaseUrl: process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
  redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  stop: async () => {},
  source: 'local',
})

export const startTestServices = async () => {
  if (process.env.TEST_DATABASE_URL || process.env.TESTCONTAINERS_DISABLED === 'true') {
    return local()
  }
  let tc
  try {
    tc = require('testcontainers')
    await tc.getContainerRuntimeClient()
  } catch {
    return local()
  }
  const pgc = await new tc.GenericContainer('postgres:16-alpine')
    .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
    .withExposedPorts(5432)
    .withWaitStrategy(tc.Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start()
  const redis = await new tc.GenericContainer('redis:7-alpine').withExposedPorts(6379).start()
  return {
    databaseUrl: `postgresql://postgres@${pgc.getHost()}:${pgc.getMappedPort(5432)}/postgres`,
    redisUrl: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
    stop: async () => {
      await pgc.stop()
      await redis.stop()
    },
    source: 'testcontainers',
  }
}
