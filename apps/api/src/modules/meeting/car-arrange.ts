import { nextId } from '@ysjs/db'
import { ArrangeMsg, RegisteredMsg } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { LIVE, withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import {
  busyOf,
  driverOf,
  driversOf,
  guestsOf,
  JOIN,
  keepTrip,
  liveVehicles,
  nameOf,
  overlapping,
  pickupView,
  pruneTrips,
  type TArrangeDeps,
  TRIP,
  writeCars,
} from './arrange-reads.ts'
import { allocateCars, CAR_DEFAULTS, capacityOf } from './car-allocation.ts'
import { lockTenantPickups } from './meeting-lock.ts'

/**
 * Pick-ups of a meeting (decision 018): the allocation of trips, a registrant put on a vehicle by hand,
 * a trip's driver and escort, and who is free at a time (any meeting's trips hold them busy).
 */
export const createCarArrange = ({ prisma, meetings, locked, meetingOfRegistration }: TArrangeDeps) => {
  const db = (ctx: TCtx) => tenantDb(prisma, ctx.tenantId)
  return {
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
        const stamp = withAudit(ctx).updated
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
    } /** `escort/freeTimedetail`: escorts with no trip (of any meeting, allocated or by hand) at that time. */,
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
        return users.map((u) => driverOf(u, vehicles))
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
