import type { PrismaClient } from '@ysjs/db'
import {
  TenantPackageMsg,
  type TTenantPackageSubmit,
  ZTenantPackageRecordSchema,
  ZTenantPackageSubmitSchema,
} from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { createCrudService, crudCodes, type TPatch } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { lockForRemoval } from '../../lib/row-locks.ts'
import { buildTree, splitIds } from '../../lib/tree.ts'

/**
 * Tenant product packages (blade_tenant_package): a name and the menus a tenant on this package may
 * use at most. The generic CRUD plus two rules: every checked menu exists, and a package that a live
 * tenant points at cannot be deleted (its tenants would silently lose their cap).
 */
export const createTenantPackageService = (prisma: PrismaClient) => {
  const crud = createCrudService(prisma, {
    prefix: '/api/ysjs-system/tenant-package',
    model: (db) => db.tenantPackage,
    submit: ZTenantPackageSubmitSchema,
    record: ZTenantPackageRecordSchema,
    filters: { packageName: 'string', remark: 'string?' },
    sortable: ['packageName', 'createTime', 'updateTime'],
    permissions: crudCodes('tenantpackage'),
    // An emptied remark is cleared, not left as it was.
    toData: (input) => ({ ...input, remark: input.remark ?? null }),
  })

  const assertMenus = async (menuCsv: string) => {
    const ids = splitIds(menuCsv)
    const found = await prisma.menu.count({ where: { id: { in: ids }, isDeleted: 0 } })
    if (found !== ids.length) {
      throw AppError.badRequest(TenantPackageMsg.MENU_UNKNOWN)
    }
  }

  return {
    ...crud,
    /** Every live menu and button as a tree (contract 4.5), for the package's menu multi-select. */
    async menuTree() {
      const menus = await prisma.menu.findMany({
        where: { isDeleted: 0 },
        orderBy: [{ sort: 'asc' }, { id: 'asc' }],
        select: { id: true, parentId: true, name: true, category: true },
      })
      return buildTree(
        menus.map((m) => ({
          id: m.id,
          parentId: m.parentId,
          title: m.name,
          key: m.id,
          value: m.id,
          category: m.category,
        })),
      )
    },
    select: () =>
      prisma.tenantPackage.findMany({
        where: { isDeleted: 0 },
        orderBy: [{ createTime: 'asc' }, { id: 'asc' }],
        select: { id: true, packageName: true },
      }),
    async create(ctx: TCtx, input: TTenantPackageSubmit) {
      await assertMenus(input.menuId)
      return crud.create(ctx, input)
    },
    async update(ctx: TCtx, id: bigint, input: TPatch<typeof ZTenantPackageSubmitSchema>) {
      if (input.menuId !== undefined && input.menuId !== null) {
        await assertMenus(input.menuId)
      }
      return crud.update(ctx, id, input)
    },
    /** Locked before counting: a tenant given the package meanwhile is counted, or finds it gone (decision 030). */
    async remove(ctx: TCtx, ids: bigint[]) {
      return prisma.$transaction(async (tx) => {
        await lockForRemoval(tx, 'blade_tenant_package', ids)
        const used = await tx.tenant.count({ where: { packageId: { in: ids }, isDeleted: 0 } })
        if (used) {
          throw AppError.badRequest(TenantPackageMsg.IN_USE)
        }
        return crud.remove(ctx, ids, tx)
      })
    },
  }
}
export type TTenantPackageService = ReturnType<typeof createTenantPackageService>
