import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIST_COUNT_LIMIT } from '../src/lib/paging.ts'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'

/**
 * Issue 27, decision 031: the hand-written lists that kept Prisma (flow work lists, surveys and
 * fillings, expert and unit pickers, users, knowledge entries) count at most LIST_COUNT_LIMIT + 1 rows
 * and mark a bounded total (`totalExact: false`), skip the count for `searchCount=false`, answer the
 * exact total of a page that is not full without a count, and are served by an index in their order.
 */
let t: TTestApp
let admin: Record<string, string>
const N = LIST_COUNT_LIMIT + 300
const ADMIN_ID = 1123598821738675201n
const SURVEY_ID = 1980000000000000000n

beforeAll(async () => {
  t = await createTestApp()
  admin = auth((await login(t.app, 'admin')).access_token)
  const run = (sql: string) => t.app.prisma.$executeRawUnsafe(sql)
  await run(`
    INSERT INTO blade_user (id, tenant_id, account, password, real_name, name, create_time, status, is_deleted)
    SELECT 1981000000000000000 + i, CASE WHEN i % 2 = 0 THEN '000000' ELSE '200000' END, 'bulk' || i, 'x',
      '用户' || i, '用户' || i, timestamp '2026-01-01' + i * interval '1 second', 1,
      CASE WHEN i % 50 = 0 THEN 1 ELSE 0 END
    FROM generate_series(1, ${3 * N}) i`)
  await run(`
    INSERT INTO ysjs_survey (id, tenant_id, name, code, start_date, end_date, create_time, is_deleted)
    SELECT ${SURVEY_ID} + i, '000000', '问卷 ' || i, 'WJ' || i, date '2026-01-01', date '2026-12-31',
      timestamp '2026-01-01' + i * interval '1 second', 0
    FROM generate_series(0, ${N}) i`)
  await run(`
    INSERT INTO ysjs_survey_example (id, tenant_id, survey_id, owner_key, user_id, firm_name, status, create_time, update_time)
    SELECT 1982000000000000000 + i, '000000', ${SURVEY_ID}, 'u' || i, ${ADMIN_ID}, '单位 ' || i, 3,
      timestamp '2026-01-01' + i * interval '1 second', timestamp '2026-02-01' + i * interval '1 second'
    FROM generate_series(1, ${N}) i`)
  await run(`
    INSERT INTO blade_flow_instance (id, tenant_id, definition_id, business_key, start_user_id, start_user, status, start_time)
    VALUES (1983000000000000000, '000000', 'bulk:1:1', 'bulk:1', ${ADMIN_ID}, 'admin', 1, timestamp '2026-01-01')`)
  await run(`
    INSERT INTO blade_flow_task (id, tenant_id, instance_id, definition_id, execution_id, task_definition_key, name,
      assignee, status, create_time)
    SELECT 1984000000000000000 + i, '000000', 1983000000000000000, 'bulk:1:1', 'e' || i, 'approve', '审批 ' || i,
      'taskUser_${ADMIN_ID}', 1, timestamp '2026-01-01' + i * interval '1 second'
    FROM generate_series(1, ${N}) i`)
  await run(`
    INSERT INTO blade_expert_basic (id, tenant_id, name, create_time, is_deleted)
    SELECT 1985000000000000000 + i, '000000', '专家' || lpad(i::text, 6, '0'),
      timestamp '2026-01-01' + i * interval '1 second', 0
    FROM generate_series(1, ${N}) i`)
  await run(`
    INSERT INTO kms_main (id, tenant_id, title, catalog_id, search_grams, shelves, create_time, is_deleted)
    SELECT 1986000000000000000 + i, '000000', '知识条目 ' || i, 1, '{}', 1,
      timestamp '2026-01-01' + i * interval '1 second', 0
    FROM generate_series(1, ${N}) i`)
  for (const table of [
    'blade_user',
    'ysjs_survey',
    'ysjs_survey_example',
    'blade_flow_task',
    'blade_expert_basic',
    'kms_main',
  ]) {
    await run(`ANALYZE ${table}`)
  }
})
afterAll(async () => {
  await t.close()
})

type TPageAnswer = {
  records: Record<string, unknown>[]
  total: number
  pages: number
  searchCount: boolean
  totalExact: boolean
}
const get = async (url: string): Promise<TPageAnswer> => {
  const res = await t.app.inject({ method: 'GET', url, headers: admin })
  expect(res.statusCode, res.body).toBe(200)
  const body = res.json()
  expect(body.success, res.body).toBe(true)
  return body.data as TPageAnswer
}

const LISTS: [string, string][] = [
  ['users', '/api/ysjs-system/user/page?'],
  ['surveys', '/api/ysjs-evaluation/survey/list?'],
  ['a survey’s fillings', `/api/ysjs-evaluation/example/list?surveyId=${SURVEY_ID}&`],
  ['flow to-do', '/api/ysjs-flow/work/todo-list?'],
  ['expert picker', '/api/blade-expert/expertBasic/options?'],
  ['knowledge entries', '/api/ysjs-kms/main/list?'],
]

describe('bounded totals on the hand-written lists', () => {
  it.each(LISTS)('%s: above the bound the total is the bound, marked inexact', async (_name, url) => {
    const page = await get(`${url}current=1&size=10`)
    expect(page.records).toHaveLength(10)
    expect(page).toMatchObject({ total: LIST_COUNT_LIMIT, totalExact: false, searchCount: true })
    expect(page.pages).toBe(LIST_COUNT_LIMIT / 10)
  })

  it.each(LISTS)('%s: searchCount=false answers the page without a count', async (_name, url) => {
    const page = await get(`${url}current=3&size=10&searchCount=false`)
    expect(page.records).toHaveLength(10)
    expect(page).toMatchObject({ total: 0, pages: 0, searchCount: false, totalExact: false })
  })

  it('a page that is not full gives the exact total, and a small list stays exact', async () => {
    // The last page of the to-do list: N rows, pages of 1,000.
    const last = await get(`/api/ysjs-flow/work/todo-list?current=${Math.ceil(N / 1000)}&size=1000`)
    expect(last.records).toHaveLength(N % 1000)
    expect(last).toMatchObject({ total: N, totalExact: true })
    const few = await get('/api/blade-expert/expertBasic/options?keyword=专家00001&size=10')
    expect(few).toMatchObject({ total: 10, totalExact: true })
    expect(few.records.map((r) => r.name)).toEqual(Array.from({ length: 10 }, (_, i) => `专家0000${i + 10}`))
  })

  it('the order of each list is kept with id as the tiebreak (newest to-do first)', async () => {
    const page = await get('/api/ysjs-flow/work/todo-list?current=1&size=3')
    expect(page.records.map((r) => r.taskId)).toEqual([
      String(1984000000000000000n + BigInt(N)),
      String(1984000000000000000n + BigInt(N - 1)),
      String(1984000000000000000n + BigInt(N - 2)),
    ])
  })
})

describe('indexes serving the lists (migration flow_survey_expert_user_list_indexes)', () => {
  const plan = async (sql: string) => {
    const rows = await t.app.prisma.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN ${sql}`)
    return rows.map((r) => r['QUERY PLAN']).join('\n')
  }
  it.each([
    [
      'blade_flow_task_tenant_id_status_assignee_create_time_id_idx',
      `SELECT id FROM blade_flow_task WHERE tenant_id = '000000' AND status = 1 AND assignee = 'taskUser_${ADMIN_ID}'
       ORDER BY create_time DESC, id DESC LIMIT 10`,
    ],
    [
      'blade_flow_task_tenant_id_assignee_status_end_time_id_idx',
      `SELECT id FROM blade_flow_task WHERE tenant_id = '000000' AND status = 2 AND assignee = 'taskUser_${ADMIN_ID}'
       ORDER BY end_time DESC, id DESC LIMIT 10`,
    ],
    [
      'ysjs_survey_tenant_id_is_deleted_create_time_id_idx',
      `SELECT id FROM ysjs_survey WHERE tenant_id = '000000' AND is_deleted = 0 ORDER BY create_time DESC, id DESC LIMIT 10`,
    ],
    [
      'ysjs_survey_example_tenant_id_survey_id_update_time_id_idx',
      `SELECT id FROM ysjs_survey_example WHERE tenant_id = '000000' AND survey_id = ${SURVEY_ID}
       ORDER BY update_time DESC, id DESC LIMIT 10`,
    ],
    [
      'blade_expert_basic_tenant_id_name_id_idx',
      `SELECT id FROM blade_expert_basic WHERE tenant_id = '000000' AND is_deleted = 0 ORDER BY name, id LIMIT 10`,
    ],
    [
      'blade_user_tenant_id_is_deleted_id_idx',
      // A small tenant among large ones (a large tenant's page walks the primary key just as well).
      `SELECT id FROM blade_user WHERE tenant_id = '300000' AND is_deleted = 0 ORDER BY id LIMIT 10`,
    ],
  ])('%s serves its list without a sort', async (index, sql) => {
    const p = await plan(sql)
    expect(p).toContain(index)
    expect(p).not.toMatch(/\bSort\b/)
  })
})
