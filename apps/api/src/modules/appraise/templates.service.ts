import { nextId, type PrismaClient } from '@ysjs/db'
import { DEFAULT_INDEX_SET, type TAppraiseRowsQuery, type TIndexTemplateSubmit } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { dictLabels } from '../../lib/dict-labels.ts'
import { AppError } from '../../lib/errors.ts'
import { skipTake, toPage } from '../../lib/paging.ts'
import { type TTenantDb, tenantDb } from '../../lib/tenancy.ts'

type TTx = Parameters<Parameters<TTenantDb['$transaction']>[0]>[0]
export type TIndexItem = { name: string; weight: number; meaning: string }

const LIVE = { isDeleted: 0 }
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
  const db = (ctx: TCtx) => tenantDb(prisma, ctx.tenantId)

  const records = async (
    ctx: TCtx,
    rows: Awaited<ReturnType<TTenantDb['resultsIndexTemplate']['findMany']>>,
  ) => {
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
        ...LIVE,
        ...(q.keyword ? { name: { contains: q.keyword } } : {}),
        ...(q.outcomeType !== undefined ? { outcomeType: q.outcomeType } : {}),
      }
      const [rows, total] = await Promise.all([
        db(ctx).resultsIndexTemplate.findMany({
          where,
          orderBy: [{ outcomeType: { sort: 'asc', nulls: 'first' } }, { id: 'desc' }],
          ...skipTake(q),
        }),
        db(ctx).resultsIndexTemplate.count({ where }),
      ])
      return toPage(await records(ctx, rows), total, q)
    },
    async detail(ctx: TCtx, id: bigint) {
      const row = await db(ctx).resultsIndexTemplate.findFirst({ where: { id, ...LIVE } })
      if (!row) {
        throw AppError.badRequest(NOT_FOUND)
      }
      return (await records(ctx, [row]))[0]!
    },
    async submit(ctx: TCtx, input: TIndexTemplateSubmit) {
      const who = ctx.user?.userId ?? null
      const data = {
        name: input.name,
        outcomeType: input.outcomeType ?? null,
        indexList: input.indexList.map((i) => ({ name: i.name, weight: i.weight, meaning: i.meaning ?? '' })),
        remark: input.remark ?? null,
      }
      if (input.id) {
        const { count } = await db(ctx).resultsIndexTemplate.updateMany({
          where: { id: BigInt(input.id), ...LIVE },
          data: { ...data, updateUser: who, updateTime: new Date() },
        })
        if (!count) {
          throw AppError.badRequest(NOT_FOUND)
        }
        return
      }
      await db(ctx).resultsIndexTemplate.create({
        data: {
          ...data,
          id: nextId(),
          createUser: who,
          createDept: ctx.user?.deptIds[0] ?? null,
          updateUser: who,
          updateTime: new Date(),
        },
      })
    },
    async remove(ctx: TCtx, ids: bigint[]) {
      await db(ctx).resultsIndexTemplate.updateMany({
        where: { id: { in: ids }, ...LIVE },
        data: { isDeleted: 1, updateUser: ctx.user?.userId ?? null, updateTime: new Date() },
      })
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
