import type { PrismaClient } from '@ysjs/db'
import { DEFAULT_INDEX_SET, type TAppraiseRowsQuery, type TIndexTemplateSubmit } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { crudTable, LIVE, type TRowOf } from '../../lib/crud.ts'
import { dictLabels } from '../../lib/dict-labels.ts'
import { AppError } from '../../lib/errors.ts'
import { skipTake, toPage } from '../../lib/paging.ts'
import type { TTenantDb } from '../../lib/tenancy.ts'

type TTx = Parameters<Parameters<TTenantDb['$transaction']>[0]>[0]
export type TIndexItem = { name: string; weight: number; meaning: string }

const NOT_FOUND = '模板不存在'

const itemsOf = (json: unknown): TIndexItem[] =>
  (Array.isArray(json) ? json : []).map((i: { name?: unknown; weight?: unknown; meaning?: unknown }) => ({
    name: String(i.name ?? ''),
    weight: Number(i.weight ?? 0),
    meaning: String(i.meaning ?? ''),
  }))

/**
 * Indicator templates (评价配置, `/api/ysjs-appraise/cofig`; decision 017): a named indicator set for one
 * outcome type, or for every type without one of its own. An application without a set of its own is
 * scored with the template of its outcome type, else the general one, else the shared default set.
 */
export const createIndexTemplateService = (prisma: PrismaClient) => {
  const templates = crudTable(prisma, {
    model: (db) => db.resultsIndexTemplate,
    tenantScoped: true,
    table: 'resultsIndexTemplate',
  })

  const records = async (ctx: TCtx, rows: TRowOf<typeof prisma.resultsIndexTemplate>[]) => {
    const outcome = await dictLabels(prisma, ctx.tenantId, 'achievement_type')
    return rows.map((r) => {
      const indexList = itemsOf(r.indexList)
      return {
        id: r.id,
        name: r.name,
        outcomeType: r.outcomeType,
        outcomeTypeName: r.outcomeType === null ? '' : (outcome.get(String(r.outcomeType)) ?? ''),
        indexList,
        indexNames: indexList.map((i) => `${i.name}(${i.weight})`).join('、'),
        remark: r.remark,
        createTime: r.createTime,
        updateTime: r.updateTime,
      }
    })
  }

  const service = {
    async page(
      ctx: TCtx,
      q: Pick<TAppraiseRowsQuery, 'current' | 'size' | 'keyword'> & { outcomeType?: number },
    ) {
      const where = {
        ...(q.keyword ? { name: { contains: q.keyword } } : {}),
        ...(q.outcomeType !== undefined ? { outcomeType: q.outcomeType } : {}),
      }
      const [rows, total] = await Promise.all([
        templates.many(ctx, {
          where,
          orderBy: [{ outcomeType: { sort: 'asc', nulls: 'first' } }, { id: 'desc' }],
          ...skipTake(q),
        }),
        templates.count(ctx, where),
      ])
      return toPage(await records(ctx, rows), total, q)
    },
    async detail(ctx: TCtx, id: bigint) {
      const row = await templates.first(ctx, { id })
      if (!row) {
        throw AppError.badRequest(NOT_FOUND)
      }
      return (await records(ctx, [row]))[0]!
    },
    async submit(ctx: TCtx, input: TIndexTemplateSubmit) {
      const data = {
        name: input.name,
        outcomeType: input.outcomeType ?? null,
        indexList: input.indexList.map((i) => ({ name: i.name, weight: i.weight, meaning: i.meaning ?? '' })),
        remark: input.remark ?? null,
      }
      if (input.id) {
        if (!(await templates.change(ctx, { id: BigInt(input.id) }, data))) {
          throw AppError.badRequest(NOT_FOUND)
        }
        return
      }
      await templates.insert(ctx, data)
    },
    async remove(ctx: TCtx, ids: bigint[]) {
      await templates.remove(ctx, { id: { in: ids } })
    },

    /** The indicator set for an outcome type: its template, else the general one, else the default. */
    async setFor(d: TTx | TTenantDb, outcomeType: number | null): Promise<TIndexItem[]> {
      const [own, general] = await Promise.all([
        outcomeType === null
          ? null
          : d.resultsIndexTemplate.findFirst({
              where: { outcomeType, ...LIVE },
              orderBy: [{ updateTime: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }],
            }),
        d.resultsIndexTemplate.findFirst({
          where: { outcomeType: null, ...LIVE },
          orderBy: [{ updateTime: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }],
        }),
      ])
      const template = own ?? general
      const items = template ? itemsOf(template.indexList) : []
      return items.length ? items : DEFAULT_INDEX_SET.map((i) => ({ ...i }))
    },
  }
  return service
}
export type TIndexTemplateService = ReturnType<typeof createIndexTemplateService>
