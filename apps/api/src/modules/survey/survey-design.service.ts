import { nextId, type PrismaClient, type Survey } from '@ysjs/db'
import {
  DeptCategory,
  ExampleStatus,
  SurveyMsg,
  SurveyState,
  type TQuestionSubmit,
  type TSurveySubmit,
  type ZSurveyListQuerySchema,
} from '@ysjs/shared'
import type { z } from 'zod'
import type { TCtx } from '../../lib/context.ts'
import { withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { escapeLike } from '../../lib/filters.ts'
import { boundedPage, boundedRows, skipTake } from '../../lib/paging.ts'
import { splitIds } from '../../lib/tree.ts'
import {
  dateOnly,
  db,
  findSurvey,
  formatDateOnly,
  LIVE,
  loadQuestions,
  QUESTION_ORDER,
} from './survey-common.ts'

type TTx = Parameters<Parameters<ReturnType<typeof db>['$transaction']>[0]>[0]
const who = (ctx: TCtx) => ctx.user?.userId ?? null
/** Design changes of one survey are serialised: code checks, question order and publishing. */
const lockSurveys = (tx: TTx, tenantId: string) =>
  tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`survey:${tenantId}`}))`

/** 问卷设计 (staff): surveys, their questions and options; publishing freezes the questions (decision 019). */
export const createSurveyDesignService = (prisma: PrismaClient) => {
  const record = async (tenantId: string, rows: Survey[]) => {
    const ids = rows.map((r) => r.id)
    const d = db(prisma, tenantId)
    const [questions, examples] = ids.length
      ? await Promise.all([
          d.surveyQuestion.groupBy({
            by: ['surveyId'],
            where: { surveyId: { in: ids }, ...LIVE },
            _count: true,
          }),
          d.surveyExample.groupBy({
            by: ['surveyId', 'status'],
            where: { surveyId: { in: ids } },
            _count: true,
          }),
        ])
      : [[], []]
    const qCount = new Map(questions.map((q) => [q.surveyId, q._count]))
    return rows.map((r) => {
      const mine = examples.filter((e) => e.surveyId === r.id)
      return {
        id: r.id,
        name: r.name,
        code: r.code,
        startDate: formatDateOnly(r.startDate),
        endDate: formatDateOnly(r.endDate),
        cover: r.cover,
        description: r.description,
        targetType: r.targetType,
        targetIds: r.targetIds,
        isIndustry: r.isIndustry,
        state: r.state,
        version: r.version,
        previousId: r.previousId,
        publishTime: r.publishTime,
        createTime: r.createTime,
        questionCount: qCount.get(r.id) ?? 0,
        exampleCount: mine.reduce((n, e) => n + e._count, 0),
        submittedCount: mine
          .filter((e) => e.status === ExampleStatus.SUBMITTED)
          .reduce((n, e) => n + e._count, 0),
      }
    })
  }

  const assertCodeFree = async (tx: TTx, code: string, id: bigint | null) => {
    const other = await tx.survey.findFirst({
      where: { code, ...LIVE, ...(id ? { id: { not: id } } : {}) },
      select: { id: true },
    })
    if (other) {
      throw AppError.badRequest(SurveyMsg.CODE_TAKEN)
    }
  }

  /** The chosen units are member units of the tenant: live depts of category 公司. */
  const assertUnits = async (tx: TTx, ids: bigint[]) => {
    if (!ids.length) {
      return
    }
    const found = await tx.dept.count({
      where: { id: { in: ids }, deptCategory: DeptCategory.COMPANY, ...LIVE },
    })
    if (found !== new Set(ids).size) {
      throw AppError.badRequest(SurveyMsg.TARGET_UNKNOWN)
    }
  }

  const draftOf = async (tx: TTx, surveyId: bigint) => {
    const survey = await tx.survey.findFirst({ where: { id: surveyId, ...LIVE } })
    if (!survey) {
      throw AppError.badRequest(SurveyMsg.NOT_FOUND)
    }
    if (survey.state !== SurveyState.DRAFT) {
      throw AppError.badRequest(SurveyMsg.NOT_DRAFT)
    }
    return survey
  }

  return {
    async list(ctx: TCtx, q: z.infer<typeof ZSurveyListQuerySchema>) {
      const where = {
        ...LIVE,
        ...(q.name ? { name: { contains: escapeLike(q.name), mode: 'insensitive' as const } } : {}),
        ...(q.code ? { code: { contains: escapeLike(q.code), mode: 'insensitive' as const } } : {}),
        ...(q.state !== undefined ? { state: Number(q.state) } : {}),
      }
      const d = db(prisma, ctx.tenantId)
      const b = await boundedRows(
        q,
        () => d.survey.findMany({ where, orderBy: [{ createTime: 'desc' }, { id: 'desc' }], ...skipTake(q) }),
        (take) => d.survey.count({ where, take }),
      )
      return boundedPage(await record(ctx.tenantId, b.rows), b, q)
    },

    async detail(ctx: TCtx, id: bigint) {
      return (await record(ctx.tenantId, [await findSurvey(prisma, ctx.tenantId, id)]))[0]!
    },

    async submit(ctx: TCtx, input: TSurveySubmit) {
      const id = input.id ? BigInt(input.id) : null
      const data = {
        name: input.name,
        code: input.code,
        startDate: dateOnly(input.startDate),
        endDate: dateOnly(input.endDate),
        cover: input.cover ?? null,
        description: input.description ?? null,
        targetType: input.targetType,
        targetIds: input.targetType === 1 ? (input.targetIds ?? []).join(',') : '',
        isIndustry: input.isIndustry,
      }
      return db(prisma, ctx.tenantId).$transaction(async (tx) => {
        await lockSurveys(tx, ctx.tenantId)
        await assertCodeFree(tx, input.code, id)
        await assertUnits(tx, splitIds(data.targetIds))
        if (id) {
          const current = await tx.survey.findFirst({ where: { id, ...LIVE } })
          if (!current) {
            throw AppError.badRequest(SurveyMsg.NOT_FOUND)
          }
          // Dates, cover and description may change after publishing; the code names the version.
          if (current.state !== SurveyState.DRAFT && current.code !== input.code) {
            throw AppError.badRequest(SurveyMsg.NOT_DRAFT)
          }
          // Who fills and whether the company form asks for 行业领域 are what the fillings were made under.
          const settingsChanged =
            current.isIndustry !== data.isIndustry ||
            current.targetType !== data.targetType ||
            [...splitIds(current.targetIds)].sort().join(',') !==
              [...splitIds(data.targetIds)].sort().join(',')
          if (settingsChanged && (await tx.surveyExample.count({ where: { surveyId: id } }))) {
            throw AppError.badRequest(SurveyMsg.SETTINGS_FROZEN)
          }
          await tx.survey.update({
            where: { id },
            data: { ...data, ...withAudit(ctx).updated },
          })
          return { id }
        }
        const created = await tx.survey.create({
          data: {
            id: nextId(),
            tenantId: ctx.tenantId,
            ...data,
            createUser: who(ctx),
            createDept: ctx.user?.deptIds[0] ?? null,
          },
        })
        return { id: created.id }
      })
    },

    async remove(ctx: TCtx, ids: bigint[]) {
      await db(prisma, ctx.tenantId).$transaction(async (tx) => {
        if (await tx.surveyExample.count({ where: { surveyId: { in: ids } } })) {
          throw AppError.badRequest(SurveyMsg.HAS_FILLINGS)
        }
        await tx.survey.updateMany({
          where: { id: { in: ids }, ...LIVE },
          data: { ...withAudit(ctx).deleted },
        })
      })
    },

    async publish(ctx: TCtx, id: bigint) {
      await db(prisma, ctx.tenantId).$transaction(async (tx) => {
        await lockSurveys(tx, ctx.tenantId)
        const survey = await tx.survey.findFirst({ where: { id, ...LIVE }, select: { state: true } })
        if (!survey) {
          throw AppError.badRequest(SurveyMsg.NOT_FOUND)
        }
        if (survey.state !== SurveyState.DRAFT) {
          throw AppError.badRequest(SurveyMsg.PUBLISH_DRAFT_ONLY)
        }
        const pages = await tx.surveyQuestion.groupBy({
          by: ['page'],
          where: { surveyId: id, ...LIVE },
          orderBy: { page: 'asc' },
        })
        if (!pages.length) {
          throw AppError.badRequest(SurveyMsg.NO_QUESTIONS)
        }
        // The filling screen walks pages 1..n: a missing page would show up empty.
        const gap = pages.findIndex((p, i) => p.page !== i + 1)
        if (gap >= 0) {
          throw AppError.badRequest(SurveyMsg.PAGE_GAP(gap + 1))
        }
        await tx.survey.update({
          where: { id },
          data: {
            state: SurveyState.PUBLISHED,
            publishTime: new Date(),
            ...withAudit(ctx).updated,
          },
        })
      })
    },

    async close(ctx: TCtx, id: bigint) {
      const survey = await findSurvey(prisma, ctx.tenantId, id)
      if (survey.state !== SurveyState.PUBLISHED) {
        throw AppError.badRequest(SurveyMsg.NOT_PUBLISHED)
      }
      await db(prisma, ctx.tenantId).survey.update({
        where: { id },
        data: { state: SurveyState.CLOSED, ...withAudit(ctx).updated },
      })
    },

    /** A published or closed survey's questions change through a new draft version (code `<code>-v<n>`). */
    async newVersion(ctx: TCtx, id: bigint) {
      const source = await findSurvey(prisma, ctx.tenantId, id)
      if (source.state === SurveyState.DRAFT) {
        throw AppError.badRequest(SurveyMsg.VERSION_OF_DRAFT)
      }
      const questions = await loadQuestions(prisma, ctx.tenantId, id)
      return db(prisma, ctx.tenantId).$transaction(async (tx) => {
        await lockSurveys(tx, ctx.tenantId)
        const version = source.version + 1
        const base = source.code.replace(/-v\d+$/, '')
        let code = `${base}-v${version}`.slice(0, 32)
        for (let n = 2; await tx.survey.findFirst({ where: { code, ...LIVE }, select: { id: true } }); n++) {
          code = `${base}-v${version}-${n}`.slice(0, 32)
        }
        const newId = nextId()
        await tx.survey.create({
          data: {
            id: newId,
            tenantId: ctx.tenantId,
            name: source.name,
            code,
            startDate: source.startDate,
            endDate: source.endDate,
            cover: source.cover,
            description: source.description,
            targetType: source.targetType,
            targetIds: source.targetIds,
            isIndustry: source.isIndustry,
            version,
            previousId: source.id,
            createUser: who(ctx),
          },
        })
        for (const q of questions) {
          const qid = nextId()
          await tx.surveyQuestion.create({
            data: {
              id: qid,
              tenantId: ctx.tenantId,
              surveyId: newId,
              questionText: q.questionText,
              type: q.type,
              page: q.page,
              sort: q.sort,
              createUser: who(ctx),
            },
          })
          if (q.options.length) {
            await tx.surveyOption.createMany({
              data: q.options.map((o) => ({
                id: nextId(),
                tenantId: ctx.tenantId,
                surveyId: newId,
                questionId: qid,
                optionText: o.optionText,
                isInput: o.isInput,
                sort: o.sort,
              })),
            })
          }
        }
        return { id: newId }
      })
    },

    async questions(ctx: TCtx, surveyId: bigint) {
      await findSurvey(prisma, ctx.tenantId, surveyId)
      return (await loadQuestions(prisma, ctx.tenantId, surveyId)).map((q) => ({ ...q, answerList: [] }))
    },

    /** One question with its options (the stored record a partial update applies to). */
    async question(ctx: TCtx, id: bigint) {
      const row = await db(prisma, ctx.tenantId).surveyQuestion.findFirst({
        where: { id, ...LIVE },
        select: { surveyId: true },
      })
      const question =
        row && (await loadQuestions(prisma, ctx.tenantId, row.surveyId)).find((q) => q.id === id)
      if (!question) {
        throw AppError.badRequest(SurveyMsg.QUESTION_MISSING)
      }
      return question
    },

    async submitQuestion(ctx: TCtx, input: TQuestionSubmit) {
      const surveyId = BigInt(input.surveyId)
      const id = input.id ? BigInt(input.id) : null
      return db(prisma, ctx.tenantId).$transaction(async (tx) => {
        await lockSurveys(tx, ctx.tenantId)
        await draftOf(tx, surveyId)
        let sort = input.sort
        if (sort === undefined) {
          const last = await tx.surveyQuestion.findFirst({
            where: { surveyId, ...LIVE },
            orderBy: { sort: 'desc' },
            select: { sort: true },
          })
          sort = id ? 0 : (last?.sort ?? 0) + 1
        }
        const data = { questionText: input.questionText, type: input.type, page: input.page }
        let questionId: bigint
        if (id) {
          const current = await tx.surveyQuestion.findFirst({ where: { id, surveyId, ...LIVE } })
          if (!current) {
            throw AppError.badRequest(SurveyMsg.QUESTION_MISSING)
          }
          await tx.surveyQuestion.update({
            where: { id },
            data: { ...data, sort: input.sort ?? current.sort, ...withAudit(ctx).updated },
          })
          questionId = id
        } else {
          questionId = nextId()
          await tx.surveyQuestion.create({
            data: { id: questionId, tenantId: ctx.tenantId, surveyId, ...data, sort, createUser: who(ctx) },
          })
        }
        // Options are replaced as a whole, keeping the ids the form sends back (drafts have no answers).
        const keep = input.options.flatMap((o) => (o.id ? [BigInt(o.id)] : []))
        await tx.surveyOption.deleteMany({ where: { questionId, id: { notIn: keep } } })
        for (const [i, o] of input.options.entries()) {
          const row = { optionText: o.optionText, isInput: o.isInput, sort: i + 1 }
          const existing = o.id
            ? await tx.surveyOption.findFirst({
                where: { id: BigInt(o.id), questionId },
                select: { id: true },
              })
            : null
          if (existing) {
            await tx.surveyOption.update({ where: { id: existing.id }, data: row })
          } else {
            await tx.surveyOption.create({
              data: { id: nextId(), tenantId: ctx.tenantId, surveyId, questionId, ...row },
            })
          }
        }
        return { id: questionId }
      })
    },

    async removeQuestions(ctx: TCtx, ids: bigint[]) {
      await db(prisma, ctx.tenantId).$transaction(async (tx) => {
        await lockSurveys(tx, ctx.tenantId)
        const rows = await tx.surveyQuestion.findMany({
          where: { id: { in: ids }, ...LIVE },
          select: { surveyId: true },
        })
        for (const surveyId of new Set(rows.map((r) => r.surveyId))) {
          await draftOf(tx, surveyId)
        }
        await tx.surveyQuestion.updateMany({
          where: { id: { in: ids }, ...LIVE },
          data: { ...withAudit(ctx).deleted },
        })
      })
    },

    /** Renumbers the survey's questions in the given order (every live question, once). */
    async sortQuestions(ctx: TCtx, surveyId: bigint, ids: bigint[]) {
      await db(prisma, ctx.tenantId).$transaction(async (tx) => {
        await lockSurveys(tx, ctx.tenantId)
        await draftOf(tx, surveyId)
        const current = await tx.surveyQuestion.findMany({
          where: { surveyId, ...LIVE },
          select: { id: true },
          orderBy: QUESTION_ORDER,
        })
        const known = new Set(current.map((q) => q.id))
        if (ids.length !== known.size || !ids.every((id) => known.has(id))) {
          throw AppError.badRequest(SurveyMsg.SORT_IDS)
        }
        for (const [i, id] of ids.entries()) {
          await tx.surveyQuestion.update({ where: { id }, data: { sort: i + 1 } })
        }
      })
    },
  }
}
export type TSurveyDesignService = ReturnType<typeof createSurveyDesignService>
