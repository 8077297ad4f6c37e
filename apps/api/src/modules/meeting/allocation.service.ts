import type { PrismaClient } from '@ysjs/db'
import { isMeetingOpen, RegisteredMsg } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { LIVE, withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { pruneTrips, type TArrangeDeps } from './arrange-reads.ts'
import { createCarArrange } from './car-arrange.ts'
import type { TMeetingService } from './meeting.service.ts'
import { withMeetingLock } from './meeting-lock.ts'
import { createRoomArrange } from './room-arrange.ts'

/**
 * Rooms and pick-ups of a meeting (decision 018): loads the registrations, runs the pure allocation,
 * writes the result and answers it, all inside one transaction holding the meeting's lock; manual
 * changes take the same lock, so a run never overwrites an edit made while it ran. Rooms in
 * room-arrange.ts, pick-ups in car-arrange.ts; removing registrations here (their trips shrink).
 */
export const createAllocationService = (prisma: PrismaClient, meetings: TMeetingService) => {
  const db = (ctx: TCtx) => tenantDb(prisma, ctx.tenantId)
  const deps: TArrangeDeps = {
    prisma,
    meetings,
    locked: (ctx, meetingId, fn) => withMeetingLock(prisma, ctx.tenantId, meetingId, fn),
    meetingOfRegistration: async (ctx, id) => {
      const row = await db(ctx).registeredMeeting.findFirst({
        where: { id, ...LIVE },
        select: { meetingId: true },
      })
      if (!row) {
        throw AppError.badRequest(RegisteredMsg.NOT_FOUND)
      }
      return row.meetingId
    },
  }
  const { locked } = deps
  return {
    ...createRoomArrange(deps),
    ...createCarArrange(deps),
    /** Removes registrations under their meetings' locks; the trips they leave empty go too. */
    async removeRegistrations(ctx: TCtx, ids: bigint[], ownOnly: boolean) {
      const rows = await db(ctx).registeredMeeting.findMany({
        where: { id: { in: ids }, ...LIVE },
        select: { meetingId: true },
        distinct: ['meetingId'],
      })
      let removed = 0
      for (const { meetingId } of rows) {
        removed += await locked(ctx, meetingId, async (tx) => {
          // A member cancels only while registration is open; staff remove at any time.
          if (ownOnly) {
            const meeting = await tx.meeting.findFirst({ where: { id: meetingId, ...LIVE } })
            if (!meeting || !isMeetingOpen(meeting)) {
              throw AppError.badRequest(RegisteredMsg.CANCEL_CLOSED)
            }
          }
          const { count } = await tx.registeredMeeting.updateMany({
            where: {
              id: { in: ids },
              meetingId,
              ...LIVE,
              ...(ownOnly ? { createUser: ctx.user?.userId ?? -1n } : {}),
            },
            data: withAudit(ctx).deleted,
          })
          await pruneTrips(tx, ctx.tenantId, meetingId)
          return count
        })
      }
      return removed
    },
  }
}
export type TAllocationService = ReturnType<typeof createAllocationService>
