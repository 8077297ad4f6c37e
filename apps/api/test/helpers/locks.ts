import type { PrismaClient } from '@ysjs/db'

/**
 * Holds `LOCK TABLE <table> IN EXCLUSIVE MODE` in a transaction of its own until `release()`: plain
 * reads go on, every write and every `SELECT … FOR UPDATE/SHARE` of the table waits. A race test uses
 * it to stop one request between its check and its write, then sends the other.
 */
export const holdTable = async (prisma: PrismaClient, table: string) => {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  let locked: () => void = () => {}
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve
  })
  const holder = prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`LOCK TABLE ${table} IN EXCLUSIVE MODE`)
      locked()
      await held
    },
    { timeout: 60_000 },
  )
  await isLocked
  /** Sessions of this database waiting on a lock. */
  const waiting = async () => {
    const rows = await prisma.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    )
    return Number(rows[0]!.n)
  }
  /** Polls until `done()` holds (at most `ms`). */
  const until = async (done: () => Promise<boolean>, ms = 5000) => {
    for (const end = Date.now() + ms; Date.now() < end && !(await done()); ) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  return {
    waiting,
    until,
    /** Waits until `n` sessions wait on a lock. */
    untilWaiting: (n: number, ms?: number) => until(async () => (await waiting()) >= n, ms),
    release: async () => {
      release()
      await holder
    },
  }
}

/** Whether a promise has settled, without waiting for it. */
export const settled = (p: Promise<unknown>) => {
  let done = false
  p.then(
    () => {
      done = true
    },
    () => {
      done = true
    },
  )
  return () => done
}
