import { nextId, type Prisma } from '@ysjs/db'
import {
  DEFAULT_GRADE_THRESHOLDS,
  DEFAULT_INDEX_SET,
  GRADE_THRESHOLDS_PARAM,
  gradeOf,
  parseGradeThresholds,
  RESULTS_STATUS,
  round1,
  weightedTotal,
} from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { skipTake, toPage } from '../../lib/paging.ts'
import { type TTenantDb, tenantDb } from '../../lib/tenancy.ts'
import { decimal, isStaff, loadResults, lockResults, type TAppraiseDeps } from './appraise-access.ts'
import type { TResultsService } from './results.service.ts'
import type { TIndexTemplateService } from './templates.service.ts'

type TTx = Parameters<Parameters<TTenantDb['$transaction']>[0]>[0]

export const ScoringMsg = {
  NOT_PUSHED: '您不是该成果的评审专家',
  PUSH_STATUS: '成果受理后才能推送专家',
  PUSH_CLOSED: '专家评分已完成，不能再推送专家',
  SCORE_STATUS: '当前状态不能评分',
  SCORED: '您已提交评分，不能修改',
  ALL_INDEXES: '请为每个指标输入指标分数',
  REMOVE_SCORED: '该专家已提交评分，不能移除',
  CONFIG_SCORED: '已有专家评分，不能修改评价指标',
  NO_EXPERT: '专家不存在',
  NO_ACCOUNT: (name: string) => `专家${name}没有登录账号，不能推送`,
} as const

type TDeps = TAppraiseDeps & {
  param: (key: string) => Promise<string | null>
  results: TResultsService
  /** Indicator templates; without them every application gets the shared default set. */
  templates?: TIndexTemplateService
}

export const createScoringService = (deps: TDeps) => {
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
    await tx.resultsIndex.createMany({
      data: items.map((item, i) => ({
        id: nextId(),
        resultsId,
        name: item.name,
        weight: item.weight,
        meaning: item.meaning,
        sort: i + 1,
      })),
    })
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
              createUser: ctx.user?.userId ?? null,
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
          weight: item.weight as unknown as Prisma.Decimal,
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
        await tx.resultsIndex.createMany({
          data: items.map((item, i) => ({
            id: nextId(),
            resultsId,
            name: item.name,
            weight: item.weight,
            meaning: item.meaning ?? null,
            sort: i + 1,
          })),
        })
        await results.addEvent(tx, ctx, resultsId, 'config', `设置评价指标 ${items.length} 项`)
      })
    },
  }
  return service
}

export type TScoringService = ReturnType<typeof createScoringService>
