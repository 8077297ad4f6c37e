import { Msg, ResultCode, type TEnvelope } from '@ysjs/shared'
import { z } from 'zod'
import { type TWire, toWire } from './serialize.ts'

/** A successful envelope; the payload is converted to the wire format (ids and dates as strings). */
export const ok = <T>(data: T, msg: string = Msg.SUCCESS): TEnvelope<TWire<T>> => ({
  code: ResultCode.SUCCESS,
  success: true,
  data: toWire(data),
  msg: data === null || data === undefined ? Msg.NO_DATA : msg,
})

/** `R.status(true)` of the platform: a mutation that succeeded, with no payload. */
export const done = (msg: string = Msg.SUCCESS): TEnvelope<null> => ({
  code: ResultCode.SUCCESS,
  success: true,
  data: null,
  msg,
})

export const fail = (code: number, msg: string): TEnvelope<null> => ({
  code,
  success: false,
  data: null,
  msg,
})

/** Response schema of an envelope around `data`. */
export const zEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), success: z.boolean(), data, msg: z.string() })

export const zDone = zEnvelope(z.null())

export const zPage = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    total: z.number(),
    size: z.number(),
    current: z.number(),
    pages: z.number(),
    orders: z.array(z.object({ column: z.string(), asc: z.boolean() })),
    searchCount: z.boolean(),
    /** False when `total` is an estimate or a bound (a large list, decision 024); absent on old answers. */
    totalExact: z.boolean().optional(),
  })
