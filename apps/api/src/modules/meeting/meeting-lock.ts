import type { PrismaClient } from '@ysjs/db'
import { type TTenantDb, tenantDb } from '../../lib/tenancy.ts'

export type TMeetingTx = Parameters<Parameters<TTenantDb['$transaction']>[0]>[0]

/** The tail of each meeting's queue in this process. */
const tails = new Map<string, Promise<void>>()

/**
 * Runs `fn` in a transaction holding the meeting's lock (decision 018): registrations, allocations and
 * manual room or car changes of one meeting never interleave. Within this process the callers queue
 * before they take a pooled connection, so a burst on one meeting waits in memory instead of holding
 * the pool while it waits on the database; across processes the transaction-scoped advisory lock on the
 * meeting's id serialises them.
 */
export const withMeetingLock = async <T>(
  prisma: PrismaClient,
  tenantId: string,
  meetingId: bigint,
  fn: (tx: TMeetingTx) => Promise<T>,
): Promise<T> => {
  const key = `${tenantId}:${meetingId}`
  const previous = tails.get(key) ?? Promise.resolve()
  let release = () => {}
  const mine = new Promise<void>((resolve) => {
    release = resolve
  })
  const tail = previous.then(() => mine)
  tails.set(key, tail)
  await previous
  try {
    return await tenantDb(prisma, tenantId).$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${meetingId})`
        return fn(tx)
      },
      // An allocation of thousands of registrations, behind another process's one, must not time out.
      { maxWait: 10_000, timeout: 30_000 },
    )
  } finally {
    release()
    if (tails.get(key) === tail) {
      tails.delete(key)
    }
  }
}

/** The first key of the tenant-wide pick-up lock (the two-int key space is apart from the meetings' ids). */
const PICKUP_LOCK = 18

/**
 * Taken, inside a meeting's lock, by every change that books vehicles, drivers or escorts (the car
 * allocation, `updateCar`, `updatePickup`). They are shared by all the tenant's meetings, so two
 * meetings' runs at once would both see a vehicle free and both book it; this lock makes the second
 * wait for the first's commit and see its trips. Always after the meeting lock, so no cycle.
 */
export const lockTenantPickups = async (tx: TMeetingTx, tenantId: string): Promise<void> => {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${PICKUP_LOCK}::int, hashtext(${tenantId}))`
}
