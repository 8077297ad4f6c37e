import { z } from 'zod'
import { DATE_OR_DATE_TIME_META, parseDateTime, ZWireDateTimeSchema } from '../common/dates.ts'
import { isId, ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import { zInt, zOptionalText, zRequired } from '../common/validators.ts'
import { zMoney } from '../trading/money.ts'

export const MeetingMsg = {
  NAME: '请输入会议名称',
  START_TIME: '请选择会议开始时间',
  END_TIME: '请选择会议结束时间',
  END_BEFORE_START: '会议结束时间不能早于开始时间',
  TOO_LONG: '会议时间跨度不能超过366天',
  ADDRESS: '请输入会议地点',
  MEETING_TYPE: '请选择会议类型',
  STATUS: '请选择会议状态',
  STATUS_FORWARD: '会议状态只能向前变更',
  SHELVES: '请选择上架状态',
  ITEM_NAME: '请输入费用名称',
  ITEM_TYPE: '请选择费用类型',
  HAS_REGISTRATIONS: '该会议已有报名,不能删除',
  NOT_FOUND: '会议不存在',
  CHOOSE: '请选择会议',
} as const

/** Dictionary `meeting_status` (decision 018): a new meeting is 筹备中 and moves forward only. */
export const MEETING_STATUS = { PREPARING: 1, REGISTERING: 2, CLOSED: 3, ONGOING: 4, FINISHED: 5 } as const
export const MEETING_STATUS_NAMES: Record<number, string> = {
  1: '筹备中',
  2: '报名中',
  3: '报名截止',
  4: '进行中',
  5: '已结束',
}
/** Dictionary `shelves`. */
export const MEETING_SHELVES = { OFF: 0, ON: 1 } as const

/** Fee item types: 会务费 is charged once; room types are charged per night. */
export const PRICE_ITEM_TYPE = { FEE: 1, SINGLE_ROOM: 2, SHARED_ROOM: 3 } as const
export const PRICE_ITEM_TYPE_NAMES: Record<number, string> = { 1: '会务费', 2: '单住', 3: '合住' }

/** A required id (string or number, contract decision 4) with the field's own message. */
export const zIdOf = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'number' ? String(v) : v),
    z.string({ error: message }).trim().refine(isId, { message }),
  )
/** An optional id: empty and null are "none". */
export const zOptionalIdOf = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'number' ? String(v) : v),
    z.string({ error: message }).trim().refine(isId, { message }).optional(),
  )

/** A required `yyyy-MM-dd[ HH:mm:ss]` (Asia/Shanghai) with one message for empty and malformed input. */
export const zDateTime = (message: string) =>
  zRequired(message, 19)
    .refine((v) => parseDateTime(v) !== null, { message })
    .meta(DATE_OR_DATE_TIME_META)

/** An optional date-time: empty and null are "not given"; malformed text answers `message`. */
export const zOptionalDateTime = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: message })
      .trim()
      .refine((v) => parseDateTime(v) !== null, { message })
      .meta(DATE_OR_DATE_TIME_META)
      .optional(),
  )

/**
 * Bounds of what a registration's fee is computed from (fee items, nights): one item at most 100,000 元,
 * a meeting at most 366 days, a stay within 7 days of it (`stayWindowProblem`).
 */
export const MEETING_PRICE_ITEM_MAX = 100_000
export const MEETING_DAYS_MAX = 366
const DAY_MS = 86_400_000

export const ZPriceItemSchema = z.object({
  itemName: zRequired(MeetingMsg.ITEM_NAME, 64),
  itemType: zInt({ message: MeetingMsg.ITEM_TYPE, min: 1, max: 3 }),
  price: zMoney('费用金额', { max: MEETING_PRICE_ITEM_MAX }),
})
export type TPriceItem = z.infer<typeof ZPriceItemSchema>

export const ZMeetingSubmitSchema = z
  .object({
    id: ZIdSchema.optional(),
    name: zRequired(MeetingMsg.NAME, 255),
    startTime: zDateTime(MeetingMsg.START_TIME),
    endTime: zDateTime(MeetingMsg.END_TIME),
    address: zRequired(MeetingMsg.ADDRESS, 255),
    meetingType: zInt({ message: MeetingMsg.MEETING_TYPE, min: 1, max: 2 }).default(2),
    content: zOptionalText(20_000),
    priceItems: z.array(ZPriceItemSchema).max(20, '费用项目最多20项').default([]),
  })
  .refine((v) => (parseDateTime(v.endTime)?.getTime() ?? 0) >= (parseDateTime(v.startTime)?.getTime() ?? 0), {
    message: MeetingMsg.END_BEFORE_START,
    path: ['endTime'],
  })
  .refine(
    (v) =>
      (parseDateTime(v.endTime)?.getTime() ?? 0) - (parseDateTime(v.startTime)?.getTime() ?? 0) <=
      MEETING_DAYS_MAX * DAY_MS,
    { message: MeetingMsg.TOO_LONG, path: ['endTime'] },
  )
export type TMeetingSubmit = z.infer<typeof ZMeetingSubmitSchema>

export const ZWirePriceItemSchema = z.object({
  itemName: z.string(),
  itemType: z.number(),
  itemTypeName: z.string(),
  price: z.string(),
})

export const ZMeetingRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  name: z.string(),
  startTime: ZWireDateTimeSchema,
  endTime: ZWireDateTimeSchema,
  address: z.string(),
  content: z.string().nullable(),
  meetingType: z.number(),
  meetingTypeName: z.string(),
  /** 会议状态 (dictionary meeting_status, 1 筹备中 … 5 已结束). */
  status: z.number(),
  statusName: z.string(),
  shelves: z.number(),
  open: z.boolean(),
  priceItems: z.array(ZWirePriceItemSchema),
  createUser: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  isDeleted: z.number(),
})
export type TMeeting = z.infer<typeof ZMeetingRecordSchema>

export const ZMeetingStatusQuerySchema = z.object({
  id: ZIdSchema,
  status: zInt({ message: MeetingMsg.STATUS, min: 1, max: 5 }),
})
export const ZMeetingShelvesQuerySchema = z.object({
  id: ZIdSchema,
  shelves: zInt({ message: MeetingMsg.SHELVES, min: 0, max: 1 }),
})
/** A meeting asked for in the query (missing or malformed: 请选择会议). */
export const ZMeetingIdQuerySchema = z.object({ meetingId: zIdOf(MeetingMsg.CHOOSE) })

/** A meeting's fee situation (`listInvoicing`, `/feeSituation`): amounts in 元 as 2-decimal text. */
export const ZMeetingFeeRecordSchema = z.object({
  id: ZWireIdSchema,
  name: z.string(),
  startTime: ZWireDateTimeSchema,
  status: z.number(),
  statusName: z.string(),
  registered: z.number(),
  due: z.string(),
  paid: z.string(),
  unpaid: z.string(),
  invoiced: z.string(),
  invoicedCount: z.number(),
  returnedCount: z.number(),
})
export type TMeetingFee = z.infer<typeof ZMeetingFeeRecordSchema>

/** A meeting is open to registration while it is 报名中 and on the shelf. */
export const isMeetingOpen = (m: { status: number; shelves: number }): boolean =>
  m.status === MEETING_STATUS.REGISTERING && m.shelves === MEETING_SHELVES.ON
