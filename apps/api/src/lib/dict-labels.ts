import type { PrismaClient } from '@ysjs/db'
import { DEFAULT_TENANT_ID } from '@ysjs/shared'

/**
 * Labels of one business dictionary (`dictKey` → `dictValue`) for a tenant, falling back to the
 * management tenant's entries for keys the tenant has not defined (new tenants start with a copy).
 */
export const dictLabels = async (
  prisma: PrismaClient,
  tenantId: string,
  code: string,
): Promise<Map<string, string>> => {
  const rows = await prisma.dictBiz.findMany({
    where: { code, parentId: { gt: 0 }, isDeleted: 0, tenantId: { in: [tenantId, DEFAULT_TENANT_ID] } },
    select: { tenantId: true, dictKey: true, dictValue: true },
  })
  const labels = new Map<string, string>()
  for (const r of rows.filter((r) => r.tenantId === DEFAULT_TENANT_ID)) {
    labels.set(r.dictKey, r.dictValue)
  }
  if (tenantId !== DEFAULT_TENANT_ID) {
    for (const r of rows.filter((r) => r.tenantId === tenantId)) {
      labels.set(r.dictKey, r.dictValue)
    }
  }
  return labels
}
