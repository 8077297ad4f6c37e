import type { PrismaClient } from '@ysjs/db'
import { INVOICE_STATUS, isMeetingOpen, RegisteredMsg, type TRegisteredPatch } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { priceItemsOf, type THasPermission } from './meeting.service.ts'
import { withMeetingLock } from './meeting-lock.ts'
import type { TRegisteredService } from './registered.service.ts'
import { priceOf } from './registered-price.ts'

/**
 * A member's calls of spec section 7 on meetings (decision 018, issue 24): members (`top_member`)
 * read the meetings open to them through `meeting/list` and `meeting/detail`, and read and change their
 * own registrations through `registeredmeeting/detail`, `update` and `updateInvoicing`. Staff keep
 * every row of the tenant; a member asking for anyone else's registration is answered 报名信息不存在,
 * never the row.
 */

const LIVE = { isDeleted: 0 }

/** Staff codes of the registration calls a member may also make. */
export const REGISTRATION_STAFF = {
  read: [
    'meeting_registered',
    'meeting_registration_status',
    'meeting_fee_situation',
    'meeting_allocation_list',
    'meeting_arrange_list',
  ],
  update: ['meeting_registered_edit', 'meeting_registration_status_edit'],
  invoicing: ['meeting_registered_invoicing'],
} as const

export const createMemberRegistrations = (
  prisma: PrismaClient,
  registered: TRegisteredService,
  hasPermission: THasPermission,
) => {
  const db = (ctx: TCtx) => tenantDb(prisma, ctx.tenantId)
  const isStaff = async (ctx: TCtx, codes: readonly string[]) =>
    !!ctx.user && (await hasPermission(ctx.user, codes))

  /** The caller's own live registration, or 报名信息不存在 (as for a row that does not exist). */
  const own = async (ctx: TCtx, id: bigint) => {
    const row = await db(ctx).registeredMeeting.findFirst({
      where: { id, ...LIVE, createUser: ctx.user?.userId ?? -1n },
    })
    if (!row) {
      throw AppError.badRequest(RegisteredMsg.NOT_FOUND)
    }
    return row
  }

  return {
    async detail(ctx: TCtx, id: bigint) {
      if (!(await isStaff(ctx, REGISTRATION_STAFF.read))) {
        await own(ctx, id)
      }
      return registered.detail(ctx, id)
    },

    /**
     * A member changes their own registration while the meeting is open (as they cancel it); the fee
     * due follows their room wish and stay as at registration, until paid or invoiced.
     */
    async update(ctx: TCtx, id: bigint, input: Omit<TRegisteredPatch, 'id'>) {
      if (await isStaff(ctx, REGISTRATION_STAFF.update)) {
        return registered.update(ctx, id, input)
      }
      const row = await own(ctx, id)
      const meeting = await db(ctx).meeting.findFirst({ where: { id: row.meetingId, ...LIVE } })
      if (!meeting || !isMeetingOpen(meeting)) {
        throw AppError.badRequest(RegisteredMsg.UPDATE_CLOSED)
      }
      // An issued invoice's details stay as issued (as through updateInvoicing).
      // A field the update leaves out is kept, so it changes nothing.
      const changes = (a: unknown, b: unknown) => a !== undefined && (a ?? null) !== (b ?? null)
      const invoiceChanged =
        changes(input.invoiceTitle, row.invoiceTitle) ||
        changes(input.taxNumber, row.taxNumber) ||
        changes(input.invoiceType, row.invoiceType)
      if (row.invoiceStatus !== INVOICE_STATUS.NONE && invoiceChanged) {
        throw AppError.badRequest(RegisteredMsg.INVOICE_LOCKED)
      }
      await registered.update(ctx, id, input)
      await withMeetingLock(prisma, ctx.tenantId, row.meetingId, async (tx) => {
        const [now, current] = await Promise.all([
          tx.registeredMeeting.findFirst({ where: { id, ...LIVE } }),
          tx.meeting.findFirst({ where: { id: row.meetingId, ...LIVE } }),
        ])
        if (!now || !current || now.payStatus !== 0 || now.invoiceStatus !== INVOICE_STATUS.NONE) {
          return
        }
        const price = priceOf(
          priceItemsOf(current.priceItems),
          now.roomWish,
          now.arrivalTime,
          now.departureTime,
        )
        await tx.registeredMeeting.updateMany({ where: { id, ...LIVE }, data: { price } })
      })
    },

    /** A member gives their own invoice details; the invoice number is the staff's, once it is issued. */
    async updateInvoicing(
      ctx: TCtx,
      input: { id: string; invoiceTitle: string; taxNumber: string; invoiceType: number; invoiceNo?: string },
    ) {
      if (await isStaff(ctx, REGISTRATION_STAFF.invoicing)) {
        return registered.updateInvoicing(ctx, input)
      }
      const row = await own(ctx, BigInt(input.id))
      if (input.invoiceNo) {
        throw AppError.badRequest(RegisteredMsg.INVOICE_NO_BY_STAFF)
      }
      if (row.invoiceStatus !== INVOICE_STATUS.NONE) {
        throw AppError.badRequest(RegisteredMsg.INVOICE_LOCKED)
      }
      return registered.updateInvoicing(ctx, input)
    },
  }
}
export type TMemberRegistrations = ReturnType<typeof createMemberRegistrations>
