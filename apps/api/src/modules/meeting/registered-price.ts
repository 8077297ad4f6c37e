import { PRICE_ITEM_TYPE, parseDateTime, RegisteredMsg, ROOM_WISH } from '@ysjs/shared'
import { AppError } from '../../lib/errors.ts'
import type { priceItemsOf } from './meeting.service.ts'

const DAY = 86_400_000

/** Nights between arrival and departure (calendar days in Asia/Shanghai), at least one. */
export const nightsOf = (arrival: Date | null, departure: Date | null): number => {
  if (!arrival || !departure) {
    return 1
  }
  const day = (d: Date) => Math.floor((d.getTime() + 8 * 3_600_000) / DAY)
  return Math.max(1, day(departure) - day(arrival))
}

/** The largest fee the price column (Decimal(14,2)) holds, in cents. */
const MAX_PRICE_CENTS = 99_999_999_999_999

/**
 * The fee due at registration: every 会务费 item, plus the wished room type's price per night. A fee
 * the column cannot hold (a large room price over many nights) is refused with a message, not a 500.
 */
export const priceOf = (
  items: ReturnType<typeof priceItemsOf>,
  roomWish: number,
  arrival: Date | null,
  departure: Date | null,
): string => {
  const cents = (p: string) => Math.round(Number(p) * 100)
  const fee = items.filter((i) => i.itemType === PRICE_ITEM_TYPE.FEE).reduce((t, i) => t + cents(i.price), 0)
  const roomType = roomWish === ROOM_WISH.SINGLE ? PRICE_ITEM_TYPE.SINGLE_ROOM : PRICE_ITEM_TYPE.SHARED_ROOM
  const room = items.find((i) => i.itemType === roomType)
  const total = fee + (room ? cents(room.price) * nightsOf(arrival, departure) : 0)
  if (!Number.isSafeInteger(total) || total > MAX_PRICE_CENTS) {
    throw AppError.badRequest(RegisteredMsg.PRICE_TOO_LARGE)
  }
  return (total / 100).toFixed(2)
}

export const parseWindowDay = (day: string, endOfDay: boolean): Date =>
  new Date(parseDateTime(day)!.getTime() + (endOfDay ? DAY : 0))
