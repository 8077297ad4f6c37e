import { nextId } from '@ysjs/db'
import { DEFAULT_INDEX_SET, gradeOf, round1, weightedTotal } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { type TTenantDb, tenantDb } from '../../lib/tenancy.ts'
import { decimal, loadResults, lockResults } from './appraise-access.ts'
import type { TTx } from './results-rows.ts'
import { ScoringMsg, type TScoringDeps } from './scoring-msg.ts'

/** An indicator set's rows for an application, in the set's order. */
const indexRows = (resultsId: bigint, items: { name: string; weight: number; meaning?: string | null }[]) =>
  items.map((item, i) => ({
    id: nextId(),
    resultsId,
    name: item.name,
    weight: item.weight,
    meaning: item.meaning ?? null,
    sort: i + 1,
  }))

/**
 * An application's evaluation indicators (评价指标): its own set, made from its outcome type's template
 * when it has none, the means and the grade computed from the scores, and the `cofig` calls.
 */
export const createScoringIndexes = (
  deps: TScoringDeps,
  thresholds: () => Promise<{ min: number; grade: string }[]>,
) => {
  const db = (ctx: TCtx) => tenantDb(deps.prisma, ctx.tenantId)
  const indexesOf = (d: TTx | TTenantDb, resultsId: bigint) =>
    d.resultsIndex.findMany({ where: { resultsId, isDeleted: 0 }, orderBy: [{ sort: 'asc' }, { id: 'asc' }] })

  /** The indicator set an application without one of its own gets: its outcome type's template. */
  const setFor = async (d: TTx | TTenantDb, outcomeType: number | null) =>
    deps.templates ? deps.templates.setFor(d, outcomeType) : DEFAULT_INDEX_SET.map((i) => ({ ...i }))

  /** The application's indicator set, created from its outcome type's template when it has none. */
  const ensureIndexes = async (tx: TTx, resultsId: bigint) => {
    const existing = await indexesOf(tx, resultsId)
    if (existing.length) {
      return existing
    }
    const row = await tx.results.findFirst({ where: { id: resultsId }, select: { outcomeType: true } })
    const items = await setFor(tx, row?.outcomeType ?? null)
    await tx.resultsIndex.createMany({ data: indexRows(resultsId, items) })
    return indexesOf(tx, resultsId)
  }

  /** Means per indicator, total and grade from the scores so far (written on every submit). */
  const recompute = async (tx: TTx, resultsId: bigint) => {
    const indexes = await indexesOf(tx, resultsId)
    const means = await tx.resultsScore.groupBy({
      by: ['indexId'],
      where: { resultsId },
      _avg: { score: true },
    })
    const meanOf = new Map(
      means.map((m) => [m.indexId, m._avg.score === null ? null : round1(Number(m._avg.score))]),
    )
    for (const index of indexes) {
      await tx.resultsIndex.updateMany({
        where: { id: index.id },
        data: { score: meanOf.get(index.id) ?? null },
      })
    }
    const total = weightedTotal(
      indexes.map((i) => ({ weight: Number(i.weight), score: meanOf.get(i.id) ?? null })),
    )
    await tx.results.updateMany({
      where: { id: resultsId },
      data: { totalScore: total, grade: total === null ? null : gradeOf(total, await thresholds()) },
    })
  }

  return {
    indexesOf,
    setFor,
    ensureIndexes,
    recompute,
    /**
     * `defaultConfig`: the application's indicator set; when it has none, or when `type` (an outcome
     * type) is asked for, the template of that type (the application's own by default).
     */
    async defaultConfig(ctx: TCtx, resultsId: bigint, type?: number) {
      const { row } = await loadResults(deps, ctx, resultsId)
      const saved = type === undefined ? await indexesOf(db(ctx), resultsId) : []
      // Spec section 3's achievement indicator (id, name, score, meaning), its weight beside it.
      return saved.length
        ? saved.map((i) => ({
            id: i.id,
            name: i.name,
            score: decimal(i.score),
            meaning: i.meaning ?? '',
            weight: Number(i.weight),
          }))
        : (await setFor(db(ctx), type ?? row.outcomeType)).map((i) => ({
            id: null,
            name: i.name,
            score: null,
            meaning: i.meaning ?? '',
            weight: i.weight,
          }))
    },

    /** `cofig/saves`: replaces the indicator set while no expert has scored. */
    async saveConfig(
      ctx: TCtx,
      resultsId: bigint,
      items: { name: string; weight: number; meaning?: string }[],
    ) {
      await loadResults(deps, ctx, resultsId)
      await db(ctx).$transaction(async (tx) => {
        await lockResults(tx, resultsId)
        if (await tx.resultsScore.count({ where: { resultsId } })) {
          throw AppError.badRequest(ScoringMsg.CONFIG_SCORED)
        }
        await tx.resultsIndex.deleteMany({ where: { resultsId } })
        await tx.resultsIndex.createMany({ data: indexRows(resultsId, items) })
        await deps.results.addEvent(tx, ctx, resultsId, 'config', `设置评价指标 ${items.length} 项`)
      })
    },
  }
}
