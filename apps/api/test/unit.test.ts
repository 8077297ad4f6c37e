import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Prisma } from '@ysjs/db'
import { DEV_DATA_KEY } from '@ysjs/server-core'
import { parseDateTime, RegisteredMsg, stayWindowProblem } from '@ysjs/shared'
import { serializerCompiler } from 'fastify-type-provider-zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { EXAMPLE_JWT_SECRET, loadEnv } from '../src/env.ts'
import { whereFromFilters } from '../src/lib/filters.ts'
import { orderByFrom, toPage } from '../src/lib/paging.ts'
import { redactUrl } from '../src/lib/redact.ts'
import { toWire } from '../src/lib/serialize.ts'
import { createSerializedCache } from '../src/lib/serialized-cache.ts'
import { buildTree, splitIds } from '../src/lib/tree.ts'
import { priceOf } from '../src/modules/meeting/registered-price.ts'
import { firstIssueMessage, unavailableService } from '../src/plugins/error-handler.ts'

describe('map-style filters (contract 4.3)', () => {
  const fields = { name: 'string', status: 'int', createTime: 'date', deptId: 'id?' } as const
  const refused = (query: Record<string, string>) => {
    try {
      whereFromFilters(query, fields)
    } catch (err) {
      return (err as Error).message
    }
    return 'accepted'
  }
  it('maps suffix operators to conditions', () => {
    expect(
      whereFromFilters(
        {
          name: 'a',
          name_notlike: 'b',
          status_equal: '1',
          status_notequal: '2',
          createTime_datege: '2026-01-01 00:00:00',
          createTime_datelt: '2026-02-01',
          deptId_null: '',
          status_ge: '-2147483648',
        },
        fields,
      ),
    ).toEqual([
      { name: { contains: 'a', mode: 'insensitive' } },
      { NOT: { name: { contains: 'b', mode: 'insensitive' } } },
      { status: 1 },
      { status: { not: 2 } },
      { createTime: { gte: new Date('2025-12-31T16:00:00Z') } },
      { createTime: { lt: new Date('2026-01-31T16:00:00Z') } },
      { deptId: null },
      { status: { gte: -2147483648 } },
    ])
  })
  it('a bare date means the whole Shanghai day; LIKE metacharacters are literal', () => {
    expect(whereFromFilters({ createTime: '2026-03-01', name: '50%_\\' }, fields)).toEqual([
      { createTime: { gte: new Date('2026-02-28T16:00:00Z'), lt: new Date('2026-03-01T16:00:00Z') } },
      { name: { contains: '50\\%\\_\\\\', mode: 'insensitive' } },
    ])
  })
  it('ignores unknown fields, reserved keys, empty values and _ignore', () => {
    expect(
      whereFromFilters(
        {
          current: '1',
          size: '10',
          password: 'x',
          password_null: '1',
          name: '',
          name_ignore: 'x',
          toString: 'x',
        },
        fields,
      ),
    ).toEqual([])
  })
  it('refuses operators a kind cannot take, and _null on a NOT NULL column', () => {
    expect(refused({ name_gt: 'a' })).toBe('不支持的查询条件: name_gt')
    expect(refused({ name_null: '' })).toBe('不支持的查询条件: name_null')
    expect(refused({ status_notnull: '1' })).toBe('不支持的查询条件: status_notnull')
    expect(refused({ deptId_gt: '1' })).toBe('不支持的查询条件: deptId_gt')
    expect(refused({ createTime_like: '2026' })).toBe('不支持的查询条件: createTime_like')
  })
  it('refuses values the column cannot hold, at the bounds of int4 and bigint', () => {
    expect(refused({ status: 'abc' })).toBe('查询条件格式错误: status')
    expect(refused({ status: '2147483648' })).toBe('查询条件格式错误: status')
    expect(refused({ status_lt: '-2147483649' })).toBe('查询条件格式错误: status')
    expect(refused({ status: '1e3' })).toBe('查询条件格式错误: status')
    expect(refused({ status: '2147483647' })).toBe('accepted')
    expect(refused({ createTime_datege: 'yesterday' })).toBe('查询条件格式错误: createTime')
    expect(refused({ createTime: '2026-02-30' })).toBe('查询条件格式错误: createTime')
    expect(refused({ deptId: '1;2' })).toBe('查询条件格式错误: deptId')
    expect(refused({ deptId: '9223372036854775808' })).toBe('查询条件格式错误: deptId')
    expect(refused({ deptId: '9223372036854775807' })).toBe('accepted')
    expect(refused({ name: 'x'.repeat(201) })).toBe('查询条件格式错误: name')
  })
})

describe('paging', () => {
  it('keeps only whitelisted sort columns, snake or camel case', () => {
    expect(
      orderByFrom({ ascs: 'param_key,evil;drop', descs: 'createTime' }, ['paramKey', 'createTime']),
    ).toEqual([{ paramKey: 'asc' }, { createTime: 'desc' }])
  })
  it('computes pages', () => {
    expect(toPage([], 21, { current: 2, size: 10 })).toMatchObject({
      total: 21,
      pages: 3,
      current: 2,
      size: 10,
    })
    expect(toPage([], 0, { current: 1, size: 10 }).pages).toBe(0)
  })
})

describe('trees and ids', () => {
  it('builds a forest keeping sibling order; orphans become roots', () => {
    const rows = [
      { id: 1n, parentId: 0n, n: 'a' },
      { id: 2n, parentId: 1n, n: 'b' },
      { id: 3n, parentId: 1n, n: 'c' },
      { id: 4n, parentId: 99n, n: 'orphan' },
    ]
    const tree = buildTree(rows)
    expect(tree.map((r) => r.n)).toEqual(['a', 'orphan'])
    expect(tree[0]!.children!.map((r) => r.n)).toEqual(['b', 'c'])
    expect(tree[1]!.children).toBeUndefined()
  })
  it('splits csv ids, skipping junk', () => {
    expect(splitIds('1, 2,,x,3')).toEqual([1n, 2n, 3n])
    expect(splitIds(null)).toEqual([])
  })
  it('serialises ids as strings and dates in the platform format', () => {
    expect(
      toWire({ id: 1123598821738675201n, at: new Date('2026-01-01T00:00:00Z'), list: [{ x: 1n }], n: null }),
    ).toEqual({
      id: '1123598821738675201',
      at: '2026-01-01 08:00:00',
      list: [{ x: '1' }],
      n: null,
    })
  })
})

describe('validation messages', () => {
  it('names the parameter for generic messages only', () => {
    expect(firstIssueMessage([{ message: '缺少必要的请求参数', path: ['ids'] }])).toBe(
      '缺少必要的请求参数: ids',
    )
    expect(firstIssueMessage([{ message: '请输入参数名称', path: ['paramName'] }])).toBe('请输入参数名称')
    expect(firstIssueMessage([])).toBe('参数校验失败')
    // What fastify-type-provider-zod hands the error handler: the path as a JSON pointer.
    expect(firstIssueMessage([{ message: '缺少必要的请求参数', instancePath: '/id' }], 'querystring')).toBe(
      '缺少必要的请求参数: id',
    )
    expect(
      firstIssueMessage([{ message: '请求参数类型错误', instancePath: '/unitEntityList/0/id' }], 'body'),
    ).toBe('请求参数类型错误: unitEntityList.0.id')
    expect(firstIssueMessage([{ message: '请求参数类型错误', instancePath: '/' }], 'body')).toBe(
      '请求参数类型错误',
    )
  })
})

describe('production secrets', () => {
  const strong = 'a-random-value-of-more-than-32-bytes-0123456789'
  const DATA_KEY = randomBytes(32).toString('base64')
  it('refuses the example signing key and a short one in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: in production/)
    expect(() => loadEnv({ NODE_ENV: 'production', JWT_SECRET: EXAMPLE_JWT_SECRET })).toThrow(/JWT_SECRET/)
    expect(() => loadEnv({ NODE_ENV: 'production', JWT_SECRET: 'only-twenty-bytes-ab' })).toThrow(
      /JWT_SECRET/,
    )
    expect(loadEnv({ NODE_ENV: 'production', JWT_SECRET: strong, DATA_KEY }).JWT_SECRET).toBe(strong)
    expect(loadEnv({ NODE_ENV: 'development' }).JWT_SECRET).toBe(EXAMPLE_JWT_SECRET)
  })
  it('reads the key from JWT_SECRET_FILE when JWT_SECRET is unset', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ysjs-secret-'))
    const file = path.join(dir, 'jwt')
    await fs.writeFile(file, `${strong}\n`)
    expect(loadEnv({ NODE_ENV: 'production', JWT_SECRET_FILE: file, DATA_KEY }).JWT_SECRET).toBe(strong)
    expect(
      loadEnv({ NODE_ENV: 'production', JWT_SECRET_FILE: file, JWT_SECRET: `${strong}!`, DATA_KEY })
        .JWT_SECRET,
    ).toBe(`${strong}!`)
    expect(() => loadEnv({ JWT_SECRET_FILE: path.join(dir, 'missing') })).toThrow(/cannot read/)
    await fs.rm(dir, { recursive: true })
  })
})

describe('the data key (decision 026)', () => {
  const JWT_SECRET = 'a-random-value-of-more-than-32-bytes-0123456789'
  it('production does not start without one, nor with the public development key', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', JWT_SECRET })).toThrow(/DATA_KEY: in production/)
    expect(() => loadEnv({ NODE_ENV: 'production', JWT_SECRET, DATA_KEY: DEV_DATA_KEY })).toThrow(
      /DATA_KEY: in production/,
    )
    expect(() => loadEnv({ NODE_ENV: 'production', JWT_SECRET, DATA_KEY: 'c2hvcnQ=' })).toThrow(
      /DATA_KEY: must be the base64 of 32/,
    )
    const key = randomBytes(32)
    expect(
      loadEnv({ NODE_ENV: 'production', JWT_SECRET, DATA_KEY: key.toString('base64') }).DATA_KEYS,
    ).toEqual({
      key,
      previous: [],
    })
    // Development and tests: the development key.
    expect(loadEnv({ NODE_ENV: 'test' }).DATA_KEYS.key).toEqual(Buffer.from(DEV_DATA_KEY, 'base64'))
  })
  it('reads DATA_KEY_FILE, and the earlier keys of DATA_KEY_PREVIOUS', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ysjs-data-key-'))
    const [key, old1, old2] = [randomBytes(32), randomBytes(32), randomBytes(32)]
    const file = path.join(dir, 'data-key')
    await fs.writeFile(file, `${key.toString('base64')}\n`)
    const env = loadEnv({
      NODE_ENV: 'production',
      JWT_SECRET,
      DATA_KEY_FILE: file,
      DATA_KEY_PREVIOUS: `${old1.toString('base64')}, ${old2.toString('base64')}`,
    })
    expect(env.DATA_KEYS).toEqual({ key, previous: [old1, old2] })
    expect(() =>
      loadEnv({ NODE_ENV: 'production', JWT_SECRET, DATA_KEY_FILE: path.join(dir, 'none') }),
    ).toThrow(/DATA_KEY_FILE: cannot read/)
    expect(() => loadEnv({ DATA_KEY_PREVIOUS: 'not-a-key' })).toThrow(/DATA_KEY_PREVIOUS: must be/)
    await fs.rm(dir, { recursive: true })
  })
})

describe('log redaction', () => {
  it('hides secret query values, keeps the rest', () => {
    expect(redactUrl('/api/x?blade-auth=abc.def&current=2')).toBe('/api/x?blade-auth=******&current=2')
    expect(redactUrl('/api/t?password=1&refresh_token=2&Blade-Auth=3')).toBe(
      '/api/t?password=******&refresh_token=******&Blade-Auth=******',
    )
    expect(redactUrl('/api/plain')).toBe('/api/plain')
  })
})

describe('time limits (decision 006)', () => {
  it('defaults every limit, derives the query timeout from the statement timeout', () => {
    expect(loadEnv({})).toMatchObject({
      DATABASE_CONNECT_TIMEOUT_MS: 3_000,
      DATABASE_STATEMENT_TIMEOUT_MS: 15_000,
      DATABASE_QUERY_TIMEOUT_MS: 17_000,
      DATABASE_IDLE_TIMEOUT_MS: 30_000,
      REDIS_CONNECT_TIMEOUT_MS: 2_000,
      REDIS_COMMAND_TIMEOUT_MS: 1_000,
    })
    expect(loadEnv({ DATABASE_STATEMENT_TIMEOUT_MS: '30000' }).DATABASE_QUERY_TIMEOUT_MS).toBe(32_000)
    expect(loadEnv({ DATABASE_QUERY_TIMEOUT_MS: '16000' }).DATABASE_QUERY_TIMEOUT_MS).toBe(16_000)
  })
  it('refuses "wait forever" (0) and a query timeout the statement timeout would never reach', () => {
    expect(() => loadEnv({ DATABASE_CONNECT_TIMEOUT_MS: '0' })).toThrow(/DATABASE_CONNECT_TIMEOUT_MS/)
    expect(() => loadEnv({ REDIS_COMMAND_TIMEOUT_MS: '0' })).toThrow(/REDIS_COMMAND_TIMEOUT_MS/)
    expect(() => loadEnv({ DATABASE_QUERY_TIMEOUT_MS: '15000' })).toThrow(/DATABASE_QUERY_TIMEOUT_MS/)
  })
})

describe('which errors mean a service is unavailable (503)', () => {
  const known = (code: string, meta?: Record<string, unknown>) =>
    new Prisma.PrismaClientKnownRequestError('x', { code, clientVersion: '7.10.0', meta })
  const sqlState = (state: string) => ({
    driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'postgres', originalCode: state } },
  })
  const named = (name: string, message: string) => Object.assign(new Error(message), { name })

  it('database: unreachable, timed out, out of connections', () => {
    for (const err of [
      known('P1001'),
      known('P2024'),
      known('P2028'),
      known('P2039', sqlState('57014')),
      known('P2010', sqlState('57014')),
      known('P2039', sqlState('08006')),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated due to connection timeout'),
      new Error('Query read timeout'),
    ]) {
      expect(unavailableService(err), err.message).toBe('database')
    }
  })
  it('redis: no connection, no answer in time, not ready', () => {
    for (const err of [
      new Error('Command timed out'),
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      new Error('Connection is closed.'),
      named('MaxRetriesPerRequestError', 'Reached the max retries per request limit (which is 1).'),
      named('ReplyError', 'LOADING Redis is loading the dataset in memory'),
    ]) {
      expect(unavailableService(err), err.message).toBe('redis')
    }
  })
  it('not the errors a request causes', () => {
    for (const err of [
      known('P2002'),
      known('P2025'),
      known('P2039', sqlState('23505')),
      known('P2010', sqlState('42601')),
      new Error('boom'),
      named('ReplyError', 'WRONGTYPE Operation against a key holding the wrong kind of value'),
    ]) {
      expect(unavailableService(err), err.message).toBeNull()
    }
    expect(unavailableService('Command timed out')).toBeNull()
  })
})

describe('serialised answers per snapshot', () => {
  const schema = z.object({ id: z.string(), name: z.string() })
  const route = { method: 'GET', url: '/x' }

  it("are the route serializer's bytes, computed once per (snapshot, key)", async () => {
    const cache = createSerializedCache(schema, route)
    const serialize = serializerCompiler({ schema, ...route, httpStatus: '200' })
    let calls = 0
    const payload = async () => {
      calls++
      return { id: '1', name: 'a', password: 'never sent' }
    }
    const snapshot = {}
    const first = await cache.get(snapshot, 'k', payload)
    expect(first.toString()).toBe(serialize({ id: '1', name: 'a', password: 'never sent' }))
    expect(first.toString()).toBe('{"id":"1","name":"a"}')
    expect(await cache.get(snapshot, 'k', payload)).toBe(first)
    expect(calls).toBe(1)
    await cache.get(snapshot, 'other', payload)
    expect(calls).toBe(2)
  })

  it('are computed again for a new snapshot, and not kept beyond the cap', async () => {
    const cache = createSerializedCache(schema, route, 1)
    let n = 0
    const payload = async () => ({ id: String(++n), name: 'a' })
    const old = {}
    const get = async (snapshot: object, key: string) => (await cache.get(snapshot, key, payload)).toString()
    expect(await get(old, 'k')).toBe('{"id":"1","name":"a"}')
    expect(await get({}, 'k')).toBe('{"id":"2","name":"a"}')
    expect(await get(old, 'k')).toBe('{"id":"1","name":"a"}')
    // Over the cap: answered, never kept.
    expect(await get(old, 'k2')).toBe('{"id":"3","name":"a"}')
    expect(await get(old, 'k2')).toBe('{"id":"4","name":"a"}')
  })

  it('refuse a payload the schema refuses, as the route would', async () => {
    const cache = createSerializedCache(schema, route)
    await expect(cache.get({}, 'k', async () => ({ id: 1 }))).rejects.toThrow()
  })
})

describe('a registration fee (priceOf) and its bounds', () => {
  const items = [
    { itemName: '会务费', itemType: 1, itemTypeName: '会务费', price: '800' },
    { itemName: '合住', itemType: 3, itemTypeName: '合住', price: '200.50' },
  ]
  const at = (text: string) => parseDateTime(text)
  it('adds the fee items and the wished room per night', () => {
    expect(priceOf(items, 2, at('2026-05-10 14:00:00'), at('2026-05-12 10:00:00'))).toBe('1201.00')
    expect(priceOf(items, 2, null, null)).toBe('1000.50')
  })
  it('refuses a sum the column cannot hold instead of storing a wrong one', () => {
    const huge = [{ ...items[1]!, price: '999999999999' }]
    expect(() => priceOf(huge, 2, at('2026-01-01 00:00:00'), at('2026-12-31 00:00:00'))).toThrow(
      RegisteredMsg.PRICE_TOO_LARGE,
    )
  })
  it('keeps a stay within 7 days of its meeting', () => {
    const meeting = { startTime: at('2026-05-11 09:00:00')!, endTime: at('2026-05-12 18:00:00')! }
    expect(stayWindowProblem(meeting, at('2026-05-04 09:00:00'), at('2026-05-19 18:00:00'))).toBe(null)
    expect(stayWindowProblem(meeting, null, null)).toBe(null)
    expect(stayWindowProblem(meeting, at('2026-05-04 08:59:59'), null)?.message).toBe(
      RegisteredMsg.ARRIVAL_WINDOW,
    )
    expect(stayWindowProblem(meeting, null, at('9999-12-31 00:00:00'))).toEqual({
      field: 'departureTime',
      message: RegisteredMsg.DEPARTURE_WINDOW,
    })
  })
})
