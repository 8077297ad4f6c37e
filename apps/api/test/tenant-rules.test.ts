import { describe, expect, it } from 'vitest'
import { menuSubtreeIds, randomTenantCode } from '../src/modules/tenant/tenant.service.ts'
import { quotaAllows, tenantLoginRefusal } from '../src/modules/tenant/tenant-rules.ts'

const now = new Date('2025-06-01T00:00:00Z')
const tenant = (over: Partial<Parameters<typeof tenantLoginRefusal>[0] & object> = {}) => ({
  tenantId: '123456',
  status: 1,
  expireTime: null,
  isDeleted: 0,
  ...over,
})

describe('tenantLoginRefusal', () => {
  it('lets a normal tenant in, with or without a future expiry', () => {
    expect(tenantLoginRefusal(tenant(), now)).toBeNull()
    expect(tenantLoginRefusal(tenant({ expireTime: new Date('2025-06-01T00:00:01Z') }), now)).toBeNull()
  })
  it('refuses an unknown or deleted tenant', () => {
    expect(tenantLoginRefusal(null, now)).toBe('未获得用户的租户信息')
    expect(tenantLoginRefusal(tenant({ isDeleted: 1 }), now)).toBe('未获得用户的租户信息')
  })
  it('refuses an expired tenant from the moment of expiry', () => {
    expect(tenantLoginRefusal(tenant({ expireTime: now }), now)).toBe('租户授权已过期,请联系管理员')
    expect(tenantLoginRefusal(tenant({ expireTime: new Date('2020-01-01') }), now)).toBe(
      '租户授权已过期,请联系管理员',
    )
  })
  it('refuses a recycled or pending tenant', () => {
    expect(tenantLoginRefusal(tenant({ status: 2 }), now)).toBe('租户已被回收,请联系管理员')
    expect(tenantLoginRefusal(tenant({ status: 0 }), now)).toBe('租户尚未审核通过,请联系管理员')
  })
  it('never refuses the management tenant unless it is gone', () => {
    const mgmt = tenant({ tenantId: '000000', status: 2, expireTime: new Date('2020-01-01') })
    expect(tenantLoginRefusal(mgmt, now)).toBeNull()
    expect(tenantLoginRefusal({ ...mgmt, isDeleted: 1 }, now)).toBe('未获得用户的租户信息')
  })
})

describe('quotaAllows', () => {
  it('treats -1 (and any negative) as unlimited', () => {
    expect(quotaAllows(-1, 1_000_000)).toBe(true)
    expect(quotaAllows(-5, 10, 100)).toBe(true)
  })
  it('allows up to the quota and not one more', () => {
    expect(quotaAllows(3, 2)).toBe(true)
    expect(quotaAllows(3, 3)).toBe(false)
    expect(quotaAllows(3, 1, 2)).toBe(true)
    expect(quotaAllows(3, 1, 3)).toBe(false)
    expect(quotaAllows(0, 0)).toBe(false)
  })
})

describe('new tenant helpers', () => {
  it('draws 6-digit codes, leading zeros included', () => {
    const codes = Array.from({ length: 2000 }, randomTenantCode)
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true)
    expect(new Set(codes).size).toBeGreaterThan(1900)
  })
  it('takes the menus of the codes and all their descendants', () => {
    const menus = [
      { id: 1n, parentId: 0n, code: 'desk' },
      { id: 2n, parentId: 1n, code: 'notice' },
      { id: 3n, parentId: 2n, code: 'notice_add' },
      { id: 4n, parentId: 0n, code: 'system' },
      { id: 5n, parentId: 4n, code: 'user' },
      { id: 6n, parentId: 5n, code: 'user_add' },
      { id: 7n, parentId: 4n, code: 'param' },
    ]
    expect(menuSubtreeIds(menus, ['desk', 'user', 'unknown']).sort()).toEqual([1n, 2n, 3n, 5n, 6n])
    expect(menuSubtreeIds(menus, [])).toEqual([])
  })
})
