import { type Company, nextId, type PrismaClient, type Survey, type SurveyExample } from '@ysjs/db'
import {
  ExampleStatus,
  firstAnswerError,
  isChoice,
  QuestionType,
  SubmitType,
  SurveyMsg,
  SurveyState,
  type TAnswerSubmit,
  type ZCompanySubmitSchema,
  type ZSurveyExampleListQuerySchema,
} from '@ysjs/shared'
import type { z } from 'zod'
import type { TCtx } from '../../lib/context.ts'
import { withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { escapeLike } from '../../lib/filters.ts'
import { boundedFind, boundedPage } from '../../lib/paging.ts'
import { splitIds } from '../../lib/tree.ts'
import {
  db,
  findSurvey,
  formatDateOnly,
  LIVE,
  lastPageOf,
  loadQuestions,
  ownerOf,
  type TOwner,
  today,
} from './survey-common.ts'

/** Published, within its dates, and meant for the owner's unit. */
const isOpenTo = (survey: Survey, owner: TOwner, day = today()) =>
  survey.isDeleted === 0 &&
  survey.state === SurveyState.PUBLISHED &&
  formatDateOnly(survey.startDate) <= day &&
  formatDateOnly(survey.endDate) >= day &&
  (survey.targetType === 0 || (owner.firmId !== null && splitIds(survey.targetIds).includes(owner.firmId)))

/** A unit's form for a survey as the member centre and the filling's detail show it (null: none saved). */
export const companyRecord = (company: Company | null) =>
  company
    ? {
        id: company.id,
        surveyId: company.surveyId,
        name: company.name,
        address: company.address,
        contact: company.contact,
        phone: company.phone,
        email: company.email,
        industryField: company.industryField,
        provinceCode: company.provinceCode,
        provinceName: company.provinceName,
      }
    : null

/** Fillings as cards (member) and rows (staff): the survey's fields, the unit and the company name. */
export const exampleRecords = async (prisma: PrismaClient, tenantId: string, rows: SurveyExample[]) => {
  const d = db(prisma, tenantId)
  const surveyIds = [...new Set(rows.map((r) => r.surveyId))]
  const [surveys, companies, users, pages] = rows.length
    ? await Promise.all([
        d.survey.findMany({ where: { id: { in: surveyIds } } }),
        d.company.findMany({
          where: { OR: rows.map((r) => ({ surveyId: r.surveyId, ownerKey: r.ownerKey })) },
          select: { surveyId: true, ownerKey: true, name: true },
        }),
        d.user.findMany({
          where: { id: { in: [...new Set(rows.map((r) => r.userId))] } },
          select: { id: true, realName: true, name: true, account: true },
        }),
        d.surveyQuestion.groupBy({
          by: ['surveyId'],
          where: { surveyId: { in: surveyIds }, ...LIVE },
          _max: { page: true },
        }),
      ])
    : [[], [], [], []]
  const surveyOf = new Map(surveys.map((s) => [s.id, s]))
  const companyOf = new Map(companies.map((c) => [`${c.surveyId}:${c.ownerKey}`, c.name]))
  const userOf = new Map(users.map((u) => [u.id, u.realName || u.name || u.account]))
  const lastOf = new Map(pages.map((p) => [p.surveyId, 1 + (p._max.page ?? 0)]))
  return rows.map((r) => {
    const s = surveyOf.get(r.surveyId)
    return {
      id: r.id,
      surveyId: r.surveyId,
      name: s?.name ?? '',
      code: s?.code ?? '',
      startDate: s ? formatDateOnly(s.startDate) : '',
      endDate: s ? formatDateOnly(s.endDate) : '',
      cover: s?.cover ?? null,
      description: s?.description ?? null,
      isIndustry: s?.isIndustry ?? 0,
      surveyState: s?.state ?? SurveyState.CLOSED,
      lastPage: lastOf.get(r.surveyId) ?? 1,
      status: r.status,
      backReason: r.backReason,
      firmName: r.firmName,
      companyName: companyOf.get(`${r.surveyId}:${r.ownerKey}`) ?? null,
      userName: userOf.get(r.userId) ?? '',
      submitTime: r.submitTime,
      createTime: r.createTime,
      updateTime: r.updateTime,
    }
  })
}

/** 问卷填报 (member): starting a filling, its questions and answers, the company form (decision 019). */
export const createSurveyFillService = (prisma: PrismaClient) => {
  /** The caller's filling of a survey, or the 请先新增填报信息 error. */
  const mine = async (ctx: TCtx, surveyId: bigint) => {
    const owner = await ownerOf(prisma, ctx)
    const example = await db(prisma, ctx.tenantId).surveyExample.findFirst({
      where: { surveyId, ownerKey: owner.key },
    })
    if (!example) {
      throw AppError.badRequest(SurveyMsg.EXAMPLE_MISSING)
    }
    return { owner, example }
  }

  const writable = async (ctx: TCtx, surveyId: bigint) => {
    const found = await mine(ctx, surveyId)
    if (found.example.status === ExampleStatus.SUBMITTED) {
      throw AppError.badRequest(SurveyMsg.SUBMITTED)
    }
    const survey = await findSurvey(prisma, ctx.tenantId, surveyId)
    if (!isOpenTo(survey, found.owner)) {
      throw AppError.badRequest(SurveyMsg.NOT_OPEN)
    }
    return { ...found, survey }
  }

  return {
    async exampleList(ctx: TCtx, q: z.infer<typeof ZSurveyExampleListQuerySchema>) {
      const owner = await ownerOf(prisma, ctx)
      const d = db(prisma, ctx.tenantId)
      const surveyWhere = {
        ...(q.name ? { name: { contains: escapeLike(q.name), mode: 'insensitive' as const } } : {}),
        ...(q.code ? { code: { contains: escapeLike(q.code), mode: 'insensitive' as const } } : {}),
      }
      const surveyIds =
        q.name || q.code
          ? (await d.survey.findMany({ where: { ...surveyWhere, ...LIVE }, select: { id: true } })).map(
              (s) => s.id,
            )
          : null
      const where = {
        ownerKey: owner.key,
        ...(surveyIds ? { surveyId: { in: surveyIds } } : {}),
        ...(q.status ? { status: Number(q.status) } : {}),
      }
      const b = await boundedFind(q, d.surveyExample, {
        where,
        orderBy: [{ createTime: 'desc' }, { id: 'desc' }],
      })
      return boundedPage(await exampleRecords(prisma, ctx.tenantId, b.rows), b, q)
    },

    async openList(ctx: TCtx) {
      const owner = await ownerOf(prisma, ctx)
      const d = db(prisma, ctx.tenantId)
      const surveys = (
        await d.survey.findMany({
          where: { state: SurveyState.PUBLISHED, ...LIVE },
          orderBy: { startDate: 'desc' },
          take: 500,
        })
      ).filter((s) => isOpenTo(s, owner))
      const examples = surveys.length
        ? await d.surveyExample.findMany({
            where: { ownerKey: owner.key, surveyId: { in: surveys.map((s) => s.id) } },
          })
        : []
      const exampleOf = new Map(examples.map((e) => [e.surveyId, e]))
      return surveys.map((s) => ({
        id: s.id,
        name: s.name,
        code: s.code,
        startDate: formatDateOnly(s.startDate),
        endDate: formatDateOnly(s.endDate),
        cover: s.cover,
        description: s.description,
        exampleId: exampleOf.get(s.id)?.id ?? null,
        status: exampleOf.get(s.id)?.status ?? null,
      }))
    },

    /** 新增填报信息: starts the caller's filling (待填报); a second call answers the same filling. */
    async start(ctx: TCtx, surveyId: bigint) {
      const owner = await ownerOf(prisma, ctx)
      const survey = await findSurvey(prisma, ctx.tenantId, surveyId)
      if (!isOpenTo(survey, owner)) {
        throw AppError.badRequest(
          survey.targetType === 1 && survey.state === SurveyState.PUBLISHED
            ? SurveyMsg.NOT_TARGET
            : SurveyMsg.NOT_OPEN,
        )
      }
      const d = db(prisma, ctx.tenantId)
      await d.surveyExample.createMany({
        data: [
          {
            id: nextId(),
            tenantId: ctx.tenantId,
            surveyId,
            ownerKey: owner.key,
            firmId: owner.firmId,
            firmName: owner.firmName,
            userId: owner.userId,
            status: ExampleStatus.TO_FILL,
            createUser: owner.userId,
          },
        ],
        skipDuplicates: true,
      })
      const row = await d.surveyExample.findFirstOrThrow({ where: { surveyId, ownerKey: owner.key } })
      return (await exampleRecords(prisma, ctx.tenantId, [row]))[0]!
    },

    async myExample(ctx: TCtx, surveyId: bigint) {
      const { example } = await mine(ctx, surveyId)
      return (await exampleRecords(prisma, ctx.tenantId, [example]))[0]!
    },

    async pageQuestions(ctx: TCtx, surveyId: bigint, page?: number) {
      const { example } = await mine(ctx, surveyId)
      return questionsWithAnswers(prisma, ctx.tenantId, surveyId, example.id, page)
    },

    async submitAnswers(ctx: TCtx, input: TAnswerSubmit) {
      const surveyId = BigInt(input.surveyId)
      const { example, owner } = await writable(ctx, surveyId)
      const questions = await loadQuestions(prisma, ctx.tenantId, surveyId)
      const byId = new Map(questions.map((q) => [String(q.id), q]))
      const answers = input.answerList.map((a) => ({
        ...a,
        optionId: a.optionId ?? null,
        inputText: a.inputText ?? null,
      }))
      // Shape checks on drafts too: every answer names a question (and option) of this survey.
      const seen = new Set<string>()
      for (const a of answers) {
        const q = byId.get(a.questionId)
        if (!q || (a.surveyId && a.surveyId !== input.surveyId)) {
          throw AppError.badRequest(SurveyMsg.ANSWER_FOREIGN)
        }
        if (isChoice(q.type)) {
          const option = q.options.find((o) => String(o.id) === a.optionId)
          if (!option) {
            throw AppError.badRequest(SurveyMsg.ANSWER_FOREIGN)
          }
          if (option.isInput !== 1) {
            a.inputText = null
          }
        } else if (a.optionId) {
          throw AppError.badRequest(SurveyMsg.ANSWER_FOREIGN)
        }
        const key = `${a.questionId}:${a.optionId ?? ''}`
        if (seen.has(key)) {
          throw AppError.badRequest(SurveyMsg.ANSWER_FOREIGN)
        }
        seen.add(key)
      }
      for (const q of questions) {
        if (
          q.type === QuestionType.SINGLE &&
          answers.filter((a) => a.questionId === String(q.id)).length > 1
        ) {
          throw AppError.badRequest(SurveyMsg.SINGLE_ONE(q.no))
        }
        if (!isChoice(q.type) && answers.filter((a) => a.questionId === String(q.id)).length > 1) {
          throw AppError.badRequest(SurveyMsg.ANSWER_FOREIGN)
        }
      }
      const final = input.submitType === SubmitType.FINAL
      if (final) {
        // Page 1 before the question pages: a filling is submitted with its company form.
        const company = await db(prisma, ctx.tenantId).company.count({
          where: { surveyId, ownerKey: owner.key },
        })
        if (company === 0) {
          throw AppError.badRequest(SurveyMsg.COMPANY_MISSING)
        }
        const error = firstAnswerError(
          questions.map((q) => ({
            ...q,
            id: String(q.id),
            options: q.options.map((o) => ({ id: String(o.id), isInput: o.isInput })),
          })),
          answers,
        )
        if (error) {
          throw AppError.badRequest(error.message)
        }
      }
      // A draft with a page replaces that page's answers only; otherwise every answer is replaced.
      const scope =
        !final && input.page !== undefined
          ? questions.filter((q) => q.page === input.page).map((q) => q.id)
          : null
      if (scope && answers.some((a) => !scope.includes(BigInt(a.questionId)))) {
        throw AppError.badRequest(SurveyMsg.ANSWER_FOREIGN)
      }
      await db(prisma, ctx.tenantId).$transaction(async (tx) => {
        // Re-read under a row lock: a filling submitted (or returned) meanwhile is not overwritten.
        await tx.$executeRaw`SELECT id FROM ysjs_survey_example WHERE id = ${example.id} FOR UPDATE`
        const current = await tx.surveyExample.findFirstOrThrow({ where: { id: example.id } })
        if (current.status === ExampleStatus.SUBMITTED) {
          throw AppError.badRequest(SurveyMsg.SUBMITTED)
        }
        await tx.surveyAnswer.deleteMany({
          where: { exampleId: example.id, ...(scope ? { questionId: { in: scope } } : {}) },
        })
        if (answers.length) {
          await tx.surveyAnswer.createMany({
            data: answers.map((a) => ({
              id: nextId(),
              tenantId: ctx.tenantId,
              exampleId: example.id,
              surveyId,
              questionId: BigInt(a.questionId),
              optionId: a.optionId ? BigInt(a.optionId) : null,
              inputText: a.inputText?.trim() || null,
            })),
          })
        }
        await tx.surveyExample.update({
          where: { id: example.id },
          data: {
            status: final ? ExampleStatus.SUBMITTED : ExampleStatus.DRAFT,
            // A return's reason stays in view while the member reworks the filling; resubmitted, it is done.
            ...(final ? { submitTime: new Date(), backReason: null } : {}),
            ...withAudit(ctx).updated,
          },
        })
      })
    },

    /** The caller's company form of a survey; before the first save, prefilled from its last one. */
    async companyInfo(ctx: TCtx, surveyId: bigint) {
      const owner = await ownerOf(prisma, ctx)
      const survey = await findSurvey(prisma, ctx.tenantId, surveyId)
      const d = db(prisma, ctx.tenantId)
      const row =
        (await d.company.findFirst({ where: { surveyId, ownerKey: owner.key } })) ??
        (await d.company.findFirst({ where: { ownerKey: owner.key }, orderBy: { createTime: 'desc' } }))
      const isIndustry = survey.isIndustry
      if (!row) {
        return {
          id: null,
          surveyId,
          name: owner.fullName,
          address: null,
          contact: null,
          phone: null,
          email: null,
          industryField: '',
          provinceCode: null,
          provinceName: null,
          isIndustry,
        }
      }
      return {
        id: row.surveyId === surveyId ? row.id : null,
        surveyId,
        name: row.name,
        address: row.address,
        contact: row.contact,
        phone: row.phone,
        email: row.email,
        industryField: row.industryField,
        provinceCode: row.provinceCode,
        provinceName: row.provinceName,
        isIndustry,
      }
    },

    async submitCompany(ctx: TCtx, input: z.output<typeof ZCompanySubmitSchema>) {
      const surveyId = BigInt(input.surveyId)
      const { owner, survey, example } = await writable(ctx, surveyId)
      const d = db(prisma, ctx.tenantId)
      const industryIds = splitIds(input.industryField)
      if (survey.isIndustry === 1 && industryIds.length === 0) {
        throw AppError.badRequest(SurveyMsg.INDUSTRY)
      }
      if (industryIds.length) {
        const known = await d.industryField.count({ where: { id: { in: industryIds }, ...LIVE } })
        if (known !== new Set(industryIds).size) {
          throw AppError.badRequest(SurveyMsg.INDUSTRY_UNKNOWN)
        }
      }
      let provinceName: string | null = null
      if (input.provinceCode) {
        const region = await prisma.region.findFirst({
          where: { code: input.provinceCode, regionLevel: 1 },
          select: { name: true },
        })
        if (!region) {
          throw AppError.badRequest(SurveyMsg.PROVINCE_UNKNOWN)
        }
        provinceName = region.name
      }
      const data = {
        name: input.name,
        address: input.address ?? null,
        contact: input.contact ?? null,
        phone: input.phone ?? null,
        email: input.email ?? null,
        industryField: survey.isIndustry === 1 ? [...new Set(industryIds)].join(',') : '',
        provinceCode: input.provinceCode ?? null,
        provinceName,
      }
      const who = ctx.user?.userId ?? null
      await d.$transaction(async (tx) => {
        // As for answers: a filling submitted meanwhile keeps its company form.
        await tx.$executeRaw`SELECT id FROM ysjs_survey_example WHERE id = ${example.id} FOR UPDATE`
        const current = await tx.surveyExample.findFirstOrThrow({ where: { id: example.id } })
        if (current.status === ExampleStatus.SUBMITTED) {
          throw AppError.badRequest(SurveyMsg.SUBMITTED)
        }
        await tx.company.upsert({
          where: { surveyId_ownerKey: { surveyId, ownerKey: owner.key } },
          create: {
            id: nextId(),
            tenantId: ctx.tenantId,
            surveyId,
            ownerKey: owner.key,
            ...data,
            createUser: who,
          },
          update: { ...data, ...withAudit(ctx).updated },
        })
        // Saving the company page is a draft of the filling too (暂存), as saving a question page is.
        await tx.surveyExample.updateMany({
          where: { id: example.id, status: ExampleStatus.TO_FILL },
          data: { status: ExampleStatus.DRAFT, ...withAudit(ctx).updated },
        })
      })
    },
  }
}
export type TSurveyFillService = ReturnType<typeof createSurveyFillService>

/** Questions (of one question page, or all) with the filling's saved answers. */
export const questionsWithAnswers = async (
  prisma: PrismaClient,
  tenantId: string,
  surveyId: bigint,
  exampleId: bigint,
  page?: number,
) => {
  const questions = (await loadQuestions(prisma, tenantId, surveyId)).filter(
    (q) => page === undefined || q.page === page,
  )
  const answers = questions.length
    ? await db(prisma, tenantId).surveyAnswer.findMany({
        where: { exampleId, questionId: { in: questions.map((q) => q.id) } },
        orderBy: { id: 'asc' },
      })
    : []
  return questions.map((q) => ({
    ...q,
    answerList: answers
      .filter((a) => a.questionId === q.id)
      .map((a) => ({ questionId: a.questionId, optionId: a.optionId, inputText: a.inputText })),
  }))
}

export { lastPageOf }
