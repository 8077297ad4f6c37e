import { describe, expect, it } from 'vitest'
import {
  allocateCars,
  CAR_DEFAULTS,
  CarReason,
  type TArrival,
  type TBusy,
  type TVehicle,
} from '../src/modules/meeting/car-allocation.ts'
import { allocateRooms, RoomReason, type TRoomGuest } from '../src/modules/meeting/room-allocation.ts'

/** Unit tests of the pure allocation rules (decision 018), on crafted cases. */
const day = (d: number, h = 12, m = 0) => new Date(Date.UTC(2026, 4, d, h - 8, m))
const WINDOW = { from: day(10, 0), to: day(13, 0) }

let seq = 0n
const guest = (over: Partial<TRoomGuest> = {}): TRoomGuest => {
  seq += 1n
  return {
    id: seq,
    name: `客${seq}`,
    sex: 1,
    unitName: '中南大学',
    roomWish: 2,
    arrivalTime: day(10, 14),
    departureTime: day(12, 10),
    manualHouseNo: null,
    ...over,
  }
}

/** The invariants every room allocation must hold. */
const checkRooms = (guests: TRoomGuest[], bedCount: number) => {
  const result = allocateRooms(guests, WINDOW, bedCount)
  const byId = new Map(guests.map((g) => [g.id, g]))
  const seen = new Map<bigint, number>()
  for (const room of result.rooms) {
    for (const id of room.occupants) {
      seen.set(id, (seen.get(id) ?? 0) + 1)
    }
    if (!room.manual) {
      expect(room.occupants.length).toBeGreaterThan(0)
      expect(room.occupants.length).toBeLessThanOrEqual(bedCount)
      const sexes = new Set(room.occupants.map((id) => byId.get(id)!.sex))
      expect(sexes.size).toBe(1)
      if (room.occupants.some((id) => byId.get(id)!.roomWish === 1)) {
        expect(room.occupants).toHaveLength(1)
      }
    }
  }
  for (const u of result.unallocated) {
    seen.set(u.id, (seen.get(u.id) ?? 0) + 1)
    expect(u.reason).toBeTruthy()
  }
  // Exactly once: in one room or in the unallocated list.
  expect([...seen.keys()].sort()).toEqual(guests.map((g) => g.id).sort())
  expect([...seen.values()].every((n) => n === 1)).toBe(true)
  expect(new Set(result.rooms.map((r) => r.houseNo)).size).toBe(result.rooms.length)
  // Deterministic, whatever the input order.
  expect(allocateRooms([...guests].reverse(), WINDOW, bedCount)).toEqual(result)
  return result
}

describe('room allocation', () => {
  it('an odd count leaves one half-empty room, never an overfull one', () => {
    const guests = Array.from({ length: 5 }, () => guest())
    const result = checkRooms(guests, 2)
    expect(result.rooms.map((r) => r.occupants.length)).toEqual([2, 2, 1])
    expect(result.unallocated).toEqual([])
  })

  it('every 单住 wish gets a room alone', () => {
    const guests = Array.from({ length: 4 }, (_, i) => guest({ roomWish: 1, sex: (i % 2) + 1 }))
    const result = checkRooms(guests, 3)
    expect(result.rooms).toHaveLength(4)
    expect(result.rooms.every((r) => r.single && r.occupants.length === 1)).toBe(true)
  })

  it('mixed sexes never share, and the same unit shares before strangers', () => {
    const guests = [
      guest({ sex: 1, unitName: 'A' }),
      guest({ sex: 2, unitName: 'A' }),
      guest({ sex: 1, unitName: 'B', arrivalTime: day(10, 9) }),
      guest({ sex: 1, unitName: 'A' }),
      guest({ sex: 2, unitName: 'B' }),
      guest({ sex: 1, unitName: 'B', arrivalTime: day(10, 10) }),
    ]
    const result = checkRooms(guests, 2)
    const units = result.rooms.map((r) => r.occupants.map((id) => guests.find((g) => g.id === id)!.unitName))
    // Men: A+A and B+B; women of A and B pooled into one room.
    expect(units.filter((u) => u.length === 2 && u[0] === u[1])).toHaveLength(2)
    expect(result.rooms).toHaveLength(3)
  })

  it('the rest of the units share by closest arrival', () => {
    const guests = [
      guest({ unitName: 'A', arrivalTime: day(10, 8) }),
      guest({ unitName: 'B', arrivalTime: day(11, 20) }),
      guest({ unitName: 'C', arrivalTime: day(10, 9) }),
      guest({ unitName: 'D', arrivalTime: day(11, 21) }),
    ]
    const result = checkRooms(guests, 2)
    const ids = guests.map((g) => g.id)
    expect(result.rooms.map((r) => r.occupants)).toEqual([
      [ids[0], ids[2]],
      [ids[1], ids[3]],
    ])
  })

  it('keeps manual assignments and numbers new rooms around them', () => {
    const kept = guest({ manualHouseNo: 'R001' })
    const keptToo = guest({ manualHouseNo: 'R001', arrivalTime: null })
    const others = Array.from({ length: 3 }, () => guest())
    const result = checkRooms([kept, keptToo, ...others], 2)
    const manual = result.rooms.find((r) => r.manual)!
    expect(manual).toMatchObject({ houseNo: 'R001', occupants: [kept.id, keptToo.id] })
    expect(result.rooms.filter((r) => !r.manual).map((r) => r.houseNo)).toEqual(['R002', 'R003'])
  })

  it('only stays overlapping the window are roomed; the others are listed with the reason', () => {
    const inside = guest()
    const overlapStart = guest({ arrivalTime: day(9, 8), departureTime: day(10, 9) })
    const overlapEnd = guest({ arrivalTime: day(12, 20), departureTime: day(15, 9) })
    const before = guest({ arrivalTime: day(7, 8), departureTime: day(9, 20) })
    const after = guest({ arrivalTime: day(13, 1), departureTime: day(14, 9) })
    const noDates = guest({ arrivalTime: null })
    const noSex = guest({ sex: null })
    const result = checkRooms([inside, overlapStart, overlapEnd, before, after, noDates, noSex], 4)
    expect(result.rooms.flatMap((r) => r.occupants).sort()).toEqual(
      [inside.id, overlapStart.id, overlapEnd.id].sort(),
    )
    expect(Object.fromEntries(result.unallocated.map((u) => [String(u.id), u.reason]))).toEqual({
      [String(before.id)]: RoomReason.OUTSIDE_WINDOW,
      [String(after.id)]: RoomReason.OUTSIDE_WINDOW,
      [String(noDates.id)]: RoomReason.NO_DATES,
      [String(noSex.id)]: RoomReason.NO_SEX,
    })
  })

  it('holds the invariants on a large random case and refuses a bed count below one', () => {
    let x = 7
    const rand = (n: number) => {
      x = (x * 1103515245 + 12345) % 2 ** 31
      return x % n
    }
    const guests = Array.from({ length: 800 }, () =>
      guest({
        sex: rand(10) === 0 ? null : rand(2) + 1,
        roomWish: rand(5) === 0 ? 1 : 2,
        unitName: `单位${rand(40)}`,
        arrivalTime: day(8 + rand(5), rand(24)),
        departureTime: day(13 + rand(3), rand(24)),
        manualHouseNo: rand(50) === 0 ? `M${rand(5)}` : null,
      }),
    )
    for (const beds of [1, 2, 3]) {
      checkRooms(guests, beds)
    }
    expect(() => allocateRooms(guests, WINDOW, 0)).toThrow(RangeError)
  })
})

const arrival = (over: Partial<TArrival> = {}): TArrival => {
  seq += 1n
  return {
    id: seq,
    name: `客${seq}`,
    arrivalTime: day(10, 9),
    arrivalStation: '长沙南站',
    manualCarNo: null,
    ...over,
  }
}
const vehicle = (id: bigint, seats: number, plateNo = `湘A${id}`): TVehicle => ({
  id,
  plateNo,
  seats,
  driverName: `司机${id}`,
})

describe('car allocation', () => {
  it('groups by station and window, fills the largest vehicles first and the smallest that takes the rest', () => {
    const a = Array.from({ length: 9 }, (_, i) => arrival({ arrivalTime: day(10, 9, i * 5) }))
    const later = arrival({ arrivalTime: day(10, 11) })
    const airport = arrival({ arrivalStation: '黄花机场', arrivalTime: day(10, 9, 10) })
    const result = allocateCars(
      [...a, later, airport],
      [vehicle(1n, 7), vehicle(2n, 4), vehicle(3n, 3), vehicle(4n, 2)],
      [
        { id: 1n, name: '接1' },
        { id: 2n, name: '接2' },
        { id: 3n, name: '接3' },
      ],
      [],
    )
    expect(result.unallocated).toEqual([])
    const station = result.trips.filter(
      (t) => t.station === '长沙南站' && t.pickupTime.getTime() === day(10, 9, 40).getTime(),
    )
    // The airport's one arrival (picked up first) took the 2-seater; the 9 at the station get the
    // 7-seater, then the smallest free vehicle that takes the 2 left: the 3-seater.
    expect(result.trips[0]).toMatchObject({ station: '黄花机场', vehicle: { seats: 2 } })
    expect(station.map((t) => [t.vehicle.seats, t.passengers.length])).toEqual([
      [7, 7],
      [3, 2],
    ])
    // Every passenger once; no vehicle or escort in two places at once.
    const ids = result.trips.flatMap((t) => t.passengers)
    expect(new Set(ids).size).toBe(11)
    for (const t of result.trips) {
      for (const u of result.trips) {
        if (t !== u && t.pickupTime < u.busyUntil && u.pickupTime < t.busyUntil) {
          expect(t.vehicle.id).not.toBe(u.vehicle.id)
          if (t.escort && u.escort) {
            expect(t.escort.id).not.toBe(u.escort.id)
          }
        }
      }
      expect(t.passengers.length).toBeLessThanOrEqual(t.vehicle.seats)
    }
  })

  it('too few cars: the rest are listed as not covered; busy vehicles and escorts are not used', () => {
    const people = Array.from({ length: 6 }, () => arrival())
    const busy: TBusy[] = [
      { kind: 'car', id: 2n, from: day(10, 8), to: day(10, 12) },
      { kind: 'escort', id: 1n, from: day(10, 8), to: day(10, 12) },
    ]
    const result = allocateCars(people, [vehicle(1n, 4), vehicle(2n, 7)], [{ id: 1n, name: '忙' }], busy)
    expect(result.trips).toHaveLength(1)
    expect(result.trips[0]).toMatchObject({ vehicle: { id: 1n }, escort: null })
    expect(result.unallocated).toEqual(
      people.slice(4).map((p) => ({ id: p.id, reason: CarReason.NO_VEHICLE })),
    )
  })

  it('keeps manual assignments, lists missing arrivals, and gives the same answer for any input order', () => {
    const manual = arrival({ manualCarNo: '湘A1' })
    const missing = arrival({ arrivalStation: ' ' })
    const rest = Array.from({ length: 5 }, (_, i) => arrival({ arrivalTime: day(10, 9 + i * 2) }))
    const all = [manual, missing, ...rest]
    const fleet = [vehicle(1n, 4), vehicle(2n, 4)]
    const result = allocateCars(all, fleet, [], [], { ...CAR_DEFAULTS, windowMinutes: 30 })
    expect(result.trips.flatMap((t) => t.passengers)).not.toContain(manual.id)
    expect(result.unallocated).toEqual([{ id: missing.id, reason: CarReason.NO_ARRIVAL }])
    // Arrivals two hours apart are separate groups; a vehicle is reused once its trip is over.
    expect(result.trips).toHaveLength(5)
    expect(
      allocateCars([...all].reverse(), [...fleet].reverse(), [], [], { ...CAR_DEFAULTS, windowMinutes: 30 }),
    ).toEqual(result)
  })
})
