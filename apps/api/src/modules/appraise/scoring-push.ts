import { nextId, type Prisma } from '@ysjs/db'
import { RESULTS_STATUS } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { skipTake, toPage } from '../../lib/paging.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { loadResults, lockResults } from './appraise-access.ts'
import type { TTx } from './results-rows.ts'
import { ScoringMsg, type TScoringDeps } from './scoring-msg.ts'

/** Experts pushed to an application (推送专家): the candidates, the push, the list and its removal. */
export const createExpertPushes = (
  deps: TScoringDeps,
  steps: {
    ensureIndexes: (tx: TTx, resultsId: bigint) => Promise<unknown>
    advanceIfScored: (tx: TTx, ctx: TCtx, resultsId: bigint) => Promise<void>
  },
) => {
  const { results } = deps
  const db = (ctx: TCtx) => tenantDb(deps.prisma, ctx.tenantId)
  const { ensureIndexes, advanceIfScored } = steps
  return {
    /** Experts of the library not yet pushed to the application, by name, unit or profession. */
    async candidates(ctx: TCtx, q: { resultsId: string; keyword?: string; current: number; size: number }) {
      const resultsId = BigInt(q.resultsId)
      await loadResults(deps, ctx, resultsId)
      const pushed = await db(ctx).resultsExpert.findMany({
        where: { resultsId, isDeleted: 0 },
        select: { expertId: true },
      })
      const where: Prisma.ExpertBasicWhereInput = {
        isDeleted: 0,
        id: { notIn: pushed.map((p) => p.expertId) },
        ...(q.keyword
          ? {
              OR: [
                { name: { contains: q.keyword } },
                { workUnit: { contains: q.keyword } },
                { profession: { contains: q.keyword } },
              ],
            }
          : {}),
      }
      const [rows, total] = await Promise.all([
        db(ctx).expertBasic.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...skipTake(q) }),
        db(ctx).expertBasic.count({ where }),
      ])
      return toPage(
        rows.map((e) => ({
          id: e.id,
          name: e.name,
          workUnit: e.workUnit,
          profession: e.profession,
          level: e.level,
          hasAccount: e.userId !== null,
        })),
        total,
        q,
      )
    },

    async push(ctx: TCtx, resultsId: bigint, expertIds: bigint[]) {
      const { row } = await loadResults(deps, ctx, resultsId)
      if (row.status !== RESULTS_STATUS.ACCEPTED && row.status !== RESULTS_STATUS.EVALUATING) {
        const before = row.status < RESULTS_STATUS.ACCEPTED || row.status === RESULTS_STATUS.RETURNED
        throw AppError.badRequest(before ? ScoringMsg.PUSH_STATUS : ScoringMsg.PUSH_CLOSED)
      }
      const experts = await db(ctx).expertBasic.findMany({ where: { id: { in: expertIds }, isDeleted: 0 } })
      if (experts.length !== new Set(expertIds.map(String)).size) {
        throw AppError.badRequest(ScoringMsg.NO_EXPERT)
      }
      // An expert without a login account could never score, and the application would wait forever.
      const noAccount = experts.find((e) => e.userId === null)
      if (noAccount) {
        throw AppError.badRequest(ScoringMsg.NO_ACCOUNT(noAccount.name ?? ''))
      }
      await db(ctx).$transaction(async (tx) => {
        await lockResults(tx, resultsId)
        await ensureIndexes(tx, resultsId)
        const already = new Set(
          (
            await tx.resultsExpert.findMany({
              where: { resultsId, isDeleted: 0 },
              select: { expertId: true },
            })
          ).map((p) => p.expertId),
        )
        for (const e of experts.filter((x) => !already.has(x.id))) {
          await tx.resultsExpert.create({
            data: {
              id: nextId(),
              resultsId,
              expertId: e.id,
              ...withAudit(ctx).author,
            },
          })
          await results.addEvent(tx, ctx, resultsId, 'push', `推送专家 ${e.name ?? ''}`)
        }
      })
    },

    async pushed(ctx: TCtx, resultsId: bigint) {
      await loadResults(deps, ctx, resultsId)
      const rows = await db(ctx).resultsExpert.findMany({
        where: { resultsId, isDeleted: 0 },
        orderBy: [{ createTime: 'asc' }, { id: 'asc' }],
      })
      const experts = await db(ctx).expertBasic.findMany({
        where: { id: { in: rows.map((r) => r.expertId) } },
      })
      const byId = new Map(experts.map((e) => [e.id, e]))
      return rows.map((r) => ({
        id: r.id,
        resultsId: r.resultsId,
        expertId: r.expertId,
        expertName: byId.get(r.expertId)?.name ?? '',
        workUnit: byId.get(r.expertId)?.workUnit ?? null,
        hasAccount: (byId.get(r.expertId)?.userId ?? null) !== null,
        scored: r.scoredTime !== null,
        scoredTime: r.scoredTime,
        createTime: r.createTime,
      }))
    },

    async removePushed(ctx: TCtx, ids: bigint[]) {
      const rows = await db(ctx).resultsExpert.findMany({ where: { id: { in: ids }, isDeleted: 0 } })
      for (const r of rows) {
        await loadResults(deps, ctx, r.resultsId)
        if (r.scoredTime) {
          throw AppError.badRequest(ScoringMsg.REMOVE_SCORED)
        }
      }
      await db(ctx).$transaction(async (tx) => {
        for (const r of rows) {
          await lockResults(tx, r.resultsId)
          await tx.resultsExpert.updateMany({ where: { id: r.id, scoredTime: null }, data: { isDeleted: 1 } })
          await results.addEvent(tx, ctx, r.resultsId, 'push', '移除推送专家')
          // The experts left may all have scored already.
          await advanceIfScored(tx, ctx, r.resultsId)
        }
      })
    },
  }
}
