import { nextId, Prisma } from '@ysjs/db'
import {
  DEFAULT_GRADE_THRESHOLDS,
  GRADE_THRESHOLDS_PARAM,
  parseGradeThresholds,
  RESULTS_STATUS,
} from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { skipTake, toPage } from '../../lib/paging.ts'
import { type TTenantDb, tenantDb } from '../../lib/tenancy.ts'
import { decimal, isStaff, lockResults } from './appraise-access.ts'
import type { TTx } from './results-rows.ts'
import { createScoringIndexes } from './scoring-indexes.ts'
import { ScoringMsg, type TScoringDeps } from './scoring-msg.ts'
import { createExpertPushes } from './scoring-push.ts'

export { ScoringMsg, type TScoringDeps } from './scoring-msg.ts'

export const createScoringService = (deps: TScoringDeps) => {
  const { prisma, results } = deps
  const db = (ctx: TCtx) => tenantDb(prisma, ctx.tenantId)

  const thresholds = async () =>
    parseGradeThresholds((await deps.param(GRADE_THRESHOLDS_PARAM)) ?? '') ?? [...DEFAULT_GRADE_THRESHOLDS]

  /**
   * The expert records whose login account is the caller's, read now: relinking an account in the expert
   * library moves the review rights with it (nothing is copied at push time).
   */
  const myExpertIds = async (ctx: TCtx, d: TTx | TTenantDb = db(ctx)) => {
    if (!ctx.user) {
      return []
    }
    const experts = await d.expertBasic.findMany({
      where: { userId: ctx.user.userId, isDeleted: 0 },
      select: { id: true },
    })
    return experts.map((e) => e.id)
  }

  /** The caller's push to this application, through their expert record. */
  const pushOf = async (ctx: TCtx, resultsId: bigint, d: TTx | TTenantDb = db(ctx)) => {
    const expertIds = await myExpertIds(ctx, d)
    if (!expertIds.length) {
      return null
    }
    return d.resultsExpert.findFirst({
      where: { resultsId, expertId: { in: expertIds }, isDeleted: 0 },
      orderBy: { createTime: 'asc' },
    })
  }
  const indexes = createScoringIndexes(deps, thresholds)
  const { indexesOf, setFor, ensureIndexes, recompute } = indexes

  /** 评价中 → 已评分 once every pushed expert has submitted. */
  const advanceIfScored = async (tx: TTx, ctx: TCtx, resultsId: bigint) => {
    const row = await tx.results.findFirst({ where: { id: resultsId }, select: { status: true } })
    if (row?.status !== RESULTS_STATUS.EVALUATING) {
      return
    }
    const pushed = await tx.resultsExpert.findMany({
      where: { resultsId, isDeleted: 0 },
      select: { scoredTime: true },
    })
    if (pushed.length && pushed.every((p) => p.scoredTime)) {
      await results.transition(tx, ctx, resultsId, RESULTS_STATUS.SCORED, { by: 'server' })
    }
  }

  const service = {
    advanceIfScored,
    ...createExpertPushes(deps, { ensureIndexes, advanceIfScored }),
    defaultConfig: indexes.defaultConfig,
    saveConfig: indexes.saveConfig,

    /** An expert's review list: the applications pushed to them. */
    async reviewPage(ctx: TCtx, q: { current: number; size: number; name?: string }) {
      const expertIds = await myExpertIds(ctx)
      const pushes = expertIds.length
        ? await db(ctx).resultsExpert.findMany({ where: { expertId: { in: expertIds }, isDeleted: 0 } })
        : []
      const scored = new Map(pushes.map((p) => [p.resultsId, p.scoredTime !== null]))
      const where: Prisma.ResultsWhereInput = {
        isDeleted: 0,
        id: { in: pushes.map((p) => p.resultsId) },
        ...(q.name ? { name: { contains: q.name } } : {}),
      }
      const [rows, total] = await Promise.all([
        db(ctx).results.findMany({ where, orderBy: { id: 'desc' }, ...skipTake(q) }),
        db(ctx).results.count({ where }),
      ])
      const records = await results.records(ctx, rows, false)
      return toPage(
        records.map((r) => ({
          id: r.id,
          agreementNumber: r.agreementNumber,
          name: r.name,
          outcomeTypeName: r.outcomeTypeName,
          status: r.status,
          statusName: r.statusName,
          meetingTime: r.meetingTime,
          scored: scored.get(r.id) ?? false,
        })),
        total,
        q,
      )
    },

    /**
     * What a pushed expert reads of an application: no totals, and the principal's and units' contact
     * details (addresses, people, phones, mail) only after they have submitted their scores.
     */
    async reviewDetail(ctx: TCtx, resultsId: bigint) {
      const push = await pushOf(ctx, resultsId)
      if (!push) {
        throw AppError.forbidden(ScoringMsg.NOT_PUSHED)
      }
      const row = await db(ctx).results.findFirst({ where: { id: resultsId, isDeleted: 0 } })
      if (!row) {
        throw AppError.forbidden(ScoringMsg.NOT_PUSHED)
      }
      const [base] = await results.records(ctx, [row], false)
      const rows = await results.rowsOf(ctx, resultsId)
      const submitted = push.scoredTime !== null
      const principal = rows.principal
        ? {
            unitName: rows.principal.unitName,
            address: submitted ? rows.principal.address : null,
            name: submitted ? rows.principal.name : null,
            phone: submitted ? rows.principal.phone : null,
            personMail: submitted ? rows.principal.personMail : null,
          }
        : null
      return {
        id: base!.id,
        agreementNumber: base!.agreementNumber,
        name: base!.name,
        outcomeTypeName: base!.outcomeTypeName,
        resultsSource: base!.resultsSource,
        synopsis: base!.synopsis,
        meetingTime: base!.meetingTime,
        meetingVenue: base!.meetingVenue,
        statusName: base!.statusName,
        units: rows.unitEntityList.map((u) => ({
          unitName: u.unitName,
          address: submitted ? u.address : null,
          name: submitted ? u.name : null,
          phone: submitted ? u.phone : null,
        })),
        principal,
        submitted,
      }
    },

    /**
     * `index/selectByResultsId`: staff see every expert's scores and the means; a pushed expert sees
     * only their own scores, never another expert's nor the means.
     */
    async selectByResultsId(ctx: TCtx, resultsId: bigint) {
      const staff = await isStaff(deps, ctx)
      const push = staff ? null : await pushOf(ctx, resultsId)
      if (!staff && !push) {
        throw AppError.forbidden(ScoringMsg.NOT_PUSHED)
      }
      const row = await db(ctx).results.findFirst({ where: { id: resultsId, isDeleted: 0 } })
      if (!row) {
        throw AppError.badRequest('成果不存在')
      }
      let indexes = await indexesOf(db(ctx), resultsId)
      if (!indexes.length) {
        indexes = (await setFor(db(ctx), row.outcomeType)).map((item, i) => ({
          id: 0n,
          tenantId: ctx.tenantId,
          resultsId,
          name: item.name,
          weight: new Prisma.Decimal(item.weight),
          meaning: item.meaning,
          sort: i + 1,
          score: null,
          createTime: new Date(),
          isDeleted: 0,
        }))
      }
      const scores = await db(ctx).resultsScore.findMany({
        where: { resultsId, ...(push ? { expertId: push.expertId } : {}) },
      })
      const experts = staff
        ? await db(ctx).expertBasic.findMany({
            where: { id: { in: [...new Set(scores.map((s) => s.expertId))] } },
            select: { id: true, name: true },
          })
        : []
      const nameOf = new Map(experts.map((e) => [e.id, e.name ?? '']))
      return {
        records: indexes.map((i) => {
          const mine = push ? scores.find((s) => s.indexId === i.id) : undefined
          return {
            id: i.id,
            resultsId: i.resultsId,
            name: i.name,
            weight: Number(i.weight),
            meaning: i.meaning,
            sort: i.sort,
            score: staff ? decimal(i.score) : null,
            myScore: mine ? Number(mine.score) : null,
            expertScores: staff
              ? scores
                  .filter((s) => s.indexId === i.id)
                  .map((s) => ({
                    expertId: s.expertId,
                    expertName: nameOf.get(s.expertId) ?? '',
                    score: Number(s.score),
                  }))
              : [],
          }
        }),
        totalScore: staff ? decimal(row.totalScore) : null,
        grade: staff ? row.grade : null,
        submitted: push ? push.scoredTime !== null : false,
        opinion: push ? push.opinion : null,
      }
    },

    /** `index/score`: a pushed expert scores every indicator once, with an opinion. */
    async score(
      ctx: TCtx,
      body: { resultsId: string; opinion: string; scores: { indexId: string; score: number }[] },
    ) {
      const resultsId = BigInt(body.resultsId)
      const push = await pushOf(ctx, resultsId)
      if (!push) {
        throw AppError.forbidden(ScoringMsg.NOT_PUSHED)
      }
      await db(ctx).$transaction(async (tx) => {
        await lockResults(tx, resultsId)
        const row = await tx.results.findFirst({
          where: { id: resultsId, isDeleted: 0 },
          select: { status: true },
        })
        if (row?.status !== RESULTS_STATUS.ACCEPTED && row?.status !== RESULTS_STATUS.EVALUATING) {
          throw AppError.badRequest(ScoringMsg.SCORE_STATUS)
        }
        const current = await tx.resultsExpert.findFirst({ where: { id: push.id, isDeleted: 0 } })
        if (!current) {
          throw AppError.forbidden(ScoringMsg.NOT_PUSHED)
        }
        if (current.scoredTime) {
          throw AppError.badRequest(ScoringMsg.SCORED)
        }
        const indexes = await ensureIndexes(tx, resultsId)
        const given = new Map(body.scores.map((s) => [s.indexId, s.score]))
        if (
          given.size !== body.scores.length ||
          indexes.some((i) => !given.has(String(i.id))) ||
          given.size !== indexes.length
        ) {
          throw AppError.badRequest(ScoringMsg.ALL_INDEXES)
        }
        await tx.resultsScore.createMany({
          data: indexes.map((i) => ({
            id: nextId(),
            resultsId,
            indexId: i.id,
            expertId: push.expertId,
            score: given.get(String(i.id))!,
          })),
        })
        await tx.resultsExpert.updateMany({
          where: { id: push.id },
          data: { scoredTime: new Date(), opinion: body.opinion },
        })
        await results.addEvent(tx, ctx, resultsId, 'score', '专家提交评分')
        await recompute(tx, resultsId)
        await advanceIfScored(tx, ctx, resultsId)
      })
    },
  }
  return service
}

export type TScoringService = ReturnType<typeof createScoringService>
