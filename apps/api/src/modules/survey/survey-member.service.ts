import type { PrismaClient } from '@ysjs/db'
import {
  ExampleStatus,
  SurveyMsg,
  ZIndustryFieldRecordSchema,
  ZIndustryFieldSubmitSchema,
} from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { createCrudService, crudCodes } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { readableNotices } from '../notice/notice.service.ts'
import { db, firmOfUser, isMember, LIVE, ownerKeyOf, requireUser } from './survey-common.ts'
import type { TEvaluationService } from './survey-evaluation.service.ts'
import { companyRecord, exampleRecords, type TSurveyFillService } from './survey-fill.service.ts'

/** 行业领域: the generic CRUD (names unique per tenant); `listAll` feeds the company form. */
export const createIndustryFieldService = (prisma: PrismaClient) =>
  createCrudService(prisma, {
    name: 'industry-field',
    prefix: '/api/ysjs-evaluation/industryField',
    model: (d) => d.industryField,
    submit: ZIndustryFieldSubmitSchema,
    record: ZIndustryFieldRecordSchema,
    filters: { name: 'string' },
    sortable: ['name', 'sort', 'createTime'],
    defaultOrder: [{ sort: 'asc' }, { createTime: 'asc' }],
    permissions: crudCodes('survey_industry'),
    unique: [{ fields: ['name'], message: SurveyMsg.INDUSTRY_NAME_TAKEN }],
  })

export const listAllIndustryFields = (prisma: PrismaClient, ctx: TCtx) =>
  db(prisma, ctx.tenantId).industryField.findMany({
    where: LIVE,
    orderBy: [{ sort: 'asc' }, { id: 'asc' }],
    take: 1000,
  })

/**
 * 会员中心: the caller's unit, its fillings and surveys open to it, and the latest notices it reads. Any
 * signed-in user may open it; only a member bound to a unit has a unit to show (decision 019).
 */
export const memberOverview = async (
  prisma: PrismaClient,
  fill: TSurveyFillService,
  evaluation: TEvaluationService,
  ctx: TCtx,
) => {
  const user = requireUser(ctx)
  const member = isMember(ctx)
  const firm = member ? await firmOfUser(prisma, ctx.tenantId, user.userId) : null
  const d = db(prisma, ctx.tenantId)
  // A member bound to no unit fills for itself (decision 019); staff have nothing to fill.
  const ownerKey = member ? ownerKeyOf(firm?.id ?? null, user.userId) : null
  const [examples, company, open, applications, notices] = await Promise.all([
    ownerKey
      ? d.surveyExample.findMany({
          where: { ownerKey },
          orderBy: [{ updateTime: 'desc' }, { createTime: 'desc' }],
          take: 200,
        })
      : [],
    ownerKey
      ? d.company.findFirst({
          where: { ownerKey },
          orderBy: [{ updateTime: 'desc' }, { createTime: 'desc' }],
        })
      : null,
    ownerKey ? fill.openList(ctx) : [],
    firm ? evaluation.list(ctx, { current: 1, size: 5 }) : null,
    d.notice.findMany({
      where: readableNotices(user.userId),
      orderBy: [{ releaseTime: 'desc' }, { id: 'desc' }],
      take: 5,
      select: { id: true, title: true, releaseTime: true },
    }),
  ])
  const count = (status: number) => examples.filter((e) => e.status === status).length
  return {
    userName: user.realName || user.nickName || user.account,
    isMember: member,
    firmId: firm?.id ?? null,
    firmName: firm ? firm.fullName || firm.deptName : null,
    company: companyRecord(company),
    toFill: count(ExampleStatus.TO_FILL),
    drafts: count(ExampleStatus.DRAFT),
    submitted: count(ExampleStatus.SUBMITTED),
    returned: examples.filter((e) => e.status !== ExampleStatus.SUBMITTED && e.backReason).length,
    openSurveys: open.filter((s) => s.exampleId === null).length,
    fillings: await exampleRecords(prisma, ctx.tenantId, examples.slice(0, 10)),
    applications: applications?.records ?? [],
    applicationTotal: applications?.total ?? 0,
    notices,
  }
}

/** A notice of the centre, opened from the member centre (the notice screen itself is staff-only). */
export const memberNotice = async (prisma: PrismaClient, ctx: TCtx, id: bigint) => {
  const user = requireUser(ctx)
  const notice = await db(prisma, ctx.tenantId).notice.findFirst({
    where: { id, ...readableNotices(user.userId) },
    select: { id: true, title: true, releaseTime: true, content: true },
  })
  if (!notice) {
    throw AppError.badRequest(SurveyMsg.NOTICE_MISSING)
  }
  return notice
}
