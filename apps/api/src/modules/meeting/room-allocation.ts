/**
 * Room allocation (decision 018): a pure function, so its rules are tested on crafted cases and the
 * bench times it without a database.
 *
 * Invariants: every registrant is in exactly one room or in `unallocated` with a reason; no room holds
 * more than `bedCount`; a 单住 wish is alone; a shared room holds one sex; manual assignments are kept
 * as they are, and so are an earlier run's rooms of the stays outside this window; the same input gives
 * the same output (every order has a total tie-break on the id).
 */

export type TRoomGuest = {
  id: bigint
  name: string
  sex: number | null
  unitName: string
  /** 1 单住, 2 合住. */
  roomWish: number
  arrivalTime: Date | null
  departureTime: Date | null
  /** The room kept from a manual assignment (`updateHouse`), if any. */
  manualHouseNo: string | null
  /**
   * The room an earlier run gave: kept when the stay is outside this run's window, so allocating a
   * second window leaves the first one's rooms alone.
   */
  keptHouseNo?: string | null
}

export type TRoom = {
  houseNo: string
  sex: number | null
  /** The room holds a 单住 wish (so no one else). */
  single: boolean
  manual: boolean
  /** An earlier run's room, kept for stays outside this window (not written again). */
  kept: boolean
  occupants: bigint[]
}
export type TUnallocated = { id: bigint; reason: string }
export type TRoomAllocation = { rooms: TRoom[]; unallocated: TUnallocated[] }

export const RoomReason = {
  NO_DATES: '缺少到达或离开时间',
  OUTSIDE_WINDOW: '住宿时间不在分配时段内',
  NO_SEX: '性别未知,无法合住',
} as const

/** The window is whole days in Asia/Shanghai: [betweenOne 00:00, betweenTwo 24:00). */
export type TWindow = { from: Date; to: Date }

const byId = (a: { id: bigint }, b: { id: bigint }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
const time = (d: Date | null) => d?.getTime() ?? 0
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** A stay overlaps the window when it starts before the window ends and ends after it starts. */
export const overlaps = (g: Pick<TRoomGuest, 'arrivalTime' | 'departureTime'>, w: TWindow): boolean =>
  !!g.arrivalTime && !!g.departureTime && g.arrivalTime < w.to && g.departureTime > w.from

/** Generated room numbers (R001, R002, …) skip the numbers manual assignments already use. */
const roomNumbers = (taken: Set<string>) => {
  let n = 0
  return () => {
    let no: string
    do {
      n += 1
      no = `R${String(n).padStart(3, '0')}`
    } while (taken.has(no))
    taken.add(no)
    return no
  }
}

export const allocateRooms = (
  guests: readonly TRoomGuest[],
  window: TWindow,
  bedCount: number,
): TRoomAllocation => {
  if (!Number.isInteger(bedCount) || bedCount < 1) {
    throw new RangeError('bedCount must be a positive integer')
  }
  const sorted = [...guests].sort(byId)
  const unallocated: TUnallocated[] = []
  const single: TRoomGuest[] = []
  const shared = new Map<number, TRoomGuest[]>()
  const fixed = new Map<string, TRoom>()
  /** Manual rooms first: an earlier run's guest kept in a room staff also use stays in that room. */
  const keep = (g: TRoomGuest, houseNo: string, manual: boolean) => {
    const room = fixed.get(houseNo) ?? {
      houseNo,
      sex: g.sex,
      single: false,
      manual,
      kept: !manual,
      occupants: [],
    }
    room.occupants.push(g.id)
    room.single ||= g.roomWish === 1
    if (room.sex !== g.sex) {
      room.sex = null
    }
    fixed.set(houseNo, room)
  }
  for (const g of sorted) {
    if (g.manualHouseNo) {
      keep(g, g.manualHouseNo, true)
    }
  }
  for (const g of sorted) {
    if (g.manualHouseNo) {
      continue
    }
    if (!g.arrivalTime || !g.departureTime) {
      unallocated.push({ id: g.id, reason: RoomReason.NO_DATES })
      continue
    }
    if (!overlaps(g, window)) {
      if (g.keptHouseNo) {
        keep(g, g.keptHouseNo, false)
      } else {
        unallocated.push({ id: g.id, reason: RoomReason.OUTSIDE_WINDOW })
      }
      continue
    }
    if (g.roomWish === 1) {
      single.push(g)
      continue
    }
    if (g.sex !== 1 && g.sex !== 2) {
      unallocated.push({ id: g.id, reason: RoomReason.NO_SEX })
      continue
    }
    const list = shared.get(g.sex) ?? []
    list.push(g)
    shared.set(g.sex, list)
  }

  const nextNo = roomNumbers(new Set(fixed.keys()))
  const rooms: TRoom[] = [...fixed.values()].sort(
    (a, b) => Number(b.manual) - Number(a.manual) || compareText(a.houseNo, b.houseNo),
  )
  for (const g of single) {
    rooms.push({ houseNo: nextNo(), sex: g.sex, single: true, manual: false, kept: false, occupants: [g.id] })
  }
  const byArrival = (a: TRoomGuest, b: TRoomGuest) => time(a.arrivalTime) - time(b.arrivalTime) || byId(a, b)
  for (const sex of [1, 2]) {
    const list = shared.get(sex) ?? []
    // Same unit first: each unit's guests fill whole rooms in order of arrival.
    const units = new Map<string, TRoomGuest[]>()
    for (const g of list) {
      const key = g.unitName.trim()
      const members = units.get(key)
      if (members) {
        members.push(g)
      } else {
        units.set(key, [g])
      }
    }
    const blocks: TRoomGuest[][] = []
    for (const key of [...units.keys()].sort(compareText)) {
      const members = units.get(key)!.sort(byArrival)
      const whole = members.length - (members.length % bedCount)
      for (let i = 0; i < whole; i += bedCount) {
        rooms.push({
          houseNo: nextNo(),
          sex,
          single: false,
          manual: false,
          kept: false,
          occupants: members.slice(i, i + bedCount).map((m) => m.id),
        })
      }
      if (whole < members.length) {
        blocks.push(members.slice(whole))
      }
    }
    // What is left of each unit (fewer than a room) stays together: blocks in order of their first
    // arrival, each into the first room that has beds for all of it, else a new room.
    blocks.sort((a, b) => byArrival(a[0]!, b[0]!))
    const open: { room: TRoom; free: number }[] = []
    for (const block of blocks) {
      const ids = block.map((m) => m.id)
      const target = open.find((o) => o.free >= ids.length)
      if (target) {
        target.room.occupants.push(...ids)
        target.free -= ids.length
        continue
      }
      const room = { houseNo: nextNo(), sex, single: false, manual: false, kept: false, occupants: ids }
      rooms.push(room)
      open.push({ room, free: bedCount - ids.length })
    }
  }
  return { rooms, unallocated }
}
