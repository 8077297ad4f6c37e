import { RegisteredMsg, ROOM_WISH, roomMoveProblem } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { LIVE, withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { guestsOf, NOT_YET, type TArrangeDeps, type TGuest } from './arrange-reads.ts'
import type { TMeetingTx } from './meeting-lock.ts'
import { parseWindowDay } from './registered-price.ts'
import { allocateRooms } from './room-allocation.ts'

const roomAnswer = (
  bedCount: number,
  guests: TGuest[],
  rooms: { houseNo: string; sex: number | null; single: boolean; manual: boolean; occupants: bigint[] }[],
  unallocated: { id: bigint; reason: string }[],
) => {
  const byId = new Map(guests.map((g) => [g.id, g]))
  const guest = (id: bigint) => {
    const g = byId.get(id)
    return {
      id,
      name: g?.name ?? '',
      unitName: g?.unitName ?? '',
      sex: g?.sex ?? null,
      roomWish: g?.roomWish ?? 2,
    }
  }
  return {
    bedCount,
    rooms: rooms.map((r) => ({
      ...r,
      occupants: r.occupants.map((id) => ({ ...guest(id), manual: byId.get(id)?.houseManual === 1 })),
    })),
    unallocated: unallocated.map((u) => ({ ...guest(u.id), reason: u.reason })),
  }
}

/** Writes many `(id, value)` pairs in one statement (5,000 registrations must take well under a second). */
const writeRooms = async (
  tx: TMeetingTx,
  tenantId: string,
  pairs: { id: bigint; value: string | null; reason: string | null }[],
) => {
  if (pairs.length === 0) {
    return
  }
  const ids = pairs.map((p) => p.id.toString())
  const values = pairs.map((p) => p.value)
  const reasons = pairs.map((p) => p.reason)
  await tx.$executeRaw`UPDATE ysjs_registered_meeting AS r
    SET house_no = v.value, house_reason = v.reason, update_time = now()
    FROM unnest(${ids}::text[], ${values}::text[], ${reasons}::text[]) AS v(id, value, reason)
    WHERE r.id = v.id::bigint AND r.tenant_id = ${tenantId}`
}

/** Rooms of a meeting (decision 018): the allocation, the rooms as they are, and a move by hand. */
export const createRoomArrange = ({ prisma, meetings, locked, meetingOfRegistration }: TArrangeDeps) => {
  const db = (ctx: TCtx) => tenantDb(prisma, ctx.tenantId)
  return {
    /** `IntelligentAllocation`: rooms for the stays overlapping [betweenOne, betweenTwo] (whole days). */
    async allocateRooms(
      ctx: TCtx,
      q: { meetingId: string; betweenOne: string; betweenTwo: string; bedCount: number },
    ) {
      const meetingId = BigInt(q.meetingId)
      await meetings.find(ctx, meetingId)
      const window = { from: parseWindowDay(q.betweenOne, false), to: parseWindowDay(q.betweenTwo, true) }
      return locked(ctx, meetingId, async (tx) => {
        // Manual moves are checked against the bed count of the last run.
        await tx.meeting.updateMany({ where: { id: meetingId }, data: { bedCount: q.bedCount } })
        const guests = await guestsOf(tx, meetingId)
        const result = allocateRooms(
          guests.map((g) => ({
            ...g,
            manualHouseNo: g.houseManual && g.houseNo ? g.houseNo : null,
            keptHouseNo: !g.houseManual && g.houseNo ? g.houseNo : null,
          })),
          window,
          q.bedCount,
        )
        // Manual rooms and an earlier window's rooms are left as they are.
        const pairs = [
          ...result.rooms
            .filter((r) => !r.manual && !r.kept)
            .flatMap((r) => r.occupants.map((id) => ({ id, value: r.houseNo, reason: null }))),
          ...result.unallocated.map((u) => ({ id: u.id, value: null, reason: u.reason })),
        ]
        await writeRooms(tx, ctx.tenantId, pairs)
        return roomAnswer(q.bedCount, guests, result.rooms, result.unallocated)
      })
    },
    /** The rooms as they are now (`/allocationList`). */
    async roomView(ctx: TCtx, meetingId: bigint) {
      const meeting = await meetings.find(ctx, meetingId)
      const guests = await guestsOf(db(ctx), meetingId)
      const rooms = new Map<
        string,
        { houseNo: string; sex: number | null; single: boolean; manual: boolean; occupants: bigint[] }
      >()
      for (const g of guests.filter((x) => x.houseNo)) {
        const room = rooms.get(g.houseNo!) ?? {
          houseNo: g.houseNo!,
          sex: g.sex,
          single: false,
          manual: false,
          occupants: [],
        }
        room.occupants.push(g.id)
        room.manual ||= g.houseManual === 1
        room.single ||= g.roomWish === ROOM_WISH.SINGLE
        if (room.sex !== g.sex) {
          room.sex = null
        }
        rooms.set(g.houseNo!, room)
      }
      return roomAnswer(
        meeting.bedCount,
        guests,
        [...rooms.values()].sort((a, b) => a.houseNo.localeCompare(b.houseNo)),
        guests.filter((g) => !g.houseNo).map((g) => ({ id: g.id, reason: g.houseReason ?? NOT_YET })),
      )
    },
    /**
     * `updateHouse`: a manual room (kept by later allocations); empty drops the manual assignment. The
     * move must keep the room rules (roomMoveProblem): the room's sex, 单住 alone, at most the bed count
     * of the last allocation.
     */
    async updateHouse(ctx: TCtx, id: bigint, houseNo: string | undefined) {
      const meetingId = await meetingOfRegistration(ctx, id)
      await locked(ctx, meetingId, async (tx) => {
        const reg = await tx.registeredMeeting.findFirst({ where: { id, ...LIVE } })
        if (!reg) {
          throw AppError.badRequest(RegisteredMsg.NOT_FOUND)
        }
        if (houseNo && houseNo !== reg.houseNo) {
          const [meeting, mates] = await Promise.all([
            tx.meeting.findFirst({ where: { id: meetingId }, select: { bedCount: true } }),
            tx.registeredMeeting.findMany({
              where: { meetingId, houseNo, ...LIVE, NOT: { id } },
              select: { sex: true, roomWish: true },
            }),
          ])
          const problem = roomMoveProblem(reg, mates, meeting?.bedCount ?? 2)
          if (problem) {
            throw AppError.badRequest(problem)
          }
        }
        await tx.registeredMeeting.updateMany({
          where: { id, ...LIVE },
          data: {
            houseNo: houseNo ?? null,
            houseManual: houseNo ? 1 : 0,
            houseReason: null,
            ...withAudit(ctx).updated,
          },
        })
      })
    },
  }
}
