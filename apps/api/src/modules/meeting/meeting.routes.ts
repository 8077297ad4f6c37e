import {
  ZCreateUserQuerySchema,
  ZMeetingFeeRecordSchema,
  ZMeetingRecordSchema,
  ZMeetingShelvesQuerySchema,
  ZMeetingStatusQuerySchema,
  ZPageQuerySchema,
  ZRegisteredRecordSchema,
  ZUserIdQuerySchema,
  ZWirePriceItemSchema,
  zOptionalText,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { TAuthUser, TCtx } from '../../lib/context.ts'
import { registerCrudRoutes } from '../../lib/crud.ts'
import { zPage } from '../../lib/envelope.ts'
import { AppError } from '../../lib/errors.ts'
import type { TCallRequest } from '../../lib/route-kit.ts'
import type { TAllocationService } from './allocation.service.ts'
import { arrangeRoutes } from './arrange.routes.ts'
import type {
  TCalendarService,
  TCarMaintenanceService,
  TEscortService,
  TInvoicingService,
  TRegistrantService,
} from './entities.service.ts'
import type { TMeetingService } from './meeting.service.ts'
import { anyOf, meetingKit, ZIdQuery, ZIdsQuery } from './meeting-kit.ts'
import { createMemberRegistrations, REGISTRATION_STAFF } from './member-access.ts'
import { registeredRoutes } from './registered.routes.ts'
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

/** `/api/ysjs-meeting/*` (issue 14, decision 018): each resource's routes, generic and its own. */
export const meetingRoutes = (app: FastifyInstance, s: TServices) => {
  const has = async (ctx: TCtx, code: string) =>
    !!ctx.user && (await app.permissions.has(ctx.user as TAuthUser, code))

  // Meetings
  registerCrudRoutes(app, s.meetings)
  const meeting = meetingKit(app, 'meeting')
  meeting.command(
    'POST',
    '/UpdateStatusById',
    anyOf('meeting_info_status'),
    {
      summary: '会议状态变更 (只能向前: 1 筹备中 → 2 报名中 → 3 报名截止 → 4 进行中 → 5 已结束)',
      querystring: ZMeetingStatusQuerySchema,
    },
    (ctx, { query }) => s.meetings.updateStatus(ctx, BigInt(query.id), query.status),
  )
  meeting.command(
    'POST',
    '/UpdateShelvesById',
    anyOf('meeting_info_shelves'),
    { summary: '会议上下架 (0 下架, 1 上架)', querystring: ZMeetingShelvesQuerySchema },
    (ctx, { query }) => s.meetings.updateShelves(ctx, BigInt(query.id), query.shelves),
  )
  meeting.read(
    'GET',
    '/listPrice',
    anyOf('meeting_info', 'meeting_registered', 'top_member'),
    { summary: '会议费用项目', querystring: ZIdQuery, response: z.array(ZWirePriceItemSchema) },
    (ctx, { query }) => s.meetings.listPrice(ctx, BigInt(query.id)),
  )
  meeting.read(
    'GET',
    '/listOpen',
    anyOf('top_member', 'meeting_info', 'meeting_registered'),
    { summary: '开放报名的会议 (报名中且已上架)', response: z.array(ZMeetingRecordSchema) },
    (ctx) => s.meetings.listOpen(ctx),
  )
  meeting.read(
    'GET',
    '/listInvoicing',
    anyOf('meeting_fee_situation', 'meeting_info'),
    {
      summary: '各会议缴费与开票情况',
      querystring: ZPageQuerySchema.extend({ name: zOptionalText(255) }),
      response: zPage(ZMeetingFeeRecordSchema),
    },
    (ctx, { query }) => s.meetings.listInvoicing(ctx, query),
  )

  // Registrations, and the rooms and pick-ups allocated to them.
  const members = createMemberRegistrations(app.prisma, s.registered, app.permissions.has)
  registeredRoutes(app, { registered: s.registered, allocation: s.allocation, members })
  arrangeRoutes(app, s.allocation)

  // A member's own registration with its meeting, and cancelling it.
  const relational = meetingKit(app, 'meetingRelational')
  relational.read(
    'GET',
    '/detail',
    anyOf('top_member', ...REGISTRATION_STAFF.read),
    {
      summary: '报名与会议',
      querystring: ZIdQuery,
      response: z.object({ registered: ZRegisteredRecordSchema, meeting: ZMeetingRecordSchema }),
    },
    async (ctx, { query }) => {
      const registered = await s.registered.detail(ctx, BigInt(query.id))
      if (registered.createUser !== ctx.user?.userId && !(await has(ctx, 'meeting_registered'))) {
        throw AppError.badRequest('报名信息不存在')
      }
      return { registered, meeting: await s.meetings.meetingOf(ctx, registered.meetingId) }
    },
  )
  relational.command(
    'POST',
    '/remove',
    anyOf('top_member', 'meeting_registered_delete'),
    { summary: '取消报名 (会员只能取消自己的报名)', querystring: ZIdsQuery },
    async (ctx, { query }) =>
      s.allocation.removeRegistrations(
        ctx,
        query.ids.map(BigInt),
        !(await has(ctx, 'meeting_registered_delete')),
      ),
  )

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
  /** `listAll` of a resource: the rows of one owner, the caller's own unless staff ask for another's. */
  const listAll = <Q extends z.ZodObject>(d: {
    resource: string
    staffCode: string
    summary: string
    querystring: Q
    /** The generic CRUD's record of the resource (its rows' columns). */
    record: z.ZodType
    asked: (q: TCallRequest<Q, undefined>['query']) => string | undefined
    rows: (ctx: TCtx, owner: bigint) => Promise<object[]>
  }) => {
    const records: z.ZodType = z.array(d.record)
    meetingKit(app, d.resource).read(
      'GET',
      '/listAll',
      anyOf(d.staffCode, 'top_member'),
      { summary: d.summary, querystring: d.querystring, response: records },
      async (ctx, { query }) => d.rows(ctx, await ownerOf(ctx, d.asked(query), d.staffCode)),
    )
  }
  const newestFirst = [{ createTime: 'desc' as const }, { id: 'desc' as const }]
  registerCrudRoutes(app, s.calendars)
  listAll({
    resource: 'calendar',
    staffCode: 'meeting_calendar',
    summary: '某人创建的全部日程',
    querystring: ZCreateUserQuerySchema,
    record: s.calendars.def.record,
    asked: (q) => q.createUser,
    rows: (ctx, createUser) =>
      s.calendars.delegate(ctx).findMany({
        where: { createUser, isDeleted: 0 },
        orderBy: [{ startTime: 'asc' }, { id: 'asc' }],
        take: 1000,
      }),
  })
  registerCrudRoutes(app, s.registrants)
  listAll({
    resource: 'registrants',
    staffCode: 'meeting_registrants',
    summary: '某会员保存的全部参会人员',
    querystring: ZUserIdQuerySchema,
    record: s.registrants.def.record,
    asked: (q) => q.userId,
    rows: (ctx, userId) =>
      s.registrants
        .delegate(ctx)
        .findMany({ where: { userId, isDeleted: 0 }, orderBy: newestFirst, take: 1000 }),
  })
  registerCrudRoutes(app, s.invoicings)
  listAll({
    resource: 'invoicing',
    staffCode: 'meeting_invoicing',
    summary: '某人保存的全部开票信息',
    querystring: ZCreateUserQuerySchema,
    record: s.invoicings.def.record,
    asked: (q) => q.createUser,
    rows: (ctx, createUser) =>
      s.invoicings
        .delegate(ctx)
        .findMany({ where: { createUser, isDeleted: 0 }, orderBy: newestFirst, take: 1000 }),
  })

  // Escorts and vehicles (who is free at a time: arrange.routes.ts).
  registerCrudRoutes(app, s.escorts)
  registerCrudRoutes(app, s.cars)
}
