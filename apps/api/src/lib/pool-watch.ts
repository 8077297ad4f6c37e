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
