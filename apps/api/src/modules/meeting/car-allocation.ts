/**
 * Pick-up allocation (decision 018), a pure function like the room allocation.
 *
 * Arrivals are grouped by station and time: a group opens at its first arrival and takes everyone
 * arriving at the same station within `windowMinutes`; it is picked up at its last arrival. Each group
 * is filled into free vehicles by seats (the smallest that takes everyone left, else the largest); each
 * trip gets a free driver (the vehicle's own driver first) and a free escort, who rides in one of the
 * seats. A vehicle, a driver and an escort are busy from a pick-up until `tripMinutes` after it, so no
 * one is in two places at once: the busy intervals of other meetings' trips and of kept manual trips
 * come in as input. Manual assignments are kept; whoever cannot be carried is listed with the reason,
 * and so is every trip that is not fully covered. Same input, same output.
 */

export type TArrival = {
  id: bigint
  name: string
  arrivalTime: Date | null
  arrivalStation: string | null
  /** A manual assignment (`updateCar`) is kept as it is. */
  manualCarNo: string | null
}
/** `seats`: the seats besides the driver's; an escort takes one of them. */
export type TVehicle = {
  id: bigint
  plateNo: string
  seats: number
  driverId: bigint | null
  driverName: string | null
}
/** A driver (a platform user) or an escort. */
export type TPerson = { id: bigint; name: string }
export type TBusy = { kind: 'car' | 'driver' | 'escort'; id: bigint; from: Date; to: Date }

export type TTrip = {
  station: string
  pickupTime: Date
  busyUntil: Date
  vehicle: TVehicle
  driver: TPerson
  escort: TPerson | null
  passengers: bigint[]
}
/** A group (or what is left of it) that no vehicle could take, or a trip that runs without an escort. */
export type TUncovered = { station: string; pickupTime: Date; reason: string; passengers: bigint[] }
export type TCarAllocation = {
  trips: TTrip[]
  uncovered: TUncovered[]
  unallocated: { id: bigint; reason: string }[]
}

export const CarReason = {
  NO_ARRIVAL: '缺少到达时间或到达站点',
  NO_VEHICLE: '无空闲车辆',
  NO_DRIVER: '无空闲司机',
  NO_ESCORT: '无空闲接送人员',
  /** A trip staff left without an escort by hand. */
  ESCORT_NONE: '未安排接送人员',
} as const

export type TCarOptions = { windowMinutes: number; tripMinutes: number }
export const CAR_DEFAULTS: TCarOptions = { windowMinutes: 60, tripMinutes: 120 }

const MINUTE = 60_000
const byId = (a: { id: bigint }, b: { id: bigint }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** True when `id` of that kind has no busy interval overlapping [from, to). */
export const isFree = (
  busy: readonly TBusy[],
  kind: TBusy['kind'],
  id: bigint,
  from: Date,
  to: Date,
): boolean => !busy.some((b) => b.kind === kind && b.id === id && b.from < to && b.to > from)

/** Passenger places of a vehicle: an escort rides in one of its seats (never the last one). */
export const capacityOf = (seats: number, withEscort: boolean): number =>
  withEscort && seats > 1 ? seats - 1 : seats

/** Groups arrivals (already filtered and sorted by time, then id) per station and window. */
export const groupArrivals = <T extends Pick<TArrival, 'arrivalTime' | 'arrivalStation'>>(
  arrivals: readonly T[],
  windowMinutes: number,
) => {
  const byStation = new Map<string, T[]>()
  for (const a of arrivals) {
    const key = a.arrivalStation!.trim()
    const list = byStation.get(key)
    if (list) {
      list.push(a)
    } else {
      byStation.set(key, [a])
    }
  }
  const groups: { station: string; first: Date; last: Date; members: T[] }[] = []
  for (const [station, list] of byStation) {
    let current: (typeof groups)[number] | null = null
    for (const a of list) {
      const at = a.arrivalTime!
      if (current && at.getTime() - current.first.getTime() <= windowMinutes * MINUTE) {
        current.members.push(a)
        current.last = at
      } else {
        current = { station, first: at, last: at, members: [a] }
        groups.push(current)
      }
    }
  }
  return groups.sort(
    (a, b) =>
      a.last.getTime() - b.last.getTime() || (a.station < b.station ? -1 : a.station > b.station ? 1 : 0),
  )
}

export const allocateCars = (
  arrivals: readonly TArrival[],
  vehicles: readonly TVehicle[],
  drivers: readonly TPerson[],
  escorts: readonly TPerson[],
  busyIn: readonly TBusy[],
  options: TCarOptions = CAR_DEFAULTS,
): TCarAllocation => {
  const busy = [...busyIn]
  const unallocated: TCarAllocation['unallocated'] = []
  const uncovered: TUncovered[] = []
  const auto: TArrival[] = []
  for (const a of [...arrivals].sort(byId)) {
    if (a.manualCarNo) {
      continue
    }
    if (!a.arrivalTime || !a.arrivalStation?.trim()) {
      unallocated.push({ id: a.id, reason: CarReason.NO_ARRIVAL })
      continue
    }
    auto.push(a)
  }
  auto.sort((a, b) => a.arrivalTime!.getTime() - b.arrivalTime!.getTime() || byId(a, b))

  const fleet = [...vehicles]
    .filter((v) => v.seats > 0)
    .sort(
      (a, b) =>
        b.seats - a.seats || (a.plateNo < b.plateNo ? -1 : a.plateNo > b.plateNo ? 1 : 0) || byId(a, b),
    )
  const pool = [...drivers].sort(byId)
  const crew = [...escorts].sort(byId)
  const trips: TTrip[] = []

  for (const group of groupArrivals(auto, options.windowMinutes)) {
    const from = group.last
    const to = new Date(from.getTime() + options.tripMinutes * MINUTE)
    const free = (kind: TBusy['kind'], id: bigint) => isFree(busy, kind, id, from, to)
    /**
     * The vehicle's own driver when free; else a free driver whose own vehicles are all busy (idle
     * anyway); else any free driver. A driver is a person: busy on one trip, whatever the vehicle.
     */
    const driverFor = (v: TVehicle): TPerson | null => {
      const own = v.driverId === null ? undefined : pool.find((d) => d.id === v.driverId)
      if (own && free('driver', own.id)) {
        return own
      }
      const others = pool.filter((d) => d.id !== v.driverId && free('driver', d.id))
      const idle = others.find((d) =>
        fleet.every((o) => o.driverId !== d.id || !free('car', o.id) || o.id === v.id),
      )
      return idle ?? others[0] ?? null
    }
    let left = group.members
    while (left.length > 0) {
      const cars = fleet.filter((v) => free('car', v.id))
      const usable = cars.filter((v) => driverFor(v) !== null)
      if (usable.length === 0) {
        const reason = cars.length ? CarReason.NO_DRIVER : CarReason.NO_VEHICLE
        uncovered.push({
          station: group.station,
          pickupTime: from,
          reason,
          passengers: left.map((p) => p.id),
        })
        for (const p of left) {
          unallocated.push({ id: p.id, reason })
        }
        break
      }
      const escort = crew.find((e) => free('escort', e.id)) ?? null
      const places = (v: TVehicle) => capacityOf(v.seats, escort !== null)
      // The smallest usable vehicle that takes everyone left, else the one with the most places.
      const fits = usable.filter((v) => places(v) >= left.length)
      const vehicle = fits.length
        ? fits.sort((a, b) => places(a) - places(b))[0]!
        : usable.sort((a, b) => places(b) - places(a))[0]!
      const driver = driverFor(vehicle)!
      const rides = escort && vehicle.seats > 1 ? escort : null
      const passengers = left.slice(0, places(vehicle))
      left = left.slice(passengers.length)
      busy.push({ kind: 'car', id: vehicle.id, from, to }, { kind: 'driver', id: driver.id, from, to })
      if (rides) {
        busy.push({ kind: 'escort', id: rides.id, from, to })
      } else {
        uncovered.push({
          station: group.station,
          pickupTime: from,
          reason: CarReason.NO_ESCORT,
          passengers: passengers.map((p) => p.id),
        })
      }
      trips.push({
        station: group.station,
        pickupTime: from,
        busyUntil: to,
        vehicle,
        driver,
        escort: rides,
        passengers: passengers.map((p) => p.id),
      })
    }
  }
  return { trips, uncovered, unallocated }
}
