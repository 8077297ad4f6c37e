import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'

export type TRedisOptions = {
  url: string
  keyPrefix: string
  connectTimeoutMs: number
  commandTimeoutMs: number
}

/** Reconnect delays: 200 ms, 400 ms, … capped at 2 s, forever (the API keeps answering 503 meanwhile). */
const retryDelay = (attempt: number): number => Math.min(attempt * 200, 2_000)

/**
 * The API's Redis client (decision 006). While it is not connected, commands fail at once instead of
 * waiting in ioredis' offline queue, so a request answers 503 instead of hanging; a connected Redis
 * that stops answering fails the commands in flight after `commandTimeoutMs`, and the connection is
 * dropped and re-opened, so the next commands fail at once instead of waiting their turn.
 */
export const createRedis = (o: TRedisOptions): Redis =>
  new Redis(o.url, {
    keyPrefix: o.keyPrefix,
    connectTimeout: o.connectTimeoutMs,
    commandTimeout: o.commandTimeoutMs,
    // Nothing back for as long as a command may take: the connection is dead, not the command slow.
    socketTimeout: o.commandTimeoutMs,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: retryDelay,
  })

/**
 * Resolves once the client is ready (true), or at its first connection error or after `ms` (false).
 * The API boots either way: without the offline queue, commands sent before the connection is ready
 * would fail, so the boot gives Redis this short chance first.
 */
export const waitForRedis = (redis: Redis, ms: number): Promise<boolean> => {
  if (redis.status === 'ready') {
    return Promise.resolve(true)
  }
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer)
      redis.off('ready', onReady)
      redis.off('error', onError)
      redis.off('end', onError)
      resolve(ready)
    }
    const onReady = () => done(true)
    const onError = () => done(false)
    const timer = setTimeout(onError, ms)
    redis.once('ready', onReady)
    redis.once('error', onError)
    redis.once('end', onError)
  })
}

/**
 * Logs when Redis goes away and when it is back, once each, instead of one line per reconnect
 * attempt (and instead of ioredis' "Unhandled error event" on stderr).
 */
export const watchRedis = (redis: Redis, log: FastifyBaseLogger): void => {
  let down = false
  redis.on('error', (err: Error) => {
    if (!down) {
      down = true
      log.warn({ err }, 'Redis unavailable, reconnecting')
    }
  })
  redis.on('ready', () => {
    if (down) {
      down = false
      log.info('Redis available again')
    }
  })
}

/** ioredis' own errors for "no connection" and "no answer in time" (ioredis 6). */
const CLIENT_MESSAGES = new Set([
  'Command timed out',
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Connection is closed.',
])
/** Replies of a Redis that is up but cannot serve yet. */
const SERVER_REPLY = /^(LOADING|BUSY|MASTERDOWN|TRYAGAIN) /

/** True when `err` says Redis is unreachable or too slow (answer 503), not that a command was wrong. */
export const isRedisUnavailable = (err: unknown): boolean => {
  if (!(err instanceof Error)) {
    return false
  }
  return (
    err.name === 'MaxRetriesPerRequestError' ||
    CLIENT_MESSAGES.has(err.message) ||
    err.message.startsWith('Socket timeout.') ||
    (err.name === 'ReplyError' && SERVER_REPLY.test(err.message))
  )
}

/**
 * A queue producer's own connection (the job and flow buses: BullMQ cannot share the API client's key
 * prefix). One retry and the command time limit, so a request fails (503) rather than waiting on a
 * Redis that is away (decision 006); its errors reach the commands that use it, not the process.
 */
export const producerConnection = (opts: {
  redisUrl: string
  connectTimeoutMs: number
  commandTimeoutMs: number
}): Redis => {
  const connection = new Redis(opts.redisUrl, {
    maxRetriesPerRequest: 1,
    connectTimeout: opts.connectTimeoutMs,
    commandTimeout: opts.commandTimeoutMs,
  })
  connection.on('error', () => {})
  return connection
}
