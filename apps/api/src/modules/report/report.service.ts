import type { PrismaClient } from '@ysjs/db'
import type { TPageQuery } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { withAudit } from '../../lib/crud.ts'
import { whereFromFilters } from '../../lib/filters.ts'
import { orderByFrom, skipTake, toPage } from '../../lib/paging.ts'
import { assertTableWritable } from '../../lib/table-ownership.ts'

const LIVE = { isDeleted: 0 }
const FILTERS = { name: 'string', createTime: 'date' } as const

/**
 * Saved reports of the report designer (`blade_report_file`, platform-wide as in the original):
 * list and remove; the designer that writes them comes with the code generator. A platform table
 * (`lib/table-ownership.ts`): tenants run the designs, the platform administrator writes them.
 */
export const createReportService = (prisma: PrismaClient) => ({
  async page(query: TPageQuery & Record<string, unknown>) {
    const where = { AND: [LIVE, ...whereFromFilters(query, FILTERS)] }
    const requested = orderByFrom(query, ['name', 'createTime', 'updateTime'])
    const orderBy = [
      ...(requested.length ? requested : [{ createTime: 'desc' as const }]),
      { id: 'desc' as const },
    ]
    const [records, total] = await Promise.all([
      prisma.reportFile.findMany({
        where,
        orderBy,
        ...skipTake(query),
        select: { id: true, name: true, createTime: true, updateTime: true },
      }),
      prisma.reportFile.count({ where }),
    ])
    return toPage(records, total, query, requested)
  },
  /** Logical delete; unknown ids are skipped. */
  async remove(ctx: TCtx, ids: bigint[]): Promise<number> {
    assertTableWritable(ctx, 'ReportFile')
    const result = await prisma.reportFile.updateMany({
      where: { id: { in: ids }, ...LIVE },
      data: withAudit().deleted,
    })
    return result.count
  },
})
export type TReportService = ReturnType<typeof createReportService>
