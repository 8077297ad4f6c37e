import { Prisma, type PrismaClient } from '@ysjs/db'
import { RESULTS_STATUS } from '@ysjs/shared'
import type { TAuthUser, TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { type TTenantDb, tenantDb } from '../../lib/tenancy.ts'

/** Permission codes (seeded menu and button codes) the appraisal rules name. */
export const APPRAISE_CODES = {
  list: 'appraise_results',
  add: 'appraise_results_add',
  edit: 'appraise_results_edit',
  remove: 'appraise_results_delete',
  submit: 'appraise_results_submit',
  /** The centre's staff: audit, accept, archive, see every application of the tenant. */
  staff: 'appraise_results_audit',
  download: 'appraise_results_download',
  noticeView: 'appraise_notice',
  noticeCreate: 'appraise_notice_create',
  reportView: 'appraise_report',
  reportCreate: 'appraise_report_create',
  meetingView: 'appraise_meeting',
  meetingCreate: 'appraise_meeting_create',
  basicView: 'appraise_basic',
  basicPush: 'appraise_basic_push',
  basicRemove: 'appraise_basic_delete',
  configView: 'appraise_cofig',
  configSave: ['appraise_cofig_add', 'appraise_cofig_edit'],
  configRemove: 'appraise_cofig_delete',
  unitView: 'appraise_unit',
  unitSubmit: ['appraise_unit_add', 'appraise_unit_edit'],
  unitRemove: 'appraise_unit_delete',
  peopleView: 'appraise_people',
  peopleSubmit: ['appraise_people_add', 'appraise_people_edit'],
  peopleRemove: 'appraise_people_delete',
  principalView: 'appraise_principal',
  principalSubmit: ['appraise_principal_add', 'appraise_principal_edit'],
  principalRemove: 'appraise_principal_delete',
  assortView: 'appraise_assort',
  assortAdd: 'appraise_assort_add',
  assortEdit: 'appraise_assort_edit',
  assortRemove: 'appraise_assort_delete',
  indexView: 'appraise_index',
  attachView: 'appraise_attach',
  attachAdd: 'appraise_attach_add',
  attachRemove: 'appraise_attach_delete',
} as const

export type THasPermission = (user: TAuthUser, code: string | readonly string[]) => Promise<boolean>

export type TAppraiseDeps = {
  prisma: PrismaClient
  hasPermission: THasPermission
}

export type TResultsRow = NonNullable<Awaited<ReturnType<PrismaClient['results']['findFirst']>>>

export const isStaff = async (deps: TAppraiseDeps, ctx: TCtx): Promise<boolean> =>
  !!ctx.user && (await deps.hasPermission(ctx.user, APPRAISE_CODES.staff))

/**
 * The form's can-edit flag: the applicant edits in 草稿 and 已退回 only; staff until the experts have
 * scored (decision 017).
 */
export const canEditResults = (
  row: Pick<TResultsRow, 'status' | 'createUser'>,
  ctx: TCtx,
  staff: boolean,
) => {
  if (staff) {
    return row.status <= RESULTS_STATUS.EVALUATING || row.status === RESULTS_STATUS.RETURNED
  }
  const owner = !!ctx.user && row.createUser === ctx.user.userId
  return owner && (row.status === RESULTS_STATUS.DRAFT || row.status === RESULTS_STATUS.RETURNED)
}

export const ResultsAccessMsg = {
  NOT_EDITABLE: '当前状态不能修改该成果',
  NOT_FOUND: '成果不存在',
} as const

/**
 * An application the caller may read: staff read the tenant's, an applicant only their own. Another
 * tenant's or another applicant's answers as missing, so ids cannot be probed.
 */
export const loadResults = async (deps: TAppraiseDeps, ctx: TCtx, id: bigint, db?: TTenantDb) => {
  const row = await (db ?? tenantDb(deps.prisma, ctx.tenantId)).results.findFirst({
    where: { id, isDeleted: 0 },
  })
  if (!row) {
    throw AppError.badRequest(ResultsAccessMsg.NOT_FOUND)
  }
  const staff = await isStaff(deps, ctx)
  if (!staff && row.createUser !== ctx.user?.userId) {
    throw AppError.badRequest(ResultsAccessMsg.NOT_FOUND)
  }
  return { row, staff, canEdit: canEditResults(row, ctx, staff) }
}

/**
 * The applications whose records the caller may read, as a `resultsId` condition: staff every live
 * application of the tenant, an applicant their own (decision 017).
 */
export const readableResultsWhere = async (
  deps: TAppraiseDeps,
  ctx: TCtx,
): Promise<{ staff: boolean; where: Prisma.BigIntFilter }> => {
  const db = tenantDb(deps.prisma, ctx.tenantId)
  const staff = await isStaff(deps, ctx)
  if (staff) {
    // Only drafts can be removed, so the removed applications stay few.
    const gone = await db.results.findMany({ where: { isDeleted: 1 }, select: { id: true } })
    return { staff, where: { notIn: gone.map((r) => r.id) } }
  }
  const mine = await db.results.findMany({
    where: { createUser: ctx.user?.userId ?? -1n, isDeleted: 0 },
    select: { id: true },
  })
  return { staff, where: { in: mine.map((r) => r.id) } }
}

/**
 * What records hanging off an application (intellectual property) ask of it: which applications the
 * caller reads, and whether one may be read or changed by them.
 */
export const createResultsGate = (deps: TAppraiseDeps) => ({
  readable: async (ctx: TCtx) => (await readableResultsWhere(deps, ctx)).where,
  assertReadable: async (ctx: TCtx, resultsId: bigint) => {
    await loadResults(deps, ctx, resultsId)
  },
  assertEditable: async (ctx: TCtx, resultsId: bigint) => {
    await loadEditable(deps, ctx, resultsId)
  },
  names: async (ctx: TCtx, ids: bigint[]) => {
    const rows = ids.length
      ? await tenantDb(deps.prisma, ctx.tenantId).results.findMany({
          where: { id: { in: [...new Set(ids)] } },
          select: { id: true, name: true },
        })
      : []
    return new Map(rows.map((r) => [r.id, r.name]))
  },
})
export type TResultsGate = ReturnType<typeof createResultsGate>

export const loadEditable = async (deps: TAppraiseDeps, ctx: TCtx, id: bigint) => {
  const loaded = await loadResults(deps, ctx, id)
  if (!loaded.canEdit) {
    throw AppError.badRequest(ResultsAccessMsg.NOT_EDITABLE)
  }
  return loaded
}

/** Serialises the writers of one application (status changes, scores) for the rest of the transaction. */
export const lockResults = async (tx: { $queryRaw: PrismaClient['$queryRaw'] }, id: bigint) => {
  await tx.$queryRaw(Prisma.sql`SELECT id FROM ysjs_appraise_results WHERE id = ${id} FOR UPDATE`)
}

export const who = (ctx: TCtx) => ({
  userId: ctx.user?.userId ?? null,
  userName: ctx.user?.realName || ctx.user?.nickName || ctx.user?.account || null,
})

export const decimal = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v))
export const dateText = (d: Date | null): string | null => (d ? d.toISOString().slice(0, 10) : null)
