import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { whereFromFilters } from '../src/lib/filters.ts'
import { createListSql, LIST_COUNT_LIMIT, listPage } from '../src/lib/list-sql.ts'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'

/**
 * Lists at scale (issue 27, decision 024): the generic list's typed SQL answers exactly what Prisma
 * answers for the same filters and order, totals are bounded and marked above LIST_COUNT_LIMIT,
 * `searchCount=false` skips the count, and deep pages (deferred join) and a null-last order (read in
 * two index-ordered parts) keep Prisma's rows and order.
 */
let t: TTestApp
let admin: Record<string, string>
const NOTICES = LIST_COUNT_LIMIT + 500
beforeAll(async () => {
  t = await createTestApp()
  admin = auth((await login(t.app, 'admin')).access_token)
  // Every 100th notice is about 铜冶炼 and category 2; every 50th (25, 75, …) is removed; release times a minute apart.
  await t.app.prisma.$executeRawUnsafe(`
    INSERT INTO blade_notice (id, tenant_id, title, category, release_time, content, create_time, status, is_deleted)
    SELECT 1960000000000000000 + i, '000000',
      CASE WHEN i % 100 = 0 THEN '关于铜冶炼技术交流的通知 ' || i ELSE '通知公告 第' || i || '号' END,
      CASE WHEN i % 100 = 0 THEN 2 ELSE 1 END, timestamp '2026-01-01' + i * interval '1 minute',
      '<p>x</p>', timestamp '2026-01-01' + (i % 977) * interval '1 hour', 1, CASE WHEN i % 50 = 25 THEN 1 ELSE 0 END
    FROM generate_series(1, ${NOTICES}) i`)
  // Applications: every third never changed (update_time null), the rest changed at distinct times.
  await t.app.prisma.$executeRawUnsafe(`
    INSERT INTO ysjs_appraise_results (id, tenant_id, name, status, create_time, update_time, is_deleted)
    SELECT 1970000000000000000 + i, '000000', '成果 ' || i, i % 4, timestamp '2026-01-01' + i * interval '1 second',
      CASE WHEN i % 3 = 0 THEN NULL ELSE timestamp '2026-02-01' + (i * 7 % 1000) * interval '1 minute' END, 0
    FROM generate_series(1, 900) i`)
  await t.app.prisma.$executeRawUnsafe('ANALYZE blade_notice')
})
afterAll(async () => {
  await t.close()
})

const list = async (query: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/ysjs-desk/notice/list?${query}`,
    headers: admin,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as {
    records: { id: string; title: string }[]
    total: number
    pages: number
    searchCount: boolean
    totalExact: boolean
  }
}

const NOTICE_FILTERS = {
  title: 'string',
  category: 'int?',
  releaseTime: 'date?',
  content: 'string?',
} as const

describe('lists at scale', () => {
  it('counts exactly up to the bound, and above it answers a marked estimate of at least the bound', async () => {
    const first = await list('current=1&size=10')
    expect(first.records).toHaveLength(10)
    expect(first.totalExact).toBe(false)
    expect(first.total).toBeGreaterThan(LIST_COUNT_LIMIT)
    expect(first.pages).toBe(Math.ceil(first.total / 10))
    // Newest release first, id as the tiebreak.
    expect(first.records[0]!.id).toBe(String(1960000000000000000n + BigInt(NOTICES)))
    const few = await list('title=铜冶炼&size=10')
    expect(few).toMatchObject({ totalExact: true, searchCount: true })
    const live = await t.app.prisma.notice.count({ where: { title: { contains: '铜冶炼' }, isDeleted: 0 } })
    expect(few.total).toBe(live)
    expect(few.records.every((r) => r.title.includes('铜冶炼'))).toBe(true)
  })

  it('skips the count for searchCount=false, and a page that is not full gives the exact total without one', async () => {
    const page = await list('current=2&size=10&searchCount=false')
    expect(page).toMatchObject({ total: 0, pages: 0, searchCount: false })
    expect(page.records).toHaveLength(10)
    const seeded = await t.app.prisma.notice.count({ where: { isDeleted: 0, category: 2 } })
    const last = await list(`category_equal=2&size=10&current=${Math.ceil(seeded / 10)}`)
    expect(last).toMatchObject({ total: seeded, totalExact: true })
  })

  it('answers a page far past the end at once, and deep pages with the rows Prisma would answer', async () => {
    const started = performance.now()
    const past = await list('title=铜冶炼&current=500000&size=10')
    expect(past.records).toEqual([])
    expect(performance.now() - started).toBeLessThan(2_000)
    const deep = await list('current=900&size=10')
    const expected = await t.app.prisma.notice.findMany({
      where: { isDeleted: 0, tenantId: '000000' },
      orderBy: [{ releaseTime: 'desc' }, { id: 'desc' }],
      skip: 8990,
      take: 10,
      select: { id: true },
    })
    expect(deep.records.map((r) => r.id)).toEqual(expected.map((r) => String(r.id)))
  })

  it('translates every filter operator to the rows Prisma selects, in the same order', async () => {
    const sql = createListSql(t.app.prisma, 'Notice')!
    const queries: Record<string, string>[] = [
      { title: '铜冶炼' },
      { title_notlike: '通知公告' },
      { category_notequal: '1', releaseTime_datege: '2026-01-03 00:00:00' },
      { releaseTime: '2026-01-02' },
      { releaseTime_gt: '2026-01-05 10:00:00', releaseTime_le: '2026-01-06 10:00:00' },
      { content_null: '1' },
      { content_notnull: '1', title_like: '5%' },
    ]
    for (const query of queries) {
      const where = { AND: [{ isDeleted: 0 }, ...whereFromFilters(query, NOTICE_FILTERS)] }
      const orderBy = [{ createTime: 'asc' as const }, { id: 'desc' as const }]
      const page = await sql.page({
        tenantId: '000000',
        where,
        orderBy,
        skip: 5,
        take: 300,
        fields: ['id'],
        count: true,
      })
      const prisma = await t.app.prisma.notice.findMany({
        where: { ...where, tenantId: '000000' },
        orderBy,
        skip: 5,
        take: 300,
        select: { id: true },
      })
      expect(page, JSON.stringify(query)).not.toBeNull()
      expect(
        page!.rows.map((r) => r.id),
        JSON.stringify(query),
      ).toEqual(prisma.map((r) => r.id))
    }
  })

  it('reads a null-last order in two index-ordered parts, with Prisma rows on every page', async () => {
    const sql = createListSql(t.app.prisma, 'Results')!
    const orderBy = [{ updateTime: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }] as const
    for (const [skip, take] of [
      [0, 10],
      [590, 20],
      [600, 10],
      [610, 30],
      [880, 50],
      [2000, 10],
    ] as const) {
      const where = { AND: [{ isDeleted: 0 }, { status: { in: [0, 1, 2, 3] } }] }
      const page = await sql.page({
        tenantId: '000000',
        where,
        orderBy: orderBy as never,
        skip,
        take,
        fields: ['id', 'updateTime'],
        count: true,
      })
      const prisma = await t.app.prisma.results.findMany({
        where: { ...where, tenantId: '000000' },
        orderBy: orderBy as never,
        skip,
        take,
        select: { id: true },
      })
      expect(
        page!.rows.map((r) => r.id),
        `${skip}+${take}`,
      ).toEqual(prisma.map((r) => r.id))
    }
  })

  it('starts deep pages from an anchor, with the rows Prisma answers, and a page past the end empty', async () => {
    const job = 1990000000000000001n
    await t.app.prisma.jobInfo.create({
      data: {
        id: job,
        jobName: 'anchors',
        enable: 0,
        timeExpressionType: 1,
        processorType: 1,
        processorInfo: 'http-call',
      },
    })
    // Two runs share each planned time's second so the id tiebreak matters.
    await t.app.prisma.$executeRawUnsafe(`
      INSERT INTO blade_job_instance (id, job_info_id, planned_time, status)
      SELECT 1990000000000000100 + i, ${job}, timestamptz '2026-01-01 00:00:00+00' + (i / 2) * interval '1 second'
        + (i % 2) * interval '1 millisecond', 'succeeded'
      FROM generate_series(1, 30000) i`)
    const where = { jobInfoId: job }
    const orderBy = [{ plannedTime: 'desc' as const }, { id: 'desc' as const }]
    for (const skip of [20_000, 20_005, 29_995, 29_999, 40_000]) {
      for (let round = 0; round < 2; round += 1) {
        const page = await listPage(t.app.prisma, 'JobInstance', t.app.prisma.jobInstance as never, {
          tenantId: null,
          where,
          orderBy,
          skip,
          take: 10,
          count: false,
        })
        const prisma = await t.app.prisma.jobInstance.findMany({
          where,
          orderBy,
          skip,
          take: 10,
          select: { id: true },
        })
        expect(
          page.rows.map((r) => r.id),
          `${skip} (round ${round})`,
        ).toEqual(prisma.map((r) => r.id))
      }
    }
    // A nullable sort column (nulls first when descending): the null rows, then the others from an anchor.
    await t.app.prisma.$executeRawUnsafe(`
      INSERT INTO ysjs_appraise_results (id, tenant_id, name, status, create_time, update_time, is_deleted)
      SELECT 1991000000000000000 + i, '000077', '成果 ' || i, 1, timestamp '2026-01-01' + i * interval '1 second',
        CASE WHEN i % 5 = 0 THEN NULL ELSE timestamp '2026-02-01' + (i / 3) * interval '1 second' END, 0
      FROM generate_series(1, 26000) i`)
    const sql = createListSql(t.app.prisma, 'Results')!
    const byChange = [{ updateTime: 'desc' as const }, { id: 'desc' as const }]
    for (const skip of [3_000, 20_000, 20_800, 25_995]) {
      const page = await sql.page({
        tenantId: '000077',
        where: { isDeleted: 0 },
        orderBy: byChange,
        skip,
        take: 10,
        fields: ['id'],
        count: false,
      })
      const prisma = await t.app.prisma.results.findMany({
        where: { isDeleted: 0, tenantId: '000077' },
        orderBy: byChange,
        skip,
        take: 10,
        select: { id: true },
      })
      expect(
        page!.rows.map((r) => r.id),
        `results ${skip}`,
      ).toEqual(prisma.map((r) => r.id))
    }
    // Sorted ascending, the id tiebreak follows: one index serves the column both ways.
    const asc = await list('current=3&size=10&ascs=create_time')
    const expected = await t.app.prisma.notice.findMany({
      where: { isDeleted: 0, tenantId: '000000' },
      orderBy: [{ createTime: 'asc' }, { id: 'asc' }],
      skip: 20,
      take: 10,
      select: { id: true },
    })
    expect(asc.records.map((r) => r.id)).toEqual(expected.map((r) => String(r.id)))
  })
})
