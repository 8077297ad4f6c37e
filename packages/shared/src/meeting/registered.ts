import { z } from 'zod'
import { DATE_PATTERN, parseDateTime, ZWireDateTimeSchema } from '../common/dates.ts'
import { ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import { ZPageQuerySchema } from '../common/page.ts'
import { zPatchOf } from '../common/patch.ts'
import { isPhone, zInt, zName, zOptionalInt, zOptionalText, zRequired } from '../common/validators.ts'
import { zMoney } from '../trading/money.ts'
import { CarMsg } from './entities.ts'
import { zIdOf, zOptionalDateTime, zOptionalIdOf } from './meeting.ts'

export const RegisteredMsg = {
  MEETING: '请选择会议',
  NAME: '请输入姓名',
  SEX: '请选择性别',
  UNIT: '请输入单位名称',
  PHONE: '请输入联系电话',
  PHONE_BAD: '请输入正确的联系电话',
  ARRIVAL: '到达时间格式不正确',
  DEPARTURE: '离开时间格式不正确',
  DEPARTURE_BEFORE_ARRIVAL: '离开时间不能早于到达时间',
  ARRIVAL_WINDOW: '到达时间应在会议开始前7天至会议结束后7天之间',
  DEPARTURE_WINDOW: '离开时间应在会议开始前7天至会议结束后7天之间',
  ROOM_WISH: '请选择住宿要求',
  INVOICE_TYPE: '请选择发票类型',
  INVOICE_TITLE: '请输入发票抬头',
  TAX_NUMBER: '请输入纳税人识别号',
  NOT_OPEN: '会议未开放报名',
  DUPLICATE: '该手机号已报名此会议',
  CANCEL_CLOSED: '会议报名已截止,不能取消报名',
  UPDATE_CLOSED: '会议报名已截止,不能修改报名',
  INVOICE_NO_BY_STAFF: '发票号码由会务人员填写',
  INVOICE_LOCKED: '发票已开具,不能修改开票信息',
  NOT_FOUND: '报名信息不存在',
  RETURN_ACTION: '请选择退回或重开',
  RETURN_REASON: '请输入原因',
  NOT_INVOICED: '尚未开票,不能退回',
  NOT_RETURNED: '发票未退回,不能重开',
  INVOICE_NO: '请输入发票号码',
  INVOICE_ISSUED: '发票已开具,如需更换发票号码请先退回再重开',
  PRICE_TOO_LARGE: '应缴费用超出上限,请检查费用项目和到达、离开时间',
  BED_COUNT: '每间床位数为1到8',
  WINDOW: '请选择分配时段',
  WINDOW_ORDER: '分配时段结束日期不能早于开始日期',
  WINDOW_MINUTES: '分组时长为10到720分钟',
  HOUSE_NO: '房间号不能超过32个字符',
  CAR_NO: '车牌号不能超过32个字符',
} as const

/** Manual pick-up changes (`updateCar`, `updatePickup`): refused rather than double-booking anyone. */
export const ArrangeMsg = {
  VEHICLE_NOT_FOUND: '车辆不存在',
  NO_ARRIVAL: '该报名缺少到达时间或到达站点,不能安排车辆',
  CAR_FULL: '该车辆座位已满',
  CAR_BUSY: '该车辆在该时段已有接送任务',
  NO_DRIVER: '该车辆未设置司机',
  DRIVER_BUSY: '该司机在该时段已有接送任务',
  DRIVER_NOT_FOUND: '司机不存在',
  ESCORT_BUSY: '该接送人员在该时段已有接送任务',
  ESCORT_NOT_FOUND: '接送人员不存在',
  ESCORT_NO_SEAT: '车辆座位不足,无法安排接送人员',
  TRIP_NOT_FOUND: '接站车次不存在',
} as const

/** 住宿要求: 1 单住 (a room alone), 2 合住 (shares with the same sex). */
export const ROOM_WISH = { SINGLE: 1, SHARED: 2 } as const

/** Why a registrant cannot be moved into a room by hand (`updateHouse`, the /allocationList picker). */
export const RoomMsg = {
  FULL: '该房间床位已满',
  OTHER_SEX: '该房间已住异性,不能调入',
  SINGLE_ROOM: '该房间为单住房间,不能调入',
  WANTS_SINGLE: '该参会人员要求单住,只能调入空房间',
} as const
export type TRoomMate = { sex: number | null; roomWish: number }
/**
 * The room rules a manual move must keep (the allocation keeps them too): a 单住 wish is alone, a
 * shared room holds one sex and at most `bedCount`. `mates` are the room's other occupants. Shared by
 * the server, which refuses, and the browser, which greys out the rooms it would refuse.
 */
export const roomMoveProblem = (
  guest: TRoomMate,
  mates: readonly TRoomMate[],
  bedCount: number,
): string | null => {
  if (mates.length === 0) {
    return null
  }
  if (guest.roomWish === ROOM_WISH.SINGLE) {
    return RoomMsg.WANTS_SINGLE
  }
  if (mates.some((m) => m.roomWish === ROOM_WISH.SINGLE)) {
    return RoomMsg.SINGLE_ROOM
  }
  if (mates.some((m) => m.sex !== guest.sex)) {
    return RoomMsg.OTHER_SEX
  }
  if (mates.length >= bedCount) {
    return RoomMsg.FULL
  }
  return null
}
export const ROOM_WISH_NAMES: Record<number, string> = { 1: '单住', 2: '合住' }
export const SEX_NAMES: Record<number, string> = { 1: '男', 2: '女' }
export const INVOICE_TYPE_NAMES: Record<number, string> = { 1: '增值税普通发票', 2: '增值税专用发票' }
/** Invoice status of a registration; returns and reissues keep their history. */
export const INVOICE_STATUS = { NONE: 0, INVOICED: 1, RETURNED: 2, REISSUED: 3 } as const
export const INVOICE_STATUS_NAMES: Record<number, string> = {
  0: '未开票',
  1: '已开票',
  2: '已退回',
  3: '已重开',
}
export const PAY_STATUS_NAMES: Record<number, string> = { 0: '未缴费', 1: '已缴费' }
/**
 * Whether a registration's invoice amount counts as invoiced: issued or reissued, not returned. The one
 * definition behind /feeSituation's 已开票金额 and the export's total, so the two always agree.
 */
export const isInvoiceCounted = (invoiceStatus: number): boolean =>
  invoiceStatus === INVOICE_STATUS.INVOICED || invoiceStatus === INVOICE_STATUS.REISSUED

const zPhoneText = zRequired(RegisteredMsg.PHONE, 20).refine(isPhone, { message: RegisteredMsg.PHONE_BAD })

export const ZRegisteredSubmitSchema = z
  .object({
    id: ZIdSchema.optional(),
    meetingId: zIdOf(RegisteredMsg.MEETING),
    name: zName(RegisteredMsg.NAME),
    sex: zInt({ message: RegisteredMsg.SEX, min: 1, max: 2 }),
    unitName: zRequired(RegisteredMsg.UNIT, 255),
    phone: zPhoneText,
    position: zOptionalText(128),
    arrivalTime: zOptionalDateTime(RegisteredMsg.ARRIVAL),
    departureTime: zOptionalDateTime(RegisteredMsg.DEPARTURE),
    arrivalStation: zOptionalText(128),
    roomWish: zInt({ message: RegisteredMsg.ROOM_WISH, min: 1, max: 2 }).default(2),
    invoiceTitle: zOptionalText(255),
    taxNumber: zOptionalText(64),
    invoiceType: zOptionalInt({ message: RegisteredMsg.INVOICE_TYPE, min: 1, max: 2 }),
    remark: zOptionalText(500),
  })
  .refine(
    (v) =>
      !v.arrivalTime ||
      !v.departureTime ||
      (parseDateTime(v.departureTime)?.getTime() ?? 0) >= (parseDateTime(v.arrivalTime)?.getTime() ?? 0),
    { message: RegisteredMsg.DEPARTURE_BEFORE_ARRIVAL, path: ['departureTime'] },
  )
export type TRegisteredSubmit = z.infer<typeof ZRegisteredSubmitSchema>
/** `update`: the fields carried are written, the rest kept (decision 025). */
export const ZRegisteredPatchSchema = zPatchOf(ZRegisteredSubmitSchema).safeExtend({ id: ZIdSchema })
export type TRegisteredPatch = z.infer<typeof ZRegisteredPatchSchema>

/** How far before a meeting's start one may arrive, and after its end leave (the fee grows with nights). */
export const STAY_MARGIN_DAYS = 7
const MARGIN_MS = STAY_MARGIN_DAYS * 86_400_000

/**
 * The stay's rule against its meeting: arrival and departure within the meeting's window widened by
 * `STAY_MARGIN_DAYS` on both sides. The field and its message, or null when the stay fits.
 */
export const stayWindowProblem = (
  meeting: { startTime: Date; endTime: Date },
  arrival: Date | null,
  departure: Date | null,
): { field: 'arrivalTime' | 'departureTime'; message: string } | null => {
  const from = meeting.startTime.getTime() - MARGIN_MS
  const to = meeting.endTime.getTime() + MARGIN_MS
  const outside = (d: Date | null) => d !== null && (d.getTime() < from || d.getTime() > to)
  if (outside(arrival)) {
    return { field: 'arrivalTime', message: RegisteredMsg.ARRIVAL_WINDOW }
  }
  if (outside(departure)) {
    return { field: 'departureTime', message: RegisteredMsg.DEPARTURE_WINDOW }
  }
  return null
}

export const ZRegisteredRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  meetingId: ZWireIdSchema,
  meetingName: z.string(),
  name: z.string(),
  sex: z.number(),
  sexName: z.string(),
  unitName: z.string(),
  phone: z.string(),
  position: z.string().nullable(),
  arrivalTime: ZWireDateTimeSchema.nullable(),
  departureTime: ZWireDateTimeSchema.nullable(),
  arrivalStation: z.string().nullable(),
  roomWish: z.number(),
  roomWishName: z.string(),
  invoiceTitle: z.string().nullable(),
  taxNumber: z.string().nullable(),
  invoiceType: z.number().nullable(),
  invoiceTypeName: z.string(),
  invoiceNo: z.string().nullable(),
  invoiceAmount: z.string().nullable(),
  invoiceStatus: z.number(),
  invoiceStatusName: z.string(),
  price: z.string(),
  payStatus: z.number(),
  payStatusName: z.string(),
  houseNo: z.string().nullable(),
  houseManual: z.number(),
  carNo: z.string().nullable(),
  carManual: z.number(),
  pickupId: ZWireIdSchema.nullable(),
  remark: z.string().nullable(),
  createUser: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})
export type TRegistered = z.infer<typeof ZRegisteredRecordSchema>

export const ZRegisteredPageQuerySchema = ZPageQuerySchema.extend({
  meetingId: zIdOf(RegisteredMsg.MEETING),
  name: zOptionalText(64),
  unitName: zOptionalText(255),
  phone: zOptionalText(32),
  invoiceStatus: zOptionalInt({ min: 0, max: 3 }),
})

/** A registration's fee set by hand: at most what the largest computed fee could be, rounded up. */
export const REGISTRATION_PRICE_MAX = 100_000_000
export const ZUpdatePriceSchema = z.object({
  id: ZIdSchema,
  price: zMoney('费用', { max: REGISTRATION_PRICE_MAX }),
  payStatus: zOptionalInt({ message: '请选择缴费状态', min: 0, max: 1 }),
})

export const ZUpdateInvoicingSchema = z.object({
  id: ZIdSchema,
  invoiceTitle: zRequired(RegisteredMsg.INVOICE_TITLE, 255),
  taxNumber: zRequired(RegisteredMsg.TAX_NUMBER, 64),
  invoiceType: zInt({ message: RegisteredMsg.INVOICE_TYPE, min: 1, max: 2 }),
  /** Given: the invoice was issued (status 已开票). */
  invoiceNo: zOptionalText(64),
})

export const ZInvoicingReturnSchema = z.object({
  id: ZIdSchema,
  /** 2 退回, 3 重开. */
  action: zInt({ message: RegisteredMsg.RETURN_ACTION, min: 2, max: 3 }),
  reason: zRequired(RegisteredMsg.RETURN_REASON, 500),
  /** The new invoice's number, required to reissue. */
  invoiceNo: zOptionalText(64),
})

export const ZInvoicingReturnRecordSchema = z.object({
  id: ZWireIdSchema,
  registeredId: ZWireIdSchema,
  action: z.number(),
  actionName: z.string(),
  invoiceNo: z.string().nullable(),
  reason: z.string().nullable(),
  createUser: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
})

export const ZUpdateHouseSchema = z.object({
  id: ZIdSchema,
  /** Empty: the manual assignment is dropped and the next allocation places the registrant again. */
  houseNo: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.string().trim().max(32, RegisteredMsg.HOUSE_NO).optional(),
  ),
})
export const ZUpdateCarSchema = z.object({
  id: ZIdSchema,
  carNo: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.string().trim().max(32, RegisteredMsg.CAR_NO).optional(),
  ),
})
/** `updatePickup`: a trip's driver (required) and escort (empty: none). */
export const ZUpdatePickupSchema = z.object({
  id: ZIdSchema,
  driverId: zIdOf(CarMsg.DRIVER),
  escortId: zOptionalIdOf(ArrangeMsg.ESCORT_NOT_FOUND),
})

const zDay = (message: string) =>
  zRequired(message, 10).refine((v) => DATE_PATTERN.test(v) && parseDateTime(v) !== null, { message })

export const ZRoomAllocationQuerySchema = z
  .object({
    meetingId: zIdOf(RegisteredMsg.MEETING),
    betweenOne: zDay(RegisteredMsg.WINDOW),
    betweenTwo: zDay(RegisteredMsg.WINDOW),
    bedCount: zInt({ message: RegisteredMsg.BED_COUNT, min: 1, max: 8 }).default(2),
  })
  .refine((v) => v.betweenTwo >= v.betweenOne, { message: RegisteredMsg.WINDOW_ORDER, path: ['betweenTwo'] })

export const ZCarAllocationQuerySchema = z.object({
  meetingId: zIdOf(RegisteredMsg.MEETING),
  windowMinutes: zInt({ message: RegisteredMsg.WINDOW_MINUTES, min: 10, max: 720 }).default(60),
})

export const ZUnallocatedSchema = z.object({ id: ZWireIdSchema, name: z.string(), reason: z.string() })

const ZRoomGuestSchema = z.object({
  id: ZWireIdSchema,
  name: z.string(),
  unitName: z.string(),
  sex: z.number().nullable(),
  roomWish: z.number(),
})
export const ZRoomAllocationResultSchema = z.object({
  /** Beds per room of the last allocation (manual moves are checked against it). */
  bedCount: z.number(),
  rooms: z.array(
    z.object({
      houseNo: z.string(),
      sex: z.number().nullable(),
      /** The room holds a 单住 wish. */
      single: z.boolean(),
      manual: z.boolean(),
      occupants: z.array(ZRoomGuestSchema.extend({ manual: z.boolean() })),
    }),
  ),
  unallocated: z.array(ZRoomGuestSchema.extend({ reason: z.string() })),
})

const ZPassengerSchema = z.object({ id: ZWireIdSchema, name: z.string(), arrivalTime: ZWireDateTimeSchema })
export const ZCarAllocationResultSchema = z.object({
  trips: z.array(
    z.object({
      id: ZWireIdSchema,
      station: z.string(),
      pickupTime: ZWireDateTimeSchema,
      busyUntil: ZWireDateTimeSchema,
      plateNo: z.string(),
      /** Seats besides the driver's; `capacity` is what is left for passengers (an escort takes one). */
      seats: z.number(),
      capacity: z.number(),
      driverId: ZWireIdSchema.nullable(),
      driverName: z.string().nullable(),
      escortId: ZWireIdSchema.nullable(),
      escortName: z.string().nullable(),
      manual: z.boolean(),
      passengers: z.array(ZPassengerSchema),
    }),
  ),
  /** Arrival groups (or parts) no vehicle took, and trips running without an escort, with the reason. */
  uncovered: z.array(
    z.object({
      tripId: ZWireIdSchema.nullable(),
      station: z.string(),
      pickupTime: ZWireDateTimeSchema,
      reason: z.string(),
      passengers: z.array(ZPassengerSchema),
    }),
  ),
  unallocated: z.array(ZUnallocatedSchema),
})

export const ZRegistrationStatsSchema = z.object({
  meetingId: ZWireIdSchema,
  registered: z.number(),
  byUnit: z.array(z.object({ unitName: z.string(), count: z.number() })),
  byArrivalDay: z.array(z.object({ day: z.string(), count: z.number() })),
  bySex: z.array(z.object({ sex: z.number(), sexName: z.string(), count: z.number() })),
})
