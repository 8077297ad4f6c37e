import { nextId } from '@ysjs/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { createRole, createTenant, createUser, tokenOf, unique } from './helpers/system.ts'
import { readExport, shapeOf } from './helpers/xlsx.ts'

let t: TTestApp
let admin: string
let modelKey: string
let slowKey: string
const R = '/api/ysjs-report/report/rest'
const D = '/api/ysjs-develop'

const call = async (method: 'GET' | 'POST', url: string, body?: unknown, token = admin) =>
  (
    await t.app.inject({ method, url, headers: auth(token), ...(body ? { payload: body as object } : {}) })
  ).json()

const modelFor = async (table: string, code: string, edit = (p: { jdbcName: string }[]) => p) => {
  await call('POST', `${D}/model/submit`, {
    datasourceId: '1',
    modelName: code,
    modelCode: code,
    modelTable: table,
    modelClass: 'RepSale',
  })
  const id = (await call('GET', `${D}/model/list?modelCode=${code}`)).data.records[0].id
  const prototypes = edit((await call('GET', `${D}/model/model-prototype?modelId=${id}`)).data)
  expect((await call('POST', `${D}/model-prototype/submit-list`, { modelId: id, prototypes })).code).toBe(200)
  return `model:${id}`
}

beforeAll(async () => {
  t = await createTestApp({ REPORT_STATEMENT_TIMEOUT_MS: '1000' })
  admin = (await login(t.app, 'admin')).access_token
  const sql = (s: string) => t.app.prisma.$executeRawUnsafe(s)
  await sql(`create table rep_sale (id bigint primary key, tenant_id varchar(12) not null,
    region varchar(20) not null, amount integer not null, sold_on date, secret varchar(20),
    is_deleted integer not null default 0, price numeric(12,2), weight real, paid boolean,
    api_key varchar(40), access_token varchar(40), keyword varchar(20))`)
  await sql(`comment on column rep_sale.region is '地区'`)
  await sql(`comment on column rep_sale.amount is '金额'`)
  await sql(`insert into rep_sale values
    (1, '000000', '华东', 5, '2026-01-01', 's', 0), (2, '000000', '华东', 20, '2026-01-02', 's', 0),
    (3, '000000', '华东', 30, '2026-01-03', 's', 0), (4, '000000', '华北', 12, '2026-01-04', 's', 0),
    (5, '000000', '华南', 40, '2026-01-05', 's', 0), (6, '000000', '华南', 99, '2026-01-06', 's', 1),
    (7, '111111', '华东', 1000, '2026-01-07', 's', 0)`)
  await sql(`update rep_sale set price = id * 10.25 + 0.01, weight = id * 0.5`)
  await sql(`create view rep_slow as select s.id, s.tenant_id, s.region, s.amount, s.is_deleted
    from rep_sale s, lateral (select pg_sleep(0.5)) z`)
  modelKey = await modelFor('rep_sale', 'rep-sale')
  slowKey = await modelFor('rep_slow', 'rep-slow')
})
afterAll(async () => {
  await t.close()
})

const design = (over: Record<string, unknown> = {}) => ({
  source: modelKey,
  columns: [],
  filters: [{ column: 'amount', op: 'ge', param: 'min' }],
  groupBy: ['region'],
  aggregates: [{ fn: 'count' }, { fn: 'sum', column: 'amount' }],
  chart: { type: 'bar', category: 'region', value: 'sum_amount' },
  ...over,
})

const PLAIN = { groupBy: [], aggregates: [], filters: [], chart: { type: 'none' } }

describe('report designs', () => {
  it('offers the whitelisted sources and columns only', async () => {
    const sources = (await call('GET', `${R}/sources`)).data
    const sale = sources.find((s: { key: string }) => s.key === modelKey)
    expect(sale.columns.map((c: { name: string }) => c.name)).toEqual([
      'id',
      'region',
      'amount',
      'soldOn',
      'price',
      'weight',
      'paid',
      'keyword',
    ])
    expect(sale.columns.find((c: { name: string }) => c.name === 'price').type).toBe('decimal')
    expect(sources.some((s: { key: string }) => s.key === 'view:notice')).toBe(true)
  })

  it('saves a report and runs it with the same numbers as a direct query', async () => {
    const submitted = await call('POST', `${R}/submit`, { name: '地区销售', definition: design() })
    expect(submitted).toMatchObject({ code: 200, data: { id: expect.stringMatching(/^\d+$/) } })
    const saved = (await call('GET', `${R}/list?name=地区销售`)).data.records[0]
    expect(saved.id).toBe(submitted.data.id)
    // Saving again with the id changes that report and answers the same id.
    expect(
      (await call('POST', `${R}/submit`, { id: saved.id, name: '地区销售', definition: design() })).data,
    ).toEqual({ id: saved.id })
    expect(
      await call('POST', `${R}/submit`, {
        name: 'x',
        definition: design({ filters: [{ column: 'amount', op: 'ge', param: 'id' }] }),
      }),
    ).toMatchObject({ code: 400, msg: '参数名不能为 id' })
    expect((await call('GET', `${R}/detail?id=${saved.id}`)).data.definition.groupBy).toEqual(['region'])
    // An update carrying only the name renames it and keeps the stored definition (decision 030).
    expect(await call('POST', `${R}/submit`, { id: saved.id, name: '地区销售汇总' })).toMatchObject({
      code: 200,
      data: { id: saved.id },
    })
    expect((await call('GET', `${R}/detail?id=${saved.id}`)).data).toMatchObject({
      name: '地区销售汇总',
      definition: { groupBy: ['region'] },
    })
    expect(await call('POST', `${R}/submit`, { id: saved.id, name: '' })).toMatchObject({
      code: 400,
      msg: '请输入报表名称',
    })
    expect(await call('POST', `${R}/submit`, { id: saved.id, name: '地区销售' })).toMatchObject({ code: 200 })

    const run = (await call('POST', `${R}/run`, { id: saved.id, params: { min: '10' }, size: 10 })).data
    const direct = await t.app.prisma.$queryRawUnsafe<{ region: string; count: number; sum: number }[]>(
      `select region, count(*)::int as count, sum(amount)::float8 as sum from rep_sale
       where tenant_id = '000000' and is_deleted = 0 and amount >= 10 group by region order by region`,
    )
    expect(run.records).toEqual(direct.map((d) => ({ region: d.region, count: d.count, sum_amount: d.sum })))
    expect(run.columns).toEqual([
      { key: 'region', label: '地区' },
      { key: 'count', label: '计数' },
      { key: 'sum_amount', label: '金额合计' },
    ])
    expect(run.total).toBe(3)
    expect(run.chart).toEqual({
      type: 'bar',
      labels: direct.map((d) => d.region),
      values: direct.map((d) => d.sum),
    })

    const page2 = (
      await call('POST', `${R}/run`, { id: saved.id, params: { min: '10' }, size: 1, current: 2 })
    ).data
    expect(page2.records).toEqual([run.records[1]])
    expect(page2).toMatchObject({ total: 3, pages: 3, current: 2, size: 1 })
    expect(await call('POST', `${R}/run`, { id: saved.id })).toMatchObject({
      code: 400,
      msg: '请输入报表参数: min',
    })
    expect(
      await call('POST', `${R}/run`, { id: saved.id, params: { min: '1; drop table x' } }),
    ).toMatchObject({
      code: 400,
      msg: '报表条件的值格式不正确: 金额',
    })

    // Plain rows with a like filter, the caller's tenant and live rows only.
    const rows = (
      await call('POST', `${R}/run`, {
        definition: design({
          columns: ['region', 'amount'],
          filters: [{ column: 'region', op: 'like', value: '东' }],
          groupBy: [],
          aggregates: [],
          chart: { type: 'none' },
        }),
      })
    ).data
    expect(rows.records).toEqual([
      { region: '华东', amount: 5 },
      { region: '华东', amount: 20 },
      { region: '华东', amount: 30 },
    ])
    expect(rows.chart).toBeNull()
  })

  it('sums and averages numeric and floating-point columns, with the numbers of a direct query', async () => {
    const run = (
      await call('POST', `${R}/run`, {
        definition: design({
          filters: [{ column: 'price', op: 'ge', value: '20.5' }],
          aggregates: [
            { fn: 'sum', column: 'price' },
            { fn: 'avg', column: 'price' },
            { fn: 'max', column: 'weight' },
          ],
          chart: { type: 'bar', category: 'region', value: 'sum_price' },
        }),
      })
    ).data
    const direct = await t.app.prisma.$queryRawUnsafe<{ region: string; s: number; a: number; m: number }[]>(
      `select region, sum(price)::float8 as s, avg(price)::float8 as a, max(weight)::float8 as m from rep_sale
       where tenant_id = '000000' and is_deleted = 0 and price >= 20.5 group by region order by region`,
    )
    expect(direct.length).toBe(3)
    expect(run.records).toEqual(
      direct.map((d) => ({ region: d.region, sum_price: d.s, avg_price: d.a, max_weight: d.m })),
    )
    expect(run.chart.values).toEqual(direct.map((d) => d.s))
    // Plain rows answer a numeric value as its decimal string: no digit is lost.
    const rows = (
      await call('POST', `${R}/run`, {
        definition: design({ columns: ['id', 'price'], filters: [], groupBy: [], aggregates: [], chart: {} }),
      })
    ).data
    expect(rows.records[0]).toEqual({ id: '1', price: '10.26' })
    expect(
      await call('POST', `${R}/run`, {
        definition: design({ filters: [{ column: 'price', op: 'ge', value: '1e3' }] }),
      }),
    ).toMatchObject({ code: 400, msg: '报表条件的值格式不正确: price' })
  })

  it('refuses a column outside the whitelist and sources that are not models', async () => {
    const outside = await call('POST', `${R}/run`, {
      definition: design({ groupBy: ['tenantId'] }),
      params: { min: '1' },
    })
    expect(outside).toMatchObject({ code: 400, msg: '报表字段不在白名单内: tenantId' })
    const injected = await call('POST', `${R}/run`, {
      definition: design({ columns: ['region" from pg_user --'], groupBy: [], aggregates: [] }),
    })
    expect(injected.code).toBe(400)
    expect(
      await call('POST', `${R}/submit`, { name: 'x', definition: design({ groupBy: ['password'] }) }),
    ).toMatchObject({ code: 400, msg: '报表字段不在白名单内: password' })
    expect(await call('POST', `${R}/run`, { definition: design({ source: 'model:1' }) })).toMatchObject({
      code: 400,
      msg: '报表数据源不存在',
    })
    expect(
      await call('POST', `${R}/run`, { definition: design({ source: 'view:blade_user' }) }),
    ).toMatchObject({
      code: 400,
    })
    expect(
      (
        await call('POST', `${R}/run`, {
          definition: design({ aggregates: [{ fn: 'sum', column: 'region' }] }),
          params: { min: '1' },
        })
      ).msg,
    ).toBe('只能对数值字段求和或平均: 地区')
  })

  it('refuses impossible dates, min/max of yes/no, ids beyond bigint and reports whose table changed', async () => {
    for (const value of ['2026-13-45', '2026-02-30', '2026-01-01 25:00:00']) {
      const op = value.length > 10 ? 'le' : 'eq'
      expect(
        await call('POST', `${R}/run`, {
          definition: design({ filters: [{ column: 'soldOn', op, value }], chart: { type: 'none' } }),
        }),
        value,
      ).toMatchObject({ code: 400, msg: '报表条件的值格式不正确: sold_on' })
    }
    for (const fn of ['min', 'max']) {
      expect(
        await call('POST', `${R}/run`, {
          definition: design({ filters: [], aggregates: [{ fn, column: 'paid' }], chart: { type: 'none' } }),
        }),
      ).toMatchObject({ code: 400, msg: '是否字段不能求最小或最大值: paid' })
    }
    const huge = '9999999999999999999'
    for (const res of [
      await call('POST', `${R}/run`, { id: huge }),
      await call('GET', `${R}/detail?id=${huge}`),
      await call('GET', `${R}/export?id=${huge}`),
      await call('POST', `${R}/submit`, { id: huge, name: 'x', definition: design() }),
    ]) {
      expect(res).toMatchObject({ code: 400, msg: '请求参数类型错误: id' })
    }
    expect(await call('POST', `${R}/run`, { definition: design({ source: `model:${huge}` }) })).toMatchObject(
      {
        code: 400,
        msg: '请选择数据模型',
      },
    )

    // A saved report whose model's column, then table, was dropped afterwards.
    await t.app.prisma.$executeRawUnsafe(
      `create table rep_gone (id bigint primary key, region varchar(10), amount integer)`,
    )
    const gone = await modelFor('rep_gone', 'rep-gone')
    const name = unique('消失的表')
    const definition = design({ source: gone, filters: [], chart: { type: 'none' } })
    expect((await call('POST', `${R}/submit`, { name, definition })).code).toBe(200)
    const id = (await call('GET', `${R}/list?name=${encodeURIComponent(name)}`)).data.records[0].id
    expect((await call('POST', `${R}/run`, { id })).code).toBe(200)
    await t.app.prisma.$executeRawUnsafe('alter table rep_gone drop column amount')
    expect(await call('POST', `${R}/run`, { id })).toMatchObject({
      code: 400,
      msg: '报表的字段已不在数据表中，请重新导入模型字段',
    })
    expect(await call('GET', `${R}/export?id=${id}`)).toMatchObject({ code: 400 })
    await t.app.prisma.$executeRawUnsafe('drop table rep_gone')
    expect(await call('POST', `${R}/run`, { id })).toMatchObject({
      code: 400,
      msg: '报表的数据表已不存在，请检查数据模型',
    })
  })

  it('shows dictionary labels for the keys of dictionary columns, in the table, the chart and the export', async () => {
    await t.app.prisma.$executeRawUnsafe(
      'create table rep_kind (id bigint primary key, tenant_id varchar(12) not null, kind integer, is_deleted integer not null default 0)',
    )
    await t.app.prisma.$executeRawUnsafe(
      `insert into rep_kind values (1, '000000', 1, 0), (2, '000000', 1, 0), (3, '000000', 2, 0), (4, '000000', 7, 0), (5, '000000', null, 0)`,
    )
    // The seeded business dictionary `notice`: 1 发布通知, 2 批转通知; 7 is not in it.
    const kinds = await modelFor('rep_kind', 'rep-kind', (list) =>
      list.map((p) => (p.jdbcName === 'kind' ? { ...p, dictCode: 'notice' } : p)),
    )
    const definition = design({
      source: kinds,
      filters: [{ column: 'kind', op: 'ge', value: '1' }],
      groupBy: ['kind'],
      aggregates: [{ fn: 'count' }],
      chart: { type: 'pie', category: 'kind', value: 'count' },
    })
    const run = (await call('POST', `${R}/run`, { definition })).data
    const direct = await t.app.prisma.$queryRawUnsafe<{ kind: number; n: number }[]>(
      `select kind, count(*)::int as n from rep_kind where tenant_id = '000000' and is_deleted = 0 and kind >= 1
       group by kind order by kind`,
    )
    const label = { 1: '发布通知', 2: '批转通知', 7: '7' } as Record<number, string>
    expect(run.records).toEqual(direct.map((d) => ({ kind: label[d.kind], count: d.n })))
    expect(run.chart).toEqual({ type: 'pie', labels: ['发布通知', '批转通知', '7'], values: [2, 1, 1] })
    // A dictionary column holds keys, not amounts: a chart cannot plot it.
    expect(
      await call('POST', `${R}/run`, {
        definition: {
          ...definition,
          aggregates: [],
          columns: ['kind'],
          groupBy: [],
          chart: { type: 'bar', category: 'kind', value: 'kind' },
        },
      }),
    ).toMatchObject({ code: 400, msg: '图表的数值须为报表结果中的数值字段' })
    const name = unique('字典标签')
    const id = (await call('POST', `${R}/submit`, { name, definition })).data.id
    const res = await t.app.inject({ method: 'GET', url: `${R}/export?id=${id}`, headers: auth(admin) })
    const x = await readExport(res.rawPayload)
    expect(x.sheet.name).toBe(name)
    expect(x.title).toBe(name)
    expect(x.notes).toEqual(['筛选条件：全部；共 3 行'])
    expect(String(res.headers['x-export-rows'])).toBe('3')
    expect(shapeOf(x, ['计数']).columns).toEqual({ 计数: { types: ['number'], formats: [''] } })
    expect([x.header, ...x.rows]).toEqual([
      ['kind', '计数'],
      ['发布通知', 2],
      ['批转通知', 1],
      ['7', 1],
    ])
  })

  it('refuses a chart that names no result column or plots a column that is not a number', async () => {
    for (const [chart, msg] of [
      [{ type: 'bar', category: 'soldOn', value: 'sum_amount' }, '图表的分类须为报表结果中的字段'],
      [{ type: 'bar', value: 'sum_amount' }, '图表的分类须为报表结果中的字段'],
      [{ type: 'line', category: 'region', value: 'nope' }, '图表的数值须为报表结果中的数值字段'],
      [{ type: 'line', category: 'region', value: 'region' }, '图表的数值须为报表结果中的数值字段'],
    ] as const) {
      expect(
        await call('POST', `${R}/run`, { definition: design({ chart }), params: { min: '1' } }),
      ).toMatchObject({ code: 400, msg })
      expect(await call('POST', `${R}/submit`, { name: 'x', definition: design({ chart }) })).toMatchObject({
        code: 400,
        msg,
      })
    }
  })

  it('stops a query at the statement timeout', async () => {
    const started = Date.now()
    const slow = await call('POST', `${R}/run`, {
      definition: design({ source: slowKey, filters: [], chart: { type: 'none' } }),
    })
    expect(slow).toMatchObject({ code: 400, msg: '报表查询超时，请缩小查询范围' })
    expect(Date.now() - started).toBeLessThan(2_900)
  })

  it('runs in a read-only transaction: a source that would write is refused and writes nothing', async () => {
    const sql = (q: string) => t.app.prisma.$executeRawUnsafe(q)
    await sql('create table rep_log (n integer)')
    await sql(`create function rep_touch() returns integer language sql volatile
      as 'insert into rep_log values (1) returning n'`)
    await sql(`create view rep_writer as select s.id, s.tenant_id, s.region, s.is_deleted, rep_touch() as touched
      from rep_sale s`)
    const writer = await modelFor('rep_writer', 'rep-writer')
    expect(
      await call('POST', `${R}/run`, {
        definition: design({ source: writer, filters: [], aggregates: [{ fn: 'count' }], chart: {} }),
      }),
    ).toMatchObject({ code: 400, msg: '报表只能读取数据' })
    expect(await t.app.prisma.$queryRawUnsafe('select count(*)::int as n from rep_log')).toEqual([{ n: 0 }])
  })

  it('keeps secrets out and the tenant filter on whatever the model says', async () => {
    // A model whose tenant_id and is_deleted fields were removed: the table still has them.
    const bare = await modelFor('rep_sale', 'rep-sale-bare', (list) =>
      list.filter((p) => p.jdbcName !== 'tenant_id' && p.jdbcName !== 'is_deleted'),
    )
    const source = (await call('GET', `${R}/sources`)).data.find((x: { key: string }) => x.key === bare)
    expect(source.columns.map((c: { name: string }) => c.name)).not.toContain('secret')
    expect(source.columns.map((c: { name: string }) => c.name)).not.toContain('apiKey')
    for (const column of ['secret', 'apiKey', 'accessToken']) {
      expect(
        await call('POST', `${R}/run`, { definition: design({ source: bare, columns: [column], ...PLAIN }) }),
      ).toMatchObject({ code: 400, msg: `报表字段不在白名单内: ${column}` })
    }
    const rows = (
      await call('POST', `${R}/run`, { definition: design({ source: bare, columns: ['id'], ...PLAIN }) })
    ).data
    expect(rows.records.map((r: { id: string }) => r.id)).toEqual(['1', '2', '3', '4', '5'])
  })

  it('says so when an export stops at its row cap, and pages by a stable key', async () => {
    const { createReportDesignService } = await import('../src/modules/report/report-design.service.ts')
    const capped = createReportDesignService(t.app.prisma, 1000, 3)
    // Every row has the same region: only the key orders them, batch after batch.
    await call('POST', `${R}/submit`, {
      name: '上限测试',
      definition: design({
        columns: ['region', 'id'],
        ...PLAIN,
        filters: [{ column: 'region', op: 'eq', value: '华东' }],
      }),
    })
    const id = (await call('GET', `${R}/list?name=上限测试`)).data.records[0].id
    const ctx = { user: null, tenantId: '000000', log: t.app.log }
    const read = async (result: { stream: NodeJS.ReadableStream }) => {
      const chunks: Buffer[] = []
      for await (const chunk of result.stream) {
        chunks.push(chunk as Buffer)
      }
      const x = await readExport(Buffer.concat(chunks))
      return [x.header, ...x.rows]
    }
    const two = createReportDesignService(t.app.prisma, 1000, 2)
    const cut = await two.export(ctx, BigInt(id), {})
    expect(cut).toMatchObject({ total: 3, truncated: true })
    expect(await read(cut)).toEqual([
      ['地区', 'id'],
      ['华东', '1'],
      ['华东', '2'],
      ['已达导出上限 2 行（共 3 行），其余未导出，请缩小查询范围'],
    ])
    const whole = await capped.export(ctx, BigInt(id), {})
    expect(whole).toMatchObject({ total: 3, truncated: false })
    expect(await read(whole)).toEqual([
      ['地区', 'id'],
      ['华东', '1'],
      ['华东', '2'],
      ['华东', '3'],
    ])
    const res = await t.app.inject({ method: 'GET', url: `${R}/export?id=${id}`, headers: auth(admin) })
    expect(res.headers['x-report-truncated']).toBe('false')
    expect(res.headers['x-report-total']).toBe('3')
  })

  it('exports the whole result to xlsx', async () => {
    await call('POST', `${R}/submit`, { name: '导出测试', definition: design({ chart: { type: 'none' } }) })
    const id = (await call('GET', `${R}/list?name=导出测试`)).data.records[0].id
    const res = await t.app.inject({
      method: 'GET',
      url: `${R}/export?id=${id}&min=10`,
      headers: auth(admin),
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    const x = await readExport(res.rawPayload)
    expect(x.sheet.name).toBe('导出测试')
    expect(x.notes[0]).toContain('min：10')
    expect([x.header, ...x.rows]).toEqual([
      ['地区', '计数', '金额合计'],
      ['华东', 2, 50],
      ['华北', 1, 12],
      ['华南', 1, 40],
    ])
  })

  it('answers a report file of the old designer as not a design, and keeps writes to the buttons', async () => {
    const legacy = nextId()
    await t.app.prisma.reportFile.create({
      data: { id: legacy, name: 'old.ureport.xml', content: Buffer.from('<x/>') },
    })
    expect(await call('GET', `${R}/detail?id=${legacy}`)).toMatchObject({
      code: 400,
      msg: '该报表不是报表设计器保存的报表',
    })
    const tenantId = unique('q').slice(0, 6)
    const other = await createTenant(t.app.prisma, { tenantId, codes: ['report_list'] })
    const user = await createUser(t.app.prisma, { tenantId, roleId: other.roleId, deptId: other.deptId })
    const token = await tokenOf(t.app, tenantId, user.account)
    expect((await call('POST', `${R}/submit`, { name: 'x', definition: design() }, token)).code).toBe(403)
    // Another tenant's run sees its own rows only.
    const theirs = (await call('POST', `${R}/run`, { definition: design(), params: { min: '0' } }, token))
      .data
    expect(theirs.records).toEqual([])
  })

  it("keeps every kind of table to the caller's tenant (issue 22)", async () => {
    // A tenant's administrator holding the report menu, in a tenant of its own.
    const tenantId = unique('k').slice(0, 6)
    const other = await createTenant(t.app.prisma, { tenantId, codes: ['report_list'] })
    const boss = await createRole(t.app.prisma, tenantId, 'administrator', [])
    const user = await createUser(t.app.prisma, { tenantId, roleId: boss, deptId: other.deptId })
    const token = await tokenOf(t.app, tenantId, user.account)
    const plain = (source: string, columns: string[]) => ({
      definition: design({ source, columns, ...PLAIN }),
      size: 200,
    })

    // A table with a tenant column: its own rows.
    const sale = await call('POST', `${R}/run`, plain(modelKey, ['id']), token)
    expect(sale.data.records).toEqual([])

    // A child table without one (a user's depts): the rows of its tenant's users, through the user.
    const links = await modelFor('blade_user_dept', 'rep-user-dept')
    const theirs = await call('POST', `${R}/run`, plain(links, ['userId', 'deptId']), token)
    expect(theirs.code, JSON.stringify(theirs)).toBe(200)
    expect(theirs.data.records).toEqual([{ userId: user.id, deptId: other.deptId }])
    const platformLinks = await t.app.prisma.userDept.count({
      where: {
        userId: {
          in: (await t.app.prisma.user.findMany({ where: { tenantId: '000000' } })).map((u) => u.id),
        },
      },
    })
    const mine = await call('POST', `${R}/run`, plain(links, ['userId']), admin)
    expect(mine.code, JSON.stringify(mine)).toBe(200)
    expect(mine.data.total).toBe(platformLinks)
    expect(mine.data.records.map((r: { userId: string }) => r.userId)).not.toContain(user.id)

    // A platform table (rows of no tenant): the platform administrator's reports only.
    const params = await modelFor('blade_param', 'rep-param')
    expect(await call('POST', `${R}/run`, plain(params, ['paramName']), token)).toMatchObject({
      code: 400,
      msg: '该数据模型的数据不分租户，仅平台管理员可用于报表',
    })
    const offered = (await call('GET', `${R}/sources`, undefined, token)).data.map(
      (x: { key: string }) => x.key,
    )
    expect(offered).toEqual(expect.arrayContaining([modelKey, links]))
    expect(offered).not.toContain(params)
    expect((await call('POST', `${R}/run`, plain(params, ['paramName']), admin)).data.total).toBeGreaterThan(
      0,
    )
  })
})
