import { createPrisma } from '@ysjs/db'
import { type DestinationStream, pino } from 'pino'
import { loadWorkerEnv, type TWorkerEnv } from './env.ts'
import { startFlowQueues, type TFlowQueues } from './flow/flow.queue.ts'
import { HEALTH_CHECK_TIMEOUT_MS, startHealthServer, within } from './health.ts'
import { startJobQueues, type TJobQueues } from './job/job.queue.ts'
import { createWorkerRedis, redisRetryDelay, untilReady } from './redis.ts'

export type TWorkerOptions = {
  /** Where the log goes (stdout when absent); tests read it. */
  logStream?: DestinationStream
}

/**
 * Starts the worker: database, Redis, queues and the health endpoint. `close()` stops it gracefully.
 *
 * Neither PostgreSQL nor Redis is needed to start: the health port opens at once and reports what is
 * down, and the queues start as soon as Redis is ready, retrying with backoff for as long as the
 * worker runs (decision 006). It never waits on a service that does not answer.
 */
export const startWorker = async (
  overrides: Partial<Record<keyof TWorkerEnv, string>> = {},
  options: TWorkerOptions = {},
) => {
  const env = loadWorkerEnv({ ...process.env, ...overrides })
  const log = pino({ level: env.LOG_LEVEL, base: { service: 'ysjs-worker' } }, options.logStream)
  const prisma = createPrisma({
    url: env.DATABASE_URL,
    max: 4,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: env.WORKER_STATEMENT_TIMEOUT_MS,
  })
  // Loads the query compiler; opens no connection.
  await prisma.$connect()
  const connection = createWorkerRedis(env.REDIS_URL, env.REDIS_CONNECT_TIMEOUT_MS, log)

  let jobs: TJobQueues | null = null
  let flow: TFlowQueues | null = null
  let stop = () => {}
  const stopped = new Promise<void>((resolve) => {
    stop = resolve
  })
  let closing = false
  const startQueues = async () => {
    for (let attempt = 1; !closing; attempt++) {
      await untilReady(connection, stopped)
      if (closing) {
        return
      }
      try {
        jobs = await startJobQueues({ env, prisma, connection, log })
        flow = await startFlowQueues({ env, prisma, connection, log })
        log.info('queues started')
        return
      } catch (err) {
        if (closing) {
          return
        }
        const delay = redisRetryDelay(attempt)
        log.warn({ err, attempt, retryInMs: delay }, 'starting the queues failed, retrying')
        await Promise.race([new Promise((resolve) => setTimeout(resolve, delay)), stopped])
      }
    }
  }
  const starting = startQueues()

  const health = async () => {
    const [database, redis] = await Promise.all([
      within(HEALTH_CHECK_TIMEOUT_MS, () => prisma.$queryRaw`SELECT 1`.then(() => true)),
      // Not ready: say so at once instead of queueing a PING behind the reconnection.
      connection.status === 'ready'
        ? within(HEALTH_CHECK_TIMEOUT_MS, () => connection.ping().then((p) => p === 'PONG'))
        : Promise.resolve(false),
    ])
    const running = jobs?.worker.isRunning() ?? false
    return { status: database && redis && running ? ('ok' as const) : ('degraded' as const), database, redis }
  }
  const server = await startHealthServer(env.WORKER_HEALTH_PORT, health)
  // A healthy Redis answers in milliseconds: give the queues that long to start before reporting
  // the worker started, and no longer.
  await Promise.race([starting, new Promise((resolve) => setTimeout(resolve, env.REDIS_CONNECT_TIMEOUT_MS))])
  log.info({ port: server.port, queues: jobs !== null }, 'worker started')
  void within(HEALTH_CHECK_TIMEOUT_MS, () => prisma.$queryRaw`SELECT 1`.then(() => true)).then((up) => {
    if (!up) {
      log.warn('PostgreSQL unavailable at boot: jobs fail until it answers')
    }
  })

  return {
    env,
    health,
    /** The job queues once started (null while Redis has not been reached). */
    get jobs() {
      return jobs
    },
    port: server.port,
    async close() {
      closing = true
      stop()
      await server.close()
      if (!jobs) {
        // A start still waiting on Redis gives up when its connection closes.
        connection.disconnect()
      }
      await starting
      // `jobs` is assigned inside `startQueues`, which has finished by now.
      await (jobs as TJobQueues | null)?.close()
      await (flow as TFlowQueues | null)?.close()
      connection.disconnect()
      await prisma.$disconnect()
      log.info('worker stopped')
    },
  }
}
