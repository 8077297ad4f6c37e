import { nextId, Prisma } from '@ysjs/db'
import { AGREEMENT_NUMBER_MAX, RESULTS_STATUS, RESULTS_STATUS_LABELS, ResultsMsg } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import type { TTenantDb } from '../../lib/tenancy.ts'
import { lockResults, ResultsAccessMsg, who } from './appraise-access.ts'
import type { TTx } from './results-rows.ts'

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

/** One row of the application's history: a status change, a message. */
export const addEvent = (
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
 * Moves an application along the table inside `tx` (the row is locked). Checks the caller for manual
 * transitions, records the history row; the caller's other writes commit with it or not at all.
 */
export const transition = async (
  tx: TTx,
  ctx: TCtx,
  id: bigint,
  to: number,
  opts: { opinion?: string | null; by: 'owner' | 'staff' | 'server'; data?: { agreementNumber?: string } },
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
    data: { ...opts.data, status: to, ...withAudit(ctx).updated },
  })
  if (count === 0) {
    throw AppError.badRequest(StatusMsg.CHANGED)
  }
  await addEvent(tx, ctx, id, 'status', opts.opinion ?? step.action, { from: row.status, to })
  return { from: row.status, to }
}

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

export const assertNumberFree = async (tx: TTx, number: string, id: bigint) => {
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

/** Staff accept (agreement number given, kept or drawn) or return a pending application with an opinion. */
export const decideAudit = async (
  d: TTenantDb,
  ctx: TCtx,
  body: { id: string; pass: boolean; opinion?: string; agreementNumber?: string },
) => {
  const id = BigInt(body.id)
  const run = () =>
    d.$transaction(async (tx) => {
      const data: { agreementNumber?: string } = {}
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
}
