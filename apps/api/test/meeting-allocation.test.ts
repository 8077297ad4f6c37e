import { RoomMsg, roomMoveProblem } from '@ysjs/shared'
import { describe, expect, it } from 'vitest'
import {
  allocateCars,
  CAR_DEFAULTS,
  CarReason,
  type TArrival,
  type TBusy,
  type TCarAllocation,
  type TPerson,
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
const checkRooms = (guests: TRoomGuest[], bedCount: number, window = WINDOW) => {
  const result = allocateRooms(guests, window, bedCount)
  const byId = new Map(guests.map((g) => [g.id, g]))
  const seen = new Map<bigint, number>()
  for (const room of result.rooms) {
    for (const id of room.occupants) {
      seen.set(id, (seen.get(id) ?? 0) + 1)
    }
    // Manual rooms too: they were built by moves roomMoveProblem accepted.
    expect(room.occupants.length).toBeGreaterThan(0)
    expect(room.occupants.length).toBeLessThanOrEqual(bedCount)
    const sexes = new Set(room.occupants.map((id) => byId.get(id)!.sex))
    expect(sexes.size).toBe(1)
    const single = room.occupants.some((id) => byId.get(id)!.roomWish === 1)
    if (single) {
      expect(room.occupants).toHaveLength(1)
    }
    expect(room.single).toBe(single)
    expect(room.manual).toBe(room.occupants.some((id) => byId.get(id)!.manualHouseNo !== null))
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
  expect(allocateRooms([...guests].reverse(), window, bedCount)).toEqual(result)
  return result
}

/** Applies manual moves in order, keeping only those `roomMoveProblem` accepts (as updateHouse does). */
const moveByHand = (guests: TRoomGuest[], wanted: (string | null)[], bedCount: number): TRoomGuest[] => {
  const placed = guests.map((g) => ({ ...g }))
  placed.forEach((g, i) => {
    const houseNo = wanted[i]
    if (!houseNo) {
      return
    }
    const mates = placed.filter((m) => m !== g && m.manualHouseNo === houseNo)
    if (!roomMoveProblem(g, mates, bedCount)) {
      g.manualHouseNo = houseNo
    }
  })
  return placed
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

  it('what is left of a unit stays together when a room has beds for all of it', () => {
    const x = [
      guest({ unitName: 'X', arrivalTime: day(10, 10) }),
      guest({ unitName: 'X', arrivalTime: day(10, 10, 30) }),
    ]
    const y = guest({ unitName: 'Y', arrivalTime: day(10, 10, 10) })
    const z = [
      guest({ unitName: 'Z', arrivalTime: day(10, 10, 20) }),
      guest({ unitName: 'Z', arrivalTime: day(10, 10, 40) }),
    ]
    const result = checkRooms([...x, y, ...z], 3)
    expect(result.rooms.map((r) => r.occupants)).toEqual([
      [x[0]!.id, x[1]!.id, y.id],
      [z[0]!.id, z[1]!.id],
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

  it('a manual move must keep the room rules: one sex, 单住 alone, no more than the bed count', () => {
    const man = { sex: 1, roomWish: 2 }
    const woman = { sex: 2, roomWish: 2 }
    const alone = { sex: 1, roomWish: 1 }
    expect(roomMoveProblem(man, [], 2)).toBeNull()
    expect(roomMoveProblem(alone, [], 2)).toBeNull()
    expect(roomMoveProblem(man, [man], 2)).toBeNull()
    expect(roomMoveProblem(man, [man, man], 2)).toBe(RoomMsg.FULL)
    expect(roomMoveProblem(man, [man, man], 3)).toBeNull()
    expect(roomMoveProblem(man, [woman], 4)).toBe(RoomMsg.OTHER_SEX)
    expect(roomMoveProblem(man, [alone], 4)).toBe(RoomMsg.SINGLE_ROOM)
    expect(roomMoveProblem(alone, [man], 4)).toBe(RoomMsg.WANTS_SINGLE)
  })

  it('rooms built by accepted manual moves keep the invariants, and are not filled further', () => {
    const people = [
      guest({ sex: 1 }),
      guest({ sex: 1 }),
      guest({ sex: 2 }),
      guest({ sex: 1, roomWish: 1 }),
      guest({ sex: 1 }),
      guest({ sex: 2 }),
    ]
    // Staff move the first four into M1, M1, M1, M2: the woman and the 单住 cannot join M1.
    const wanted = ['M1', 'M1', 'M1', 'M1', null, null]
    const placed = moveByHand(people, wanted, 2)
    expect(placed.map((g) => g.manualHouseNo)).toEqual(['M1', 'M1', null, null, null, null])
    const result = checkRooms(placed, 2)
    expect(result.rooms.find((r) => r.houseNo === 'M1')).toMatchObject({
      manual: true,
      occupants: [people[0]!.id, people[1]!.id],
    })
    // The rest are roomed by the rules around it: the 单住 alone, the man and the women by sex.
    expect(result.rooms.filter((r) => !r.manual).map((r) => r.occupants.length)).toEqual([1, 1, 2])
  })

  it('a second window keeps the rooms of the first one for the stays outside it', () => {
    const first = { from: day(10, 0), to: day(11, 0) }
    const second = { from: day(12, 0), to: day(13, 0) }
    const early = [guest({ departureTime: day(10, 20) }), guest({ departureTime: day(10, 21) })]
    const both = guest({ arrivalTime: day(10, 15), departureTime: day(12, 10) })
    const late = [
      guest({ arrivalTime: day(12, 9), departureTime: day(12, 20) }),
      guest({ arrivalTime: day(12, 10), departureTime: day(12, 21) }),
    ]
    const all = [...early, both, ...late]
    const run1 = allocateRooms(all, first, 2)
    expect(run1.rooms.map((r) => r.occupants)).toEqual([[early[0]!.id, early[1]!.id], [both.id]])
    // The second run starts from what the first wrote.
    const roomOf = new Map(run1.rooms.flatMap((r) => r.occupants.map((id) => [id, r.houseNo] as const)))
    const again = all.map((g) => ({ ...g, keptHouseNo: roomOf.get(g.id) ?? null }))
    const run2 = allocateRooms(again, second, 2)
    expect(run2.rooms.find((r) => r.kept)).toMatchObject({
      houseNo: 'R001',
      occupants: [early[0]!.id, early[1]!.id],
    })
    // The stays overlapping the second window are roomed again, numbered around the kept room.
    expect(run2.rooms.filter((r) => !r.kept).map((r) => [r.houseNo, r.occupants])).toEqual([
      ['R002', [both.id, late[0]!.id]],
      ['R003', [late[1]!.id]],
    ])
    expect(run2.unallocated).toEqual([])
    // A kept room staff also put someone in by hand is one room, the manual one.
    const mixed = allocateRooms(
      [...again.slice(0, 2), guest({ manualHouseNo: 'R001', departureTime: day(10, 22) })],
      second,
      3,
    )
    expect(mixed.rooms).toHaveLength(1)
    expect(mixed.rooms[0]).toMatchObject({ houseNo: 'R001', manual: true })
    expect(mixed.rooms[0]!.occupants).toHaveLength(3)
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
        manualHouseNo: null,
      }),
    )
    for (const beds of [1, 2, 3]) {
      // Some are moved by hand first, as staff would (only the moves the rules accept stick).
      const wanted = guests.map(() => (rand(20) === 0 ? `M${rand(8)}` : null))
      const placed = moveByHand(guests, wanted, beds)
      const first = checkRooms(placed, beds)
      // A second, later window over what the first wrote keeps the invariants too.
      const roomOf = new Map(
        first.rooms
          .filter((r) => !r.manual)
          .flatMap((r) => r.occupants.map((id) => [id, r.houseNo] as const)),
      )
      const later = { from: day(13, 0), to: day(16, 0) }
      checkRooms(
        placed.map((g) => ({ ...g, keptHouseNo: roomOf.get(g.id) ?? null })),
        beds,
        later,
      )
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
/** A vehicle driven by default by the driver of the same number. */
const vehicle = (id: bigint, seats: number, driverId: bigint | null = id): TVehicle => ({
  id,
  plateNo: `湘A${id}`,
  seats,
  driverId,
  driverName: driverId ? `司机${driverId}` : null,
})
const person = (id: bigint, prefix = '司机'): TPerson => ({ id, name: `${prefix}${id}` })
const driversOf = (fleet: TVehicle[]) =>
  [...new Set(fleet.flatMap((v) => (v.driverId ? [v.driverId] : [])))].map((id) => person(id))

/** The invariants every pick-up allocation must hold. */
const checkCars = (
  arrivals: TArrival[],
  fleet: TVehicle[],
  drivers: TPerson[],
  escorts: TPerson[],
  busy: TBusy[] = [],
  options = CAR_DEFAULTS,
): TCarAllocation => {
  const result = allocateCars(arrivals, fleet, drivers, escorts, busy, options)
  const seen = new Map<bigint, number>()
  for (const t of result.trips) {
    for (const id of t.passengers) {
      seen.set(id, (seen.get(id) ?? 0) + 1)
    }
    // The escort rides in one of the seats besides the driver's.
    expect(t.passengers.length + (t.escort ? 1 : 0)).toBeLessThanOrEqual(t.vehicle.seats)
    expect(t.passengers.length).toBeGreaterThan(0)
    const own = { from: t.pickupTime, to: t.busyUntil }
    // No vehicle, driver or escort on two trips at once, nor on a trip that was already busy.
    for (const b of busy) {
      if (b.from < own.to && b.to > own.from) {
        const id = b.kind === 'car' ? t.vehicle.id : b.kind === 'driver' ? t.driver.id : t.escort?.id
        expect(b.id).not.toBe(id)
      }
    }
    for (const u of result.trips) {
      if (t !== u && t.pickupTime < u.busyUntil && u.pickupTime < t.busyUntil) {
        expect(t.vehicle.id).not.toBe(u.vehicle.id)
        expect(t.driver.id).not.toBe(u.driver.id)
        if (t.escort && u.escort) {
          expect(t.escort.id).not.toBe(u.escort.id)
        }
      }
    }
  }
  for (const u of result.unallocated) {
    seen.set(u.id, (seen.get(u.id) ?? 0) + 1)
    expect(u.reason).toBeTruthy()
  }
  // Everyone not kept by hand is carried once or listed once with the reason.
  const auto = arrivals.filter((a) => !a.manualCarNo).map((a) => a.id)
  expect([...seen.keys()].sort()).toEqual(auto.sort())
  expect([...seen.values()].every((n) => n === 1)).toBe(true)
  // Every trip without an escort is reported as not covered.
  expect(result.uncovered.filter((u) => u.reason === CarReason.NO_ESCORT)).toHaveLength(
    result.trips.filter((t) => !t.escort).length,
  )
  expect(
    allocateCars(
      [...arrivals].reverse(),
      [...fleet].reverse(),
      [...drivers].reverse(),
      [...escorts].reverse(),
      busy,
      options,
    ),
  ).toEqual(result)
  return result
}

describe('car allocation', () => {
  it('groups by station and window, fills the smallest vehicle that takes the group, else the largest', () => {
    const a = Array.from({ length: 9 }, (_, i) => arrival({ arrivalTime: day(10, 9, i * 5) }))
    const later = arrival({ arrivalTime: day(10, 11) })
    const airport = arrival({ arrivalStation: '黄花机场', arrivalTime: day(10, 9, 10) })
    const fleet = [vehicle(1n, 7), vehicle(2n, 4), vehicle(3n, 3), vehicle(4n, 2)]
    const escorts = [1n, 2n, 3n, 4n].map((id) => person(id, '接'))
    const result = checkCars([...a, later, airport], fleet, driversOf(fleet), escorts)
    expect(result.unallocated).toEqual([])
    expect(result.uncovered).toEqual([])
    // The airport's one arrival (picked up first) takes the 2-seater with its escort.
    expect(result.trips[0]).toMatchObject({
      station: '黄花机场',
      vehicle: { seats: 2 },
      passengers: [airport.id],
    })
    const station = result.trips.filter(
      (t) => t.station === '长沙南站' && t.pickupTime.getTime() === day(10, 9, 40).getTime(),
    )
    // 9 at the station: the 7-seater carries 6 and its escort, the 4-seater the 3 left and its escort.
    expect(station.map((t) => [t.vehicle.seats, t.passengers.length, t.escort?.name])).toEqual([
      [7, 6, '接2'],
      [4, 3, '接3'],
    ])
    expect(station.map((t) => t.driver.id)).toEqual([1n, 2n])
  })

  it('too few cars: the rest are listed with the reason; busy vehicles, drivers and escorts of other meetings are not used', () => {
    const people = Array.from({ length: 6 }, () => arrival())
    const fleet = [vehicle(1n, 4), vehicle(2n, 7)]
    // Another meeting holds vehicle 2 and escort 1 at that time.
    const busy: TBusy[] = [
      { kind: 'car', id: 2n, from: day(10, 8), to: day(10, 12) },
      { kind: 'escort', id: 1n, from: day(10, 8), to: day(10, 12) },
    ]
    const result = checkCars(people, fleet, driversOf(fleet), [person(1n, '接')], busy)
    expect(result.trips).toHaveLength(1)
    expect(result.trips[0]).toMatchObject({ vehicle: { id: 1n }, escort: null })
    expect(result.unallocated).toEqual(
      people.slice(4).map((p) => ({ id: p.id, reason: CarReason.NO_VEHICLE })),
    )
    expect(result.uncovered.map((u) => [u.reason, u.passengers.length])).toEqual([
      [CarReason.NO_ESCORT, 4],
      [CarReason.NO_VEHICLE, 2],
    ])
  })

  it('a driver is one person: the same driver on two vehicles drives one trip at a time', () => {
    // Two vehicles, one driver (user 9) for both, no one else to drive.
    const fleet = [vehicle(1n, 4, 9n), vehicle(2n, 4, 9n)]
    const station = Array.from({ length: 3 }, () => arrival({ arrivalTime: day(10, 9) }))
    const airport = Array.from({ length: 2 }, () =>
      arrival({ arrivalStation: '黄花机场', arrivalTime: day(10, 9, 30) }),
    )
    const result = checkCars([...station, ...airport], fleet, [person(9n)], [])
    expect(result.trips).toHaveLength(1)
    expect(result.trips[0]!.driver.id).toBe(9n)
    expect(result.unallocated).toEqual(airport.map((p) => ({ id: p.id, reason: CarReason.NO_DRIVER })))
    expect(result.uncovered.find((u) => u.reason === CarReason.NO_DRIVER)).toMatchObject({
      station: '黄花机场',
      passengers: airport.map((p) => p.id),
    })
    // A driver busy in another meeting is not used either; a second driver takes the other vehicle.
    const busy: TBusy[] = [{ kind: 'driver', id: 9n, from: day(10, 8), to: day(10, 10) }]
    const other = checkCars([...station, ...airport], fleet, [person(9n), person(10n)], [], busy)
    expect(other.trips.map((t) => t.driver.id)).toEqual([10n])
    expect(other.unallocated.map((u) => u.reason)).toEqual([CarReason.NO_DRIVER, CarReason.NO_DRIVER])
  })

  it('an escort takes a seat; a one-seat vehicle runs without one and is reported', () => {
    const two = [arrival(), arrival()]
    const result = checkCars(two, [vehicle(1n, 2)], [person(1n)], [person(1n, '接')])
    // Two seats: one for the escort, so only one passenger fits.
    expect(result.trips.map((t) => [t.passengers.length, t.escort?.id])).toEqual([[1, 1n]])
    expect(result.unallocated).toEqual([{ id: two[1]!.id, reason: CarReason.NO_VEHICLE }])
    const one = checkCars([arrival()], [vehicle(1n, 1)], [person(1n)], [person(1n, '接')])
    expect(one.trips[0]).toMatchObject({ escort: null })
    expect(one.uncovered).toMatchObject([{ reason: CarReason.NO_ESCORT }])
  })

  it('keeps manual assignments, lists missing arrivals, and reuses a vehicle once its trip is over', () => {
    const manual = arrival({ manualCarNo: '湘A1' })
    const missing = arrival({ arrivalStation: ' ' })
    const rest = Array.from({ length: 5 }, (_, i) => arrival({ arrivalTime: day(10, 9 + i * 2) }))
    const fleet = [vehicle(1n, 4), vehicle(2n, 4)]
    const result = checkCars([manual, missing, ...rest], fleet, driversOf(fleet), [], [], {
      ...CAR_DEFAULTS,
      windowMinutes: 30,
    })
    expect(result.trips.flatMap((t) => t.passengers)).not.toContain(manual.id)
    expect(result.unallocated).toEqual([{ id: missing.id, reason: CarReason.NO_ARRIVAL }])
    // Arrivals two hours apart are separate groups; the trip takes two hours, so one vehicle suffices.
    expect(result.trips.map((t) => t.vehicle.id)).toEqual([1n, 1n, 1n, 1n, 1n])
  })

  it('holds the invariants on a large random case with busy time', () => {
    let x = 11
    const rand = (n: number) => {
      x = (x * 1103515245 + 12345) % 2 ** 31
      return x % n
    }
    const stations = ['长沙南站', '黄花机场', '长沙站']
    const people = Array.from({ length: 400 }, () =>
      arrival({
        arrivalStation: stations[rand(3)]!,
        arrivalTime: rand(30) === 0 ? null : day(10 + rand(2), 7 + rand(14), rand(60)),
        manualCarNo: rand(40) === 0 ? '湘A1' : null,
      }),
    )
    const fleet = Array.from({ length: 8 }, (_, i) =>
      vehicle(BigInt(i + 1), 1 + rand(7), BigInt(1 + rand(5))),
    )
    const busy: TBusy[] = Array.from({ length: 10 }, () => {
      const from = day(10 + rand(2), 7 + rand(14))
      return {
        kind: (['car', 'driver', 'escort'] as const)[rand(3)]!,
        id: BigInt(1 + rand(8)),
        from,
        to: new Date(from.getTime() + 90 * 60_000),
      }
    })
    const escorts = [1n, 2n, 3n].map((id) => person(id, '接'))
    checkCars(people, fleet, driversOf(fleet), escorts, busy)
  })
})
