import type { PrismaClient, SurveyOption, SurveyQuestion } from '@ysjs/db'
import { DeptCategory, formatDate, SurveyMsg } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { splitIds } from '../../lib/tree.ts'

export const LIVE = { isDeleted: 0 }
export const QUESTION_ORDER = [{ page: 'asc' as const }, { sort: 'asc' as const }, { id: 'asc' as const }]
export const db = (prisma: PrismaClient, tenantId: string) => tenantDb(prisma, tenantId)

/** A calendar date (`yyyy-MM-dd`) as a `@db.Date` value: UTC midnight, so the day never shifts. */
export const dateOnly = (s: string): Date => new Date(`${s}T00:00:00Z`)
export const formatDateOnly = (d: Date): string => d.toISOString().slice(0, 10)
/** Today in Asia/Shanghai, as the survey dates are meant. */
export const today = (): string => formatDate(new Date())

/** Who fills: the caller's member unit (nearest dept of category 公司), or the caller alone without one. */
export type TOwner = { key: string; firmId: bigint | null; firmName: string | null; userId: bigint }

export const requireUser = (ctx: TCtx) => {
  if (!ctx.user) {
    throw AppError.unauthorized()
  }
  return ctx.user
}

export const ownerOf = async (prisma: PrismaClient, ctx: TCtx): Promise<TOwner> => {
  const user = requireUser(ctx)
  const d = db(prisma, ctx.tenantId)
  const row = await d.user.findFirst({ where: { id: user.userId, ...LIVE }, select: { deptId: true } })
  const first = splitIds(row?.deptId)[0]
  if (first !== undefined) {
    const depts = await d.dept.findMany({
      where: LIVE,
      select: { id: true, parentId: true, deptName: true, deptCategory: true },
    })
    const byId = new Map(depts.map((x) => [x.id, x]))
    const seen = new Set<bigint>()
    let dept = byId.get(first)
    while (dept && !seen.has(dept.id)) {
      if (dept.deptCategory === DeptCategory.COMPANY) {
        return { key: `d${dept.id}`, firmId: dept.id, firmName: dept.deptName, userId: user.userId }
      }
      seen.add(dept.id)
      dept = byId.get(dept.parentId)
    }
  }
  return { key: `u${user.userId}`, firmId: null, firmName: null, userId: user.userId }
}

/** Questions of a survey in order, each with its options and its number over the whole survey. */
export const loadQuestions = async (prisma: PrismaClient, tenantId: string, surveyId: bigint) => {
  const d = db(prisma, tenantId)
  const questions = await d.surveyQuestion.findMany({ where: { surveyId, ...LIVE }, orderBy: QUESTION_ORDER })
  const options = questions.length
    ? await d.surveyOption.findMany({
        where: { questionId: { in: questions.map((q) => q.id) } },
        orderBy: [{ sort: 'asc' }, { id: 'asc' }],
      })
    : []
  const byQuestion = new Map<bigint, SurveyOption[]>()
  for (const o of options) {
    byQuestion.set(o.questionId, [...(byQuestion.get(o.questionId) ?? []), o])
  }
  return questions.map((q, i) => ({ ...q, no: i + 1, options: byQuestion.get(q.id) ?? [] }))
}
export type TLoadedQuestion = SurveyQuestion & { no: number; options: SurveyOption[] }

export const findSurvey = async (prisma: PrismaClient, tenantId: string, id: bigint) => {
  const survey = await db(prisma, tenantId).survey.findFirst({ where: { id, ...LIVE } })
  if (!survey) {
    throw AppError.badRequest(SurveyMsg.NOT_FOUND)
  }
  return survey
}

/** The filling screen's last page: the company form, then the survey's question pages. */
export const lastPageOf = (questions: { page: number }[]): number =>
  1 + questions.reduce((max, q) => Math.max(max, q.page), 0)
