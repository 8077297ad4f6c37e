import os from 'node:os'
import { nextId, type PrismaClient } from '@ysjs/db'
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify'
import { isSecretParam, REDACTED } from '../lib/redact.ts'

const FLUSH_MS = 1_000
const BATCH = 200
const MAX_QUEUE = 10_000
const PARAMS_MAX = 2_000

type TApiRow = {
  id: bigint
  tenantId: string
  serviceId: string
  serverHost: string
  env: string
  type: string
  title: string
  method: string
  requestUri: string
  userAgent: string | null
  remoteIp: string
  params: string | null
  time: string
  status: number | null
  createBy: string | null
  createTime: Date
}
type TErrorRow = {
  id: bigint
  tenantId: string
  serviceId: string
  serverHost: string
  env: string
  method: string | null
  requestUri: string | null
  userAgent: string | null
  stackTrace: string | null
  exceptionName: string | null
  message: string | null
  remoteIp: string | null
  params: string | null
  createBy: string | null
  createTime: Date
}

/** A business event worth keeping for administrators (security events, for one). */
export type TUsualEntry = {
  tenantId: string
  level: 'INFO' | 'WARN' | 'ERROR'
  /** What happened, e.g. `login.locked`. */
  id: string
  data: string
  remoteIp?: string | null
  createBy?: string | null
}
type TUsualRow = {
  id: bigint
  tenantId: string
  serviceId: string
  serverHost: string
  env: string
  logLevel: string
  logId: string
  logData: string
  remoteIp: string | null
  createBy: string | null
  createTime: Date
}

const truncate = (s: string | null | undefined, n: number) =>
  s == null ? null : s.length > n ? s.slice(0, n) : s
const HOST = os.hostname()

const safeParams = (request: FastifyRequest): string | null => {
  const query = request.query as Record<string, unknown> | undefined
  if (!query || Object.keys(query).length === 0) {
    return null
  }
  const shown = Object.fromEntries(
    Object.entries(query).map(([k, v]) => [k, isSecretParam(k) ? REDACTED : v]),
  )
  return truncate(JSON.stringify(shown), PARAMS_MAX)
}

/**
 * API-access and error log rows are queued in memory and written in batches off the request path;
 * a full queue drops rows (and says so) rather than slow requests down. `close()` flushes.
 */
export const createLogWriter = (prisma: PrismaClient, log: FastifyBaseLogger, envName: string) => {
  const api: TApiRow[] = []
  const errors: TErrorRow[] = []
  const usual: TUsualRow[] = []
  let dropped = 0
  let flushing: Promise<void> | null = null

  const flush = async (): Promise<void> => {
    if (flushing) {
      // The batch in progress was taken before rows queued since: write those too, so that after
      // `flush()` (and `close()`) every row queued before the call is stored.
      await flushing
      return flush()
    }
    const apiBatch = api.splice(0, api.length)
    const errorBatch = errors.splice(0, errors.length)
    const usualBatch = usual.splice(0, usual.length)
    if (!apiBatch.length && !errorBatch.length && !usualBatch.length) {
      return
    }
    flushing = (async () => {
      try {
        for (let i = 0; i < apiBatch.length; i += BATCH) {
          await prisma.logApi.createMany({ data: apiBatch.slice(i, i + BATCH) })
        }
        if (errorBatch.length) {
          await prisma.logError.createMany({ data: errorBatch })
        }
        if (usualBatch.length) {
          await prisma.logUsual.createMany({ data: usualBatch })
        }
      } catch (err) {
        log.warn(
          { err, rows: apiBatch.length + errorBatch.length + usualBatch.length },
          'could not write log rows',
        )
      } finally {
        flushing = null
      }
    })()
    return flushing
  }

  const timer = setInterval(() => {
    if (dropped) {
      log.warn({ dropped }, 'log queue full: rows dropped')
      dropped = 0
    }
    void flush()
  }, FLUSH_MS)
  timer.unref()

  const room = () => {
    if (api.length + errors.length + usual.length >= MAX_QUEUE) {
      dropped++
      return false
    }
    return true
  }

  return {
    api(request: FastifyRequest, elapsedMs: number, title: string, status: number | null = null): void {
      if (!room()) {
        return
      }
      api.push({
        id: nextId(),
        tenantId: request.user?.tenantId ?? '000000',
        serviceId: 'ysjs-api',
        serverHost: HOST,
        env: envName,
        type: '1',
        title: truncate(title, 255)!,
        method: request.method,
        requestUri: truncate(request.url.split('?')[0], 255)!,
        userAgent: truncate(request.headers['user-agent'], 1000),
        remoteIp: request.ip,
        params: safeParams(request),
        time: String(Math.round(elapsedMs)),
        status,
        createBy: request.user?.account ?? null,
        createTime: new Date(),
      })
    },
    error(request: FastifyRequest | null, err: Error, extra: Partial<TErrorRow> = {}): void {
      if (!room()) {
        return
      }
      errors.push({
        id: nextId(),
        tenantId: request?.user?.tenantId ?? '000000',
        serviceId: 'ysjs-api',
        serverHost: HOST,
        env: envName,
        method: request?.method ?? null,
        requestUri: truncate(request?.url.split('?')[0], 255),
        userAgent: truncate(request?.headers['user-agent'], 1000),
        stackTrace: truncate(err.stack ?? null, 20_000),
        exceptionName: truncate(err.name, 255),
        message: truncate(err.message, 5_000),
        remoteIp: request?.ip ?? null,
        params: request ? safeParams(request) : null,
        createBy: request?.user?.account ?? null,
        createTime: new Date(),
        ...extra,
      })
    },
    usual(entry: TUsualEntry): void {
      if (!room()) {
        return
      }
      usual.push({
        id: nextId(),
        tenantId: entry.tenantId,
        serviceId: 'ysjs-api',
        serverHost: HOST,
        env: envName,
        logLevel: entry.level,
        logId: truncate(entry.id, 100)!,
        logData: truncate(entry.data, 20_000)!,
        remoteIp: truncate(entry.remoteIp ?? null, 255),
        createBy: truncate(entry.createBy ?? null, 64),
        createTime: new Date(),
      })
    },
    flush,
    async close(): Promise<void> {
      clearInterval(timer)
      await flush()
      await flush()
    },
  }
}
export type TLogWriter = ReturnType<typeof createLogWriter>

/** Each authenticated write to `/api/` is logged with its route and time (`API_LOG_ENABLED`). */
export const installApiLog = (app: FastifyInstance, logs: TLogWriter) => {
  app.addHook('onResponse', async (request, reply) => {
    if (request.user && request.url.startsWith('/api/') && request.method !== 'GET') {
      logs.api(
        request,
        reply.elapsedTime,
        `${request.method} ${request.routeOptions.url ?? request.url}`,
        reply.statusCode,
      )
    }
  })
}
