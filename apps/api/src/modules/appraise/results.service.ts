import { nextId, type Prisma } from '@ysjs/db'
import {
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
import { withAudit } from '../../lib/crud.ts'
import { dictLabels } from '../../lib/dict-labels.ts'
import { AppError, orNullIfNotFound } from '../../lib/errors.ts'
import { listPage } from '../../lib/list-sql.ts'
import { skipTake, toPage, wantsCount } from '../../lib/paging.ts'
import { sanitizeRichText } from '../../lib/rich-text.ts'
import { tenantDb } from '../../lib/tenancy.ts'
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
} from './appraise-access.ts'
import { rowsOf as readRows, saveRows, type TTx } from './results-rows.ts'
import { createStageWhere } from './results-stages.ts'
import { addEvent, assertNumberFree, decideAudit, StatusMsg, transition } from './results-status.ts'

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

  const rowsOf = (ctx: TCtx, resultsId: bigint, tx?: TTx) => readRows(tx ?? db(ctx), resultsId)

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
      const audit = withAudit(ctx)
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
            data: { ...data, ...number, ...audit.updated },
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
              ...audit.created,
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
      await loadResults(deps, ctx, BigInt(body.id))
      if (!body.pass && !body.opinion) {
        throw AppError.badRequest(ResultsMsg.AUDIT_OPINION)
      }
      await decideAudit(db(ctx), ctx, body)
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
          data: withAudit(ctx).deleted,
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
      const data = withAudit(ctx).deleted
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
