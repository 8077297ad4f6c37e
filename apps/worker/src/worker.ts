import http from 'node:http'
import { createPrisma } from '@ysjs/db'
import { Redis } from 'ioredis'
import { pino } from 'pino'
import { loadWorkerEnv, type TWorkerEnv } from './env.ts'
import { startSystemQueue } from './system/system.queue.ts'

/** Starts the worker: database, Redis, queues and the health endpoint. `close()` stops it gracefully. */
export const startWorker = async (overrides: Partial<Record<keyof TWorkerEnv, string>> = {}) => {
  const env = loadWorkerEnv({ ...process.env, ...overrides })
  const log = pino({ level: env.LOG_LEVEL, base: { service: 'ysjs-worker' } })
  const prisma = createPrisma({ url: env.DATABASE_URL, max: 4 })
  await prisma.$queryRaw`SELECT 1`
  // BullMQ needs blocking connections without a retry limit.
  const connection = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null })
  await connection.ping()
  const system = await startSystemQueue({ env, prisma, connection, log })

  const health = async () => {
    const [database, redis] = await Promise.all([
      prisma.$queryRaw`SELECT 1`.then(() => true).catch(() => false),
      connection
        .ping()
        .then((p) => p === 'PONG')
        .catch(() => false),
    ])
    return { status: database && redis && system.worker.isRunning() ? 'ok' : 'degraded', database, redis }
  }
  const server = http.createServer((req, res) => {
    if (req.url !== '/health') {
      res.writeHead(404).end()
      return
    }
    void health().then((h) => {
      res
        .writeHead(h.status === 'ok' ? 200 : 503, { 'content-type': 'application/json' })
        .end(JSON.stringify(h))
    })
  })
  await new Promise<void>((resolve) => server.listen(env.WORKER_HEALTH_PORT, '0.0.0.0', resolve))
  const address = server.address()
  log.info({ port: typeof address === 'object' ? address?.port : address }, 'worker started')

  return {
    env,
    health,
    port: typeof address === 'object' && address ? address.port : env.WORKER_HEALTH_PORT,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await system.close()
      connection.disconnect()
      await prisma.$disconnect()
      log.info('worker stopped')
    },
  }
}
