import { nextId, type PrismaClient, type RegisteredMeeting } from '@ysjs/db'
import {
  formatDateTime,
  INVOICE_STATUS,
  INVOICE_STATUS_NAMES,
  INVOICE_TYPE_NAMES,
  isInvoiceCounted,
  PAY_STATUS_NAMES,
  RegisteredMsg,
} from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { LIVE, withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { TOTAL_ROW, type TXlsxColumn } from '../../lib/xlsx.ts'
import type { TMeetingService } from './meeting.service.ts'

/** A registration's invoice (开票), its returns and reissues, and the meeting's invoicing export. */
export const createRegisteredInvoicing = (
  prisma: PrismaClient,
  meetings: TMeetingService,
  find: (ctx: TCtx, id: bigint) => Promise<RegisteredMeeting>,
) => {
  const db = (ctx: TCtx) => tenantDb(prisma, ctx.tenantId)
  return {
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
            ...withAudit(ctx).updated,
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
            ...withAudit(ctx).updated,
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
            ...withAudit(ctx).author,
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
