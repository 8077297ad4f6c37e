import { z } from 'zod'
import { DATE_PATTERN, ZWireDateSchema, ZWireDateTimeSchema } from '../common/dates.ts'
import { ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import { isPhone, zInt, zName, zOptionalText, zRequired } from '../common/validators.ts'
import { zOptionalMoney } from '../trading/money.ts'
import { zDateTime, zIdOf, zOptionalDateTime } from './meeting.ts'

const audit = {
  createUser: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
}
const zPhoneOf = (empty: string) => zRequired(empty, 20).refine(isPhone, { message: '请输入正确的联系电话' })
const zOptionalPhone = z.preprocess(
  (v) => (v === null || v === '' ? undefined : v),
  z.string().trim().max(20).refine(isPhone, { message: '请输入正确的联系电话' }).optional(),
)

/** 会议日程. */
export const ZCalendarSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  meetingId: z.preprocess((v) => (v === '' || v === null ? undefined : v), ZIdSchema.optional()),
  title: zRequired('请输入日程标题', 255),
  startTime: zDateTime('请选择开始时间'),
  endTime: zOptionalDateTime('结束时间格式不正确'),
  place: zOptionalText(255),
  content: zOptionalText(2000),
})
export const ZCalendarRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  meetingId: ZWireIdSchema.nullable(),
  title: z.string(),
  startTime: ZWireDateTimeSchema,
  endTime: ZWireDateTimeSchema.nullable(),
  place: z.string().nullable(),
  content: z.string().nullable(),
  ...audit,
})

/** 参会人员: a member's saved attendees. */
export const ZRegistrantSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  name: zName('请输入姓名'),
  sex: zInt({ message: '请选择性别', min: 1, max: 2 }),
  unitName: zRequired('请输入单位名称', 255),
  phone: zPhoneOf('请输入联系电话'),
  position: zOptionalText(128),
})
export const ZRegistrantRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  userId: ZWireIdSchema.nullable(),
  name: z.string(),
  sex: z.number(),
  unitName: z.string(),
  phone: z.string(),
  position: z.string().nullable(),
  ...audit,
})

/** 开票信息: a member's saved invoice titles. */
export const ZInvoicingSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  invoiceTitle: zRequired('请输入发票抬头', 255),
  taxNumber: zRequired('请输入纳税人识别号', 64),
  invoiceType: zInt({ message: '请选择发票类型', min: 1, max: 2 }),
  address: zOptionalText(255),
  phone: zOptionalPhone,
  bankName: zOptionalText(128),
  bankAccount: zOptionalText(64),
})
export const ZInvoicingRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  invoiceTitle: z.string(),
  taxNumber: z.string(),
  invoiceType: z.number(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
  ...audit,
})

/** 接送人员. */
export const ZEscortSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  name: zName('请输入姓名'),
  sex: zInt({ message: '请选择性别', min: 1, max: 2 }),
  phone: zPhoneOf('请输入联系电话'),
  remark: zOptionalText(500),
})
export const ZEscortRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  name: z.string(),
  sex: z.number(),
  phone: z.string(),
  remark: z.string().nullable(),
  ...audit,
})

export const CarMsg = {
  SEATS: '请输入座位数(1到60,不含司机)',
  DRIVER: '请选择司机',
  DRIVER_NOT_FOUND: '司机不存在',
} as const

/** 车辆与保养: `seats` are the seats besides the driver's; the driver is a platform user. */
export const ZCarMaintenanceSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  plateNo: zRequired('请输入车牌号', 32),
  seats: zInt({ message: CarMsg.SEATS, min: 1, max: 60 }),
  driverId: zIdOf(CarMsg.DRIVER),
  driverPhone: zOptionalPhone,
  upkeepDate: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .trim()
      .refine((v) => DATE_PATTERN.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), {
        message: '保养日期格式不正确',
      })
      .optional(),
  ),
  upkeepItem: zOptionalText(255),
  upkeepCost: zOptionalMoney('保养费用', { max: 1_000_000 }),
  remark: zOptionalText(500),
})
export const ZCarMaintenanceRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  plateNo: z.string(),
  seats: z.number(),
  driverId: ZWireIdSchema.nullable(),
  driverName: z.string(),
  driverPhone: z.string().nullable(),
  upkeepDate: ZWireDateSchema.nullable(),
  upkeepItem: z.string().nullable(),
  upkeepCost: z.string().nullable(),
  remark: z.string().nullable(),
  ...audit,
})

export const ZFreeTimeQuerySchema = z.object({ time: zDateTime('请选择时间') })
/** `user/list`: without `driverTime` the tenant's users (to choose a vehicle's driver); with it, the drivers free then. */
export const ZDriverTimeQuerySchema = z.object({ driverTime: zOptionalDateTime('请选择时间') })
export const ZCreateUserQuerySchema = z.object({ createUser: ZIdSchema.optional() })
export const ZUserIdQuerySchema = z.object({ userId: ZIdSchema.optional() })
/** A driver (a platform user) and the plates of the vehicles they drive. */
export const ZFreeDriverSchema = z.object({
  id: ZWireIdSchema,
  name: z.string(),
  phone: z.string().nullable(),
  plateNos: z.array(z.string()),
})
