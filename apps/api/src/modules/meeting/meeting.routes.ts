import {
  parseDateTime,
  ZCarAllocationQuerySchema,
  ZCarAllocationResultSchema,
  ZCreateUserQuerySchema,
  ZDriverTimeQuerySchema,
  ZEscortRecordSchema,
  ZFreeDriverSchema,
  ZFreeTimeQuerySchema,
  ZIdListSchema,
  ZIdSchema,
  ZInvoicingReturnRecordSchema,
  ZInvoicingReturnSchema,
  ZMeetingFeeRecordSchema,
  ZMeetingIdQuerySchema,
  ZMeetingRecordSchema,
  ZMeetingShelvesQuerySchema,
  ZMeetingStatusQuerySchema,
  ZPageQuerySchema,
  ZRegisteredPageQuerySchema,
  ZRegisteredPatchSchema,
  ZRegisteredRecordSchema,
  ZRegisteredSubmitSchema,
  ZRegistrationStatsSchema,
  ZRoomAllocationQuerySchema,
  ZRoomAllocationResultSchema,
  ZUpdateCarSchema,
  ZUpdateHouseSchema,
  ZUpdateInvoicingSchema,
  ZUpdatePickupSchema,
  ZUpdatePriceSchema,
  ZUserIdQuerySchema,
  ZWholePageQuerySchema,
  ZWireIdSchema,
  ZWirePriceItemSchema,
  zOptionalText,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf, type TAuthUser, type TCtx } from '../../lib/context.ts'
import { registerCrudRoutes } from '../../lib/crud.ts'
import { done, ok, zDone, zEnvelope, zPage } from '../../lib/envelope.ts'
import { AppError } from '../../lib/errors.ts'
import { pageOfAll } from '../../lib/paging.ts'
import { sendExport, xlsxStream } from '../../lib/xlsx.ts'
import type { TAllocationService } from './allocation.service.ts'
import {
  MEETING_API,
  type TCalendarService,
  type TCarMaintenanceService,
  type TEscortService,
  type TInvoicingService,
  type TRegistrantService,
} from './entities.service.ts'
import type { TMeetingService } from './meeting.service.ts'
import { createMemberRegistrations, REGISTRATION_STAFF } from './member-access.ts'
import type { TRegisteredService } from './registered.service.ts'

type TServices = {
  meetings: TMeetingService
  registered: TRegisteredService
  allocation: TAllocationService
  calendars: TCalendarService
  registrants: TRegistrantService
  invoicings: TInvoicingService
  escorts: TEscortService
  cars: TCarMaintenanceService
}

const MEETING = `${MEETING_API}/meeting`
const REG = `${MEETING_API}/registeredmeeting`
const RELATIONAL = `${MEETING_API}/meetingRelational`
/** Screens that read registrations. */
const REG_READ = REGISTRATION_STAFF.read
const perm = (...codes: string[]) => ({ access: { permission: codes.length === 1 ? codes[0]! : codes } })
const ZIdQuery = z.object({ id: ZIdSchema })
const ZIdsQuery = z.object({ ids: ZIdListSchema })

/** `/api/ysjs-meeting/*` (issue 14, decision 018). */
export const meetingRoutes = (app: FastifyInstance, s: TServices) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const has = async (ctx: TCtx, code: string) =>
    !!ctx.user && (await app.permissions.has(ctx.user as TAuthUser, code))
  // Members' own registrations through the staff calls (decision 018).
  const members = createMemberRegistrations(app.prisma, s.registered, app.permissions.has)

  // Meetings
  registerCrudRoutes(app, s.meetings)
  let tags = ['meeting']
  r.post(`${MEETING}/UpdateStatusById`, {
    config: perm('meeting_info_status'),
    schema: {
      tags,
      summary: '会议状态变更 (只能向前: 1 筹备中 → 2 报名中 → 3 报名截止 → 4 进行中 → 5 已结束)',
      querystring: ZMeetingStatusQuerySchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await s.meetings.updateStatus(ctxOf(request), BigInt(request.query.id), request.query.status)
      return done()
    },
  })
  r.post(`${MEETING}/UpdateShelvesById`, {
    config: perm('meeting_info_shelves'),
    schema: {
      tags,
      summary: '会议上下架 (0 下架, 1 上架)',
      querystring: ZMeetingShelvesQuerySchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await s.meetings.updateShelves(ctxOf(request), BigInt(request.query.id), request.query.shelves)
      return done()
    },
  })
  r.get(`${MEETING}/listPrice`, {
    config: perm('meeting_info', 'meeting_registered', 'top_member'),
    schema: {
      tags,
      summary: '会议费用项目',
      querystring: ZIdQuery,
      response: { 200: zEnvelope(z.array(ZWirePriceItemSchema)) },
    },
    handler: async (request) => ok(await s.meetings.listPrice(ctxOf(request), BigInt(request.query.id))),
  })
  r.get(`${MEETING}/listOpen`, {
    config: perm('top_member', 'meeting_info', 'meeting_registered'),
    schema: {
      tags,
      summary: '开放报名的会议 (报名中且已上架)',
      response: { 200: zEnvelope(z.array(ZMeetingRecordSchema)) },
    },
    handler: async (request) => ok(await s.meetings.listOpen(ctxOf(request))),
  })
  r.get(`${MEETING}/listInvoicing`, {
    config: perm('meeting_fee_situation', 'meeting_info'),
    schema: {
      tags,
      summary: '各会议缴费与开票情况',
      querystring: ZPageQuerySchema.extend({ name: zOptionalText(255) }),
      response: { 200: zEnvelope(zPage(ZMeetingFeeRecordSchema)) },
    },
    handler: async (request) => ok(await s.meetings.listInvoicing(ctxOf(request), request.query)),
  })

  // Registrations
  tags = ['registeredmeeting']
  r.get(`${REG}/detail`, {
    config: perm(...REG_READ, 'top_member'),
    schema: {
      tags,
      summary: '报名详情',
      querystring: ZIdQuery,
      response: { 200: zEnvelope(ZRegisteredRecordSchema) },
    },
    handler: async (request) => ok(await members.detail(ctxOf(request), BigInt(request.query.id))),
  })
  r.get(`${REG}/pageByMeetingId`, {
    config: perm(...REG_READ),
    schema: {
      tags,
      summary: '会议的报名 (分页)',
      querystring: ZRegisteredPageQuerySchema,
      response: { 200: zEnvelope(zPage(ZRegisteredRecordSchema)) },
    },
    handler: async (request) => ok(await s.registered.pageByMeetingId(ctxOf(request), request.query)),
  })
  r.get(`${REG}/mine`, {
    config: perm('top_member', 'meeting_registered'),
    schema: { tags, summary: '我的报名', response: { 200: zEnvelope(z.array(ZRegisteredRecordSchema)) } },
    handler: async (request) => ok(await s.registered.mine(ctxOf(request))),
  })
  r.post(`${REG}/save`, {
    config: perm('meeting_registered_add', 'top_member'),
    schema: {
      tags,
      summary: '报名 (会议须为报名中且已上架; 同一手机号只能报名一次)',
      body: ZRegisteredSubmitSchema,
      response: { 200: zEnvelope(z.object({ id: ZWireIdSchema })) },
    },
    handler: async (request) => ok({ id: await s.registered.create(ctxOf(request), request.body) }),
  })
  r.post(`${REG}/update`, {
    config: perm('meeting_registered_edit', 'meeting_registration_status_edit', 'top_member'),
    schema: {
      tags,
      summary: '修改报名 (会员只能在报名期间修改自己的报名)',
      body: ZRegisteredPatchSchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      const { id, ...patch } = request.body
      await members.update(ctxOf(request), BigInt(id), patch)
      return done()
    },
  })
  r.post(`${REG}/remove`, {
    config: perm('meeting_registered_delete', 'meeting_registration_status_delete'),
    schema: { tags, summary: '删除报名', querystring: ZIdsQuery, response: { 200: zDone } },
    handler: async (request) => {
      await s.allocation.removeRegistrations(ctxOf(request), request.query.ids.map(BigInt), false)
      return done()
    },
  })
  r.post(`${REG}/updatePrice`, {
    config: perm('meeting_fee_situation_price'),
    schema: { tags, summary: '修改费用与缴费状态', body: ZUpdatePriceSchema, response: { 200: zDone } },
    handler: async (request) => {
      const { id, price, payStatus } = request.body
      await s.registered.updatePrice(ctxOf(request), BigInt(id), price, payStatus)
      return done()
    },
  })
  r.post(`${REG}/updateInvoicing`, {
    config: perm('meeting_registered_invoicing', 'top_member'),
    schema: {
      tags,
      summary: '开票信息 (给出发票号码即为已开票; 会员只填自己报名的开票信息)',
      body: ZUpdateInvoicingSchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await members.updateInvoicing(ctxOf(request), request.body)
      return done()
    },
  })
  r.post(`${REG}/updateMeetingInvoicingReturn`, {
    config: perm('meeting_registered_invoicing'),
    schema: {
      tags,
      summary: '发票退回 (action 2) 或重开 (action 3)',
      body: ZInvoicingReturnSchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await s.registered.invoicingReturn(ctxOf(request), request.body)
      return done()
    },
  })
  r.get(`${REG}/invoicingReturnList`, {
    config: perm(...REG_READ),
    schema: {
      tags,
      summary: '发票退回与重开记录',
      querystring: ZIdQuery,
      response: { 200: zEnvelope(z.array(ZInvoicingReturnRecordSchema)) },
    },
    handler: async (request) =>
      ok(await s.registered.invoicingReturnList(ctxOf(request), BigInt(request.query.id))),
  })
  r.get(`${REG}/exportInvoicingExcel`, {
    config: { ...perm('meeting_registered_export', 'meeting_fee_situation_export'), download: 'xlsx' },
    schema: { tags, summary: '导出会议开票信息 (xlsx, 流式)', querystring: ZMeetingIdQuerySchema },
    handler: async (request, reply) => {
      return sendExport(reply, async () => {
        const exp = await s.registered.exportInvoicing(ctxOf(request), BigInt(request.query.meetingId))
        return {
          fileName: exp.fileName,
          rows: exp.rows,
          stream: await xlsxStream(exp.sheet, exp.batches, (err) =>
            request.log.error({ err }, 'meeting invoicing export failed'),
          ),
        }
      })
    },
  })
  r.get(`${REG}/statistics`, {
    config: perm('meeting_registration_status', 'meeting_registered'),
    schema: {
      tags,
      summary: '报名情况统计',
      querystring: ZMeetingIdQuerySchema,
      response: { 200: zEnvelope(ZRegistrationStatsSchema) },
    },
    handler: async (request) => ok(await s.registered.stats(ctxOf(request), BigInt(request.query.meetingId))),
  })
  r.post(`${REG}/updateHouse`, {
    config: perm('meeting_allocation_list_house'),
    schema: {
      tags,
      summary: '手动分配房间 (空则取消手动分配)',
      body: ZUpdateHouseSchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await s.allocation.updateHouse(ctxOf(request), BigInt(request.body.id), request.body.houseNo)
      return done()
    },
  })
  r.post(`${REG}/updateCar`, {
    config: perm('meeting_arrange_list_car'),
    schema: {
      tags,
      summary: '手动分配车辆 (车牌号; 空则取消手动分配)',
      body: ZUpdateCarSchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await s.allocation.updateCar(ctxOf(request), BigInt(request.body.id), request.body.carNo)
      return done()
    },
  })
  r.post(`${REG}/updatePickup`, {
    config: perm('meeting_arrange_list_car'),
    schema: {
      tags,
      summary: '调整接站车次的司机与接送人员 (须在该时段空闲; 接送人员占一个座位)',
      body: ZUpdatePickupSchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await s.allocation.updatePickup(ctxOf(request), request.body)
      return done()
    },
  })
  r.get(`${REG}/IntelligentAllocation`, {
    config: perm('meeting_allocation_list_auto'),
    schema: {
      tags,
      summary: '智能分配房间 (住宿与 [betweenOne, betweenTwo] 重叠者, 每间 bedCount 床)',
      querystring: ZRoomAllocationQuerySchema,
      response: { 200: zEnvelope(ZRoomAllocationResultSchema) },
    },
    handler: async (request) => ok(await s.allocation.allocateRooms(ctxOf(request), request.query)),
  })
  r.get(`${REG}/allocationView`, {
    config: perm('meeting_allocation_list'),
    schema: {
      tags,
      summary: '当前房间分配',
      querystring: ZMeetingIdQuerySchema,
      response: { 200: zEnvelope(ZRoomAllocationResultSchema) },
    },
    handler: async (request) =>
      ok(await s.allocation.roomView(ctxOf(request), BigInt(request.query.meetingId))),
  })
  r.get(`${REG}/IntelligentAllocationCar`, {
    config: perm('meeting_arrange_list_auto'),
    schema: {
      tags,
      summary: '智能分配接站车辆 (按站点与时段分组, windowMinutes 默认 60)',
      querystring: ZCarAllocationQuerySchema,
      response: { 200: zEnvelope(ZCarAllocationResultSchema) },
    },
    handler: async (request) =>
      ok(
        await s.allocation.allocateCars(
          ctxOf(request),
          BigInt(request.query.meetingId),
          request.query.windowMinutes,
        ),
      ),
  })
  r.get(`${REG}/arrangeView`, {
    config: perm('meeting_arrange_list'),
    schema: {
      tags,
      summary: '当前接站分配',
      querystring: ZMeetingIdQuerySchema,
      response: { 200: zEnvelope(ZCarAllocationResultSchema) },
    },
    handler: async (request) =>
      ok(await s.allocation.arrangeView(ctxOf(request), BigInt(request.query.meetingId))),
  })

  // A member's own registration with its meeting, and cancelling it.
  tags = ['meetingRelational']
  r.get(`${RELATIONAL}/detail`, {
    config: perm('top_member', ...REG_READ),
    schema: {
      tags,
      summary: '报名与会议',
      querystring: ZIdQuery,
      response: {
        200: zEnvelope(z.object({ registered: ZRegisteredRecordSchema, meeting: ZMeetingRecordSchema })),
      },
    },
    handler: async (request) => {
      const ctx = ctxOf(request)
      const registered = await s.registered.detail(ctx, BigInt(request.query.id))
      if (registered.createUser !== ctx.user?.userId && !(await has(ctx, 'meeting_registered'))) {
        throw AppError.badRequest('报名信息不存在')
      }
      return ok({ registered, meeting: await s.meetings.meetingOf(ctx, registered.meetingId) })
    },
  })
  r.post(`${RELATIONAL}/remove`, {
    config: perm('top_member', 'meeting_registered_delete'),
    schema: {
      tags,
      summary: '取消报名 (会员只能取消自己的报名)',
      querystring: ZIdsQuery,
      response: { 200: zDone },
    },
    handler: async (request) => {
      const ctx = ctxOf(request)
      await s.allocation.removeRegistrations(
        ctx,
        request.query.ids.map(BigInt),
        !(await has(ctx, 'meeting_registered_delete')),
      )
      return done()
    },
  })

  // Agenda, saved attendees and invoice titles: `listAll` answers a creator's rows (the caller's own
  // unless staff ask for someone else's).
  const ownerOf = async (ctx: TCtx, asked: string | undefined, staffCode: string) => {
    if (!asked || BigInt(asked) === ctx.user?.userId) {
      return ctx.user?.userId ?? -1n
    }
    if (!(await has(ctx, staffCode))) {
      throw AppError.forbidden()
    }
    return BigInt(asked)
  }
  registerCrudRoutes(app, s.calendars)
  r.get(`${MEETING_API}/calendar/listAll`, {
    config: perm('meeting_calendar', 'top_member'),
    schema: {
      tags: ['calendar'],
      summary: '某人创建的全部日程',
      querystring: ZCreateUserQuerySchema,
      response: { 200: zEnvelope(z.array(s.calendars.def.record)) },
    },
    handler: async (request) => {
      const ctx = ctxOf(request)
      const createUser = await ownerOf(ctx, request.query.createUser, 'meeting_calendar')
      const rows = await s.calendars.delegate(ctx).findMany({
        where: { createUser, isDeleted: 0 },
        orderBy: [{ startTime: 'asc' }, { id: 'asc' }],
        take: 1000,
      })
      return ok(rows)
    },
  })
  registerCrudRoutes(app, s.registrants)
  r.get(`${MEETING_API}/registrants/listAll`, {
    config: perm('meeting_registrants', 'top_member'),
    schema: {
      tags: ['registrants'],
      summary: '某会员保存的全部参会人员',
      querystring: ZUserIdQuerySchema,
      response: { 200: zEnvelope(z.array(s.registrants.def.record)) },
    },
    handler: async (request) => {
      const ctx = ctxOf(request)
      const userId = await ownerOf(ctx, request.query.userId, 'meeting_registrants')
      return ok(
        await s.registrants.delegate(ctx).findMany({
          where: { userId, isDeleted: 0 },
          orderBy: [{ createTime: 'desc' }, { id: 'desc' }],
          take: 1000,
        }),
      )
    },
  })
  registerCrudRoutes(app, s.invoicings)
  r.get(`${MEETING_API}/invoicing/listAll`, {
    config: perm('meeting_invoicing', 'top_member'),
    schema: {
      tags: ['invoicing'],
      summary: '某人保存的全部开票信息',
      querystring: ZCreateUserQuerySchema,
      response: { 200: zEnvelope(z.array(s.invoicings.def.record)) },
    },
    handler: async (request) => {
      const ctx = ctxOf(request)
      const createUser = await ownerOf(ctx, request.query.createUser, 'meeting_invoicing')
      return ok(
        await s.invoicings.delegate(ctx).findMany({
          where: { createUser, isDeleted: 0 },
          orderBy: [{ createTime: 'desc' }, { id: 'desc' }],
          take: 1000,
        }),
      )
    },
  })

  // Escorts, vehicles, and who is free at a time.
  registerCrudRoutes(app, s.escorts)
  r.get(`${MEETING_API}/escort/freeTimedetail`, {
    config: perm('meeting_escort', 'meeting_arrange_list'),
    schema: {
      tags: ['escort'],
      summary: '该时间空闲的接送人员',
      querystring: ZFreeTimeQuerySchema,
      response: { 200: zEnvelope(z.array(ZEscortRecordSchema)) },
    },
    handler: async (request) =>
      ok(await s.allocation.freeEscorts(ctxOf(request), parseDateTime(request.query.time)!)),
  })
  registerCrudRoutes(app, s.cars)
  r.get(`${MEETING_API}/user/list`, {
    config: perm('meeting_arrange_list', 'meeting_car_maintenance', 'meeting_upkeep_list'),
    schema: {
      tags: ['carMaintenance'],
      summary:
        '司机: 给出 driverTime 时为该时间没有接站任务的司机, 否则为可选作司机的用户 (分页, 不传 size 为全部)',
      querystring: ZDriverTimeQuerySchema.extend(ZWholePageQuerySchema.shape),
      response: { 200: zEnvelope(zPage(ZFreeDriverSchema)) },
    },
    handler: async (request) => {
      const { driverTime, ...page } = request.query
      const drivers = await s.allocation.drivers(
        ctxOf(request),
        driverTime ? parseDateTime(driverTime) : null,
      )
      return ok(pageOfAll(drivers, page))
    },
  })
}
