import { Redis } from 'ioredis'
import type { Logger } from 'pino'

/** Reconnect delays: 250 ms doubling up to 5 s, then every 5 s, for as long as the worker runs. */
export const REDIS_RETRY_MAX_MS = 5_000
export const redisRetryDelay = (attempt: number): number =>
  Math.min(250 * 2 ** Math.max(0, attempt - 1), REDIS_RETRY_MAX_MS)

/** While Redis stays away, the warning is repeated this often (not once per attempt). */
const STILL_DOWN_LOG_MS = 60_000

/**
 * The worker's Redis connection (the queues' transport). BullMQ needs commands that wait for the
 * connection instead of failing (`maxRetriesPerRequest: null`); nothing the worker awaits at boot
 * goes through it before it is ready, so a Redis that is down never holds the boot (decision 006).
 */
export const createWorkerRedis = (url: string, connectTimeoutMs: number, log: Logger): Redis => {
  const connection = new Redis(url, {
    maxRetriesPerRequest: null,
    connectTimeout: connectTimeoutMs,
    retryStrategy: redisRetryDelay,
  })
  let downSince: number | null = null
  let warnedAt = 0
  let attempts = 0
  const trouble = (err: Error) => {
    attempts += 1
    const now = Date.now()
    if (downSince === null || now - warnedAt >= STILL_DOWN_LOG_MS) {
      downSince ??= now
      warnedAt = now
      log.warn(
        { err: err.message, attempts, downForMs: now - downSince, retryMaxMs: REDIS_RETRY_MAX_MS },
        'Redis unavailable, retrying',
      )
    }
  }
  connection.on('error', trouble)
  // `connectTimeout` ends once TCP connects: a server that accepts and never answers would keep the
  // handshake (HELLO, INFO) waiting forever, and the worker with it. Give it as long again.
  connection.on('connect', () => {
    const timer = setTimeout(() => {
      if (connection.status !== 'ready') {
        trouble(new Error(`no answer within ${connectTimeoutMs} ms of connecting`))
        connection.disconnect(true)
      }
    }, connectTimeoutMs)
    const clear = () => clearTimeout(timer)
    connection.once('ready', clear)
    connection.once('close', clear)
  })
  connection.on('ready', () => {
    if (downSince !== null) {
      log.info({ attempts, downForMs: Date.now() - downSince }, 'Redis available again')
    }
    downSince = null
    attempts = 0
  })
  return connection
}

/** Resolves when `connection` is ready, or when `stop` resolves (whichever first). */
export const untilReady = (connection: Redis, stop: Promise<void>): Promise<void> => {
  if (connection.status === 'ready') {
    return Promise.resolve()
  }
  return new Promise((resolve) => {
    const done = () => {
      connection.off('ready', done)
      resolve()
    }
    connection.once('ready', done)
    void stop.then(done)
  })
}
