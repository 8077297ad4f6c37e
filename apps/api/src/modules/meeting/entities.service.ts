import type { PrismaClient } from '@ysjs/db'
import {
  CarMsg,
  parseDateTime,
  ZCalendarRecordSchema,
  ZCalendarSubmitSchema,
  ZCarMaintenanceRecordSchema,
  ZCarMaintenanceSubmitSchema,
  ZEscortRecordSchema,
  ZEscortSubmitSchema,
  ZInvoicingRecordSchema,
  ZInvoicingSubmitSchema,
  ZRegistrantRecordSchema,
  ZRegistrantSubmitSchema,
} from '@ysjs/shared'
import type { TAuthUser, TCtx } from '../../lib/context.ts'
import { createCrudService, crudCodes } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { clearing, dateOnly, formatDateOnly, money } from '../trading/dict-names.ts'

export const MEETING_API = '/api/ysjs-meeting'

/** A `yyyy-MM-dd[ HH:mm:ss]` text already validated by the shared schema, as a Date (Asia/Shanghai). */
export const at = (v: string): Date => parseDateTime(v)!
export const atOrNull = (v: string | undefined): Date | null => (v ? parseDateTime(v) : null)

/** 会议日程 (`/calendar`). */
export const createCalendarService = (prisma: PrismaClient) =>
  createCrudService(prisma, {
    prefix: `${MEETING_API}/calendar`,
    model: (db) => db.meetingCalendar,
    submit: ZCalendarSubmitSchema,
    record: ZCalendarRecordSchema,
    filters: { title: 'string', meetingId: 'id?', startTime: 'date' },
    sortable: ['startTime', 'title', 'createTime'],
    defaultOrder: [{ startTime: 'asc' }],
    permissions: crudCodes('meeting_calendar'),
    toData: ({ meetingId, startTime, endTime, ...rest }) => ({
      ...clearing(rest, ['place', 'content']),
      meetingId: meetingId ? BigInt(meetingId) : null,
      startTime: at(startTime),
      endTime: atOrNull(endTime),
    }),
    validate: async (ctx: TCtx, data) => {
      if (data.meetingId) {
        const meeting = await tenantDb(prisma, ctx.tenantId).meeting.findFirst({
          where: { id: data.meetingId as bigint, isDeleted: 0 },
          select: { id: true },
        })
        if (!meeting) {
          throw AppError.badRequest('会议不存在')
        }
      }
    },
  })

type THasPermission = (user: TAuthUser, code: string) => Promise<boolean>

/**
 * A member's own rows (saved attendees, saved invoice titles): staff holding `staffCode` see and change
 * every row of the tenant; anyone else (a member, through `top_member`) only the rows `owner` names as
 * theirs. As a CRUD `restrict`, it filters lists and details, refuses updates of other rows as not
 * found and skips them in a removal, as it skips other tenants' ids.
 */
const ownRows =
  (hasPermission: THasPermission, staffCode: string, owner: 'userId' | 'createUser') =>
  async (ctx: TCtx): Promise<Record<string, unknown>> =>
    ctx.user && (await hasPermission(ctx.user, staffCode)) ? {} : { [owner]: ctx.user?.userId ?? -1n }

/**
 * 参会人员 (`/registrants`): a member's saved attendees; `userId` is the member who saved them. Members
 * keep their own from the member centre (`top_member`); staff (`meeting_registrants`) see everyone's.
 */
export const createRegistrantService = (prisma: PrismaClient, hasPermission: THasPermission) => {
  const service = createCrudService(prisma, {
    prefix: `${MEETING_API}/registrants`,
    model: (db) => db.meetingRegistrant,
    submit: ZRegistrantSubmitSchema,
    record: ZRegistrantRecordSchema,
    filters: { name: 'string', unitName: 'string', phone: 'string', userId: 'id?' },
    sortable: ['name', 'unitName', 'createTime'],
    permissions: crudCodes('meeting_registrants', 'top_member'),
    resourceCode: 'meeting_registrants',
    restrict: ownRows(hasPermission, 'meeting_registrants', 'userId'),
    toData: (input) => clearing(input as Record<string, unknown>, ['position']),
  })
  const create = service.create
  service.create = async (ctx, input) => {
    const row = await create(ctx, input)
    await tenantDb(prisma, ctx.tenantId).meetingRegistrant.updateMany({
      where: { id: row.id as bigint },
      data: { userId: ctx.user?.userId ?? null },
    })
    return row
  }
  return service
}

/** 开票信息 (`/invoicing`): saved invoice titles, a member's own (`createUser`) as for the attendees. */
export const createInvoicingService = (prisma: PrismaClient, hasPermission: THasPermission) =>
  createCrudService(prisma, {
    prefix: `${MEETING_API}/invoicing`,
    model: (db) => db.meetingInvoicing,
    submit: ZInvoicingSubmitSchema,
    record: ZInvoicingRecordSchema,
    filters: { invoiceTitle: 'string', taxNumber: 'string', invoiceType: 'int' },
    sortable: ['invoiceTitle', 'createTime'],
    permissions: crudCodes('meeting_invoicing', 'top_member'),
    resourceCode: 'meeting_invoicing',
    restrict: ownRows(hasPermission, 'meeting_invoicing', 'createUser'),
    toData: (input) =>
      clearing(input as Record<string, unknown>, ['address', 'phone', 'bankName', 'bankAccount']),
  })

/** 接送人员 (`/escort`). */
export const createEscortService = (prisma: PrismaClient) =>
  createCrudService(prisma, {
    prefix: `${MEETING_API}/escort`,
    model: (db) => db.meetingEscort,
    submit: ZEscortSubmitSchema,
    record: ZEscortRecordSchema,
    filters: { name: 'string', phone: 'string' },
    sortable: ['name', 'createTime'],
    defaultOrder: [{ name: 'asc' }],
    permissions: crudCodes('meeting_escort'),
    toData: (input) => clearing(input as Record<string, unknown>, ['remark']),
  })

/** 车辆与保养 (`/carMaintenance`): the plate is unique among the tenant's live vehicles. */
export const createCarMaintenanceService = (prisma: PrismaClient) =>
  createCrudService(prisma, {
    prefix: `${MEETING_API}/carMaintenance`,
    model: (db) => db.carMaintenance,
    submit: ZCarMaintenanceSubmitSchema,
    record: ZCarMaintenanceRecordSchema,
    filters: { plateNo: 'string', driverName: 'string', upkeepDate: 'date?' },
    sortable: ['plateNo', 'seats', 'upkeepDate', 'createTime'],
    defaultOrder: [{ plateNo: 'asc' }],
    unique: [{ fields: ['plateNo'], message: '车牌号已存在' }],
    permissions: {
      // /upkeepList reads the same rows.
      list: ['meeting_car_maintenance', 'meeting_upkeep_list'],
      add: 'meeting_car_maintenance_add',
      edit: 'meeting_car_maintenance_edit',
      remove: 'meeting_car_maintenance_delete',
    },
    resourceCode: 'meeting_car_maintenance',
    toData: ({ upkeepDate, upkeepCost, driverId, ...rest }) => ({
      ...clearing(rest, ['driverPhone', 'upkeepItem', 'remark']),
      driverId: BigInt(driverId),
      upkeepDate: upkeepDate ? dateOnly(upkeepDate) : null,
      upkeepCost: upkeepCost ?? null,
    }),
    // The driver is a user of the tenant; the row keeps their name as it was, for the lists.
    validate: async (ctx: TCtx, data) => {
      const driver = await tenantDb(prisma, ctx.tenantId).user.findFirst({
        where: { id: data.driverId as bigint, isDeleted: 0 },
        select: { realName: true, name: true, account: true },
      })
      if (!driver) {
        throw AppError.badRequest(CarMsg.DRIVER_NOT_FOUND)
      }
      data.driverName = driver.realName || driver.name || driver.account
    },
    enrich: async (_ctx, rows) =>
      rows.map((r) => ({
        ...r,
        upkeepDate: r.upkeepDate ? formatDateOnly(r.upkeepDate) : null,
        upkeepCost: money(r.upkeepCost),
      })),
  })

export type TCalendarService = ReturnType<typeof createCalendarService>
export type TRegistrantService = ReturnType<typeof createRegistrantService>
export type TInvoicingService = ReturnType<typeof createInvoicingService>
export type TEscortService = ReturnType<typeof createEscortService>
export type TCarMaintenanceService = ReturnType<typeof createCarMaintenanceService>
