import type { Meeting, PrismaClient } from '@ysjs/db'
import {
  INVOICE_STATUS,
  isInvoiceCounted,
  isMeetingOpen,
  MEETING_SHELVES,
  MEETING_STATUS,
  MEETING_STATUS_NAMES,
  MeetingMsg,
  PRICE_ITEM_TYPE_NAMES,
  type TPageQuery,
  type TPriceItem,
  ZMeetingRecordSchema,
  ZMeetingSubmitSchema,
} from '@ysjs/shared'
import type { TAuthUser, TCtx } from '../../lib/context.ts'
import { createCrudService, withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { skipTake, toPage } from '../../lib/paging.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { clearing, money } from '../trading/dict-names.ts'
import { at, MEETING_API } from './entities.service.ts'

const LIVE = { isDeleted: 0 }
const MEETING_TYPE_NAMES: Record<number, string> = { 1: '线上', 2: '线下' }

/** Fee items as stored (price as 2-decimal text) and as answered (with the type's name). */
export const priceItemsOf = (raw: unknown): (TPriceItem & { itemTypeName: string })[] =>
  (Array.isArray(raw) ? (raw as TPriceItem[]) : []).map((i) => ({
    itemName: String(i.itemName),
    itemType: Number(i.itemType),
    itemTypeName: PRICE_ITEM_TYPE_NAMES[Number(i.itemType)] ?? '',
    price: money(i.price) ?? '0.00',
  }))

const enrichMeetings = (rows: Meeting[]) =>
  rows.map((r) => ({
    ...r,
    meetingTypeName: MEETING_TYPE_NAMES[r.meetingType] ?? '',
    statusName: MEETING_STATUS_NAMES[r.status] ?? '',
    open: isMeetingOpen(r),
    priceItems: priceItemsOf(r.priceItems),
  }))

export type THasPermission = (user: TAuthUser, code: string | readonly string[]) => Promise<boolean>

/** The meetings' list and detail: staff (`meeting_info`) read all; anyone else only the open ones. */
const openMeetingsRestrict =
  (hasPermission: THasPermission) =>
  async (ctx: TCtx): Promise<Record<string, unknown>> =>
    ctx.user && (await hasPermission(ctx.user, 'meeting_info'))
      ? {}
      : { status: MEETING_STATUS.REGISTERING, shelves: MEETING_SHELVES.ON }

/**
 * 会议信息 (decision 018): the generic calls plus the status (forward only) and shelf actions, the fee
 * items and the fee situation per meeting.
 */
export const createMeetingService = (prisma: PrismaClient, hasPermission?: THasPermission) => {
  const crud = createCrudService(prisma, {
    prefix: `${MEETING_API}/meeting`,
    model: (db) => db.meeting,
    submit: ZMeetingSubmitSchema,
    record: ZMeetingRecordSchema,
    filters: { name: 'string', address: 'string', status: 'int', shelves: 'int', startTime: 'date' },
    sortable: ['name', 'startTime', 'endTime', 'status', 'createTime'],
    defaultOrder: [{ startTime: 'desc' }],
    // Members read the meetings open to them through the same calls (spec section 7, decision 018).
    permissions: {
      list: ['meeting_info', 'top_member'],
      add: 'meeting_info_add',
      edit: 'meeting_info_edit',
      remove: 'meeting_info_delete',
    },
    toData: ({ startTime, endTime, priceItems, ...rest }) => ({
      ...clearing(rest, ['content']),
      startTime: at(startTime),
      endTime: at(endTime),
      priceItems: priceItems.map((i) => ({ itemName: i.itemName, itemType: i.itemType, price: i.price })),
    }),
    enrich: async (_ctx, rows) => enrichMeetings(rows),
    ...(hasPermission ? { restrict: openMeetingsRestrict(hasPermission) } : {}),
  })
  const db = (ctx: TCtx) => tenantDb(prisma, ctx.tenantId)

  const find = async (ctx: TCtx, id: bigint) => {
    const meeting = await db(ctx).meeting.findFirst({ where: { id, ...LIVE } })
    if (!meeting) {
      throw AppError.badRequest(MeetingMsg.NOT_FOUND)
    }
    return meeting
  }

  return {
    ...crud,
    find,
    /** One meeting with its names and fee items (typed, for other services' answers). */
    async meetingOf(ctx: TCtx, id: bigint) {
      return enrichMeetings([await find(ctx, id)])[0]!
    },
    /** A meeting with registrations is not removed: its fees and invoices would lose their meeting. */
    async remove(ctx: TCtx, ids: bigint[]): Promise<number> {
      // Under each meeting's lock (the one a registration takes, in id order so two removals cannot
      // deadlock), the count and the removal are one step: a registration arriving meanwhile either
      // commits first and is counted, or waits and then finds the meeting gone.
      const sorted = [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      return db(ctx).$transaction(async (tx) => {
        for (const id of sorted) {
          await tx.$executeRaw`SELECT pg_advisory_xact_lock(${id})`
        }
        const registered = await tx.registeredMeeting.count({ where: { meetingId: { in: sorted }, ...LIVE } })
        if (registered > 0) {
          throw AppError.badRequest(MeetingMsg.HAS_REGISTRATIONS)
        }
        return crud.remove(ctx, sorted, tx)
      })
    },
    /** `UpdateStatusById`: forward only (筹备中 → 报名中 → 报名截止 → 进行中 → 已结束), steps may be skipped. */
    async updateStatus(ctx: TCtx, id: bigint, status: number): Promise<void> {
      const meeting = await find(ctx, id)
      if (status <= meeting.status) {
        throw AppError.badRequest(MeetingMsg.STATUS_FORWARD)
      }
      // The guard in the where makes two concurrent changes unable to move it backwards.
      const { count } = await db(ctx).meeting.updateMany({
        where: { id, ...LIVE, status: { lt: status } },
        data: { status, ...withAudit(ctx).updated },
      })
      if (count === 0) {
        throw AppError.badRequest(MeetingMsg.STATUS_FORWARD)
      }
    },
    async updateShelves(ctx: TCtx, id: bigint, shelves: number): Promise<void> {
      await find(ctx, id)
      await db(ctx).meeting.updateMany({
        where: { id, ...LIVE },
        data: { shelves, ...withAudit(ctx).updated },
      })
    },
    async listPrice(ctx: TCtx, id: bigint) {
      return priceItemsOf((await find(ctx, id)).priceItems)
    },
    /** Meetings open to members (报名中 and on the shelf), newest first. */
    async listOpen(ctx: TCtx) {
      const rows = await db(ctx).meeting.findMany({
        where: { ...LIVE, status: 2, shelves: 1 },
        orderBy: [{ startTime: 'asc' }, { id: 'asc' }],
        take: 200,
      })
      return enrichMeetings(rows)
    },
    /** `listInvoicing` (`/feeSituation`): per meeting, the fees due, paid and invoiced, and the returns. */
    async listInvoicing(ctx: TCtx, query: TPageQuery & { name?: string }) {
      const where = { ...LIVE, ...(query.name ? { name: { contains: query.name } } : {}) }
      const [meetings, total] = await Promise.all([
        db(ctx).meeting.findMany({
          where,
          orderBy: [{ startTime: 'desc' }, { id: 'desc' }],
          ...skipTake(query),
        }),
        db(ctx).meeting.count({ where }),
      ])
      const ids = meetings.map((m) => m.id)
      const sums = await db(ctx).registeredMeeting.groupBy({
        by: ['meetingId', 'payStatus', 'invoiceStatus'],
        where: { meetingId: { in: ids }, ...LIVE },
        _count: { _all: true },
        _sum: { price: true, invoiceAmount: true },
      })
      const records = meetings.map((m) => {
        const mine = sums.filter((s) => s.meetingId === m.id)
        const add = (pick: (s: (typeof mine)[number]) => unknown) =>
          mine.reduce((t, s) => t + Math.round(Number(pick(s) ?? 0) * 100), 0)
        const due = add((s) => s._sum.price)
        const paid = add((s) => (s.payStatus === 1 ? s._sum.price : 0))
        const invoiced = add((s) => (isInvoiceCounted(s.invoiceStatus) ? s._sum.invoiceAmount : 0))
        const count = (pred: (s: (typeof mine)[number]) => boolean) =>
          mine.filter(pred).reduce((t, s) => t + s._count._all, 0)
        return {
          id: m.id,
          name: m.name,
          startTime: m.startTime,
          status: m.status,
          statusName: MEETING_STATUS_NAMES[m.status] ?? '',
          registered: count(() => true),
          due: (due / 100).toFixed(2),
          paid: (paid / 100).toFixed(2),
          unpaid: ((due - paid) / 100).toFixed(2),
          invoiced: (invoiced / 100).toFixed(2),
          invoicedCount: count((s) => isInvoiceCounted(s.invoiceStatus)),
          returnedCount: count((s) => s.invoiceStatus === INVOICE_STATUS.RETURNED),
        }
      })
      return toPage(records, total, query)
    },
  }
}
export type TMeetingService = ReturnType<typeof createMeetingService>
