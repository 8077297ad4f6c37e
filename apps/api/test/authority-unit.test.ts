// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${userId}` and the like are placeholders of custom data-scope rules.
import { DataScopeType, dataScopeValueIssue, parseScopeRule, ScopeMsg, scopeFieldName } from '@ysjs/shared'
import { describe, expect, it } from 'vitest'
import { apiScopeCovers, effectiveMenuIds } from '../src/lib/access-rules.ts'
import { conditionWhere, dataScopeWhere, type TScopeSubject } from '../src/lib/data-scope.ts'
import { changedRoles, planRoleMenus } from '../src/modules/role/grant-plan.ts'

const subject: TScopeSubject = {
  userId: 7n,
  deptIds: [10n, 11n],
  roleIds: [3n],
  tenantId: '000000',
  account: 'alice',
  deptsWithChildren: async () => [10n, 11n, 12n],
}
const scope = (over: Record<string, unknown>) =>
  ({ id: 1n, scopeType: 1, scopeColumn: null, scopeValue: null, resourceCode: 'notice', ...over }) as never
const FIELDS = { title: 'string', category: 'int?' } as const

describe('effectiveMenuIds', () => {
  it('gives administrator everything, others their roles capped by the package', () => {
    const all = [1n, 2n, 3n, 4n]
    expect(
      effectiveMenuIds({
        administrator: true,
        allMenuIds: all,
        roleMenuIds: [],
        packageMenuIds: new Set([1n]),
      }),
    ).toEqual(new Set(all))
    expect(
      effectiveMenuIds({
        administrator: false,
        allMenuIds: all,
        roleMenuIds: [1n, 2n, 2n],
        packageMenuIds: null,
      }),
    ).toEqual(new Set([1n, 2n]))
    expect(
      effectiveMenuIds({
        administrator: false,
        allMenuIds: all,
        roleMenuIds: [1n, 2n],
        packageMenuIds: new Set([2n, 3n]),
      }),
    ).toEqual(new Set([2n]))
  })
})

describe('apiScopeCovers', () => {
  it('covers the path itself and what lies below it, with or without the /api prefix', () => {
    expect(apiScopeCovers('/api/ysjs-desk/notice', '/api/ysjs-desk/notice/list')).toBe(true)
    expect(apiScopeCovers('/api/ysjs-desk/notice/list', '/api/ysjs-desk/notice/list')).toBe(true)
    expect(apiScopeCovers('/ysjs-desk/notice/', '/api/ysjs-desk/notice/detail')).toBe(true)
    expect(apiScopeCovers('/api/ysjs-desk/notice', '/api/ysjs-desk/notices')).toBe(false)
    expect(apiScopeCovers('api/ysjs-desk', '/api/ysjs-desk/notice')).toBe(false)
  })
})

describe('planRoleMenus', () => {
  const roles = [
    { id: 1n, parentId: 0n },
    { id: 2n, parentId: 1n },
    { id: 3n, parentId: 2n },
    { id: 4n, parentId: 0n },
  ]
  const current = new Map([
    [1n, new Set([10n, 11n, 12n])],
    [2n, new Set([10n, 11n])],
    [3n, new Set([11n])],
    [4n, new Set([12n])],
  ])
  it('sets the granted roles and prunes every role below them, recursively', () => {
    const next = planRoleMenus({ roles, current, roleIds: [1n], menuIds: [10n, 12n] })
    expect(next.get(1n)).toEqual(new Set([10n, 12n]))
    expect(next.get(2n)).toEqual(new Set([10n]))
    expect(next.get(3n)).toEqual(new Set())
    expect(next.has(4n)).toBe(false)
    expect(changedRoles(current, next).sort()).toEqual([1n, 2n, 3n])
  })
  it('narrows a granted child by its granted parent', () => {
    const next = planRoleMenus({ roles, current, roleIds: [2n, 1n], menuIds: [11n] })
    expect(next.get(2n)).toEqual(new Set([11n]))
    expect(next.get(3n)).toEqual(new Set([11n]))
    expect(changedRoles(current, next)).not.toContain(3n)
  })
})

describe('data-scope rules', () => {
  it('parses only structured rules', () => {
    expect(parseScopeRule('[{"field":"category","op":"eq","value":"1"}]')).toEqual([
      { field: 'category', op: 'eq', value: '1' },
    ])
    expect(parseScopeRule('create_user = 1')).toBeNull()
    expect(parseScopeRule('[{"field":"a b","op":"eq"}]')).toBeNull()
    expect(parseScopeRule('[{"field":"a","op":"drop"}]')).toBeNull()
    expect(parseScopeRule('[]')).toBeNull()
    expect(dataScopeValueIssue({ scopeType: DataScopeType.CUSTOM })).toBe(ScopeMsg.VALUE_REQUIRED)
    expect(dataScopeValueIssue({ scopeType: DataScopeType.OWN })).toBeNull()
    expect(scopeFieldName('create_dept')).toBe('createDept')
  })

  it('turns each type into a where on whitelisted fields; unknown fields match nothing', async () => {
    expect(await dataScopeWhere([], FIELDS, subject)).toBeNull()
    expect(await dataScopeWhere([scope({ scopeType: 1 })], FIELDS, subject)).toBeNull()
    expect(await dataScopeWhere([scope({ scopeType: 2 })], FIELDS, subject)).toEqual({ createUser: 7n })
    expect(await dataScopeWhere([scope({ scopeType: 3 })], FIELDS, subject)).toEqual({
      createDept: { in: [10n, 11n] },
    })
    expect(
      await dataScopeWhere([scope({ scopeType: 4, scopeColumn: 'create_dept' })], FIELDS, subject),
    ).toEqual({
      createDept: { in: [10n, 11n, 12n] },
    })
    expect(await dataScopeWhere([scope({ scopeType: 2, scopeColumn: 'password' })], FIELDS, subject)).toEqual(
      { id: { in: [] } },
    )
    expect(
      await dataScopeWhere(
        [scope({ scopeType: 5, scopeValue: '[{"field":"category","op":"in","value":"1,2"}]' })],
        FIELDS,
        subject,
      ),
    ).toEqual({ AND: [{ category: { in: [1, 2] } }] })
    expect(await dataScopeWhere([scope({ scopeType: 5, scopeValue: 'x' })], FIELDS, subject)).toEqual({
      id: { in: [] },
    })
    expect(await dataScopeWhere([scope({ scopeType: 2 }), scope({ scopeType: 3 })], FIELDS, subject)).toEqual(
      {
        OR: [{ createUser: 7n }, { createDept: { in: [10n, 11n] } }],
      },
    )
    expect(
      await dataScopeWhere([scope({ scopeType: 2 }), scope({ scopeType: 1 })], FIELDS, subject),
    ).toBeNull()
  })

  it('fills placeholders and refuses values the field cannot hold', () => {
    const all = { ...FIELDS, createDept: 'id?', createUser: 'id?' } as const
    expect(conditionWhere({ field: 'createUser', op: 'eq', value: '${userId}' }, all, subject)).toEqual({
      createUser: { equals: 7n },
    })
    expect(conditionWhere({ field: 'createDept', op: 'notin', value: '${deptIds}' }, all, subject)).toEqual({
      createDept: { notIn: [10n, 11n] },
    })
    expect(conditionWhere({ field: 'title', op: 'like', value: '50%' }, all, subject)).toEqual({
      title: { contains: '50\\%', mode: 'insensitive' },
    })
    expect(conditionWhere({ field: 'category', op: 'eq', value: 'abc' }, all, subject)).toBeUndefined()
    expect(conditionWhere({ field: 'category', op: 'like', value: '1' }, all, subject)).toBeUndefined()
    expect(conditionWhere({ field: 'category', op: 'null', value: '' }, all, subject)).toEqual({
      category: null,
    })
  })
})
