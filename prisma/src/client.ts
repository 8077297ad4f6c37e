import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from '../generated/client.ts'

export * from '../generated/client.ts'

/** Defaults of the pool's time limits (decision 006): a database that does not answer costs seconds, not minutes. */
export const DB_TIMEOUT_DEFAULTS = {
  connectMs: 3_000,
  statementMs: 15_000,
  idleMs: 30_000,
} as const
/** How much longer the client waits for an answer than the server lets a statement run. */
const QUERY_TIMEOUT_MARGIN_MS = 2_000

export type TPrismaOptions = {
  url: string
  /** Pool size; the default suits a 2-core machine running API and worker side by side. */
  max?: number
  /** Opening a connection, and waiting for a free one when the pool is full. */
  connectTimeoutMs?: number
  /** PostgreSQL `statement_timeout`: the server cancels a longer statement (SQLSTATE 57014). */
  statementTimeoutMs?: number
  /**
   * Client-side limit on waiting for a query's answer (a server or network that went silent, where
   * `statement_timeout` never fires). Defaults to the statement timeout plus a margin, so a slow
   * statement is cancelled cleanly by the server before the client gives up on its connection.
   */
  queryTimeoutMs?: number
  /** An idle pooled connection is closed after this long. */
  idleTimeoutMs?: number
}

/** Prisma Client over node-postgres (driver adapter: no native query engine). */
export const createPrisma = ({
  url,
  max = 10,
  connectTimeoutMs = DB_TIMEOUT_DEFAULTS.connectMs,
  statementTimeoutMs = DB_TIMEOUT_DEFAULTS.statementMs,
  queryTimeoutMs = statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS,
  idleTimeoutMs = DB_TIMEOUT_DEFAULTS.idleMs,
}: TPrismaOptions): PrismaClient => {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // pg-pool applies it twice: to opening a connection and to waiting for a free one (acquire).
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    query_timeout: queryTimeoutMs,
    idleTimeoutMillis: idleTimeoutMs,
    // A peer that vanished without closing the socket is noticed by TCP keep-alive, not never.
    keepAlive: true,
  })
  // An idle client's error (the server closed it) must not crash the process; the pool drops it.
  pool.on('error', () => {})
  // Connections that reached the server (pg-pool emits 'connect' only after a successful connect and
  // 'remove' when it drops one; a connect that fails emits neither): a slot held by a connect still
  // under way is not a busy connection, so a pool full of those is a database not answering (decision 031).
  const live = new Set<pg.PoolClient>()
  pool.on('connect', (client) => live.add(client))
  pool.on('remove', (client) => live.delete(client))
  connected.set(pool, live)
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) })
  pools.set(prisma, pool)
  return prisma
}

const pools = new WeakMap<PrismaClient, pg.Pool>()
const connected = new WeakMap<pg.Pool, Set<pg.PoolClient>>()

/**
 * The node-postgres pool under a client made by `createPrisma` (undefined for any other client). Two
 * uses only: the pool's gauges (total, idle, waiting) for health and metrics, and the generic list's
 * typed SQL (`apps/api/src/lib/list-sql.ts`, decision 024), which reads through the same connections
 * and the same time limits as Prisma.
 */
export const poolOf = (prisma: PrismaClient): pg.Pool | undefined => pools.get(prisma)

/**
 * The pool's gauges: its size limit, its connections (`total`, including connects under way), those
 * connected to the server, idle ones and callers waiting for one.
 */
export type TPoolGauges = { max: number; total: number; connected: number; idle: number; waiting: number }

export const poolGauges = (prisma: PrismaClient): TPoolGauges | null => {
  const pool = pools.get(prisma)
  return pool
    ? {
        max: pool.options.max,
        total: pool.totalCount,
        connected: connected.get(pool)?.size ?? pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }
    : null
}
