import { nextId, type PrismaClient } from '@ysjs/db'
import { ArrangeMsg, isMeetingOpen, RegisteredMsg, ROOM_WISH, roomMoveProblem } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import {
  allocateCars,
  CAR_DEFAULTS,
  CarReason,
  capacityOf,
  groupArrivals,
  type TBusy,
} from './car-allocation.ts'
import type { TMeetingService } from './meeting.service.ts'
import { lockTenantPickups, type TMeetingTx, withMeetingLock } from './meeting-lock.ts'
import { parseWindowDay } from './registered.service.ts'
import { allocateRooms } from './room-allocation.ts'

const LIVE = { isDeleted: 0 }
const MINUTE = 60_000
const TRIP = CAR_DEFAULTS.tripMinutes * MINUTE
/** A passenger added by hand joins a trip of the vehicle leaving at most this long after the arrival. */
const JOIN = CAR_DEFAULTS.windowMinutes * MINUTE
/** The reason shown for registrants no allocation has placed yet. */
const NOT_YET = '尚未分配'

type TReader = Pick<TMeetingTx, 'registeredMeeting' | 'meetingPickup' | 'carMaintenance' | 'user'>

const nameOf = (u: { realName: string | null; name: string | null; account: string }) =>
  u.realName || u.name || u.account

/** Busy intervals of stored trips: the vehicle, the driver (a person) and the escort. */
const busyOf = (
  pickups: {
    carId: bigint
    driverId: bigint | null
    escortId: bigint | null
    pickupTime: Date
    busyUntil: Date
  }[],
): TBusy[] =>
  pickups.flatMap((p) => [
    { kind: 'car' as const, id: p.carId, from: p.pickupTime, to: p.busyUntil },
    ...(p.driverId ? [{ kind: 'driver' as const, id: p.driverId, from: p.pickupTime, to: p.busyUntil }] : []),
    ...(p.escortId ? [{ kind: 'escort' as const, id: p.escortId, from: p.pickupTime, to: p.busyUntil }] : []),
  ])

/**
 * Rooms and pick-ups of a meeting (decision 018): loads the registrations, runs the pure allocation,
 * writes the result and answers it, all inside one transaction holding the meeting's lock; manual
 * changes take the same lock, so a run never overwrites an edit made while it ran.
 */
export const createAllocationService = (prisma: PrismaClient, meetings: TMeetingService) => {
  const db = (ctx: TCtx) => tenantDb(prisma, ctx.tenantId)
  const locked = <T>(ctx: TCtx, meetingId: bigint, fn: (tx: TMeetingTx) => Promise<T>) =>
    withMeetingLock(prisma, ctx.tenantId, meetingId, fn)

  const guestsOf = (tx: TReader, meetingId: bigint) =>
    tx.registeredMeeting.findMany({
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
        houseReason: true,
        carNo: true,
        carManual: true,
        carReason: true,
        pickupId: true,
      },
      orderBy: { id: 'asc' },
    })
  type TGuest = Awaited<ReturnType<typeof guestsOf>>[number]

  /** The meeting a registration belongs to (the lock is taken on it), or a 400. */
  const meetingOfRegistration = async (ctx: TCtx, id: bigint) => {
    const row = await db(ctx).registeredMeeting.findFirst({
      where: { id, ...LIVE },
      select: { meetingId: true },
    })
    if (!row) {
      throw AppError.badRequest(RegisteredMsg.NOT_FOUND)
    }
    return row.meetingId
  }

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
  const writeCars = async (
    tx: TMeetingTx,
    tenantId: string,
    pairs: { id: bigint; value: string | null; pickupId: bigint | null; reason: string | null }[],
  ) => {
    if (pairs.length === 0) {
      return
    }
    const ids = pairs.map((p) => p.id.toString())
    const values = pairs.map((p) => p.value)
    const pickups = pairs.map((p) => p.pickupId?.toString() ?? null)
    const reasons = pairs.map((p) => p.reason)
    await tx.$executeRaw`UPDATE ysjs_registered_meeting AS r
      SET car_no = v.value, pickup_id = v.pickup::bigint, car_reason = v.reason, update_time = now()
      FROM unnest(${ids}::text[], ${values}::text[], ${pickups}::text[], ${reasons}::text[])
        AS v(id, value, pickup, reason)
      WHERE r.id = v.id::bigint AND r.tenant_id = ${tenantId}`
  }

  /** The tenant's drivers: the platform users its live vehicles name, with the plates they drive. */
  const driversOf = async (tx: TReader, vehicles: { driverId: bigint | null; plateNo: string }[]) => {
    const ids = [...new Set(vehicles.flatMap((v) => (v.driverId ? [v.driverId] : [])))]
    const users = await tx.user.findMany({
      where: { id: { in: ids }, ...LIVE },
      select: { id: true, realName: true, name: true, account: true, phone: true },
      orderBy: { id: 'asc' },
    })
    return users.map((u) => ({
      id: u.id,
      name: nameOf(u),
      phone: u.phone,
      plateNos: vehicles
        .filter((v) => v.driverId === u.id)
        .map((v) => v.plateNo)
        .sort(),
    }))
  }
  const liveVehicles = (tx: TReader) =>
    tx.carMaintenance.findMany({
      where: LIVE,
      select: { id: true, plateNo: true, seats: true, driverId: true, driverName: true },
      orderBy: { id: 'asc' },
    })

  /** The tenant's trips overlapping [from, to), whatever the meeting. */
  const overlapping = (tx: TReader, from: Date, to: Date, where: object = {}) =>
    tx.meetingPickup.findMany({ where: { pickupTime: { lt: to }, busyUntil: { gt: from }, ...where } })

  /** Passenger counts follow the registrations; a trip left empty frees its vehicle, driver and escort. */
  const pruneTrips = async (tx: TMeetingTx, tenantId: string, meetingId: bigint) => {
    await tx.$executeRaw`UPDATE ysjs_meeting_pickup AS p SET passengers = (
        SELECT count(*) FROM ysjs_registered_meeting AS r
        WHERE r.pickup_id = p.id AND r.is_deleted = 0 AND r.tenant_id = p.tenant_id)
      WHERE p.meeting_id = ${meetingId} AND p.tenant_id = ${tenantId}`
    await tx.meetingPickup.deleteMany({ where: { meetingId, passengers: 0 } })
  }

  /** A trip changed by hand is kept whole by later runs: it and its passengers become manual. */
  const keepTrip = async (tx: TMeetingTx, tripId: bigint) => {
    await tx.meetingPickup.updateMany({ where: { id: tripId }, data: { manual: 1 } })
    await tx.registeredMeeting.updateMany({ where: { pickupId: tripId, ...LIVE }, data: { carManual: 1 } })
  }

  /** The pick-ups as stored (`/arrangeList`): trips, what is not covered, and who has no vehicle. */
  const pickupView = async (tx: TReader, meetingId: bigint) => {
    const [guests, pickups, vehicles] = await Promise.all([
      guestsOf(tx, meetingId),
      tx.meetingPickup.findMany({
        where: { meetingId },
        orderBy: [{ pickupTime: 'asc' }, { station: 'asc' }, { id: 'asc' }],
      }),
      liveVehicles(tx),
    ])
    const seatsOf = new Map(vehicles.map((v) => [v.id, v.seats]))
    const passenger = (g: TGuest) => ({ id: g.id, name: g.name, arrivalTime: g.arrivalTime ?? new Date(0) })
    const trips = pickups.map((p) => {
      const seats = seatsOf.get(p.carId) ?? 0
      return {
        id: p.id,
        station: p.station,
        pickupTime: p.pickupTime,
        busyUntil: p.busyUntil,
        plateNo: p.plateNo,
        seats,
        capacity: capacityOf(seats, p.escortId !== null),
        driverId: p.driverId,
        driverName: p.driverName,
        escortId: p.escortId,
        escortName: p.escortName,
        manual: p.manual === 1,
        passengers: guests.filter((g) => g.pickupId === p.id).map(passenger),
      }
    })
    const uncovered: {
      tripId: bigint | null
      station: string
      pickupTime: Date
      reason: string
      passengers: ReturnType<typeof passenger>[]
    }[] = trips
      .filter((t) => t.escortId === null)
      .map((t) => ({
        tripId: t.id,
        station: t.station,
        pickupTime: t.pickupTime,
        reason: t.manual ? CarReason.ESCORT_NONE : CarReason.NO_ESCORT,
        passengers: t.passengers,
      }))
    const carried = new Set(pickups.map((p) => p.id))
    const left = guests.filter((g) => !g.pickupId || !carried.has(g.pickupId))
    // Groups no vehicle took are rebuilt from the stored reasons, per reason and station.
    for (const reason of [CarReason.NO_VEHICLE, CarReason.NO_DRIVER]) {
      const waiting = left
        .filter((g) => g.carReason === reason && g.arrivalTime && g.arrivalStation?.trim())
        .sort((a, b) => a.arrivalTime!.getTime() - b.arrivalTime!.getTime() || (a.id < b.id ? -1 : 1))
      for (const group of groupArrivals(waiting, CAR_DEFAULTS.windowMinutes)) {
        uncovered.push({
          tripId: null,
          station: group.station,
          pickupTime: group.last,
          reason,
          passengers: group.members.map(passenger),
        })
      }
    }
    uncovered.sort(
      (a, b) => a.pickupTime.getTime() - b.pickupTime.getTime() || a.station.localeCompare(b.station),
    )
    return {
      trips,
      uncovered,
      unallocated: left.map((g) => ({ id: g.id, name: g.name, reason: g.carReason ?? NOT_YET })),
    }
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
            updateUser: ctx.user?.userId ?? null,
            updateTime: new Date(),
          },
        })
      })
    },
    /**
     * `updateCar`: puts a registrant on a vehicle by hand (by plate; empty drops the manual assignment).
     * The registrant joins the vehicle's trip of this meeting at the same station leaving within the
     * hour after the arrival, when it has a free place; otherwise a new trip leaves at the arrival, and
     * the vehicle and its driver must have no other trip (of any meeting) in that time.
     */
    async updateCar(ctx: TCtx, id: bigint, carNo: string | undefined) {
      const meetingId = await meetingOfRegistration(ctx, id)
      await locked(ctx, meetingId, async (tx) => {
        await lockTenantPickups(tx, ctx.tenantId)
        const reg = await tx.registeredMeeting.findFirst({ where: { id, ...LIVE } })
        if (!reg) {
          throw AppError.badRequest(RegisteredMsg.NOT_FOUND)
        }
        const stamp = { updateUser: ctx.user?.userId ?? null, updateTime: new Date() }
        if (!carNo) {
          await tx.registeredMeeting.updateMany({
            where: { id },
            data: { carNo: null, carManual: 0, pickupId: null, carReason: null, ...stamp },
          })
          await pruneTrips(tx, ctx.tenantId, meetingId)
          return
        }
        const car = await tx.carMaintenance.findFirst({ where: { plateNo: carNo, ...LIVE } })
        if (!car) {
          throw AppError.badRequest(ArrangeMsg.VEHICLE_NOT_FOUND)
        }
        const station = reg.arrivalStation?.trim()
        if (!reg.arrivalTime || !station) {
          throw AppError.badRequest(ArrangeMsg.NO_ARRIVAL)
        }
        const current = reg.pickupId
          ? await tx.meetingPickup.findFirst({ where: { id: reg.pickupId } })
          : null
        let tripId: bigint
        if (current && current.carId === car.id) {
          tripId = current.id
        } else {
          const at = reg.arrivalTime.getTime()
          const trip = await tx.meetingPickup.findFirst({
            where: {
              meetingId,
              carId: car.id,
              station,
              pickupTime: { gte: reg.arrivalTime, lte: new Date(at + JOIN) },
            },
            orderBy: [{ pickupTime: 'asc' }, { id: 'asc' }],
          })
          if (trip) {
            const aboard = await tx.registeredMeeting.count({ where: { pickupId: trip.id, ...LIVE } })
            if (aboard >= capacityOf(car.seats, trip.escortId !== null)) {
              throw AppError.badRequest(ArrangeMsg.CAR_FULL)
            }
            tripId = trip.id
          } else {
            const from = reg.arrivalTime
            const to = new Date(at + TRIP)
            // Leaving its current trip alone empties it: that trip no longer holds the vehicle.
            const alone =
              current &&
              (await tx.registeredMeeting.count({ where: { pickupId: current.id, ...LIVE } })) === 1
            const clash = await overlapping(tx, from, to, alone ? { NOT: { id: current.id } } : {})
            if (clash.some((p) => p.carId === car.id)) {
              throw AppError.badRequest(ArrangeMsg.CAR_BUSY)
            }
            const driver = car.driverId
              ? await tx.user.findFirst({
                  where: { id: car.driverId, ...LIVE },
                  select: { id: true, realName: true, name: true, account: true },
                })
              : null
            if (!driver) {
              throw AppError.badRequest(ArrangeMsg.NO_DRIVER)
            }
            if (clash.some((p) => p.driverId === driver.id)) {
              throw AppError.badRequest(ArrangeMsg.DRIVER_BUSY)
            }
            tripId = nextId()
            await tx.meetingPickup.create({
              data: {
                id: tripId,
                meetingId,
                carId: car.id,
                plateNo: car.plateNo,
                driverId: driver.id,
                driverName: nameOf(driver),
                station,
                pickupTime: from,
                busyUntil: to,
                passengers: 1,
                manual: 1,
              },
            })
          }
        }
        await tx.registeredMeeting.updateMany({
          where: { id },
          data: { carNo: car.plateNo, pickupId: tripId, carReason: null, ...stamp },
        })
        await keepTrip(tx, tripId)
        await pruneTrips(tx, ctx.tenantId, meetingId)
      })
    },
    /** `updatePickup`: a trip's driver and escort, free at its time (no other trip of any meeting). */
    async updatePickup(ctx: TCtx, input: { id: string; driverId: string; escortId?: string }) {
      const id = BigInt(input.id)
      const found = await db(ctx).meetingPickup.findFirst({ where: { id }, select: { meetingId: true } })
      if (!found) {
        throw AppError.badRequest(ArrangeMsg.TRIP_NOT_FOUND)
      }
      await locked(ctx, found.meetingId, async (tx) => {
        await lockTenantPickups(tx, ctx.tenantId)
        const trip = await tx.meetingPickup.findFirst({ where: { id } })
        if (!trip) {
          throw AppError.badRequest(ArrangeMsg.TRIP_NOT_FOUND)
        }
        const clash = await overlapping(tx, trip.pickupTime, trip.busyUntil, { NOT: { id } })
        const vehicles = await liveVehicles(tx)
        const driver = (await driversOf(tx, vehicles)).find((d) => d.id === BigInt(input.driverId))
        if (!driver) {
          throw AppError.badRequest(ArrangeMsg.DRIVER_NOT_FOUND)
        }
        if (clash.some((p) => p.driverId === driver.id)) {
          throw AppError.badRequest(ArrangeMsg.DRIVER_BUSY)
        }
        let escort: { id: bigint; name: string } | null = null
        if (input.escortId) {
          escort = await tx.meetingEscort.findFirst({
            where: { id: BigInt(input.escortId), ...LIVE },
            select: { id: true, name: true },
          })
          if (!escort) {
            throw AppError.badRequest(ArrangeMsg.ESCORT_NOT_FOUND)
          }
          if (clash.some((p) => p.escortId === escort!.id)) {
            throw AppError.badRequest(ArrangeMsg.ESCORT_BUSY)
          }
          const seats = vehicles.find((v) => v.id === trip.carId)?.seats ?? 0
          const aboard = await tx.registeredMeeting.count({ where: { pickupId: id, ...LIVE } })
          if (seats <= 1 || aboard > capacityOf(seats, true)) {
            throw AppError.badRequest(ArrangeMsg.ESCORT_NO_SEAT)
          }
        }
        await tx.meetingPickup.updateMany({
          where: { id },
          data: {
            driverId: driver.id,
            driverName: driver.name,
            escortId: escort?.id ?? null,
            escortName: escort?.name ?? null,
          },
        })
        await keepTrip(tx, id)
      })
    },
    /**
     * `IntelligentAllocationCar`: the meeting's automatic trips are replaced by a new allocation; trips
     * changed by hand and every other meeting's trips are kept and hold their vehicles, drivers and
     * escorts busy.
     */
    async allocateCars(ctx: TCtx, meetingId: bigint, windowMinutes: number) {
      await meetings.find(ctx, meetingId)
      const options = { ...CAR_DEFAULTS, windowMinutes }
      return locked(ctx, meetingId, async (tx) => {
        await lockTenantPickups(tx, ctx.tenantId)
        const [guests, vehicles, escorts] = await Promise.all([
          guestsOf(tx, meetingId),
          liveVehicles(tx),
          tx.meetingEscort.findMany({ where: LIVE, select: { id: true, name: true } }),
        ])
        const drivers = await driversOf(tx, vehicles)
        const times = guests.flatMap((g) => (g.arrivalTime ? [g.arrivalTime.getTime()] : []))
        const kept = times.length
          ? await overlapping(tx, new Date(Math.min(...times)), new Date(Math.max(...times) + TRIP), {
              OR: [{ meetingId: { not: meetingId } }, { manual: 1 }],
            })
          : []
        const result = allocateCars(
          guests.map((g) => ({ ...g, manualCarNo: g.carManual && g.carNo ? g.carNo : null })),
          vehicles,
          drivers,
          escorts,
          busyOf(kept),
          options,
        )
        await tx.meetingPickup.deleteMany({ where: { meetingId, manual: 0 } })
        const pairs: { id: bigint; value: string | null; pickupId: bigint | null; reason: string | null }[] =
          []
        const rows = result.trips.map((t) => {
          const id = nextId()
          for (const p of t.passengers) {
            pairs.push({ id: p, value: t.vehicle.plateNo, pickupId: id, reason: null })
          }
          return {
            id,
            meetingId,
            carId: t.vehicle.id,
            plateNo: t.vehicle.plateNo,
            driverId: t.driver.id,
            driverName: t.driver.name,
            escortId: t.escort?.id ?? null,
            escortName: t.escort?.name ?? null,
            station: t.station,
            pickupTime: t.pickupTime,
            busyUntil: t.busyUntil,
            passengers: t.passengers.length,
            manual: 0,
          }
        })
        if (rows.length) {
          await tx.meetingPickup.createMany({ data: rows })
        }
        for (const u of result.unallocated) {
          pairs.push({ id: u.id, value: null, pickupId: null, reason: u.reason })
        }
        await writeCars(tx, ctx.tenantId, pairs)
        return pickupView(tx, meetingId)
      })
    },
    async arrangeView(ctx: TCtx, meetingId: bigint) {
      await meetings.find(ctx, meetingId)
      return pickupView(db(ctx), meetingId)
    },
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
            data: { isDeleted: 1, updateUser: ctx.user?.userId ?? null, updateTime: new Date() },
          })
          await pruneTrips(tx, ctx.tenantId, meetingId)
          return count
        })
      }
      return removed
    },
    /** `escort/freeTimedetail`: escorts with no trip (of any meeting, allocated or by hand) at that time. */
    async freeEscorts(ctx: TCtx, time: Date) {
      const busy = await db(ctx).meetingPickup.findMany({
        where: { pickupTime: { lte: time }, busyUntil: { gt: time }, escortId: { not: null } },
        select: { escortId: true },
      })
      return db(ctx).meetingEscort.findMany({
        where: { ...LIVE, id: { notIn: busy.map((b) => b.escortId!) } },
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
      })
    },
    /**
     * `user/list`: with `driverTime`, the drivers (users named by a live vehicle) with no trip at that
     * time; without it, the tenant's users, to choose a vehicle's driver from.
     */
    async drivers(ctx: TCtx, time: Date | null) {
      const vehicles = await liveVehicles(db(ctx))
      if (!time) {
        const users = await db(ctx).user.findMany({
          where: LIVE,
          select: { id: true, realName: true, name: true, account: true, phone: true },
          orderBy: [{ account: 'asc' }, { id: 'asc' }],
          take: 1000,
        })
        return users.map((u) => ({
          id: u.id,
          name: nameOf(u),
          phone: u.phone,
          plateNos: vehicles
            .filter((v) => v.driverId === u.id)
            .map((v) => v.plateNo)
            .sort(),
        }))
      }
      const busy = await db(ctx).meetingPickup.findMany({
        where: { pickupTime: { lte: time }, busyUntil: { gt: time }, driverId: { not: null } },
        select: { driverId: true },
      })
      const taken = new Set(busy.map((b) => b.driverId))
      return (await driversOf(db(ctx), vehicles)).filter((d) => !taken.has(d.id))
    },
  }
}
export type TAllocationService = ReturnType<typeof createAllocationService>
