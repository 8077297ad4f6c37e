import { nextId, type PrismaClient, type RegisteredMeeting } from '@ysjs/db'
import {
  INVOICE_STATUS_NAMES,
  INVOICE_TYPE_NAMES,
  isMeetingOpen,
  PAY_STATUS_NAMES,
  RegisteredMsg,
  ROOM_WISH_NAMES,
  SEX_NAMES,
  stayWindowProblem,
  type TPageQuery,
  type TRegisteredPatch,
  type TRegisteredSubmit,
  ZRegisteredSubmitSchema,
} from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { LIVE, withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { listPage } from '../../lib/list-sql.ts'
import { skipTake, toPage, wantsCount } from '../../lib/paging.ts'
import { applyPatch, asSubmitted, changedFields } from '../../lib/patch.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { clearing, money } from '../trading/dict-names.ts'
import { atOrNull } from './entities.service.ts'
import { priceItemsOf, type TMeetingService } from './meeting.service.ts'
import { type TMeetingTx, withMeetingLock } from './meeting-lock.ts'
import { createRegisteredInvoicing } from './registered-invoicing.ts'
import { priceOf } from './registered-price.ts'

/** 参会报名: registrations and their fees (decision 018); invoices in registered-invoicing.ts. */
export const createRegisteredService = (prisma: PrismaClient, meetings: TMeetingService) => {
  const db = (ctx: TCtx) => tenantDb(prisma, ctx.tenantId)

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
    ...createRegisteredInvoicing(prisma, meetings, find),
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
            ...withAudit(ctx).created,
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
          data: { ...written, ...withAudit(ctx).updated },
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
        where: { createUser: ctx.user?.userId ?? -1n, ...LIVE },
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
          ...withAudit(ctx).updated,
        },
      })
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
  }
}
export type TRegisteredService = ReturnType<typeof createRegisteredService>
