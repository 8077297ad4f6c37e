import type { PrismaClient } from '@ysjs/db'

/**
 * Contract 10.1: a process category is `flow_<dictKey>` of the business dictionary `flow`; its name is
 * the item's value, the tenant's own item over the platform's (tenant 000000).
 */
export const flowCategoryNames = async (prisma: PrismaClient, tenantId: string) => {
  const items = await prisma.dictBiz.findMany({
    where: { code: 'flow', parentId: { not: 0n }, isDeleted: 0, tenantId: { in: [tenantId, '000000'] } },
    select: { dictKey: true, dictValue: true, tenantId: true },
  })
  const map = new Map<string, string>()
  // The platform's first, so the tenant's own overwrite them.
  for (const i of items.sort((a, b) => Number(b.tenantId === '000000') - Number(a.tenantId === '000000'))) {
    map.set(`flow_${i.dictKey}`, i.dictValue)
  }
  return map
}
