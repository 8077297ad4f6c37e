import { nextId, Prisma } from '@ysjs/db'
import {
  AGREEMENT_NUMBER_MAX,
  APPRAISE_DEFAULTS,
  parseDateTime,
  RESULTS_STATUS,
  RESULTS_STATUS_LABELS,
  ResultsMsg,
  type TResultsStage,
  type TResultsStageState,
  type TResultsVOSubmit,
  ZResultsVOFullSchema,
} from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { dictLabels } from '../../lib/dict-labels.ts'
import { AppError, orNullIfNotFound } from '../../lib/errors.ts'
import { listPage } from '../../lib/list-sql.ts'
import { skipTake, toPage, wantsCount } from '../../lib/paging.ts'
import { sanitizeRichText } from '../../lib/rich-text.ts'
import { type TTenantDb, tenantDb } from '../../lib/tenancy.ts'
import {
  APPRAISE_CODES,
  canEditResults,
  dateText,
  decimal,
  isStaff,
  loadEditable,
  loadResults,
  lockResults,
  ResultsAccessMsg,
  type TAppraiseDeps,
  type TResultsRow,
  who,
} from './appraise-access.ts'
import { createStageWhere } from './results-stages.ts'

type TTx = Parameters<Parameters<TTenantDb['$transaction']>[0]>[0]

/** How a transition is started: by the status call or the audit (`manual`), or by the server. */
type TTransition = {
  from: readonly number[]
  to: number
  action: string
  /** Manual transitions name who may make them; automatic ones only the server makes. */
  by: 'owner' | 'staff' | 'server'
}

const S = RESULTS_STATUS
/** The one transition table of the status machine (issue 12); anything else is refused. */
export const TRANSITIONS: readonly TTransition[] = [
  { from: [S.DRAFT, S.RETURNED], to: S.PENDING, action: '提交', by: 'owner' },
  { from: [S.PENDING], to: S.ACCEPTED, action: '审核通过', by: 'staff' },
  { from: [S.PENDING], to: S.RETURNED, action: '审核退回', by: 'staff' },
  { from: [S.ACCEPTED], to: S.EVALUATING, action: '生成评价通知', by: 'server' },
  { from: [S.EVALUATING], to: S.SCORED, action: '专家评分完成', by: 'server' },
  { from: [S.SCORED], to: S.REPORTED, action: '生成评价报告', by: 'server' },
  { from: [S.REPORTED], to: S.ARCHIVED, action: '归档', by: 'staff' },
]

export const StatusMsg = {
  refused: (from: number, to: number) =>
    `当前状态为${RESULTS_STATUS_LABELS[from] ?? from}，不能变更为${RESULTS_STATUS_LABELS[to] ?? to}`,
  AUTOMATIC: '该状态由系统在相应操作完成后自动变更',
  OWNER_ONLY: '只有申请人可以提交该成果',
  staffOnly: (action: string) => `只有评价中心人员可以${action}`,
  CHANGED: '成果状态已变化，请刷新后重试',
  REMOVE: '只能删除草稿状态的成果',
} as const

const dateOf = (v: string | undefined) => (v ? new Date(`${v}T00:00:00Z`) : null)
const rich = (v: string | undefined) => (v ? sanitizeRichText(v) : null)

/** Answers the first message of the full (submit) check of a stored application, or nothing. */
const firstSubmitIssue = (vo: unknown): string | null => {
  const parsed = ZResultsVOFullSchema.safeParse(vo)
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? ResultsMsg.NAME)
}

export const createResultsService = (deps: TAppraiseDeps) => {
  const { prisma } = deps
  const db = (ctx: TCtx) => tenantDb(prisma, ctx.tenantId)
  const stageWhere = createStageWhere(prisma)

  const labelsOf = async (ctx: TCtx) => ({
    outcome: await dictLabels(prisma, ctx.tenantId, 'achievement_type'),
  })

  const userNames = async (ids: (bigint | null)[]) => {
    const wanted = [...new Set(ids.filter((i): i is bigint => i !== null))]
    const rows = wanted.length
      ? await prisma.user.findMany({
          where: { id: { in: wanted } },
          select: { id: true, realName: true, name: true },
        })
      : []
    return new Map(rows.map((u) => [u.id, u.realName || u.name || '']))
  }

  const record = (
    ctx: TCtx,
    row: TResultsRow,
    staff: boolean,
    extra: { outcome: Map<string, string>; users: Map<bigint, string> },
  ) => ({
    id: row.id,
    tenantId: row.tenantId,
    agreementNumber: row.agreementNumber,
    name: row.name,
    firstParty: row.firstParty,
    signingLocation: row.signingLocation,
    signingDate: dateText(row.signingDate),
    resultsSource: row.resultsSource,
    outcomeType: row.outcomeType,
    outcomeTypeName: row.outcomeType === null ? '' : (extra.outcome.get(String(row.outcomeType)) ?? ''),
    synopsis: row.synopsis,
    appraiseType: row.appraiseType,
    meetingType: row.meetingType,
    meetingTime: row.meetingTime,
    meetingVenue: row.meetingVenue,
    status: row.status,
    statusName: RESULTS_STATUS_LABELS[row.status] ?? '',
    totalScore: decimal(row.totalScore),
    grade: row.grade,
    canEdit: canEditResults(row, ctx, staff),
    createUser: row.createUser,
    createUserName: row.createUser ? (extra.users.get(row.createUser) ?? '') : '',
    createTime: row.createTime,
    updateTime: row.updateTime,
  })

  const records = async (ctx: TCtx, rows: TResultsRow[], staff: boolean) => {
    const [{ outcome }, users] = await Promise.all([labelsOf(ctx), userNames(rows.map((r) => r.createUser))])
    return rows.map((r) => record(ctx, r, staff, { outcome, users }))
  }

  const rowsOf = async (ctx: TCtx, resultsId: bigint, tx?: TTx) => {
    const d = tx ?? db(ctx)
    const [units, people, principal] = await Promise.all([
      d.resultsUnit.findMany({
        where: { resultsId, isDeleted: 0 },
        orderBy: [{ sort: 'asc' }, { id: 'asc' }],
      }),
      d.resultsPeople.findMany({
        where: { resultsId, isDeleted: 0 },
        orderBy: [{ sort: 'asc' }, { id: 'asc' }],
      }),
      d.resultsPrincipal.findFirst({ where: { resultsId, isDeleted: 0 } }),
    ])
    const unitName = new Map(units.map((u) => [u.id, u.unitName]))
    return {
      unitEntityList: units.map((u) => ({
        id: u.id,
        resultsId: u.resultsId,
        unitName: u.unitName,
        postcode: u.postcode,
        address: u.address,
        name: u.name,
        phone: u.phone,
        sort: u.sort,
      })),
      peopleEntityList: people.map((p) => ({
        id: p.id,
        resultsId: p.resultsId,
        name: p.name,
        sex: p.sex,
        birthTime: p.birthTime,
        jobName: p.jobName,
        educationalLevel: p.educationalLevel,
        workUnit: p.workUnit,
        workUnitName: p.workUnit ? (unitName.get(p.workUnit) ?? '') : '',
        contribution: p.contribution,
        sort: p.sort,
      })),
      principal: principal
        ? {
            id: principal.id,
            resultsId: principal.resultsId,
            unitName: principal.unitName,
            dutyNumber: principal.dutyNumber,
            legalPerson: principal.legalPerson,
            address: principal.address,
            agent: principal.agent,
            phone: principal.phone,
            name: principal.name,
            cardNumber: principal.cardNumber,
            postcode: principal.postcode,
            accountNumber: principal.accountNumber,
            fax: principal.fax,
            personMail: principal.personMail,
          }
        : null,
    }
  }

  const addEvent = (
    tx: TTx,
    ctx: TCtx,
    resultsId: bigint,
    kind: string,
    content: string | null,
    status?: { from: number; to: number },
  ) =>
    tx.resultsEvent.create({
      data: {
        id: nextId(),
        resultsId,
        kind,
        content,
        fromStatus: status?.from ?? null,
        toStatus: status?.to ?? null,
        ...who(ctx),
      },
    })

  /**
   * The agreement number rule: `YS` + year + a 4-digit sequence within the tenant. The sequence is the
   * highest number of that exact shape (typed numbers of another shape, like `YS2026A01`, do not move
   * it), skipping any that a typed number already holds.
   */
  const nextAgreementNumber = async (tx: TTx, ctx: TCtx) => {
    const year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear()
    const prefix = `YS${year}`
    // Every row, removed ones too: the unique index covers them all. The position is cast: a text
    // parameter would make SUBSTRING … FROM a regular-expression match.
    const [top] = await tx.$queryRaw<{ seq: number | null }[]>(Prisma.sql`
      SELECT MAX(CAST(SUBSTRING(agreement_number FROM ${prefix.length + 1}::integer) AS integer)) AS seq
      FROM ysjs_appraise_results
      WHERE tenant_id = ${ctx.tenantId} AND agreement_number ~ ${`^${prefix}[0-9]{4}$`}`)
    for (let seq = (top?.seq ?? 0) + 1; seq <= 9999; seq++) {
      const number = `${prefix}${String(seq).padStart(4, '0')}`
      const taken = await tx.results.findFirst({ where: { agreementNumber: number }, select: { id: true } })
      if (!taken) {
        return number
      }
    }
    throw AppError.badRequest(ResultsMsg.AGREEMENT_NUMBER_EXHAUSTED)
  }

  const assertNumberFree = async (tx: TTx, number: string, id: bigint) => {
    if ([...number].length > AGREEMENT_NUMBER_MAX) {
      throw AppError.badRequest(ResultsMsg.AGREEMENT_NUMBER_MAX)
    }
    const clash = await tx.results.findFirst({
      where: { agreementNumber: number, NOT: { id } },
      select: { id: true },
    })
    if (clash) {
      throw AppError.badRequest(ResultsMsg.AGREEMENT_NUMBER_TAKEN)
    }
  }

  /**
   * Moves an application along the table inside `tx` (the row is locked). Checks the caller for manual
   * transitions, records the history row; the caller's other writes commit with it or not at all.
   */
  const transition = async (
    tx: TTx,
    ctx: TCtx,
    id: bigint,
    to: number,
    opts: { opinion?: string | null; by: 'owner' | 'staff' | 'server'; data?: Record<string, unknown> },
  ) => {
    await lockResults(tx, id)
    const row = await tx.results.findFirst({ where: { id, isDeleted: 0 } })
    if (!row) {
      throw AppError.badRequest(ResultsAccessMsg.NOT_FOUND)
    }
    const step = TRANSITIONS.find((t) => t.to === to && t.from.includes(row.status))
    if (!step) {
      throw AppError.badRequest(StatusMsg.refused(row.status, to))
    }
    if (step.by === 'server' && opts.by !== 'server') {
      throw AppError.badRequest(StatusMsg.AUTOMATIC)
    }
    if (step.by === 'owner' && row.createUser !== ctx.user?.userId) {
      throw AppError.badRequest(StatusMsg.OWNER_ONLY)
    }
    if (step.by === 'staff' && opts.by !== 'staff') {
      throw AppError.forbidden(StatusMsg.staffOnly(step.action))
    }
    const { count } = await tx.results.updateMany({
      where: { id, status: row.status },
      data: { ...opts.data, status: to, updateUser: ctx.user?.userId ?? null, updateTime: new Date() },
    })
    if (count === 0) {
      throw AppError.badRequest(StatusMsg.CHANGED)
    }
    await addEvent(tx, ctx, id, 'status', opts.opinion ?? step.action, { from: row.status, to })
    return { from: row.status, to }
  }

  /** Units, people and principal of a body made to match: rows added, changed and removed. */
  const saveRows = async (tx: TTx, ctx: TCtx, resultsId: bigint, body: TResultsVOSubmit) => {
    const user = ctx.user?.userId ?? null
    const now = new Date()
    const existingUnits = await tx.resultsUnit.findMany({
      where: { resultsId, isDeleted: 0 },
      select: { id: true },
    })
    const unitIds = new Set(existingUnits.map((u) => u.id))
    const keptUnits = new Set<bigint>()
    // Person rows name their unit by id, or by the name of a unit saved in the same body.
    const unitRef = new Map<string, bigint>()
    for (const [i, u] of body.unitEntityList.entries()) {
      const data = {
        unitName: u.unitName ?? '',
        postcode: u.postcode ?? null,
        address: u.address ?? null,
        name: u.name ?? null,
        phone: u.phone ?? null,
        sort: i + 1,
      }
      let id = u.id ? BigInt(u.id) : null
      if (id && unitIds.has(id)) {
        await tx.resultsUnit.updateMany({
          where: { id },
          data: { ...data, updateUser: user, updateTime: now },
        })
      } else {
        id = nextId()
        await tx.resultsUnit.create({ data: { ...data, id, resultsId, createUser: user } })
      }
      keptUnits.add(id)
      if (u.id) {
        unitRef.set(u.id, id)
      }
      unitRef.set(String(id), id)
      if (u.unitName && !unitRef.has(u.unitName)) {
        unitRef.set(u.unitName, id)
      }
    }
    const goneUnits = [...unitIds].filter((id) => !keptUnits.has(id))
    if (goneUnits.length) {
      await tx.resultsUnit.updateMany({
        where: { id: { in: goneUnits } },
        data: { isDeleted: 1, updateUser: user, updateTime: now },
      })
    }

    const existingPeople = await tx.resultsPeople.findMany({
      where: { resultsId, isDeleted: 0 },
      select: { id: true },
    })
    const peopleIds = new Set(existingPeople.map((p) => p.id))
    const keptPeople = new Set<bigint>()
    for (const [i, p] of body.peopleEntityList.entries()) {
      let workUnit: bigint | null = null
      if (p.workUnit) {
        workUnit = unitRef.get(p.workUnit) ?? null
        if (workUnit === null) {
          throw AppError.badRequest(ResultsMsg.WORK_UNIT)
        }
      }
      const data = {
        name: p.name ?? '',
        sex: p.sex ?? APPRAISE_DEFAULTS.SEX,
        birthTime: p.birthTime ?? null,
        jobName: p.jobName ?? null,
        educationalLevel: p.educationalLevel ?? null,
        workUnit,
        contribution: p.contribution ?? null,
        sort: i + 1,
      }
      let id = p.id ? BigInt(p.id) : null
      if (id && peopleIds.has(id)) {
        await tx.resultsPeople.updateMany({
          where: { id },
          data: { ...data, updateUser: user, updateTime: now },
        })
      } else {
        id = nextId()
        await tx.resultsPeople.create({ data: { ...data, id, resultsId, createUser: user } })
      }
      keptPeople.add(id)
    }
    const gonePeople = [...peopleIds].filter((id) => !keptPeople.has(id))
    if (gonePeople.length) {
      await tx.resultsPeople.updateMany({
        where: { id: { in: gonePeople } },
        data: { isDeleted: 1, updateUser: user, updateTime: now },
      })
    }

    if (body.principal) {
      const p = body.principal
      const data = {
        unitName: p.unitName ?? null,
        dutyNumber: p.dutyNumber ?? null,
        legalPerson: p.legalPerson ?? null,
        address: p.address ?? null,
        agent: p.agent ?? null,
        phone: p.phone ?? null,
        name: p.name ?? null,
        cardNumber: p.cardNumber ?? null,
        postcode: p.postcode ?? null,
        accountNumber: p.accountNumber ?? null,
        fax: p.fax ?? null,
        personMail: p.personMail ?? null,
      }
      const existing = await tx.resultsPrincipal.findFirst({
        where: { resultsId, isDeleted: 0 },
        select: { id: true },
      })
      if (existing) {
        await tx.resultsPrincipal.updateMany({
          where: { id: existing.id },
          data: { ...data, updateUser: user, updateTime: now },
        })
      } else {
        await tx.resultsPrincipal.create({ data: { ...data, id: nextId(), resultsId, createUser: user } })
      }
    }
  }

  const service = {
    transition,
    addEvent,
    rowsOf,
    records,

    async page(
      ctx: TCtx,
      q: {
        current: number
        size: number
        status?: number
        name?: string
        searchCount?: 'true' | 'false'
        stage?: TResultsStage
        stageState?: TResultsStageState
      },
      mine = false,
    ) {
      const staff = await isStaff(deps, ctx)
      const own: Prisma.ResultsWhereInput = {
        isDeleted: 0,
        ...(!staff || mine ? { createUser: ctx.user?.userId ?? -1n } : {}),
      }
      const stage = q.stage
      const halves = stage
        ? {
            todo: await stageWhere(ctx.tenantId, stage, 'todo'),
            done: await stageWhere(ctx.tenantId, stage, 'done'),
          }
        : null
      const where: Prisma.ResultsWhereInput = {
        ...own,
        ...(q.status !== undefined ? { status: q.status } : {}),
        ...(q.name ? { name: { contains: q.name } } : {}),
        ...(halves
          ? { AND: [q.stageState ? halves[q.stageState] : { OR: [halves.todo, halves.done] }] }
          : {}),
      }
      // A stage screen's counts: its two halves among the caller's applications, whatever is searched.
      const stageCounts = halves
        ? {
            stageCounts: {
              todo: await db(ctx).results.count({ where: { ...own, AND: [halves.todo] } }),
              done: await db(ctx).results.count({ where: { ...own, AND: [halves.done] } }),
            },
          }
        : {}
      const count = wantsCount(q)
      const page = await listPage(prisma, 'Results', db(ctx).results, {
        tenantId: ctx.tenantId,
        where,
        orderBy: [{ updateTime: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }],
        ...skipTake(q),
        count,
      })
      const rows = page.rows
      return {
        ...toPage(await records(ctx, rows, staff), page.total, q, [], { exact: page.exact, count }),
        ...stageCounts,
      }
    },

    /** Applications waiting for the caller (staff) to audit. */
    async auditPage(ctx: TCtx, q: { current: number; size: number; name?: string }) {
      return service.page(ctx, { ...q, status: RESULTS_STATUS.PENDING })
    },

    async detail(ctx: TCtx, id: bigint) {
      const { row, staff } = await loadResults(deps, ctx, id)
      return (await records(ctx, [row], staff))[0]!
    },

    async detailVO(ctx: TCtx, id: bigint) {
      const { row, staff } = await loadResults(deps, ctx, id)
      const base = (await records(ctx, [row], staff))[0]!
      return { ...base, ...(await rowsOf(ctx, id)) }
    },

    /** `saveResultsVO`: the agreement and its rows in one transaction (a draft: filled fields are checked). */
    async saveVO(ctx: TCtx, body: TResultsVOSubmit) {
      const staff = await isStaff(deps, ctx)
      if (body.id) {
        await loadEditable(deps, ctx, BigInt(body.id))
      } else if (!(ctx.user && (await deps.hasPermission(ctx.user, APPRAISE_CODES.add)))) {
        throw AppError.forbidden()
      }
      const data = {
        name: body.name ?? '',
        firstParty: body.firstParty ?? null,
        signingLocation: body.signingLocation ?? null,
        signingDate: dateOf(body.signingDate),
        resultsSource: rich(body.resultsSource),
        outcomeType: body.outcomeType ?? null,
        synopsis: rich(body.synopsis),
        appraiseType: body.appraiseType ?? null,
        meetingType: body.meetingType ?? null,
        meetingTime: body.meetingTime ? parseDateTime(body.meetingTime) : null,
        meetingVenue: body.meetingVenue ?? null,
      }
      if (body.meetingTime && !data.meetingTime) {
        throw AppError.badRequest(ResultsMsg.MEETING_TIME)
      }
      const user = ctx.user?.userId ?? null
      const id = await db(ctx).$transaction(async (tx) => {
        let id: bigint
        if (body.id) {
          id = BigInt(body.id)
          await lockResults(tx, id)
          const current = await tx.results.findFirst({ where: { id, isDeleted: 0 } })
          if (!current || !canEditResults(current, ctx, staff)) {
            throw AppError.badRequest(ResultsAccessMsg.NOT_EDITABLE)
          }
          // From acceptance on the number is the signed agreement's: no longer changed here.
          const open = current.status === RESULTS_STATUS.DRAFT || current.status === RESULTS_STATUS.RETURNED
          const number =
            staff && open && body.agreementNumber ? { agreementNumber: body.agreementNumber } : {}
          if (number.agreementNumber) {
            await assertNumberFree(tx, number.agreementNumber, id)
          }
          await tx.results.updateMany({
            where: { id },
            data: { ...data, ...number, updateUser: user, updateTime: new Date() },
          })
        } else {
          id = nextId()
          const number = staff && body.agreementNumber ? body.agreementNumber : null
          if (number) {
            await assertNumberFree(tx, number, id)
          }
          await tx.results.create({
            data: {
              ...data,
              id,
              agreementNumber: number,
              signingDate:
                data.signingDate ?? dateOf(new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)),
              appraiseType: data.appraiseType ?? APPRAISE_DEFAULTS.APPRAISE_TYPE,
              meetingVenue: data.meetingVenue ?? APPRAISE_DEFAULTS.MEETING_VENUE,
              meetingType: data.meetingType ?? APPRAISE_DEFAULTS.MEETING_TYPE,
              status: RESULTS_STATUS.DRAFT,
              createUser: user,
              createDept: ctx.user?.deptIds[0] ?? null,
              updateUser: user,
              updateTime: new Date(),
            },
          })
          await addEvent(tx, ctx, id, 'status', '创建', {
            from: RESULTS_STATUS.DRAFT,
            to: RESULTS_STATUS.DRAFT,
          })
        }
        await saveRows(tx, ctx, id, body)
        return id
      })
      return service.detailVO(ctx, id)
    },

    /** The shared status call: `{id, status}` along the transition table. */
    async changeStatus(ctx: TCtx, id: bigint, to: number, opinion?: string) {
      const { row, staff } = await loadResults(deps, ctx, id)
      if (to === RESULTS_STATUS.PENDING && row.createUser === ctx.user?.userId) {
        await service.submitForAudit(ctx, row)
        return
      }
      if (to === RESULTS_STATUS.ACCEPTED || to === RESULTS_STATUS.RETURNED) {
        if (row.status === RESULTS_STATUS.PENDING && staff) {
          await service.audit(ctx, { id: String(id), pass: to === RESULTS_STATUS.ACCEPTED, opinion })
          return
        }
      }
      await db(ctx).$transaction((tx) =>
        transition(tx, ctx, id, to, { opinion, by: staff ? 'staff' : 'owner' }),
      )
    },

    /** 草稿/已退回 → 待审核: the whole application must pass the checks of spec section 5. */
    async submitForAudit(ctx: TCtx, row: TResultsRow) {
      if (!(ctx.user && (await deps.hasPermission(ctx.user, APPRAISE_CODES.submit)))) {
        throw AppError.forbidden()
      }
      const base = (await records(ctx, [row], false))[0]!
      const rows = await rowsOf(ctx, row.id)
      const issue = firstSubmitIssue({
        ...base,
        id: undefined,
        agreementNumber: base.agreementNumber ?? undefined,
        meetingTime: row.meetingTime ? formatMeeting(row.meetingTime) : undefined,
        unitEntityList: rows.unitEntityList.map((u) => ({ ...u, id: String(u.id) })),
        peopleEntityList: rows.peopleEntityList.map((p) => ({
          ...p,
          id: String(p.id),
          workUnit: p.workUnit ? String(p.workUnit) : undefined,
        })),
        principal: rows.principal,
      })
      if (issue) {
        throw AppError.badRequest(issue)
      }
      await db(ctx).$transaction((tx) => transition(tx, ctx, row.id, RESULTS_STATUS.PENDING, { by: 'owner' }))
    },

    /** Staff accept (agreement number given or assigned) or return the application with an opinion. */
    async audit(ctx: TCtx, body: { id: string; pass: boolean; opinion?: string; agreementNumber?: string }) {
      const id = BigInt(body.id)
      await loadResults(deps, ctx, id)
      if (!body.pass && !body.opinion) {
        throw AppError.badRequest(ResultsMsg.AUDIT_OPINION)
      }
      const run = () =>
        db(ctx).$transaction(async (tx) => {
          const data: Record<string, unknown> = {}
          if (body.pass) {
            // Acceptances of one tenant draw their numbers one at a time (the lock ends with the
            // transaction), so two at once never draw the same one.
            await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`agreement-number:${ctx.tenantId}`}))`
            const current = await tx.results.findFirst({ where: { id }, select: { agreementNumber: true } })
            const number =
              body.agreementNumber || current?.agreementNumber || (await nextAgreementNumber(tx, ctx))
            await assertNumberFree(tx, number, id)
            data.agreementNumber = number
          }
          await transition(tx, ctx, id, body.pass ? RESULTS_STATUS.ACCEPTED : RESULTS_STATUS.RETURNED, {
            by: 'staff',
            opinion: body.opinion || (body.pass ? '审核通过' : null),
            data,
          })
        })
      // Two acceptances at once can draw the same sequence number: the unique index refuses the later
      // one, which draws again.
      for (let attempt = 1; ; attempt++) {
        try {
          await run()
          return
        } catch (err) {
          const clash = err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002'
          if (!clash || body.agreementNumber || attempt >= 3) {
            throw err
          }
        }
      }
    },

    /** Drafts only, by their applicant or staff. */
    async remove(ctx: TCtx, ids: bigint[]) {
      let removed = 0
      for (const id of ids) {
        // Missing (or another applicant's) ids are skipped; any other failure is the caller's to see.
        const found = await orNullIfNotFound(loadResults(deps, ctx, id), ResultsAccessMsg.NOT_FOUND)
        if (!found) {
          continue
        }
        if (found.row.status !== RESULTS_STATUS.DRAFT) {
          throw AppError.badRequest(StatusMsg.REMOVE)
        }
        const { count } = await db(ctx).results.updateMany({
          where: { id, status: RESULTS_STATUS.DRAFT, isDeleted: 0 },
          data: { isDeleted: 1, updateUser: ctx.user?.userId ?? null, updateTime: new Date() },
        })
        removed += count
      }
      return removed
    },

    async messages(ctx: TCtx, resultsId: bigint) {
      await loadResults(deps, ctx, resultsId)
      return db(ctx).resultsEvent.findMany({
        where: { resultsId, kind: 'message' },
        orderBy: [{ createTime: 'asc' }, { id: 'asc' }],
      })
    },

    async postMessage(ctx: TCtx, resultsId: bigint, content: string) {
      await loadResults(deps, ctx, resultsId)
      await db(ctx).$transaction((tx) => addEvent(tx, ctx, resultsId, 'message', content))
    },

    /** The dossier: every event of the application in time order. */
    async dossier(ctx: TCtx, resultsId: bigint) {
      await loadResults(deps, ctx, resultsId)
      return db(ctx).resultsEvent.findMany({
        where: { resultsId },
        orderBy: [{ createTime: 'asc' }, { id: 'asc' }],
      })
    },

    /** Removes saved unit (or person) rows of an editable application (the editor's row delete). */
    async removeRows(ctx: TCtx, kind: 'unit' | 'people', ids: bigint[]) {
      const d = db(ctx)
      const rows =
        kind === 'unit'
          ? await d.resultsUnit.findMany({
              where: { id: { in: ids }, isDeleted: 0 },
              select: { id: true, resultsId: true },
            })
          : await d.resultsPeople.findMany({
              where: { id: { in: ids }, isDeleted: 0 },
              select: { id: true, resultsId: true },
            })
      for (const resultsId of new Set(rows.map((r) => r.resultsId))) {
        await loadEditable(deps, ctx, resultsId)
      }
      const data = { isDeleted: 1, updateUser: ctx.user?.userId ?? null, updateTime: new Date() }
      const where = { id: { in: rows.map((r) => r.id) } }
      await d.$transaction(async (tx) => {
        if (kind === 'unit') {
          await tx.resultsUnit.updateMany({ where, data })
          // People of a removed unit keep their row; their unit is cleared.
          await tx.resultsPeople.updateMany({
            where: { workUnit: { in: where.id.in } },
            data: { workUnit: null },
          })
        } else {
          await tx.resultsPeople.updateMany({ where, data })
        }
      })
    },
  }
  return service
}

const formatMeeting = (d: Date) => {
  const t = new Date(d.getTime() + 8 * 3600_000).toISOString()
  return `${t.slice(0, 10)} ${t.slice(11, 19)}`
}

export type TResultsService = ReturnType<typeof createResultsService>
