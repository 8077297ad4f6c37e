import type { PrismaClient } from '@ysjs/db'
import {
  ExampleStatus,
  formatDate,
  parseDateTime,
  RESULTS_STATUS_LABELS,
  RESULTS_STATUS as S,
  type TDashboardStats,
  type TMyDashboard,
  type TPageQuery,
} from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { skipTake, toPage } from '../../lib/paging.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { noticeCategoryNames, readableNotices } from '../notice/notice.service.ts'
import { firmOfUser, ownerKeyOf } from '../survey/survey-common.ts'

const TREND_DAYS = 7

/**
 * Figures for the home page and console, all for the caller's tenant: record counts and the number of
 * write operations per day over the last week (from the API-access log). Notices are counted and
 * listed as the caller reads them: those addressed to the whole tenant or to the caller.
 */
export const createDashboardService = (
  prisma: PrismaClient,
  todoCount: (ctx: TCtx) => Promise<number | null> = async () => null,
) => ({
  async stats(ctx: TCtx): Promise<TDashboardStats> {
    const db = tenantDb(prisma, ctx.tenantId)
    const live = { isDeleted: 0 }
    const days = Array.from({ length: TREND_DAYS }, (_, i) =>
      formatDate(new Date(Date.now() - (TREND_DAYS - 1 - i) * 86_400_000)),
    )
    // Midnight in Asia/Shanghai of the first day shown.
    const since = parseDateTime(days[0]!)!
    const [noticeCount, userCount, deptCount, roleCount, dictCount, postCount, daily] = await Promise.all([
      db.notice.count({ where: readableNotices(ctx.user?.userId ?? null) }),
      db.user.count({ where: live }),
      db.dept.count({ where: live }),
      db.role.count({ where: live }),
      db.dictBiz.count({ where: { ...live, parentId: 0n } }),
      db.post.count({ where: live }),
      prisma.$queryRaw<{ day: string; count: bigint }[]>`
        SELECT to_char(create_time AT TIME ZONE 'UTC' AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day, count(*) AS count
        FROM blade_log_api WHERE tenant_id = ${ctx.tenantId} AND create_time >= ${since}
        GROUP BY day`,
    ])
    const perDay = new Map(daily.map((d) => [d.day, Number(d.count)]))
    const trend = days.map((date) => ({ date, count: perDay.get(date) ?? 0 }))
    return {
      todoCount: await todoCount(ctx),
      noticeCount,
      userCount,
      deptCount,
      records: [
        { name: '用户', value: userCount },
        { name: '部门', value: deptCount },
        { name: '岗位', value: postCount },
        { name: '角色', value: roleCount },
        { name: '字典', value: dictCount },
        { name: '通知公告', value: noticeCount },
      ],
      trend,
    }
  },
  /** A member's own figures (their applications, their unit's fillings, registrations, notices). */
  async mine(ctx: TCtx): Promise<TMyDashboard> {
    const db = tenantDb(prisma, ctx.tenantId)
    const userId = ctx.user?.userId ?? -1n
    const firm = ctx.user ? await firmOfUser(prisma, ctx.tenantId, userId) : null
    const ownerKey = ownerKeyOf(firm?.id ?? null, userId)
    const [byStatus, surveyCount, surveyToFill, registrationCount, noticeCount] = await Promise.all([
      db.results.groupBy({
        by: ['status'],
        where: { isDeleted: 0, createUser: userId },
        _count: { _all: true },
      }),
      db.surveyExample.count({ where: { ownerKey } }),
      db.surveyExample.count({
        where: { ownerKey, status: { in: [ExampleStatus.DRAFT, ExampleStatus.TO_FILL] } },
      }),
      db.registeredMeeting.count({ where: { createUser: userId, isDeleted: 0 } }),
      db.notice.count({ where: readableNotices(ctx.user?.userId ?? null) }),
    ])
    const count = new Map(byStatus.map((r) => [r.status, r._count._all]))
    const sum = (statuses: readonly number[]) => statuses.reduce((n, st) => n + (count.get(st) ?? 0), 0)
    return {
      applicationCount: sum([...count.keys()]),
      applicationInProgress: sum([S.PENDING, S.ACCEPTED, S.EVALUATING, S.SCORED, S.REPORTED]),
      applicationReturned: sum([S.RETURNED]),
      surveyCount,
      surveyToFill,
      registrationCount,
      noticeCount,
      applications: Object.entries(RESULTS_STATUS_LABELS).map(([status, name]) => ({
        status: Number(status),
        name,
        value: count.get(Number(status)) ?? 0,
      })),
    }
  },
  /** The caller's notices (the home page's 通知公告), newest first. */
  async notices(ctx: TCtx, query: Pick<TPageQuery, 'current' | 'size'>) {
    const db = tenantDb(prisma, ctx.tenantId)
    const where = readableNotices(ctx.user?.userId ?? null)
    const [rows, total, categories] = await Promise.all([
      db.notice.findMany({
        where,
        orderBy: [{ releaseTime: 'desc' }, { id: 'desc' }],
        ...skipTake(query),
        select: { id: true, title: true, category: true, releaseTime: true, content: true },
      }),
      db.notice.count({ where }),
      noticeCategoryNames(prisma, ctx.tenantId),
    ])
    const records = rows.map((r) => ({ ...r, categoryName: categories.get(String(r.category)) ?? '' }))
    return toPage(records, total, query)
  },
})
export type TDashboardService = ReturnType<typeof createDashboardService>
