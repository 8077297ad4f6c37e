import { Prisma } from '../generated/client.ts'

/**
 * Prisma codes that mean "the database cannot serve this now", not "this request is wrong":
 * unreachable (P1001), timed out (P1002, P1008), connection closed (P1017), no connection from the
 * pool in time (P2024), transaction not started or expired in time (P2028), too many connections (P2037).
 */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028', 'P2037'])

/**
 * SQLSTATEs of the same kind, which reach us inside P2010 (raw query) or P2039 (any other query):
 * 57014 query_canceled (statement_timeout), 55P03 lock_not_available (lock_timeout),
 * 57P01..57P03 shutdown / cannot connect now, 53300 too_many_connections, class 08 connection errors.
 */
const SQLSTATES = new Set(['57014', '55P03', '57P01', '57P02', '57P03', '53300'])

/**
 * node-postgres (pg 8.23 / pg-pool 3) reports its own time limits and lost connections as plain
 * `Error`s without a code, which the Prisma adapter passes through unchanged. Their messages are
 * the only signature; apps/api/test/faults-database.test.ts fails if a pg upgrade changes them.
 */
const PG_MESSAGES = new Set([
  'timeout exceeded when trying to connect', // pool acquire timeout (connectionTimeoutMillis)
  'Connection terminated due to connection timeout', // opening a connection timed out
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Query read timeout', // query_timeout
  'Client has encountered a connection error and is not queryable',
  'timeout expired',
])

/** pg-pool's answer to a caller that waited `connectionTimeoutMillis` for a connection of a full pool. */
export const POOL_EXHAUSTED_MESSAGE = 'timeout exceeded when trying to connect'

/**
 * True when `err` says every connection of the pool was busy for the whole acquire timeout: the
 * database is up, this process asked more of it than its pool holds (decision 006). Prisma's own
 * P2024 means the same. Reported as a full pool, never as the database being down.
 */
export const isPoolExhausted = (err: unknown): boolean => {
  if (!(err instanceof Error)) {
    return false
  }
  if (err.message === POOL_EXHAUSTED_MESSAGE) {
    return true
  }
  if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2024') {
    return true
  }
  return err.cause instanceof Error && err.cause.message === POOL_EXHAUSTED_MESSAGE
}

type TAdapterCause = { kind?: string; originalCode?: string; code?: string }

const adapterCause = (meta: unknown): TAdapterCause | undefined =>
  (meta as { driverAdapterError?: { cause?: TAdapterCause } } | undefined)?.driverAdapterError?.cause

const isUnavailableSqlState = (code: string | undefined): boolean =>
  code !== undefined && (SQLSTATES.has(code) || code.startsWith('08'))

/**
 * True when `err` says PostgreSQL is unreachable, too slow or out of connections (answer 503 and
 * retry later), false for every other error, including the ones a request causes (constraint
 * violations, bad input).
 */
export const isDatabaseUnavailable = (err: unknown): boolean => {
  if (!(err instanceof Error)) {
    return false
  }
  if (err instanceof Prisma.PrismaClientInitializationError) {
    return true
  }
  if (err instanceof Prisma.PrismaClientKnownRequestError) {
    if (PRISMA_CODES.has(err.code)) {
      return true
    }
    const cause = adapterCause(err.meta)
    return isUnavailableSqlState(cause?.originalCode ?? cause?.code)
  }
  if (err.name === 'DriverAdapterError') {
    const kind = (err.cause as TAdapterCause | undefined)?.kind
    return (
      kind === 'DatabaseNotReachable' ||
      kind === 'SocketTimeout' ||
      kind === 'ConnectionClosed' ||
      kind === 'TooManyConnections'
    )
  }
  if (PG_MESSAGES.has(err.message)) {
    return true
  }
  // A pg DatabaseError that did not go through Prisma carries the SQLSTATE itself.
  const code = (err as { code?: unknown }).code
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)
}
