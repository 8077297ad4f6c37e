import {
  ZInvoicingReturnRecordSchema,
  ZInvoicingReturnSchema,
  ZMeetingIdQuerySchema,
  ZRegisteredPageQuerySchema,
  ZRegisteredPatchSchema,
  ZRegisteredRecordSchema,
  ZRegisteredSubmitSchema,
  ZRegistrationStatsSchema,
  ZUpdateInvoicingSchema,
  ZUpdatePriceSchema,
  ZWireIdSchema,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { zPage } from '../../lib/envelope.ts'
import { sendExport, xlsxStream } from '../../lib/xlsx.ts'
import type { TAllocationService } from './allocation.service.ts'
import { anyOf, meetingKit, ZIdQuery, ZIdsQuery } from './meeting-kit.ts'
import type { createMemberRegistrations } from './member-access.ts'
import { REGISTRATION_STAFF } from './member-access.ts'
import type { TRegisteredService } from './registered.service.ts'

/** Screens that read registrations. */
const REG_READ = REGISTRATION_STAFF.read

/** `/registeredmeeting`: registrations, their fees and invoices (issue 14, decision 018). */
export const registeredRoutes = (
  app: FastifyInstance,
  s: {
    registered: TRegisteredService
    allocation: TAllocationService
    /** Members' own registrations through the staff calls (decision 018). */
    members: ReturnType<typeof createMemberRegistrations>
  },
) => {
  const k = meetingKit(app, 'registeredmeeting')
  const { registered, members } = s
  k.read(
    'GET',
    '/detail',
    anyOf(...REG_READ, 'top_member'),
    { summary: '报名详情', querystring: ZIdQuery, response: ZRegisteredRecordSchema },
    (ctx, { query }) => members.detail(ctx, BigInt(query.id)),
  )
  k.read(
    'GET',
    '/pageByMeetingId',
    anyOf(...REG_READ),
    {
      summary: '会议的报名 (分页)',
      querystring: ZRegisteredPageQuerySchema,
      response: zPage(ZRegisteredRecordSchema),
    },
    (ctx, { query }) => registered.pageByMeetingId(ctx, query),
  )
  k.read(
    'GET',
    '/mine',
    anyOf('top_member', 'meeting_registered'),
    { summary: '我的报名', response: z.array(ZRegisteredRecordSchema) },
    (ctx) => registered.mine(ctx),
  )
  k.read(
    'POST',
    '/save',
    anyOf('meeting_registered_add', 'top_member'),
    {
      summary: '报名 (会议须为报名中且已上架; 同一手机号只能报名一次)',
      body: ZRegisteredSubmitSchema,
      response: z.object({ id: ZWireIdSchema }),
    },
    async (ctx, { body }) => ({ id: await registered.create(ctx, body) }),
  )
  k.command(
    'POST',
    '/update',
    anyOf('meeting_registered_edit', 'meeting_registration_status_edit', 'top_member'),
    { summary: '修改报名 (会员只能在报名期间修改自己的报名)', body: ZRegisteredPatchSchema },
    (ctx, { body: { id, ...patch } }) => members.update(ctx, BigInt(id), patch),
  )
  k.command(
    'POST',
    '/remove',
    anyOf('meeting_registered_delete', 'meeting_registration_status_delete'),
    { summary: '删除报名', querystring: ZIdsQuery },
    (ctx, { query }) => s.allocation.removeRegistrations(ctx, query.ids.map(BigInt), false),
  )
  k.command(
    'POST',
    '/updatePrice',
    anyOf('meeting_fee_situation_price'),
    { summary: '修改费用与缴费状态', body: ZUpdatePriceSchema },
    (ctx, { body }) => registered.updatePrice(ctx, BigInt(body.id), body.price, body.payStatus),
  )
  k.command(
    'POST',
    '/updateInvoicing',
    anyOf('meeting_registered_invoicing', 'top_member'),
    {
      summary: '开票信息 (给出发票号码即为已开票; 会员只填自己报名的开票信息)',
      body: ZUpdateInvoicingSchema,
    },
    (ctx, { body }) => members.updateInvoicing(ctx, body),
  )
  k.command(
    'POST',
    '/updateMeetingInvoicingReturn',
    anyOf('meeting_registered_invoicing'),
    { summary: '发票退回 (action 2) 或重开 (action 3)', body: ZInvoicingReturnSchema },
    (ctx, { body }) => registered.invoicingReturn(ctx, body),
  )
  k.read(
    'GET',
    '/invoicingReturnList',
    anyOf(...REG_READ),
    { summary: '发票退回与重开记录', querystring: ZIdQuery, response: z.array(ZInvoicingReturnRecordSchema) },
    (ctx, { query }) => registered.invoicingReturnList(ctx, BigInt(query.id)),
  )
  k.raw(
    'GET',
    '/exportInvoicingExcel',
    { access: anyOf('meeting_registered_export', 'meeting_fee_situation_export'), download: 'xlsx' },
    { summary: '导出会议开票信息 (xlsx, 流式)', querystring: ZMeetingIdQuerySchema },
    async (request, reply) =>
      sendExport(reply, async () => {
        const exp = await registered.exportInvoicing(ctxOf(request), BigInt(request.query.meetingId))
        return {
          fileName: exp.fileName,
          rows: exp.rows,
          stream: await xlsxStream(exp.sheet, exp.batches, (err) =>
            request.log.error({ err }, 'meeting invoicing export failed'),
          ),
        }
      }),
  )
  k.read(
    'GET',
    '/statistics',
    anyOf('meeting_registration_status', 'meeting_registered'),
    { summary: '报名情况统计', querystring: ZMeetingIdQuerySchema, response: ZRegistrationStatsSchema },
    (ctx, { query }) => registered.stats(ctx, BigInt(query.meetingId)),
  )
}
