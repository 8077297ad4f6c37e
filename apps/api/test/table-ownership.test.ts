import { describe, expect, it } from 'vitest'
import { CHILD_TABLES, PLATFORM_TABLES, tableOwnerOf, undecidedTables } from '../src/lib/table-ownership.ts'
import { isTenantModel } from '../src/lib/tenancy.ts'

/** The one place that says who owns each table (issue 22) leaves no table undecided. */
describe('table ownership', () => {
  it('decides every Prisma model: tenant-owned, the platform’s, or a child of another row', () => {
    expect(undecidedTables()).toEqual([])
  })

  it('has no model in two places', () => {
    for (const model of PLATFORM_TABLES) {
      expect(model in CHILD_TABLES, model).toBe(false)
      expect(isTenantModel(model), model).toBe(false)
    }
    for (const [model, child] of Object.entries(CHILD_TABLES)) {
      expect(isTenantModel(model), model).toBe(false)
      expect(['tenant', 'platform']).toContain(tableOwnerOf(child.parent))
    }
  })

  it('names the tables the issue found written by a tenant as the platform’s', () => {
    for (const key of [
      'param',
      'tenantPackage',
      'region',
      'assort',
      'reportFile',
      'client',
      'tenant',
      'dict',
    ]) {
      expect(tableOwnerOf(key), key).toBe('platform')
    }
    expect(tableOwnerOf('dictBiz')).toBe('tenant')
    expect(tableOwnerOf('userDept')).toBe('child')
  })
})
