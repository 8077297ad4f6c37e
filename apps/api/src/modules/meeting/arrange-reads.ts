import type { PrismaClient } from '@ysjs/db'
import type { TCtx } from '../../lib/context.ts'
import { LIVE } from '../../lib/crud.ts'
import { CAR_DEFAULTS, CarReason, capacityOf, groupArrivals, type TBusy } from './car-allocation.ts'
import type { TMeetingService } from './meeting.service.ts'
import type { TMeetingTx } from './meeting-lock.ts'

// What the room and car allocations share: the meeting's registrations, vehicles, drivers and trips.

const MINUTE = 60_000
export const TRIP = CAR_DEFAULTS.tripMinutes * MINUTE
/** A passenger added by hand joins a trip of the vehicle leaving at most this long after the arrival. */
export const JOIN = CAR_DEFAULTS.windowMinutes * MINUTE
/** The reason shown for registrants no allocation has placed yet. */
export const NOT_YET = '尚未分配'

export type TReader = Pick<TMeetingTx, 'registeredMeeting' | 'meetingPickup' | 'carMaintenance' | 'user'>

export const nameOf = (u: { realName: string | null; name: string | null; account: string }) =>
  u.realName || u.name || u.account

/** Busy intervals of stored trips: the vehicle, the driver (a person) and the escort. */
export const busyOf = (
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

/** The allocation's dependencies: the client, the meetings, and a run under the meeting's lock. */
export type TArrangeDeps = {
  prisma: PrismaClient
  meetings: TMeetingService
  locked: <T>(ctx: TCtx, meetingId: bigint, fn: (tx: TMeetingTx) => Promise<T>) => Promise<T>
  /** The meeting a registration belongs to (the lock is taken on it), or a 400. */
  meetingOfRegistration: (ctx: TCtx, id: bigint) => Promise<bigint>
}

export const guestsOf = (tx: TReader, meetingId: bigint) =>
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
export type TGuest = Awaited<ReturnType<typeof guestsOf>>[number]

/** A user as a driver: their name and the plates of the live vehicles they drive. */
export const driverOf = (
  u: { id: bigint; realName: string | null; name: string | null; account: string; phone: string | null },
  vehicles: { driverId: bigint | null; plateNo: string }[],
) => ({
  id: u.id,
  name: nameOf(u),
  phone: u.phone,
  plateNos: vehicles
    .filter((v) => v.driverId === u.id)
    .map((v) => v.plateNo)
    .sort(),
})

/** The tenant's drivers: the platform users its live vehicles name, with the plates they drive. */
export const driversOf = async (tx: TReader, vehicles: { driverId: bigint | null; plateNo: string }[]) => {
  const ids = [...new Set(vehicles.flatMap((v) => (v.driverId ? [v.driverId] : [])))]
  const users = await tx.user.findMany({
    where: { id: { in: ids }, ...LIVE },
    select: { id: true, realName: true, name: true, account: true, phone: true },
    orderBy: { id: 'asc' },
  })
  return users.map((u) => driverOf(u, vehicles))
}
export const liveVehicles = (tx: TReader) =>
  tx.carMaintenance.findMany({
    where: LIVE,
    select: { id: true, plateNo: true, seats: true, driverId: true, driverName: true },
    orderBy: { id: 'asc' },
  })

/** The tenant's trips overlapping [from, to), whatever the meeting. */
export const overlapping = (tx: TReader, from: Date, to: Date, where: object = {}) =>
  tx.meetingPickup.findMany({ where: { pickupTime: { lt: to }, busyUntil: { gt: from }, ...where } })

/** Passenger counts follow the registrations; a trip left empty frees its vehicle, driver and escort. */
export const pruneTrips = async (tx: TMeetingTx, tenantId: string, meetingId: bigint) => {
  await tx.$executeRaw`UPDATE ysjs_meeting_pickup AS p SET passengers = (
      SELECT count(*) FROM ysjs_registered_meeting AS r
      WHERE r.pickup_id = p.id AND r.is_deleted = 0 AND r.tenant_id = p.tenant_id)
    WHERE p.meeting_id = ${meetingId} AND p.tenant_id = ${tenantId}`
  await tx.meetingPickup.deleteMany({ where: { meetingId, passengers: 0 } })
}

/** A trip changed by hand is kept whole by later runs: it and its passengers become manual. */
export const keepTrip = async (tx: TMeetingTx, tripId: bigint) => {
  await tx.meetingPickup.updateMany({ where: { id: tripId }, data: { manual: 1 } })
  await tx.registeredMeeting.updateMany({ where: { pickupId: tripId, ...LIVE }, data: { carManual: 1 } })
}

export const writeCars = async (
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
export const pickupView = async (tx: TReader, meetingId: bigint) => {
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
