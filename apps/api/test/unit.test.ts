import { describe, expect, it } from 'vitest'
import { whereFromFilters } from '../src/lib/filters.ts'
import { orderByFrom, toPage } from '../src/lib/paging.ts'
import { toWire } from '../src/lib/serialize.ts'
import { buildTree, splitIds } from '../src/lib/tree.ts'
import { firstIssueMessage } from '../src/plugins/error-handler.ts'

describe('map-style filters (contract 4.3)', () => {
  const fields = { name: 'string', status: 'int', createTime: 'date', deptId: 'id' } as const
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
    ])
  })
  it('ignores unknown fields, reserved keys, empty and unparsable values', () => {
    expect(
      whereFromFilters(
        {
          current: '1',
          size: '10',
          password: 'x',
          status: 'abc',
          createTime_datege: 'yesterday',
          name: '',
          deptId: '1;2',
          name_ignore: 'x',
        },
        fields,
      ),
    ).toEqual([])
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
  })
})
