import { PassThrough, Readable } from 'node:stream'
import { nextId } from '@ysjs/db'
import {
  AppraiseAssortMsg,
  AppraiseReportMsg,
  DOCUMENT_TITLES,
  formatDate,
  formatDateTime,
  RESULTS_STATUS,
  RESULTS_STATUS_LABELS,
  ResultsMsg,
  resultsEventLabel,
  resultsEventText,
  type TDocumentKind,
  type TMeetingForm,
  type TNoticeForm,
  type TReportForm,
} from '@ysjs/shared'
import archiver from 'archiver'
import type { TCtx } from '../../lib/context.ts'
import { dictLabels } from '../../lib/dict-labels.ts'
import { AppError } from '../../lib/errors.ts'
import { sanitizeRichText } from '../../lib/rich-text.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import type { TOssService } from '../oss/oss.service.ts'
import { APPRAISE_CODES, dateText, decimal, loadResults, type TAppraiseDeps } from './appraise-access.ts'
import type { TAppraiseAssortService } from './assort.service.ts'
import { fields, heading, para, renderDocx, richParas, signature, table, title } from './docx-builders.ts'
import type { TResultsService } from './results.service.ts'
import type { TScoringService } from './scoring.service.ts'

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

export const DocumentMsg = {
  NOTICE_STATUS: '成果受理后才能生成评价通知',
  REPORT_STATUS: '专家评分完成后才能生成评价报告',
  MEETING_STATUS: '成果受理后才能填写评价会',
  NOT_GENERATED: (kind: TDocumentKind) => `尚未生成${DOCUMENT_TITLES[kind]}`,
} as const

type TDeps = TAppraiseDeps & {
  oss: TOssService
  results: TResultsService
  scoring: TScoringService
  /** Absent in tools that only render (the bench): every category is then accepted. */
  assorts?: TAppraiseAssortService
}

const S = RESULTS_STATUS
/** Statuses in which a form may be saved and its document generated. */
type TFormKind = 'notice' | 'report' | 'meeting'
const FORM_STATUSES: Record<TFormKind, readonly number[]> = {
  notice: [S.ACCEPTED, S.EVALUATING, S.SCORED],
  report: [S.SCORED, S.REPORTED],
  meeting: [S.ACCEPTED, S.EVALUATING, S.SCORED],
}
const FORM_PERMISSION = {
  notice: APPRAISE_CODES.noticeCreate,
  report: APPRAISE_CODES.reportCreate,
  meeting: APPRAISE_CODES.meetingCreate,
} as const

/** Rich-text fields of each form (sanitised on every save). */
const RICH_FIELDS: Record<TFormKind, readonly string[]> = {
  notice: [],
  report: ['projectSource', 'statement', 'technical', 'sources', 'conclusion'],
  meeting: ['meetingAgenda'],
}

const dropBlank = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== ''))

const today = () => formatDate(new Date())
const meetingTypeName = (t: unknown) => (Number(t) === 1 ? '线上' : '线下')

export const createDocumentsService = (deps: TDeps) => {
  const { prisma, oss, results, scoring } = deps
  const db = (ctx: TCtx) => tenantDb(prisma, ctx.tenantId)

  const issuerOf = async (ctx: TCtx) =>
    (await prisma.tenant.findFirst({ where: { tenantId: ctx.tenantId }, select: { tenantName: true } }))
      ?.tenantName ?? ''

  const savedForm = (ctx: TCtx, resultsId: bigint, kind: string) =>
    db(ctx).resultsForm.findFirst({
      where: { resultsId, kind, isDeleted: 0 },
      orderBy: { createTime: 'desc' },
    })

  /** Everything a document of the application prints, read once. */
  const contextOf = async (ctx: TCtx, resultsId: bigint) => {
    const { row, staff } = await loadResults(deps, ctx, resultsId)
    const [rows, issuer, titles, levels, outcomes] = await Promise.all([
      results.rowsOf(ctx, resultsId),
      issuerOf(ctx),
      dictLabels(prisma, ctx.tenantId, 'technical_title'),
      dictLabels(prisma, ctx.tenantId, 'educational_level'),
      dictLabels(prisma, ctx.tenantId, 'achievement_type'),
    ])
    return { row, staff, rows, issuer, titles, levels, outcomes }
  }
  type TDocContext = Awaited<ReturnType<typeof contextOf>>

  const unitTable = (c: TDocContext) =>
    table(
      ['序号', '单位名称', '邮政编码', '详细通讯地址', '联系人', '联系电话'],
      c.rows.unitEntityList.map((u, i) => [
        String(i + 1),
        u.unitName,
        u.postcode ?? '',
        u.address ?? '',
        u.name ?? '',
        u.phone ?? '',
      ]),
      { weights: [8, 22, 13, 23, 12, 22] },
    )
  const peopleTable = (c: TDocContext) =>
    table(
      ['序号', '姓名', '性别', '出生年月', '技术职称', '文化程度', '工作单位', '主要贡献'],
      c.rows.peopleEntityList.map((p, i) => [
        String(i + 1),
        p.name,
        p.sex === 2 ? '女' : '男',
        p.birthTime ?? '',
        c.titles.get(String(p.jobName)) ?? '',
        c.levels.get(String(p.educationalLevel)) ?? '',
        p.workUnitName,
        p.contribution ?? '',
      ]),
      { weights: [8, 10, 8, 12, 13, 12, 16, 21] },
    )
  /** A list of names (the suggested enterprises) as a numbered table. */
  const namesTable = (names: readonly string[]) =>
    table(
      ['序号', '企业名称'],
      names.map((n, i) => [String(i + 1), n]),
      { weights: [1, 9] },
    )
  const meetingTimeText = (d: Date | null) => (d ? formatDateTime(d).slice(0, 16) : '')

  const prefill = {
    notice: (c: TDocContext): Record<string, unknown> => ({
      resultsId: String(c.row.id),
      agreementNumber: c.row.agreementNumber ?? '',
      name: c.row.name,
      unit: c.issuer,
      evaluationDate: c.row.meetingTime ? formatDate(c.row.meetingTime) : '',
      sendDate: today(),
      meetingType: c.row.meetingType ?? 2,
      meetingCode: '',
      contact: '',
      phone: '',
      list: [],
    }),
    report: (c: TDocContext): Record<string, unknown> => ({
      resultsId: String(c.row.id),
      reportNum: c.row.agreementNumber ?? '',
      outcomeName: c.row.name,
      projectSource: c.row.resultsSource ?? '',
      outcomeType: c.row.outcomeType,
      firstParty: c.rows.principal?.unitName ?? c.row.firstParty ?? '',
      commissionDate: dateText(c.row.signingDate) ?? '',
      appraiseType: c.row.appraiseType ?? '',
      appraiseUnit: c.issuer,
      completeDate: today(),
      times: [dateText(c.row.signingDate) ?? today(), today()],
      statement: '',
      technical: c.row.synopsis ?? '',
      sources: '',
      conclusion: '',
      list: [],
    }),
    meeting: (c: TDocContext): Record<string, unknown> => ({
      resultsId: String(c.row.id),
      meetingTime: c.row.meetingTime ? formatDateTime(c.row.meetingTime) : '',
      meetingType: c.row.meetingType ?? 2,
      meetingNo: '',
      direct: '',
      meetingAgenda: '',
      enterpriseList: [],
      leaders: [],
    }),
  }

  /** What the report prints besides its form: indicators with scores, total, grade, rows, principal. */
  const reportExtras = async (ctx: TCtx, c: TDocContext) => {
    const [index, meeting] = await Promise.all([
      c.staff ? scoring.selectByResultsId(ctx, c.row.id) : null,
      savedForm(ctx, c.row.id, 'meeting'),
    ])
    const m = (meeting?.data ?? {}) as Partial<TMeetingForm>
    return {
      haveMeeting: meeting
        ? {
            meetingType: m.meetingType ?? null,
            meetingNo: m.meetingNo ?? null,
            direct: m.direct ?? null,
            meetingAgenda: m.meetingAgenda ?? null,
          }
        : null,
      projectName: c.row.name,
      indexList: (index?.records ?? []).map((i) => ({ name: i.name, weight: i.weight, score: i.score })),
      totalScore: decimal(c.row.totalScore),
      grade: c.row.grade,
      unitList: c.rows.unitEntityList,
      peopleList: c.rows.peopleEntityList,
      principal: c.rows.principal,
    }
  }

  /** Whether the caller may save the form now: its status and the form's button (decision 017). */
  const formEditable = async (ctx: TCtx, status: number, kind: TFormKind) =>
    FORM_STATUSES[kind].includes(status) &&
    !!ctx.user &&
    (await deps.hasPermission(ctx.user, FORM_PERMISSION[kind]))

  const formDetail = async (ctx: TCtx, resultsId: bigint, kind: TFormKind) => {
    const c = await contextOf(ctx, resultsId)
    const [saved, generated] = await Promise.all([
      savedForm(ctx, resultsId, kind),
      db(ctx).resultsAttach.count({ where: { resultsId, kind, isDeleted: 0 } }),
    ])
    // A draft keeps what was typed; what it left empty is prefilled from the application.
    const data = { ...prefill[kind](c), ...dropBlank((saved?.data ?? {}) as Record<string, unknown>) }
    return {
      id: saved?.id ?? null,
      resultsId,
      saved: !!saved,
      generated: generated > 0,
      canEdit: await formEditable(ctx, c.row.status, kind),
      data:
        kind === 'report'
          ? { ...data, ...(await reportExtras(ctx, c)) }
          : kind === 'meeting'
            ? { ...data, projectName: c.row.name, unitList: c.rows.unitEntityList }
            : data,
      updateTime: saved?.updateTime ?? saved?.createTime ?? null,
    }
  }

  const render = {
    notice: (c: TDocContext, f: TNoticeForm) =>
      renderDocx({
        issuer: c.issuer,
        title: DOCUMENT_TITLES.notice,
        blocks: [
          title('科技成果评价通知'),
          para(`文件号：${f.agreementNumber}`, { align: 'right' }),
          para(`${c.rows.principal?.unitName ?? c.row.firstParty ?? ''}：`),
          para(
            `贵单位委托的“${f.name}”科技成果评价申请已受理，定于 ${f.evaluationDate} 以${meetingTypeName(f.meetingType)}方式召开评价会，请做好准备。`,
            { indent: true },
          ),
          fields([
            ['成果名称', f.name],
            ['评价单位', f.unit],
            ['评价日期', f.evaluationDate],
            ['发送日期', f.sendDate],
            ['会议类型', meetingTypeName(f.meetingType)],
            // An online meeting's number, an offline meeting's place (the application's venue).
            Number(f.meetingType) === 1
              ? ['腾讯会议号', f.meetingCode ?? '']
              : ['会议地点', c.row.meetingVenue ?? ''],
            ['联系人', f.contact],
            ['电话', f.phone],
          ]),
          heading('建议企业名单'),
          namesTable(f.list),
          ...signature(c.issuer, f.sendDate),
        ],
      }),
    report: async (ctx: TCtx, c: TDocContext, f: TReportForm) => {
      const extras = await reportExtras(ctx, c)
      const p = c.rows.principal
      const meeting = extras.haveMeeting
      return renderDocx({
        issuer: c.issuer,
        title: DOCUMENT_TITLES.report,
        blocks: [
          title('科技成果评价报告'),
          fields([
            ['协议编号', f.reportNum],
            ['成果名称', f.outcomeName],
            ['成果类型', c.outcomes.get(String(f.outcomeType)) ?? ''],
            ['委托评价单位', f.firstParty],
            ['委托日期', f.commissionDate],
            ['评价形式', f.appraiseType],
            ['评价机构', f.appraiseUnit],
            ['评价完成日期', f.completeDate],
            ['起止时间', `${f.times[0]} 至 ${f.times[1]}`],
          ]),
          heading('委托方（甲方）'),
          fields([
            ['单位名称', p?.unitName ?? ''],
            ['通讯地址', p?.address ?? ''],
            ['负责人', p?.agent ?? ''],
            ['联系人', p?.name ?? ''],
            ['电话', p?.phone ?? ''],
            ['传真', p?.fax ?? ''],
            ['邮编', p?.postcode ?? ''],
            ['邮箱', p?.personMail ?? ''],
          ]),
          heading('一、项目来源'),
          ...richParas(f.projectSource),
          heading('二、评价基本过程陈述'),
          ...richParas(f.statement),
          heading('三、评价会议'),
          ...(meeting
            ? [
                fields([
                  ['会议形式', meetingTypeName(meeting.meetingType)],
                  ['会议号', meeting.meetingNo ?? ''],
                  ['主持人', meeting.direct ?? ''],
                ]),
                ...richParas(meeting.meetingAgenda ?? ''),
              ]
            : [para('未召开评价会议', { indent: true })]),
          heading('四、技术简要说明及主要技术经济指标'),
          ...richParas(f.technical),
          heading('五、技术资料目录及来源'),
          ...richParas(f.sources),
          heading('六、评价指标及得分'),
          table(
            ['序号', '评价指标', '权重', '得分'],
            extras.indexList.map((i, n) => [
              String(n + 1),
              i.name,
              String(i.weight),
              i.score === null ? '' : i.score.toFixed(1),
            ]),
            {
              weights: [8, 56, 16, 20],
              totals: [
                ['综合得分', extras.totalScore === null ? '—' : extras.totalScore.toFixed(1)],
                ['评价等级', extras.grade ?? '—'],
              ],
            },
          ),
          heading('七、分项评价结论'),
          ...richParas(f.conclusion),
          heading('八、完成单位'),
          unitTable(c),
          heading('九、主要研制人员'),
          peopleTable(c),
          heading('十、建议企业名单'),
          namesTable(f.list),
          ...signature(c.issuer, f.completeDate),
        ],
      })
    },
    protocol: (c: TDocContext) => {
      const p = c.rows.principal
      return renderDocx({
        issuer: c.issuer,
        title: DOCUMENT_TITLES.protocol,
        blocks: [
          title('科技成果评价协议书'),
          para(`协议编号：${c.row.agreementNumber ?? '（待受理后编号）'}`, { align: 'right' }),
          fields([
            ['成果名称', c.row.name],
            ['成果类型', c.outcomes.get(String(c.row.outcomeType)) ?? ''],
            ['签订地点', c.row.signingLocation ?? ''],
            ['签订日期', dateText(c.row.signingDate) ?? ''],
            ['评价形式', c.row.appraiseType ?? ''],
            ['会议时间', meetingTimeText(c.row.meetingTime)],
            ['会议地点', c.row.meetingVenue ?? ''],
          ]),
          heading('甲方（委托方）'),
          fields([
            ['单位名称', p?.unitName ?? c.row.firstParty ?? ''],
            ['纳税登记号', p?.dutyNumber ?? ''],
            ['法定代表人', p?.legalPerson ?? ''],
            ['委托代理人', p?.agent ?? ''],
            ['通讯地址', p?.address ?? ''],
            ['邮编', p?.postcode ?? ''],
            ['联系人', p?.name ?? ''],
            ['电话', p?.phone ?? ''],
            ['传真', p?.fax ?? ''],
            ['开户银行', p?.cardNumber ?? ''],
            ['账号', p?.accountNumber ?? ''],
          ]),
          heading('乙方（评价机构）'),
          para(c.issuer, { indent: true }),
          heading('一、成果来源'),
          ...richParas(c.row.resultsSource),
          heading('二、内容简介'),
          ...richParas(c.row.synopsis),
          heading('三、完成单位'),
          unitTable(c),
          heading('四、主要研制人员'),
          peopleTable(c),
          heading('五、约定事项'),
          para(
            '甲方委托乙方对上述科技成果进行评价，甲方保证所提供资料真实、完整；乙方按照国家有关规定组织专家独立、客观、公正地开展评价，并对评价过程中知悉的技术秘密负有保密义务。',
            { indent: true },
          ),
          para(''),
          table(
            ['甲方（盖章）', '乙方（盖章）'],
            [
              [p?.unitName ?? c.row.firstParty ?? '', c.issuer],
              ['代表签字：\n\n日期：', '代表签字：\n\n日期：'],
            ],
          ),
        ],
      })
    },
    meeting: (c: TDocContext, f: TMeetingForm) =>
      renderDocx({
        issuer: c.issuer,
        title: DOCUMENT_TITLES.meeting,
        blocks: [
          title('科技成果评价会议通知'),
          fields([
            ['项目名称', c.row.name],
            ['协议编号', c.row.agreementNumber ?? ''],
            ['会议时间', f.meetingTime],
            ['会议形式', meetingTypeName(f.meetingType)],
            ['会议号', f.meetingNo],
            ['主持人', f.direct],
          ]),
          heading('会议议程'),
          ...richParas(f.meetingAgenda),
          heading('完成单位'),
          unitTable(c),
          heading('建议企业名单'),
          namesTable(f.enterpriseList),
          heading('项目单位负责人'),
          table(
            ['序号', '姓名', '工作单位', '技术职称'],
            f.leaders.map((l, i) => [
              String(i + 1),
              l.name,
              l.workUnit,
              c.titles.get(String(l.technical)) ?? '',
            ]),
            { weights: [8, 20, 44, 28] },
          ),
          ...signature(c.issuer, today()),
        ],
      }),
  }

  const fileNameOf = (c: TDocContext, kind: TDocumentKind) =>
    `${DOCUMENT_TITLES[kind]}-${c.row.agreementNumber ?? c.row.id}.docx`

  /**
   * Stores a generated document as the application's file of its kind (replacing the previous one) and
   * runs `inTx` in the same transaction as its row; a failure removes the stored file again.
   */
  const storeDocument = async (
    ctx: TCtx,
    c: TDocContext,
    kind: TDocumentKind,
    bytes: Buffer,
    inTx?: (tx: Parameters<Parameters<ReturnType<typeof db>['$transaction']>[0]>[0]) => Promise<void>,
  ) => {
    const fileName = fileNameOf(c, kind)
    const stored = await oss.store(
      ctx,
      { fileName, body: Readable.from([bytes]), complete: async () => {} },
      true,
      'attach',
    )
    const attachId = stored.attachId!
    let replaced: bigint[] = []
    try {
      await db(ctx).$transaction(async (tx) => {
        const old = await tx.resultsAttach.findMany({
          where: { resultsId: c.row.id, kind, isDeleted: 0 },
          select: { id: true, attachId: true },
        })
        replaced = old.map((o) => o.attachId)
        if (old.length) {
          await tx.resultsAttach.updateMany({
            where: { id: { in: old.map((o) => o.id) } },
            data: { isDeleted: 1 },
          })
        }
        await tx.resultsAttach.create({
          data: {
            id: nextId(),
            resultsId: c.row.id,
            attachId,
            kind,
            name: fileName,
            createUser: ctx.user?.userId ?? null,
          },
        })
        await results.addEvent(tx, ctx, c.row.id, 'document', `生成${DOCUMENT_TITLES[kind]}`)
        await inTx?.(tx)
      })
    } catch (err) {
      await oss.removeAttachments(ctx, async () => [attachId])
      throw err
    }
    if (replaced.length) {
      // The replaced file is no longer referenced: removing it need not hold up the answer.
      void oss
        .removeAttachments(ctx, async () => replaced)
        .catch((err: unknown) => {
          ctx.log.warn({ err }, 'could not remove a replaced document')
        })
    }
    return { fileName, bytes }
  }

  const saveForm = async (
    tx: Parameters<Parameters<ReturnType<typeof db>['$transaction']>[0]>[0],
    ctx: TCtx,
    resultsId: bigint,
    kind: string,
    data: Record<string, unknown>,
  ) => {
    const existing = await tx.resultsForm.findFirst({
      where: { resultsId, kind, isDeleted: 0 },
      select: { id: true },
    })
    if (existing) {
      await tx.resultsForm.updateMany({
        where: { id: existing.id },
        data: { data: data as object, updateUser: ctx.user?.userId ?? null, updateTime: new Date() },
      })
    } else {
      await tx.resultsForm.create({
        data: { id: nextId(), resultsId, kind, data: data as object, createUser: ctx.user?.userId ?? null },
      })
    }
  }

  const assertStatus = (c: TDocContext, kind: TFormKind) => {
    if (!FORM_STATUSES[kind].includes(c.row.status)) {
      throw AppError.badRequest(
        kind === 'notice'
          ? DocumentMsg.NOTICE_STATUS
          : kind === 'report'
            ? DocumentMsg.REPORT_STATUS
            : DocumentMsg.MEETING_STATUS,
      )
    }
  }

  /**
   * The report prints what the form does not hold: its number must be the agreement's, and the rows and
   * principal group it shows must be complete (spec sections 2 and 5: every field is required).
   */
  const assertReportable = (c: TDocContext, form: TReportForm) => {
    if (form.reportNum !== (c.row.agreementNumber ?? '')) {
      throw AppError.badRequest(AppraiseReportMsg.REPORT_NUM_BOUND)
    }
    if (!c.rows.unitEntityList.length) {
      throw AppError.badRequest(ResultsMsg.UNITS)
    }
    if (!c.rows.peopleEntityList.length) {
      throw AppError.badRequest(ResultsMsg.PEOPLE)
    }
    const p = c.rows.principal
    const missing = (
      [
        ['unitName', ResultsMsg.P_UNIT_NAME],
        ['address', ResultsMsg.P_ADDRESS],
        ['agent', ResultsMsg.P_AGENT],
        ['name', ResultsMsg.P_NAME],
        ['phone', ResultsMsg.P_PHONE],
        ['fax', ResultsMsg.P_FAX],
        ['postcode', ResultsMsg.P_POSTCODE],
        ['personMail', AppraiseReportMsg.P_MAIL],
      ] as const
    ).find(([key]) => !p?.[key])
    if (missing) {
      throw AppError.badRequest(missing[1])
    }
  }

  const service = {
    noticeDetail: (ctx: TCtx, resultsId: bigint) => formDetail(ctx, resultsId, 'notice'),
    reportDetail: (ctx: TCtx, resultsId: bigint) => formDetail(ctx, resultsId, 'report'),

    meetingDetail: (ctx: TCtx, resultsId: bigint) => formDetail(ctx, resultsId, 'meeting'),

    /** `have/findAll`: the application's meetings (one form per application, once saved). */
    async meetings(ctx: TCtx, resultsId: bigint) {
      const detail = await formDetail(ctx, resultsId, 'meeting')
      return detail.saved ? [detail] : []
    },

    /**
     * 暂存: the notice, report or meeting form saved as it is (its filled fields checked by the draft
     * schema), without generating its document or moving the application on.
     */
    async saveDraft(ctx: TCtx, kind: TFormKind, form: Record<string, unknown> & { resultsId: string }) {
      const c = await contextOf(ctx, BigInt(form.resultsId))
      assertStatus(c, kind)
      const clean: Record<string, unknown> = { ...form }
      for (const key of RICH_FIELDS[kind]) {
        if (typeof clean[key] === 'string') {
          clean[key] = sanitizeRichText(clean[key] as string)
        }
      }
      await db(ctx).$transaction((tx) => saveForm(tx, ctx, c.row.id, kind, clean))
      return formDetail(ctx, c.row.id, kind)
    },

    /** 评价通知: saved, rendered, stored; the first one moves 已受理 → 评价中. */
    async createNotice(ctx: TCtx, form: TNoticeForm) {
      const c = await contextOf(ctx, BigInt(form.resultsId))
      assertStatus(c, 'notice')
      const bytes = await render.notice(c, form)
      return storeDocument(ctx, c, 'notice', bytes, async (tx) => {
        await saveForm(tx, ctx, c.row.id, 'notice', form)
        if (c.row.status === S.ACCEPTED) {
          await results.transition(tx, ctx, c.row.id, S.EVALUATING, { by: 'server' })
          // Experts pushed and scored before the notice: the application is scored at once.
          await scoring.advanceIfScored(tx, ctx, c.row.id)
        }
      })
    },

    /** 评价报告: saved, rendered with the scores, stored; the first one moves 已评分 → 已出具报告. */
    async createReport(ctx: TCtx, form: TReportForm) {
      const clean = {
        ...form,
        projectSource: sanitizeRichText(form.projectSource),
        statement: sanitizeRichText(form.statement),
        technical: sanitizeRichText(form.technical),
        sources: sanitizeRichText(form.sources),
        conclusion: sanitizeRichText(form.conclusion),
      }
      const c = await contextOf(ctx, BigInt(form.resultsId))
      assertStatus(c, 'report')
      assertReportable(c, form)
      const bytes = await render.report(ctx, c, clean)
      return storeDocument(ctx, c, 'report', bytes, async (tx) => {
        await saveForm(tx, ctx, c.row.id, 'report', clean)
        if (c.row.status === S.SCORED) {
          await results.transition(tx, ctx, c.row.id, S.REPORTED, { by: 'server' })
        }
      })
    },

    /** 评价会: the meeting form saved; answers the meeting notice file. */
    async haveMeeting(ctx: TCtx, form: TMeetingForm) {
      const clean = { ...form, meetingAgenda: sanitizeRichText(form.meetingAgenda) }
      const c = await contextOf(ctx, BigInt(form.resultsId))
      assertStatus(c, 'meeting')
      if (!c.rows.unitEntityList.length) {
        throw AppError.badRequest(ResultsMsg.UNITS)
      }
      const bytes = await render.meeting(c, clean)
      return storeDocument(ctx, c, 'meeting', bytes, (tx) => saveForm(tx, ctx, c.row.id, 'meeting', clean))
    },

    /** 评价协议书: rendered from the application as it stands, stored. */
    async protocol(ctx: TCtx, resultsId: bigint) {
      const c = await contextOf(ctx, resultsId)
      // The stored one while the application has not changed since (not a new file on every read).
      const stored = await db(ctx).resultsAttach.findFirst({
        where: { resultsId, kind: 'protocol', isDeleted: 0 },
        orderBy: { createTime: 'desc' },
      })
      if (stored && stored.createTime >= (c.row.updateTime ?? c.row.createTime)) {
        const attach = await db(ctx).attach.findFirst({ where: { id: stored.attachId, isDeleted: 0 } })
        const found = attach ? await oss.read(ctx, attach.name) : null
        if (found) {
          const chunks: Buffer[] = []
          for await (const chunk of found.body as Readable) {
            chunks.push(Buffer.from(chunk as Uint8Array))
          }
          return { fileName: stored.name, bytes: Buffer.concat(chunks) }
        }
      }
      return storeDocument(ctx, c, 'protocol', await render.protocol(c))
    },

    /** Renders a document without storing it (benchmarks measure this). */
    async renderOnly(ctx: TCtx, resultsId: bigint, kind: 'protocol' | 'report') {
      const c = await contextOf(ctx, resultsId)
      if (kind === 'protocol') {
        return render.protocol(c)
      }
      const saved = await savedForm(ctx, resultsId, 'report')
      return render.report(ctx, c, (saved?.data ?? prefill.report(c)) as TReportForm)
    },

    async files(ctx: TCtx, resultsId: bigint, assortId?: bigint) {
      await loadResults(deps, ctx, resultsId)
      const rows = await db(ctx).resultsAttach.findMany({
        where: { resultsId, isDeleted: 0, ...(assortId ? { assortId } : {}) },
        orderBy: [{ createTime: 'asc' }, { id: 'asc' }],
      })
      const attaches = await db(ctx).attach.findMany({
        where: { id: { in: rows.map((r) => r.attachId) }, isDeleted: 0 },
        select: { id: true, link: true, attachSize: true },
      })
      const byId = new Map(attaches.map((a) => [a.id, a]))
      return rows
        .filter((r) => byId.has(r.attachId))
        .map((r) => ({
          id: r.id,
          resultsId: r.resultsId,
          attachId: r.attachId,
          assortId: r.assortId,
          kind: r.kind,
          name: r.name,
          link: byId.get(r.attachId)!.link,
          attachSize: Number(byId.get(r.attachId)!.attachSize ?? 0),
          createTime: r.createTime,
        }))
    },

    /** `attach/put-object`: an uploaded file filed under one of the six categories of the application. */
    async addFile(ctx: TCtx, resultsId: bigint, assortId: bigint, file: Parameters<TOssService['store']>[1]) {
      const { canEdit, staff, row } = await loadResults(deps, ctx, resultsId)
      if (!canEdit && !(staff && row.status !== S.ARCHIVED)) {
        file.body.resume()
        throw AppError.badRequest('当前状态不能修改该成果')
      }
      if (deps.assorts && !(await deps.assorts.isCategory(assortId))) {
        file.body.resume()
        throw AppError.badRequest(AppraiseAssortMsg.SELECT)
      }
      const stored = await oss.store(ctx, file, true, 'attach')
      const attachId = stored.attachId!
      try {
        await db(ctx).$transaction(async (tx) => {
          await tx.resultsAttach.create({
            data: {
              id: nextId(),
              resultsId,
              attachId,
              assortId,
              kind: 'upload',
              name: stored.originalName,
              createUser: ctx.user?.userId ?? null,
            },
          })
          await results.addEvent(tx, ctx, resultsId, 'attach', `上传附件 ${stored.originalName}`)
        })
      } catch (err) {
        await oss.removeAttachments(ctx, async () => [attachId])
        throw err
      }
      return stored
    },

    async removeFiles(ctx: TCtx, ids: bigint[]) {
      const rows = await db(ctx).resultsAttach.findMany({
        where: { id: { in: ids }, isDeleted: 0, kind: 'upload' },
      })
      for (const r of rows) {
        const { canEdit, staff, row } = await loadResults(deps, ctx, r.resultsId)
        if (!canEdit && !(staff && row.status !== S.ARCHIVED)) {
          throw AppError.badRequest('当前状态不能修改该成果')
        }
      }
      await oss.removeAttachments(ctx, async (tx) => {
        await tx.resultsAttach.updateMany({
          where: { id: { in: rows.map((r) => r.id) } },
          data: { isDeleted: 1 },
        })
        for (const r of rows) {
          await results.addEvent(tx as never, ctx, r.resultsId, 'attach', `删除附件 ${r.name}`)
        }
        return rows.map((r) => r.attachId)
      })
    },

    /** One stored document of the application (the protocol is generated when none is stored). */
    async openDocument(ctx: TCtx, resultsId: bigint, kind: TDocumentKind) {
      if (kind === 'protocol') {
        // The agreement follows the application: stored while unchanged, made again otherwise.
        const made = await service.protocol(ctx, resultsId)
        return { fileName: made.fileName, body: Readable.from([made.bytes]), size: made.bytes.length }
      }
      await loadResults(deps, ctx, resultsId)
      const row = await db(ctx).resultsAttach.findFirst({
        where: { resultsId, kind, isDeleted: 0 },
        orderBy: { createTime: 'desc' },
      })
      if (!row) {
        throw AppError.badRequest(DocumentMsg.NOT_GENERATED(kind))
      }
      const attach = await db(ctx).attach.findFirst({ where: { id: row.attachId, isDeleted: 0 } })
      const found = attach ? await oss.read(ctx, attach.name) : null
      if (!found) {
        throw AppError.badRequest(DocumentMsg.NOT_GENERATED(kind))
      }
      return { fileName: row.name, body: found.body, size: found.object.size }
    },

    /**
     * `download?type=all`: a zip of every file of the application and its dossier, streamed: entries are
     * opened one after the other as the archive drains, never all at once and never buffered whole.
     */
    async zip(ctx: TCtx, resultsId: bigint) {
      const { row } = await loadResults(deps, ctx, resultsId)
      const files = await service.files(ctx, resultsId)
      const assorts = await prisma.assort.findMany({ select: { id: true, name: true } })
      const assortName = new Map(assorts.map((a) => [a.id, a.name]))
      const events = await results.dossier(ctx, resultsId)
      // The dossier page's table as text: time, who, kind, what (tab-separated, one entry a line).
      const dossier = [
        `成果评价档案：${row.name}（${row.agreementNumber ?? '未编号'}）`,
        `当前状态：${RESULTS_STATUS_LABELS[row.status] ?? row.status}`,
        `导出时间：${formatDateTime(new Date())}`,
        '',
        ['时间', '操作人', '类型', '内容'].join('\t'),
        ...events.map((e) =>
          [
            formatDateTime(e.createTime),
            e.userName ?? '',
            resultsEventLabel(e.kind),
            resultsEventText(e).replace(/\s+/g, ' '),
          ].join('\t'),
        ),
      ].join('\r\n')

      const archive = archiver('zip', { zlib: { level: 6 } })
      const out = new PassThrough()
      archive.on('error', (err) => out.destroy(err))
      archive.on('warning', (err) => ctx.log.warn({ err }, 'zip warning'))
      archive.pipe(out)
      const names = new Set<string>()
      const unique = (name: string) => {
        let n = name
        for (let i = 2; names.has(n); i++) {
          const dot = name.lastIndexOf('.')
          n = dot > 0 ? `${name.slice(0, dot)}(${i})${name.slice(dot)}` : `${name}(${i})`
        }
        names.add(n)
        return n
      }
      archive.append(`\ufeff${dossier}`, { name: unique('档案记录.txt') })
      const queue = [...files]
      const next = async () => {
        const f = queue.shift()
        if (!f) {
          await archive.finalize()
          return
        }
        const folder =
          f.kind === 'upload' ? `附件/${(f.assortId && assortName.get(f.assortId)) || '其他'}` : '文书'
        const attach = await db(ctx).attach.findFirst({ where: { id: f.attachId }, select: { name: true } })
        const found = attach ? await oss.read(ctx, attach.name) : null
        if (!found) {
          ctx.log.warn({ attachId: f.attachId }, 'a file of the application is missing from the storage')
          await next()
          return
        }
        // pdf, docx, xlsx, jpg and png are compressed already: stored as they are, not deflated again.
        archive.append(found.body as Readable, {
          name: unique(`${folder}/${f.name}`),
          store: COMPRESSED.test(f.name),
        })
      }
      // The next entry is opened once the previous one has been written.
      archive.on('entry', () => {
        next().catch((err: unknown) => archive.emit('error', err))
      })
      return { fileName: `成果评价-${row.agreementNumber ?? row.id}.zip`, body: out }
    },
  }
  return service
}

const COMPRESSED = /\.(pdf|docx|xlsx|jpe?g|png|zip)$/i

export type TDocumentsService = ReturnType<typeof createDocumentsService>
