import { type PrismaClient, poolGauges, type TPoolGauges } from '@ysjs/db'

/**
 * What the API knows about its database pool (decision 006): the pool's gauges, how many requests
 * found it full for the whole acquire timeout, and when that last happened. A full pool is not an
 * outage of the database, and is logged, counted and answered as such.
 */
export const createPoolWatch = (prisma: PrismaClient, queueMax: number) => {
  let exhaustedTotal = 0
  let lastExhaustedAt: Date | null = null
  return {
    /** So many callers already queue for a connection that a new one would only wait out the timeout. */
    overloaded(): boolean {
      const g = poolGauges(prisma)
      return !!g && g.waiting >= queueMax
    },
    gauges: (): TPoolGauges | null => poolGauges(prisma),
    /** Every caller queued and no connection idle: the next one waits too. */
    saturated(): boolean {
      const g = poolGauges(prisma)
      return !!g && g.waiting > 0 && g.idle === 0 && g.total >= g.max
    },
    /**
     * Every slot of the pool is a connection the server accepted and none is free: a full pool (the
     * database is up, this process asks more of it than its pool holds). Slots held by connects that
     * have not got through mean the database is not answering: an outage, not a full pool.
     */
    full(): boolean {
      const g = poolGauges(prisma)
      return !!g && g.idle === 0 && g.connected >= g.max
    },
    /**
     * The pool holds connections the server accepted: a caller that found no free one waited behind
     * them (a full pool), not behind connects that never get through (the database is down).
     */
    reachable(): boolean {
      const g = poolGauges(prisma)
      return !!g && g.connected > 0
    },
    recordExhausted(): void {
      exhaustedTotal += 1
      lastExhaustedAt = new Date()
    },
    state() {
      return { exhaustedTotal, lastExhaustedAt, gauges: poolGauges(prisma) }
    },
  }
}
export type TPoolWatch = ReturnType<typeof createPoolWatch>
