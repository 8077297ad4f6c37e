/**
 * Pick-up allocation (decision 018), a pure function like the room allocation.
 *
 * Arrivals are grouped by station and time: a group opens at its first arrival and takes everyone
 * arriving at the same station within `windowMinutes`; it is picked up at its last arrival. Each group
 * is filled into free vehicles by seats (largest first, then the smallest that takes the rest), each
 * trip gets the vehicle's driver and a free escort. A vehicle, its driver and an escort are busy from
 * a pick-up until `tripMinutes` after it, so no one is in two places at once — busy intervals from
 * other meetings and from kept manual trips come in as input. Manual assignments are kept; whoever
 * cannot be carried is listed with the reason. Same input, same output.
 */

export type TArrival = {
  id: bigint
  name: string
  arrivalTime: Date | null
  arrivalStation: string | null
  /** A manual assignment (`updateCar`) is kept as it is. */
  manualCarNo: string | null
}
export type TVehicle = { id: bigint; plateNo: string; seats: number; driverName: string | null }
export type TEscort = { id: bigint; name: string }
export type TBusy = { kind: 'car' | 'escort'; id: bigint; from: Date; to: Date }

export type TTrip = {
  station: string
  pickupTime: Date
  busyUntil: Date
  vehicle: TVehicle
  escort: TEscort | null
  passengers: bigint[]
}
export type TCarAllocation = { trips: TTrip[]; unallocated: { id: bigint; reason: string }[] }

export const CarReason = {
  NO_ARRIVAL: '缺少到达时间或到达站点',
  NO_VEHICLE: '无空闲车辆',
  NO_ESCORT: '无空闲接送人员',
} as const

export type TCarOptions = { windowMinutes: number; tripMinutes: number }
export const CAR_DEFAULTS: TCarOptions = { windowMinutes: 60, tripMinutes: 120 }

const MINUTE = 60_000
const byId = (a: { id: bigint }, b: { id: bigint }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

const isFree = (busy: readonly TBusy[], kind: TBusy['kind'], id: bigint, from: Date, to: Date) =>
  !busy.some((b) => b.kind === kind && b.id === id && b.from < to && b.to > from)

/** Groups arrivals (already filtered and sorted by time, then id) per station and window. */
export const groupArrivals = (arrivals: readonly TArrival[], windowMinutes: number) => {
  const byStation = new Map<string, TArrival[]>()
  for (const a of arrivals) {
    const key = a.arrivalStation!.trim()
    const list = byStation.get(key)
    if (list) {
      list.push(a)
    } else {
      byStation.set(key, [a])
    }
  }
  const groups: { station: string; first: Date; last: Date; members: TArrival[] }[] = []
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
  escorts: readonly TEscort[],
  busyIn: readonly TBusy[],
  options: TCarOptions = CAR_DEFAULTS,
): TCarAllocation => {
  const busy = [...busyIn]
  const unallocated: TCarAllocation['unallocated'] = []
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
  const crew = [...escorts].sort(byId)
  const trips: TTrip[] = []

  for (const group of groupArrivals(auto, options.windowMinutes)) {
    const from = group.last
    const to = new Date(from.getTime() + options.tripMinutes * MINUTE)
    const free = fleet.filter((v) => isFree(busy, 'car', v.id, from, to))
    let left = group.members
    while (left.length > 0 && free.length > 0) {
      // The smallest free vehicle that takes everyone left, else the largest one.
      const fits = free.filter((v) => v.seats >= left.length)
      const vehicle = fits.length ? fits[fits.length - 1]! : free[0]!
      free.splice(free.indexOf(vehicle), 1)
      const escort = crew.find((e) => isFree(busy, 'escort', e.id, from, to)) ?? null
      const passengers = left.slice(0, vehicle.seats)
      left = left.slice(vehicle.seats)
      busy.push({ kind: 'car', id: vehicle.id, from, to })
      if (escort) {
        busy.push({ kind: 'escort', id: escort.id, from, to })
      }
      trips.push({
        station: group.station,
        pickupTime: from,
        busyUntil: to,
        vehicle,
        escort,
        passengers: passengers.map((p) => p.id),
      })
    }
    for (const p of left) {
      unallocated.push({ id: p.id, reason: CarReason.NO_VEHICLE })
    }
  }
  return { trips, unallocated }
}
