import { nextId, type PrismaClient } from '@ysjs/db'
import type { TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { allocateCars, CAR_DEFAULTS, type TBusy } from './car-allocation.ts'
import type { TMeetingService } from './meeting.service.ts'
import { parseWindowDay } from './registered.service.ts'
import { allocateRooms } from './room-allocation.ts'

const LIVE = { isDeleted: 0 }
const MINUTE = 60_000
const UNASSIGNED = '未分配'

/**
 * Rooms and pick-ups of a meeting (decision 018): loads the registrations, runs the pure allocation,
 * writes the result in one transaction and answers it; the views answer the current state.
 */
export const createAllocationService = (prisma: PrismaClient, meetings: TMeetingService) => {
  const db = (ctx: TCtx) => tenantDb(prisma, ctx.tenantId)

  const guestsOf = (ctx: TCtx, meetingId: bigint) =>
    db(ctx).registeredMeeting.findMany({
      where: { meetingId, ...LIVE },
      select: {
        id: true,
        name: true,
        sex: true,
        unitName: true,
        roomWish: true,
        arrivalTime: true,
        departureTime: true,
        arrivalStation: true,
        houseNo: true,
        houseManual: true,
        carNo: true,
        carManual: true,
        pickupId: true,
      },
      orderBy: { id: 'asc' },
    })
  type TGuest = Awaited<ReturnType<typeof guestsOf>>[number]

  const roomAnswer = (
    guests: TGuest[],
    rooms: { houseNo: string; sex: number | null; single: boolean; manual: boolean; occupants: bigint[] }[],
    unallocated: { id: bigint; reason: string }[],
  ) => {
    const byId = new Map(guests.map((g) => [g.id, g]))
    return {
      rooms: rooms.map((r) => ({
        ...r,
        occupants: r.occupants.map((id) => ({
          id,
          name: byId.get(id)?.name ?? '',
          unitName: byId.get(id)?.unitName ?? '',
        })),
      })),
      unallocated: unallocated.map((u) => ({ id: u.id, name: byId.get(u.id)?.name ?? '', reason: u.reason })),
    }
  }

  /** Writes many `(id, value)` pairs in one statement (5,000 registrations must take well under a second). */
  const writeColumn = async (
    tx: Parameters<Parameters<ReturnType<typeof db>['$transaction']>[0]>[0],
    tenantId: string,
    column: 'house_no' | 'car_no',
    pairs: { id: bigint; value: string | null; pickupId?: bigint | null }[],
  ) => {
    if (pairs.length === 0) {
      return
    }
    const ids = pairs.map((p) => p.id.toString())
    const values = pairs.map((p) => p.value)
    if (column === 'house_no') {
      await tx.$executeRaw`UPDATE ysjs_registered_meeting AS r SET house_no = v.value, update_time = now()
        FROM unnest(${ids}::text[], ${values}::text[]) AS v(id, value)
        WHERE r.id = v.id::bigint AND r.tenant_id = ${tenantId}`
      return
    }
    const pickups = pairs.map((p) => p.pickupId?.toString() ?? null)
    await tx.$executeRaw`UPDATE ysjs_registered_meeting AS r SET car_no = v.value, pickup_id = v.pickup::bigint,
        update_time = now()
      FROM unnest(${ids}::text[], ${values}::text[], ${pickups}::text[]) AS v(id, value, pickup)
      WHERE r.id = v.id::bigint AND r.tenant_id = ${tenantId}`
  }

  const pickupView = async (
    ctx: TCtx,
    meetingId: bigint,
    guests: TGuest[],
    extra: { id: bigint; reason: string }[],
  ) => {
    const pickups = await db(ctx).meetingPickup.findMany({
      where: { meetingId },
      orderBy: [{ pickupTime: 'asc' }, { station: 'asc' }, { id: 'asc' }],
    })
    const vehicles = await db(ctx).carMaintenance.findMany({
      where: LIVE,
      select: { plateNo: true, seats: true, driverName: true },
    })
    const plates = new Map(vehicles.map((v) => [v.plateNo, v]))
    const trips = pickups.map((p) => ({
      id: p.id,
      station: p.station,
      pickupTime: p.pickupTime,
      plateNo: p.plateNo,
      seats: plates.get(p.plateNo)?.seats ?? 0,
      driverName: p.driverName,
      escortName: p.escortName,
      manual: false,
      passengers: guests
        .filter((g) => g.pickupId === p.id && !g.carManual)
        .map((g) => ({ id: g.id, name: g.name, arrivalTime: g.arrivalTime! })),
    }))
    // Manual assignments are shown as one trip per vehicle and station.
    const manual = new Map<string, TGuest[]>()
    for (const g of guests.filter((x) => x.carManual && x.carNo)) {
      const key = `${g.carNo}\u0001${g.arrivalStation ?? ''}`
      manual.set(key, [...(manual.get(key) ?? []), g])
    }
    for (const [key, list] of [...manual].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const [plateNo = '', station = ''] = key.split('\u0001')
      const first = list
        .map((g) => g.arrivalTime)
        .filter((d): d is Date => !!d)
        .sort((a, b) => a.getTime() - b.getTime())
      trips.push({
        id: 0n,
        station,
        pickupTime: first[first.length - 1] ?? new Date(0),
        plateNo,
        seats: plates.get(plateNo)?.seats ?? 0,
        driverName: plates.get(plateNo)?.driverName ?? null,
        escortName: null,
        manual: true,
        passengers: list.map((g) => ({ id: g.id, name: g.name, arrivalTime: g.arrivalTime ?? new Date(0) })),
      })
    }
    const listed = new Set(extra.map((e) => e.id))
    const unallocated = [
      ...extra,
      ...guests.filter((g) => !g.carNo && !listed.has(g.id)).map((g) => ({ id: g.id, reason: UNASSIGNED })),
    ].map((u) => ({ ...u, name: guests.find((g) => g.id === u.id)?.name ?? '' }))
    return { trips, unallocated }
  }

  return {
    /** `IntelligentAllocation`: rooms for the stays overlapping [betweenOne, betweenTwo] (whole days). */
    async allocateRooms(
      ctx: TCtx,
      q: { meetingId: string; betweenOne: string; betweenTwo: string; bedCount: number },
    ) {
      const meetingId = BigInt(q.meetingId)
      await meetings.find(ctx, meetingId)
      const window = { from: parseWindowDay(q.betweenOne, false), to: parseWindowDay(q.betweenTwo, true) }
      return db(ctx).$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${meetingId})`
        const guests = await guestsOf(ctx, meetingId)
        const result = allocateRooms(
          guests.map((g) => ({ ...g, manualHouseNo: g.houseManual && g.houseNo ? g.houseNo : null })),
          window,
          q.bedCount,
        )
        const pairs = [
          ...result.rooms
            .filter((r) => !r.manual)
            .flatMap((r) => r.occupants.map((id) => ({ id, value: r.houseNo }))),
          ...result.unallocated.map((u) => ({ id: u.id, value: null })),
        ]
        await writeColumn(tx, ctx.tenantId, 'house_no', pairs)
        return roomAnswer(guests, result.rooms, result.unallocated)
      })
    },
    /** The rooms as they are now (`/allocationList`). */
    async roomView(ctx: TCtx, meetingId: bigint) {
      await meetings.find(ctx, meetingId)
      const guests = await guestsOf(ctx, meetingId)
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
        if (room.sex !== g.sex) {
          room.sex = null
        }
        rooms.set(g.houseNo!, room)
      }
      const list = [...rooms.values()].sort((a, b) => a.houseNo.localeCompare(b.houseNo))
      for (const r of list) {
        r.single = r.occupants.length === 1
      }
      return roomAnswer(
        guests,
        list,
        guests.filter((g) => !g.houseNo).map((g) => ({ id: g.id, reason: UNASSIGNED })),
      )
    },
    /** `updateHouse`: a manual room (kept by later allocations); empty drops the manual assignment. */
    async updateHouse(ctx: TCtx, id: bigint, houseNo: string | undefined) {
      const { count } = await db(ctx).registeredMeeting.updateMany({
        where: { id, ...LIVE },
        data: {
          houseNo: houseNo ?? null,
          houseManual: houseNo ? 1 : 0,
          updateUser: ctx.user?.userId ?? null,
          updateTime: new Date(),
        },
      })
      if (count === 0) {
        throw AppError.badRequest('报名信息不存在')
      }
    },
    /** `updateCar`: a manual vehicle (by plate, kept by later allocations); empty drops it. */
    async updateCar(ctx: TCtx, id: bigint, carNo: string | undefined) {
      if (carNo) {
        const car = await db(ctx).carMaintenance.findFirst({
          where: { plateNo: carNo, ...LIVE },
          select: { id: true },
        })
        if (!car) {
          throw AppError.badRequest('车辆不存在')
        }
      }
      const { count } = await db(ctx).registeredMeeting.updateMany({
        where: { id, ...LIVE },
        data: {
          carNo: carNo ?? null,
          carManual: carNo ? 1 : 0,
          pickupId: null,
          updateUser: ctx.user?.userId ?? null,
          updateTime: new Date(),
        },
      })
      if (count === 0) {
        throw AppError.badRequest('报名信息不存在')
      }
    },
    /** `IntelligentAllocationCar`: the meeting's automatic pick-ups are replaced by a new allocation. */
    async allocateCars(ctx: TCtx, meetingId: bigint, windowMinutes: number) {
      await meetings.find(ctx, meetingId)
      const options = { ...CAR_DEFAULTS, windowMinutes }
      const unallocated = await db(ctx).$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${meetingId})`
        const [guests, vehicles, escorts, others] = await Promise.all([
          guestsOf(ctx, meetingId),
          tx.carMaintenance.findMany({
            where: LIVE,
            select: { id: true, plateNo: true, seats: true, driverName: true },
          }),
          tx.meetingEscort.findMany({ where: LIVE, select: { id: true, name: true } }),
          tx.meetingPickup.findMany({ where: { meetingId: { not: meetingId } } }),
        ])
        const plateIds = new Map(vehicles.map((v) => [v.plateNo, v.id]))
        const busy: TBusy[] = others.flatMap((p) => [
          { kind: 'car' as const, id: p.carId, from: p.pickupTime, to: p.busyUntil },
          ...(p.escortId
            ? [{ kind: 'escort' as const, id: p.escortId, from: p.pickupTime, to: p.busyUntil }]
            : []),
        ])
        for (const g of guests) {
          const carId = g.carManual && g.carNo ? plateIds.get(g.carNo) : undefined
          if (carId && g.arrivalTime) {
            busy.push({
              kind: 'car',
              id: carId,
              from: g.arrivalTime,
              to: new Date(g.arrivalTime.getTime() + options.tripMinutes * MINUTE),
            })
          }
        }
        const result = allocateCars(
          guests.map((g) => ({ ...g, manualCarNo: g.carManual && g.carNo ? g.carNo : null })),
          vehicles,
          escorts,
          busy,
          options,
        )
        await tx.meetingPickup.deleteMany({ where: { meetingId } })
        const pairs: { id: bigint; value: string | null; pickupId: bigint | null }[] = []
        const rows = result.trips.map((t) => {
          const id = nextId()
          for (const p of t.passengers) {
            pairs.push({ id: p, value: t.vehicle.plateNo, pickupId: id })
          }
          return {
            id,
            meetingId,
            carId: t.vehicle.id,
            plateNo: t.vehicle.plateNo,
            driverName: t.vehicle.driverName,
            escortId: t.escort?.id ?? null,
            escortName: t.escort?.name ?? null,
            station: t.station,
            pickupTime: t.pickupTime,
            busyUntil: t.busyUntil,
            passengers: t.passengers.length,
          }
        })
        if (rows.length) {
          await tx.meetingPickup.createMany({ data: rows as never })
        }
        for (const u of result.unallocated) {
          pairs.push({ id: u.id, value: null, pickupId: null })
        }
        await writeColumn(tx, ctx.tenantId, 'car_no', pairs)
        return result.unallocated
      })
      return pickupView(ctx, meetingId, await guestsOf(ctx, meetingId), unallocated)
    },
    pickupView,
    async arrangeView(ctx: TCtx, meetingId: bigint) {
      await meetings.find(ctx, meetingId)
      return pickupView(ctx, meetingId, await guestsOf(ctx, meetingId), [])
    },
    /** `escort/freeTimedetail`: escorts with no pick-up at that time. */
    async freeEscorts(ctx: TCtx, time: Date) {
      const busy = await db(ctx).meetingPickup.findMany({
        where: { pickupTime: { lte: time }, busyUntil: { gt: time }, escortId: { not: null } },
        select: { escortId: true },
      })
      const ids = busy.map((b) => b.escortId!)
      return db(ctx).meetingEscort.findMany({
        where: { ...LIVE, id: { notIn: ids } },
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
      })
    },
    /** `user/list?driverTime`: vehicles and their drivers with no pick-up at that time. */
    async freeDrivers(ctx: TCtx, time: Date) {
      const busy = await db(ctx).meetingPickup.findMany({
        where: { pickupTime: { lte: time }, busyUntil: { gt: time } },
        select: { carId: true },
      })
      return db(ctx).carMaintenance.findMany({
        where: { ...LIVE, id: { notIn: busy.map((b) => b.carId) } },
        orderBy: [{ plateNo: 'asc' }, { id: 'asc' }],
        select: { id: true, plateNo: true, seats: true, driverName: true, driverPhone: true },
      })
    },
  }
}
export type TAllocationService = ReturnType<typeof createAllocationService>
