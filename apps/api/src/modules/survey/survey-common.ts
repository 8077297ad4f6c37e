import type { PrismaClient, SurveyOption, SurveyQuestion } from '@ysjs/db'
import { DeptCategory, formatDate, MEMBER_ROLE, SurveyMsg } from '@ysjs/shared'
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

/**
 * Who fills (decision 019): the caller's member unit (`d<dept id>`), or, for a member account bound to no
 * unit, the account alone (`u<user id>`). `fullName` prefills the company form's 单位名称.
 */
export type TOwner = {
  key: string
  firmId: bigint | null
  firmName: string | null
  fullName: string
  userId: bigint
}
/** A member unit as achievement reporting needs it. */
export type TUnitOwner = TOwner & { firmId: bigint; firmName: string }

export const requireUser = (ctx: TCtx) => {
  if (!ctx.user) {
    throw AppError.unauthorized()
  }
  return ctx.user
}

export const isMember = (ctx: TCtx): boolean => !!ctx.user?.roles.includes(MEMBER_ROLE)

type TFirm = { id: bigint; deptName: string; fullName: string | null }

/** The nearest dept of category 公司 at or above the user's first dept (the `ancestors` chain). */
export const firmOfUser = async (prisma: PrismaClient, tenantId: string, userId: bigint) => {
  const d = db(prisma, tenantId)
  const row = await d.user.findFirst({ where: { id: userId, ...LIVE }, select: { deptId: true } })
  const first = splitIds(row?.deptId)[0]
  if (first === undefined) {
    return null
  }
  const dept = await d.dept.findFirst({
    where: { id: first, ...LIVE },
    select: { id: true, ancestors: true, deptName: true, fullName: true, deptCategory: true },
  })
  if (!dept) {
    return null
  }
  const above = splitIds(dept.ancestors).filter((id) => id !== 0n)
  const chain = above.length
    ? await d.dept.findMany({
        where: { id: { in: above }, ...LIVE },
        select: { id: true, deptName: true, fullName: true, deptCategory: true },
      })
    : []
  const byId = new Map(chain.map((x) => [x.id, x]))
  // Nearest first; a deleted dept in the chain cuts the unit off, as a deleted parent hides its subtree.
  for (const candidate of [dept, ...above.reverse().map((id) => byId.get(id))]) {
    if (!candidate) {
      return null
    }
    if (candidate.deptCategory === DeptCategory.COMPANY) {
      return { id: candidate.id, deptName: candidate.deptName, fullName: candidate.fullName } as TFirm
    }
  }
  return null
}

/** The filling owner of a member account: its unit, else the account itself. */
export const ownerKeyOf = (firmId: bigint | null, userId: bigint) => (firmId ? `d${firmId}` : `u${userId}`)

/**
 * The caller as the owner of fillings: a member account (role alias `member`), filling for its unit or,
 * bound to none, for itself. Staff are refused (403) with the reason: they design and read, never fill.
 */
export const ownerOf = async (prisma: PrismaClient, ctx: TCtx): Promise<TOwner> => {
  const user = requireUser(ctx)
  if (!isMember(ctx)) {
    throw AppError.forbidden(SurveyMsg.MEMBER_ONLY)
  }
  const firm = await firmOfUser(prisma, ctx.tenantId, user.userId)
  return {
    key: ownerKeyOf(firm?.id ?? null, user.userId),
    firmId: firm?.id ?? null,
    firmName: firm?.deptName ?? null,
    fullName: firm ? firm.fullName || firm.deptName : '',
    userId: user.userId,
  }
}

/** The caller's member unit; an account bound to none is told so (achievement reporting is per unit). */
export const unitOwnerOf = async (prisma: PrismaClient, ctx: TCtx): Promise<TUnitOwner> => {
  const owner = await ownerOf(prisma, ctx)
  if (owner.firmId === null || owner.firmName === null) {
    throw AppError.forbidden(SurveyMsg.NO_UNIT)
  }
  return { ...owner, firmId: owner.firmId, firmName: owner.firmName }
}

/**
 * The depts whose users belong to a unit: the unit and its subtree, less any nested company (a unit of
 * its own) and what lies below it.
 */
export const unitDeptIds = async (prisma: PrismaClient, tenantId: string, firmId: bigint) => {
  const rows = await db(prisma, tenantId).dept.findMany({
    where: { OR: [{ id: firmId }, { ancestors: { contains: String(firmId) } }], ...LIVE },
    select: { id: true, ancestors: true, deptCategory: true },
  })
  const byId = new Map(rows.map((x) => [x.id, x]))
  return rows
    .filter((x) => {
      if (x.id === firmId) {
        return true
      }
      const chain = splitIds(x.ancestors)
      const at = chain.indexOf(firmId)
      if (at < 0 || x.deptCategory === DeptCategory.COMPANY) {
        return false
      }
      return chain.slice(at + 1).every((id) => {
        const between = byId.get(id)
        return between !== undefined && between.deptCategory !== DeptCategory.COMPANY
      })
    })
    .map((x) => x.id)
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
