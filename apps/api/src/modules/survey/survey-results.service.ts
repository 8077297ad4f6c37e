import type { Company, PrismaClient, SurveyExample } from '@ysjs/db'
import {
  ExampleStatus,
  formatDateTime,
  isChoice,
  SurveyMsg,
  type ZCompanyListQuerySchema,
  type ZExampleStaffQuerySchema,
} from '@ysjs/shared'
import type { z } from 'zod'
import type { TCtx } from '../../lib/context.ts'
import { withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { escapeLike } from '../../lib/filters.ts'
import { boundedFind, boundedPage, boundedRows, skipTake } from '../../lib/paging.ts'
import { splitIds } from '../../lib/tree.ts'
import { EXPORT_BATCH, type TXlsxColumn } from '../../lib/xlsx.ts'
import { db, findSurvey, loadQuestions } from './survey-common.ts'
import { companyRecord, exampleRecords, questionsWithAnswers } from './survey-fill.service.ts'

const STATUS_NAMES: Record<number, string> = { 1: '暂存', 2: '待填报', 3: '已提交' }
const TYPE_NAMES: Record<number, string> = { 0: '单选题', 1: '多选题', 2: '填空题', 3: '简答题' }

/** Rows grouped by a key, in their order (answers are many: one pass, not one filter per question). */
const groupBy = <T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> => {
  const out = new Map<K, T[]>()
  for (const row of rows) {
    const k = key(row)
    const list = out.get(k)
    if (list) {
      list.push(row)
    } else {
      out.set(k, [row])
    }
  }
  return out
}

/** 调查管理 (staff): fillings, returning one, the per-question summary and the xlsx export. */
export const createSurveyResultsService = (prisma: PrismaClient) => {
  const exampleOf = async (ctx: TCtx, id: bigint) => {
    const example = await db(prisma, ctx.tenantId).surveyExample.findFirst({ where: { id } })
    if (!example) {
      throw AppError.notFound()
    }
    return example
  }

  /** Company forms as the staff list shows them: with the survey, the unit, the field names and status. */
  const companyRecords = async (ctx: TCtx, rows: Company[]) => {
    const d = db(prisma, ctx.tenantId)
    const fieldIds = [...new Set(rows.flatMap((r) => splitIds(r.industryField)))]
    const [surveys, examples, fields] = await Promise.all([
      d.survey.findMany({
        where: { id: { in: [...new Set(rows.map((r) => r.surveyId))] } },
        select: { id: true, name: true, code: true },
      }),
      rows.length
        ? d.surveyExample.findMany({
            where: { OR: rows.map((r) => ({ surveyId: r.surveyId, ownerKey: r.ownerKey })) },
            select: { surveyId: true, ownerKey: true, firmName: true, status: true },
          })
        : [],
      fieldIds.length
        ? d.industryField.findMany({ where: { id: { in: fieldIds } }, select: { id: true, name: true } })
        : [],
    ])
    const surveyOf = new Map(surveys.map((x) => [x.id, x]))
    const exampleOf = new Map(examples.map((e) => [`${e.surveyId}:${e.ownerKey}`, e]))
    const fieldName = new Map(fields.map((f) => [f.id, f.name]))
    return rows.map((r) => {
      const example = exampleOf.get(`${r.surveyId}:${r.ownerKey}`)
      return {
        id: r.id,
        surveyId: r.surveyId,
        surveyName: surveyOf.get(r.surveyId)?.name ?? '',
        surveyCode: surveyOf.get(r.surveyId)?.code ?? '',
        firmName: example?.firmName ?? null,
        status: example?.status ?? null,
        name: r.name,
        address: r.address,
        contact: r.contact,
        phone: r.phone,
        email: r.email,
        industryField: r.industryField,
        industryFieldNames: splitIds(r.industryField)
          .map((id) => fieldName.get(id) ?? '')
          .filter(Boolean)
          .join('、'),
        provinceCode: r.provinceCode,
        provinceName: r.provinceName,
        createTime: r.createTime,
        updateTime: r.updateTime,
      }
    })
  }

  return {
    /** 单位信息 (staff): every unit's company form, newest first. */
    async companyList(ctx: TCtx, q: z.infer<typeof ZCompanyListQuerySchema>) {
      const where = {
        ...(q.name ? { name: { contains: escapeLike(q.name), mode: 'insensitive' as const } } : {}),
        ...(q.provinceName
          ? { provinceName: { contains: escapeLike(q.provinceName), mode: 'insensitive' as const } }
          : {}),
        ...(q.surveyId ? { surveyId: BigInt(q.surveyId) } : {}),
      }
      const d = db(prisma, ctx.tenantId)
      const b = await boundedRows(
        q,
        () =>
          d.company.findMany({
            where,
            orderBy: [
              { updateTime: { sort: 'desc', nulls: 'last' } },
              { createTime: 'desc' },
              { id: 'desc' },
            ],
            ...skipTake(q),
          }),
        (take) => d.company.count({ where, take }),
      )
      return boundedPage(await companyRecords(ctx, b.rows), b, q)
    },

    async companyDetail(ctx: TCtx, id: bigint) {
      const row = await db(prisma, ctx.tenantId).company.findFirst({ where: { id } })
      if (!row) {
        throw AppError.notFound()
      }
      return (await companyRecords(ctx, [row]))[0]!
    },

    async list(ctx: TCtx, q: z.infer<typeof ZExampleStaffQuerySchema>) {
      const surveyId = BigInt(q.surveyId)
      const where = {
        surveyId,
        ...(q.status ? { status: Number(q.status) } : {}),
        ...(q.firmName
          ? { firmName: { contains: escapeLike(q.firmName), mode: 'insensitive' as const } }
          : {}),
      }
      const d = db(prisma, ctx.tenantId)
      const b = await boundedFind(q, d.surveyExample, {
        where,
        orderBy: [{ updateTime: 'desc' }, { id: 'desc' }],
      })
      return boundedPage(await exampleRecords(prisma, ctx.tenantId, b.rows), b, q)
    },

    async detail(ctx: TCtx, id: bigint) {
      const example = await exampleOf(ctx, id)
      const [record] = await exampleRecords(prisma, ctx.tenantId, [example])
      const company = await db(prisma, ctx.tenantId).company.findFirst({
        where: { surveyId: example.surveyId, ownerKey: example.ownerKey },
      })
      return {
        example: record!,
        company: companyRecord(company),
        questions: await questionsWithAnswers(prisma, ctx.tenantId, example.surveyId, example.id),
      }
    },

    /** Returns a submitted filling to 待填报 with a reason the member sees. */
    async statusBack(ctx: TCtx, input: { surveyId: string; exampleId: string; reason: string }) {
      const example = await exampleOf(ctx, BigInt(input.exampleId))
      if (example.surveyId !== BigInt(input.surveyId)) {
        throw AppError.notFound()
      }
      const changed = await db(prisma, ctx.tenantId).surveyExample.updateMany({
        where: { id: example.id, status: ExampleStatus.SUBMITTED },
        data: {
          status: ExampleStatus.TO_FILL,
          backReason: input.reason,
          ...withAudit(ctx).updated,
        },
      })
      if (changed.count === 0) {
        throw AppError.badRequest(SurveyMsg.BACK_NOT_SUBMITTED)
      }
    },

    async remove(ctx: TCtx, ids: bigint[]) {
      await db(prisma, ctx.tenantId).$transaction(async (tx) => {
        const rows = await tx.surveyExample.findMany({ where: { id: { in: ids } } })
        for (const r of rows) {
          await tx.company.deleteMany({ where: { surveyId: r.surveyId, ownerKey: r.ownerKey } })
        }
        await tx.surveyAnswer.deleteMany({ where: { exampleId: { in: rows.map((r) => r.id) } } })
        await tx.surveyExample.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } })
      })
    },

    /** Counts over the submitted fillings: per option (with the share of those answering), texts listed. */
    async summary(ctx: TCtx, surveyId: bigint) {
      const survey = await findSurvey(prisma, ctx.tenantId, surveyId)
      const d = db(prisma, ctx.tenantId)
      const [questions, examples] = await Promise.all([
        loadQuestions(prisma, ctx.tenantId, surveyId),
        d.surveyExample.findMany({
          where: { surveyId },
          select: { id: true, status: true, firmName: true, ownerKey: true },
        }),
      ])
      const submitted = examples.filter((e) => e.status === ExampleStatus.SUBMITTED)
      const submittedIds = submitted.map((e) => e.id)
      const answers = submittedIds.length
        ? await d.surveyAnswer.findMany({
            where: { exampleId: { in: submittedIds } },
            orderBy: { id: 'asc' },
          })
        : []
      const companies = submitted.length
        ? await d.company.findMany({ where: { surveyId }, select: { ownerKey: true, name: true } })
        : []
      const companyOf = new Map(companies.map((c) => [c.ownerKey, c.name]))
      const byQuestion = groupBy(answers, (a) => a.questionId)
      const unitOf = new Map(submitted.map((e) => [e.id, companyOf.get(e.ownerKey) ?? e.firmName ?? '']))
      return {
        surveyId,
        name: survey.name,
        examples: examples.length,
        submitted: submitted.length,
        questions: questions.map((q) => {
          const mine = byQuestion.get(q.id) ?? []
          const answered = new Set(mine.map((a) => a.exampleId)).size
          return {
            questionId: q.id,
            no: q.no,
            questionText: q.questionText,
            type: q.type,
            page: q.page,
            answered,
            options: isChoice(q.type)
              ? q.options.map((o) => {
                  const count = mine.filter((a) => a.optionId === o.id).length
                  return {
                    optionId: o.id,
                    optionText: o.optionText,
                    isInput: o.isInput,
                    count,
                    percent: answered ? Math.round((count * 1000) / answered) / 10 : 0,
                  }
                })
              : [],
            texts: mine
              .filter((a) => a.inputText)
              .map((a) => ({
                exampleId: a.exampleId,
                unit: unitOf.get(a.exampleId) ?? '',
                inputText: a.inputText ?? '',
              })),
          }
        }),
      }
    },

    /**
     * Every answer of every filling (or of the fillings of one status): one row per filling, one
     * column per question, for the shared streamed writer. Fillings are read by keyset in batches with
     * their answers, fillers and company forms; the filler's unit is the company form's name (the firm
     * name when there is none), the status column tells drafts from submitted fillings.
     */
    async exportSheet(ctx: TCtx, surveyId: bigint, status?: number) {
      const survey = await findSurvey(prisma, ctx.tenantId, surveyId)
      const d = db(prisma, ctx.tenantId)
      const [questions, industries, counts] = await Promise.all([
        loadQuestions(prisma, ctx.tenantId, surveyId),
        d.industryField.findMany({ select: { id: true, name: true } }),
        d.surveyExample.groupBy({ by: ['status'], where: { surveyId }, _count: { _all: true } }),
      ])
      const industryName = new Map(industries.map((i) => [i.id, i.name]))
      const optionText = new Map(questions.flatMap((q) => q.options.map((o) => [o.id, o] as const)))
      const countOf = (st: number) => counts.find((c) => c.status === st)?._count._all ?? 0
      const rows = status === undefined ? counts.reduce((n, c) => n + c._count._all, 0) : countOf(status)
      const columns: TXlsxColumn[] = [
        { key: 'unit', header: '填报单位', width: 30 },
        { key: 'filler', header: '填报人' },
        { key: 'status', header: '状态' },
        { key: 'submitTime', header: '提交时间', kind: 'datetime' },
        { key: 'province', header: '省份' },
        { key: 'address', header: '通讯地址', width: 30 },
        { key: 'contact', header: '联系人' },
        { key: 'phone', header: '电话' },
        { key: 'postcode', header: '邮编' },
        { key: 'industry', header: '行业领域', width: 24 },
        ...questions.map((q) => ({
          key: `q${q.id}`,
          header: `${q.no}. ${q.questionText} (${TYPE_NAMES[q.type] ?? ''})`,
          width: 30,
        })),
      ]
      const answerText = (a: { optionId: bigint | null; inputText: string | null }) => {
        if (!a.optionId) {
          return a.inputText ?? ''
        }
        const o = optionText.get(a.optionId)
        return o?.isInput === 1 && a.inputText ? `${o.optionText}: ${a.inputText}` : (o?.optionText ?? '')
      }
      const where = { surveyId, ...(status === undefined ? {} : { status }) }
      async function* batches(): AsyncGenerator<Record<string, unknown>[]> {
        let after: { createTime: Date; id: bigint } | null = null
        for (;;) {
          const examples: SurveyExample[] = await d.surveyExample.findMany({
            where: after
              ? {
                  ...where,
                  OR: [
                    { createTime: { gt: after.createTime } },
                    { createTime: after.createTime, id: { gt: after.id } },
                  ],
                }
              : where,
            orderBy: [{ createTime: 'asc' }, { id: 'asc' }],
            take: EXPORT_BATCH,
          })
          if (!examples.length) {
            return
          }
          const last: SurveyExample = examples[examples.length - 1]!
          after = { createTime: last.createTime, id: last.id }
          const [answers, users, companies] = await Promise.all([
            d.surveyAnswer.findMany({
              where: { exampleId: { in: examples.map((e) => e.id) } },
              orderBy: { id: 'asc' },
            }),
            d.user.findMany({
              where: { id: { in: [...new Set(examples.map((e) => e.userId))] } },
              select: { id: true, realName: true, name: true, account: true },
            }),
            d.company.findMany({ where: { surveyId, ownerKey: { in: examples.map((e) => e.ownerKey) } } }),
          ])
          const userName = new Map(users.map((u) => [u.id, u.realName || u.name || u.account]))
          const companyOf = new Map(companies.map((c) => [c.ownerKey, c]))
          const byExample = groupBy(answers, (a) => a.exampleId)
          yield examples.map((e) => {
            const c = companyOf.get(e.ownerKey)
            const byQuestion = groupBy(byExample.get(e.id) ?? [], (a) => a.questionId)
            return {
              unit: c?.name || e.firmName || '',
              filler: userName.get(e.userId) ?? '',
              status: STATUS_NAMES[e.status] ?? '',
              submitTime: e.submitTime,
              province: c?.provinceName ?? '',
              address: c?.address ?? '',
              contact: c?.contact ?? '',
              phone: c?.phone ?? '',
              postcode: c?.email ?? '',
              industry: splitIds(c?.industryField)
                .map((id) => industryName.get(id) ?? '')
                .join('、'),
              ...Object.fromEntries(
                questions.map((q) => [`q${q.id}`, (byQuestion.get(q.id) ?? []).map(answerText).join('；')]),
              ),
            }
          })
          if (examples.length < EXPORT_BATCH) {
            return
          }
        }
      }
      const which = status === undefined ? '全部' : (STATUS_NAMES[status] ?? String(status))
      return {
        fileName: `${survey.code}-填报结果.xlsx`,
        rows,
        sheet: {
          name: '填报结果',
          title: `${survey.name}（${survey.code}）填报结果`,
          notes: [
            `筛选条件：状态：${which}；共 ${rows} 份（已提交 ${countOf(ExampleStatus.SUBMITTED)} 份，暂存 ${countOf(ExampleStatus.DRAFT)} 份，待填报 ${countOf(ExampleStatus.TO_FILL)} 份）；导出时间：${formatDateTime(new Date()).slice(0, 16)}`,
          ],
          columns,
        },
        batches: batches(),
      }
    },
  }
}
export type TSurveyResultsService = ReturnType<typeof createSurveyResultsService>
