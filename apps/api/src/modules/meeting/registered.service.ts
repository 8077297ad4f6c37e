import { nextId, type PrismaClient, type RegisteredMeeting } from '@ysjs/db'
import {
  formatDateTime,
  INVOICE_STATUS,
  INVOICE_STATUS_NAMES,
  INVOICE_TYPE_NAMES,
  isInvoiceCounted,
  isMeetingOpen,
  PAY_STATUS_NAMES,
  PRICE_ITEM_TYPE,
  parseDateTime,
  RegisteredMsg,
  ROOM_WISH,
  ROOM_WISH_NAMES,
  SEX_NAMES,
  stayWindowProblem,
  type TPageQuery,
  type TRegisteredPatch,
  type TRegisteredSubmit,
  ZRegisteredSubmitSchema,
} from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { listPage } from '../../lib/list-sql.ts'
import { skipTake, toPage, wantsCount } from '../../lib/paging.ts'
import { applyPatch, asSubmitted, changedFields } from '../../lib/patch.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { TOTAL_ROW, type TXlsxColumn } from '../../lib/xlsx.ts'
import { clearing, money } from '../trading/dict-names.ts'
import { atOrNull } from './entities.service.ts'
import { priceItemsOf, type TMeetingService } from './meeting.service.ts'
import { type TMeetingTx, withMeetingLock } from './meeting-lock.ts'

const LIVE = { isDeleted: 0 }
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

/** 参会报名: registrations, fees, invoices and their returns (decision 018). */
export const createRegisteredService = (prisma: PrismaClient, meetings: TMeetingService) => {
  const db = (ctx: TCtx) => tenantDb(prisma, ctx.tenantId)
  const who = (ctx: TCtx) => ctx.user?.userId ?? null

  const enrich = async (ctx: TCtx, rows: RegisteredMeeting[]) => {
    const ids = [...new Set(rows.map((r) => r.meetingId))]
    const names = new Map(
      (await db(ctx).meeting.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map(
        (m) => [m.id, m.name],
      ),
    )
    return rows.map((r) => ({
      ...r,
      meetingName: names.get(r.meetingId) ?? '',
      sexName: SEX_NAMES[r.sex] ?? '',
      roomWishName: ROOM_WISH_NAMES[r.roomWish] ?? '',
      invoiceTypeName: INVOICE_TYPE_NAMES[r.invoiceType ?? 0] ?? '',
      invoiceStatusName: INVOICE_STATUS_NAMES[r.invoiceStatus] ?? '',
      payStatusName: PAY_STATUS_NAMES[r.payStatus] ?? '',
      price: money(r.price) ?? '0.00',
      invoiceAmount: money(r.invoiceAmount),
    }))
  }

  const find = async (ctx: TCtx, id: bigint) => {
    const row = await db(ctx).registeredMeeting.findFirst({ where: { id, ...LIVE } })
    if (!row) {
      throw AppError.badRequest(RegisteredMsg.NOT_FOUND)
    }
    return row
  }

  const dataOf = (input: TRegisteredSubmit) => {
    const { id: _id, meetingId, arrivalTime, departureTime, ...rest } = input
    return {
      ...clearing(rest, ['position', 'arrivalStation', 'invoiceTitle', 'taxNumber', 'invoiceType', 'remark']),
      meetingId: BigInt(meetingId),
      arrivalTime: atOrNull(arrivalTime),
      departureTime: atOrNull(departureTime),
    }
  }

  const assertStayFits = (
    meeting: { startTime: Date; endTime: Date },
    arrival: Date | null,
    departure: Date | null,
  ) => {
    const problem = stayWindowProblem(meeting, arrival, departure)
    if (problem) {
      throw AppError.badRequest(problem.message)
    }
  }

  const assertPhoneFree = async (tx: TMeetingTx, meetingId: bigint, phone: string, id?: bigint) => {
    const clash = await tx.registeredMeeting.findFirst({
      where: { meetingId, phone, ...LIVE, ...(id ? { NOT: { id } } : {}) },
      select: { id: true },
    })
    if (clash) {
      throw AppError.badRequest(RegisteredMsg.DUPLICATE)
    }
  }

  return {
    find,
    enrich,
    async detail(ctx: TCtx, id: bigint) {
      return (await enrich(ctx, [await find(ctx, id)]))[0]!
    },
    /**
     * `save`: only while the meeting is open (报名中 and on the shelf), one registration per phone and
     * meeting. A transaction-scoped advisory lock on the meeting serialises concurrent saves, so two
     * requests with the same phone cannot both pass the check.
     */
    async create(ctx: TCtx, input: TRegisteredSubmit) {
      const data = dataOf(input)
      return withMeetingLock(prisma, ctx.tenantId, data.meetingId, async (tx) => {
        const meeting = await tx.meeting.findFirst({ where: { id: data.meetingId, ...LIVE } })
        if (!meeting || !isMeetingOpen(meeting)) {
          throw AppError.badRequest(RegisteredMsg.NOT_OPEN)
        }
        assertStayFits(meeting, data.arrivalTime, data.departureTime)
        await assertPhoneFree(tx, data.meetingId, data.phone)
        const id = nextId()
        await tx.registeredMeeting.create({
          data: {
            ...data,
            id,
            price: priceOf(
              priceItemsOf(meeting.priceItems),
              data.roomWish,
              data.arrivalTime,
              data.departureTime,
            ),
            createUser: who(ctx),
            createDept: ctx.user?.deptIds[0] ?? null,
            updateUser: who(ctx),
            updateTime: new Date(),
          },
        })
        return id
      })
    },
    /**
     * `update`: staff corrections, partial (decision 025): the patch is applied to the stored
     * registration under the meeting's lock, checked as a whole, and only the changed columns are
     * written. The meeting stays the same and the phone stays unique in it.
     */
    async update(ctx: TCtx, id: bigint, patch: Omit<TRegisteredPatch, 'id'>) {
      const { meetingId } = await find(ctx, id)
      await withMeetingLock(prisma, ctx.tenantId, meetingId, async (tx) => {
        const row = await tx.registeredMeeting.findFirst({ where: { id, ...LIVE } })
        if (!row) {
          throw AppError.badRequest(RegisteredMsg.NOT_FOUND)
        }
        const data = dataOf(applyPatch(ZRegisteredSubmitSchema, row, patch))
        if (row.meetingId !== data.meetingId) {
          throw AppError.badRequest('报名的会议不能更改')
        }
        const meeting = await tx.meeting.findFirst({
          where: { id: data.meetingId },
          select: { startTime: true, endTime: true },
        })
        if (meeting) {
          assertStayFits(meeting, data.arrivalTime, data.departureTime)
        }
        await assertPhoneFree(tx, data.meetingId, data.phone, id)
        const before = ZRegisteredSubmitSchema.safeParse(asSubmitted(ZRegisteredSubmitSchema, row))
        const written = changedFields(data, before.success ? dataOf(before.data) : null)
        await tx.registeredMeeting.updateMany({
          where: { id, ...LIVE },
          data: { ...written, updateUser: who(ctx), updateTime: new Date() },
        })
      })
    },
    async pageByMeetingId(
      ctx: TCtx,
      q: TPageQuery & {
        meetingId: string
        name?: string
        unitName?: string
        phone?: string
        invoiceStatus?: number
      },
    ) {
      const where = {
        meetingId: BigInt(q.meetingId),
        ...LIVE,
        ...(q.name ? { name: { contains: q.name } } : {}),
        ...(q.unitName ? { unitName: { contains: q.unitName } } : {}),
        ...(q.phone ? { phone: { contains: q.phone } } : {}),
        ...(q.invoiceStatus !== undefined ? { invoiceStatus: q.invoiceStatus } : {}),
      }
      const count = wantsCount(q)
      const page = await listPage(prisma, 'RegisteredMeeting', db(ctx).registeredMeeting, {
        tenantId: ctx.tenantId,
        where,
        orderBy: [{ createTime: 'asc' }, { id: 'asc' }],
        ...skipTake(q),
        count,
      })
      const rows = page.rows
      return toPage(await enrich(ctx, rows), page.total, q, [], { exact: page.exact, count })
    },
    /** The caller's own registrations (member centre). */
    async mine(ctx: TCtx) {
      const rows = await db(ctx).registeredMeeting.findMany({
        where: { createUser: who(ctx) ?? -1n, ...LIVE },
        orderBy: [{ createTime: 'desc' }, { id: 'desc' }],
        take: 500,
      })
      return enrich(ctx, rows)
    },
    async updatePrice(ctx: TCtx, id: bigint, price: string, payStatus?: number) {
      await find(ctx, id)
      await db(ctx).registeredMeeting.updateMany({
        where: { id, ...LIVE },
        data: {
          price,
          ...(payStatus !== undefined ? { payStatus } : {}),
          updateUser: who(ctx),
          updateTime: new Date(),
        },
      })
    },
    /** Invoice details; with an invoice number the invoice is issued for the fee due (已开票). */
    async updateInvoicing(
      ctx: TCtx,
      input: { id: string; invoiceTitle: string; taxNumber: string; invoiceType: number; invoiceNo?: string },
    ) {
      const id = BigInt(input.id)
      // Compare-and-set on the invoice state read: two issues at once cannot both see 未开票 and the
      // later overwrite the number of the invoice the first issued; the later one reads again.
      for (let attempt = 1; ; attempt++) {
        const row = await find(ctx, id)
        const issue = input.invoiceNo && row.invoiceStatus === INVOICE_STATUS.NONE
        // An issued invoice changes number only through a return and a reissue (which keep the history).
        if (input.invoiceNo && !issue && input.invoiceNo !== row.invoiceNo) {
          throw AppError.badRequest(RegisteredMsg.INVOICE_ISSUED)
        }
        const { count } = await db(ctx).registeredMeeting.updateMany({
          where: { id, ...LIVE, invoiceStatus: row.invoiceStatus, invoiceNo: row.invoiceNo },
          data: {
            invoiceTitle: input.invoiceTitle,
            taxNumber: input.taxNumber,
            invoiceType: input.invoiceType,
            ...(issue
              ? {
                  invoiceNo: input.invoiceNo,
                  invoiceStatus: INVOICE_STATUS.INVOICED,
                  invoiceAmount: row.price,
                }
              : {}),
            updateUser: who(ctx),
            updateTime: new Date(),
          },
        })
        if (count > 0) {
          return
        }
        if (attempt >= 3) {
          throw AppError.badRequest(RegisteredMsg.INVOICE_ISSUED)
        }
      }
    },
    /**
     * `updateMeetingInvoicingReturn`: an issued invoice is returned (退回), a returned one reissued
     * (重开, with the new number). Each step is a history row; the registration keeps the latest state.
     */
    async invoicingReturn(
      ctx: TCtx,
      input: { id: string; action: number; reason: string; invoiceNo?: string },
    ) {
      const id = BigInt(input.id)
      await db(ctx).$transaction(async (tx) => {
        const row = await tx.registeredMeeting.findFirst({ where: { id, ...LIVE } })
        if (!row) {
          throw AppError.badRequest(RegisteredMsg.NOT_FOUND)
        }
        const returning = input.action === INVOICE_STATUS.RETURNED
        if (
          returning &&
          row.invoiceStatus !== INVOICE_STATUS.INVOICED &&
          row.invoiceStatus !== INVOICE_STATUS.REISSUED
        ) {
          throw AppError.badRequest(RegisteredMsg.NOT_INVOICED)
        }
        if (!returning && row.invoiceStatus !== INVOICE_STATUS.RETURNED) {
          throw AppError.badRequest(RegisteredMsg.NOT_RETURNED)
        }
        if (!returning && !input.invoiceNo) {
          throw AppError.badRequest(RegisteredMsg.INVOICE_NO)
        }
        const { count } = await tx.registeredMeeting.updateMany({
          where: { id, ...LIVE, invoiceStatus: row.invoiceStatus },
          data: {
            invoiceStatus: input.action,
            ...(returning ? {} : { invoiceNo: input.invoiceNo, invoiceAmount: row.price }),
            updateUser: who(ctx),
            updateTime: new Date(),
          },
        })
        if (count === 0) {
          throw AppError.badRequest(RegisteredMsg.NOT_FOUND)
        }
        await tx.meetingInvoicingReturn.create({
          data: {
            id: nextId(),
            registeredId: id,
            meetingId: row.meetingId,
            action: input.action,
            invoiceNo: returning ? row.invoiceNo : (input.invoiceNo ?? null),
            reason: input.reason,
            createUser: who(ctx),
          },
        })
      })
    },
    async invoicingReturnList(ctx: TCtx, id: bigint) {
      await find(ctx, id)
      const rows = await db(ctx).meetingInvoicingReturn.findMany({
        where: { registeredId: id },
        orderBy: [{ createTime: 'asc' }, { id: 'asc' }],
      })
      return rows.map((r) => ({ ...r, actionName: INVOICE_STATUS_NAMES[r.action] ?? '' }))
    },
    /** Registration figures of a meeting: total, by unit, by day of arrival, by sex. */
    async stats(ctx: TCtx, meetingId: bigint) {
      await meetings.find(ctx, meetingId)
      const where = { meetingId, ...LIVE }
      const [registered, units, sexes, arrivals] = await Promise.all([
        db(ctx).registeredMeeting.count({ where }),
        db(ctx).registeredMeeting.groupBy({ by: ['unitName'], where, _count: { _all: true } }),
        db(ctx).registeredMeeting.groupBy({ by: ['sex'], where, _count: { _all: true } }),
        db(ctx).registeredMeeting.findMany({ where, select: { arrivalTime: true } }),
      ])
      const days = new Map<string, number>()
      for (const a of arrivals) {
        const day = a.arrivalTime
          ? new Date(a.arrivalTime.getTime() + 8 * 3_600_000).toISOString().slice(0, 10)
          : '未填写'
        days.set(day, (days.get(day) ?? 0) + 1)
      }
      return {
        meetingId,
        registered,
        byUnit: units
          .map((u) => ({ unitName: u.unitName, count: u._count._all }))
          .sort((a, b) => b.count - a.count || a.unitName.localeCompare(b.unitName)),
        byArrivalDay: [...days]
          .map(([day, count]) => ({ day, count }))
          .sort((a, b) => a.day.localeCompare(b.day)),
        bySex: sexes
          .map((s) => ({ sex: s.sex, sexName: SEX_NAMES[s.sex] ?? '', count: s._count._all }))
          .sort((a, b) => a.sex - b.sex),
      }
    },
    /**
     * `exportInvoicingExcel`: every registration of the meeting that asked for an invoice, read in
     * batches by id for the shared streamed xlsx writer (lib/xlsx.ts), then a totals row (fees due,
     * invoiced amounts).
     */
    async exportInvoicing(ctx: TCtx, meetingId: bigint) {
      const meeting = await meetings.find(ctx, meetingId)
      const batch = 2000
      type TRow = {
        id: bigint
        name: string
        unitName: string
        phone: string
        invoiceTitle: string
        taxNumber: string | null
        invoiceType: number | null
        invoiceNo: string | null
        invoiceAmount: string | null
        invoiceStatus: number
        price: string
        payStatus: number
      }
      // Plain SQL (tenant in the where): reading 50,000 rows through the query builder took half again
      // as long, and the read is most of the export's time. Amounts come as text, summed in cents.
      const readBatch = (after: bigint) => {
        const read = prisma.$queryRaw<TRow[]>`SELECT id, name, unit_name AS "unitName", phone,
            invoice_title AS "invoiceTitle", tax_number AS "taxNumber", invoice_type AS "invoiceType",
            invoice_no AS "invoiceNo", invoice_amount::text AS "invoiceAmount",
            invoice_status AS "invoiceStatus", price::text AS price, pay_status AS "payStatus"
          FROM ysjs_registered_meeting
          WHERE tenant_id = ${ctx.tenantId} AND meeting_id = ${meetingId} AND is_deleted = 0
            AND invoice_title IS NOT NULL AND id > ${after}
          ORDER BY id LIMIT ${batch}`
        // Read ahead: if the download stops before it is awaited, its failure must not go unhandled.
        read.catch(() => undefined)
        return read
      }
      /**
       * Batches of rows keyed by column, then the totals: 合计 sums every row of the sheet (each
       * column's total is the SUM of what it shows), 其中已开票 the invoices issued or reissued only
       * (what the fee situation counts), named so.
       */
      async function* batches(): AsyncGenerator<Record<string, unknown>[]> {
        let n = 0
        let due = 0
        let shown = 0
        let invoiced = 0
        let invoicedCount = 0
        // The next batch is read while the current one is written.
        let next = readBatch(-1n)
        for (;;) {
          const page = await next
          if (page.length === batch) {
            next = readBatch(page[page.length - 1]!.id)
          }
          yield page.map((r) => {
            n += 1
            const price = Math.round(Number(r.price) * 100)
            const amount = r.invoiceAmount === null ? null : Math.round(Number(r.invoiceAmount) * 100)
            due += price
            shown += amount ?? 0
            if (amount !== null && isInvoiceCounted(r.invoiceStatus)) {
              invoiced += amount
              invoicedCount += 1
            }
            return {
              no: n,
              name: r.name,
              unitName: r.unitName,
              phone: r.phone,
              invoiceTitle: r.invoiceTitle,
              taxNumber: r.taxNumber,
              invoiceType: INVOICE_TYPE_NAMES[r.invoiceType ?? 0] ?? '',
              invoiceNo: r.invoiceNo ?? '',
              invoiceAmount: amount === null ? null : amount / 100,
              price: price / 100,
              payStatus: PAY_STATUS_NAMES[r.payStatus] ?? '',
              invoiceStatus: INVOICE_STATUS_NAMES[r.invoiceStatus] ?? '',
            }
          })
          if (page.length < batch) {
            break
          }
        }
        yield [
          { [TOTAL_ROW]: true, no: '合计', name: `${n} 人`, invoiceAmount: shown / 100, price: due / 100 },
          {
            [TOTAL_ROW]: true,
            no: '其中已开票',
            name: `${invoicedCount} 张`,
            invoiceAmount: invoiced / 100,
            invoiceStatus: '已开票、已重开',
          },
        ]
      }
      const [{ rows }] = await prisma.$queryRaw<[{ rows: number }]>`SELECT count(*)::int AS rows
        FROM ysjs_registered_meeting
        WHERE tenant_id = ${ctx.tenantId} AND meeting_id = ${meetingId} AND is_deleted = 0
          AND invoice_title IS NOT NULL`
      return {
        fileName: `${meeting.name}-开票信息.xlsx`,
        rows,
        sheet: {
          name: '开票信息',
          title: `${meeting.name} 开票信息`,
          notes: [
            `申请开票的报名，共 ${rows} 人；导出时间：${formatDateTime(new Date()).slice(0, 16)}`,
            '合计：各列所有行之和；其中已开票：只计开票状态为已开票、已重开的发票',
          ],
          columns: INVOICING_COLUMNS,
        },
        batches: batches(),
      }
    },
  }
}
export type TRegisteredService = ReturnType<typeof createRegisteredService>

export const INVOICING_COLUMNS: readonly TXlsxColumn[] = [
  // Wide enough for the totals rows' labels (合计, 其中已开票), which come after the widths are set.
  { header: '序号', key: 'no', width: 14, minWidth: 13 },
  { header: '姓名', key: 'name', width: 16 },
  { header: '单位名称', key: 'unitName', width: 30 },
  { header: '联系电话', key: 'phone', width: 16 },
  { header: '发票抬头', key: 'invoiceTitle', width: 30 },
  { header: '纳税人识别号', key: 'taxNumber', width: 24 },
  { header: '发票类型', key: 'invoiceType', width: 18 },
  { header: '发票号码', key: 'invoiceNo', width: 18 },
  { header: '开票金额(元)', key: 'invoiceAmount', kind: 'money', width: 16 },
  { header: '应缴费用(元)', key: 'price', kind: 'money', width: 16 },
  { header: '缴费状态', key: 'payStatus', width: 12 },
  { header: '开票状态', key: 'invoiceStatus', width: 16 },
]

export const parseWindowDay = (day: string, endOfDay: boolean): Date =>
  new Date(parseDateTime(day)!.getTime() + (endOfDay ? DAY : 0))
