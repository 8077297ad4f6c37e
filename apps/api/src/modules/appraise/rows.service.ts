import type { Prisma } from '@ysjs/db'
import {
  APPRAISE_DEFAULTS,
  ResultsMsg,
  type TAppraiseAttachQuery,
  type TAppraiseRowsQuery,
  type TResultsPeopleSubmit,
  type TResultsPrincipalSubmit,
  type TResultsUnitSubmit,
} from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { crudTable, withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { skipTake, toPage } from '../../lib/paging.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import {
  canEditResults,
  loadEditable,
  loadResults,
  lockResults,
  ResultsAccessMsg,
  readableResultsWhere,
  type TAppraiseDeps,
} from './appraise-access.ts'
import { peopleRecord, principalRecord, type TTx, unitRecord } from './results-rows.ts'

export const RowsMsg = {
  UNIT_NOT_FOUND: '完成单位不存在',
  PERSON_NOT_FOUND: '人员不存在',
  PRINCIPAL_NOT_FOUND: '委托方不存在',
} as const

/** The applications whose rows the caller may read as a `resultsId` condition; one when asked for. */
export const readableResults = async (
  deps: TAppraiseDeps,
  ctx: TCtx,
  resultsId?: string,
): Promise<{ staff: boolean; where: Prisma.BigIntFilter }> => {
  if (resultsId) {
    const { staff } = await loadResults(deps, ctx, BigInt(resultsId))
    return { staff, where: { equals: BigInt(resultsId) } }
  }
  return readableResultsWhere(deps, ctx)
}

/** Name and can-edit flag of the applications of a page of rows. */
export const resultsOfRows = async (deps: TAppraiseDeps, ctx: TCtx, staff: boolean, ids: bigint[]) => {
  const rows = await tenantDb(deps.prisma, ctx.tenantId).results.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: { id: true, name: true, status: true, createUser: true },
  })
  const byId = new Map(rows.map((r) => [r.id, r]))
  return (resultsId: bigint) => {
    const r = byId.get(resultsId)
    return { resultsName: r?.name ?? '', canEdit: r ? canEditResults(r, ctx, staff) : false }
  }
}

/** unit, people and principal as calls of their own (spec section 7), beside `saveResultsVO`. */
export const createRowsService = (deps: TAppraiseDeps) => {
  const { prisma } = deps
  const db = (ctx: TCtx) => tenantDb(prisma, ctx.tenantId)

  /** Runs `work` with the application locked, once the caller may still edit it. */
  const withEditable = async <T>(ctx: TCtx, resultsId: bigint, work: (tx: TTx) => Promise<T>) => {
    const { staff } = await loadEditable(deps, ctx, resultsId)
    return db(ctx).$transaction(async (tx) => {
      await lockResults(tx, resultsId)
      const current = await tx.results.findFirst({ where: { id: resultsId, isDeleted: 0 } })
      if (!current || !canEditResults(current, ctx, staff)) {
        throw AppError.badRequest(ResultsAccessMsg.NOT_EDITABLE)
      }
      // The application changed (its agreement document is then made again).
      await tx.results.updateMany({
        where: { id: resultsId },
        data: withAudit(ctx).updated,
      })
      return work(tx)
    })
  }
  const unitRows = crudTable(prisma, {
    model: (d) => d.resultsUnit,
    tenantScoped: true,
    table: 'resultsUnit',
  })
  const peopleRows = crudTable(prisma, {
    model: (d) => d.resultsPeople,
    tenantScoped: true,
    table: 'resultsPeople',
  })
  const principalRows = crudTable(prisma, {
    model: (d) => d.resultsPrincipal,
    tenantScoped: true,
    table: 'resultsPrincipal',
  })
  const nextSort = async (d: TTx, model: 'resultsUnit' | 'resultsPeople', resultsId: bigint) => {
    const where = { resultsId, isDeleted: 0 }
    const last =
      model === 'resultsUnit'
        ? await d.resultsUnit.findFirst({ where, orderBy: { sort: 'desc' }, select: { sort: true } })
        : await d.resultsPeople.findFirst({ where, orderBy: { sort: 'desc' }, select: { sort: true } })
    return (last?.sort ?? 0) + 1
  }

  const peopleRecords = async (ctx: TCtx, rows: Prisma.ResultsPeopleGetPayload<object>[]) => {
    const unitIds = rows.map((p) => p.workUnit).filter((v): v is bigint => v !== null)
    const units = unitIds.length
      ? await db(ctx).resultsUnit.findMany({
          where: { id: { in: unitIds }, isDeleted: 0 },
          select: { id: true, unitName: true },
        })
      : []
    const unitName = new Map(units.map((u) => [u.id, u.unitName]))
    return rows.map((p) => peopleRecord(p, unitName))
  }

  const withResults = async <T extends { resultsId: bigint }>(ctx: TCtx, staff: boolean, rows: T[]) => {
    const of = await resultsOfRows(
      deps,
      ctx,
      staff,
      rows.map((r) => r.resultsId),
    )
    return rows.map((r) => ({ ...r, ...of(r.resultsId) }))
  }
  const ORDER = [{ resultsId: 'desc' as const }, { sort: 'asc' as const }, { id: 'asc' as const }]

  const units = {
    async page(ctx: TCtx, q: TAppraiseRowsQuery) {
      const { staff, where: resultsId } = await readableResults(deps, ctx, q.resultsId)
      const where = { resultsId, ...(q.keyword ? { unitName: { contains: q.keyword } } : {}) }
      const [rows, total] = await Promise.all([
        unitRows.many(ctx, { where, orderBy: ORDER, ...skipTake(q) }),
        unitRows.count(ctx, where),
      ])
      return toPage(await withResults(ctx, staff, rows.map(unitRecord)), total, q)
    },
    async detail(ctx: TCtx, id: bigint) {
      const row = await unitRows.first(ctx, { id })
      if (!row) {
        throw AppError.badRequest(RowsMsg.UNIT_NOT_FOUND)
      }
      const { staff } = await loadResults(deps, ctx, row.resultsId)
      return (await withResults(ctx, staff, [unitRecord(row)]))[0]!
    },
    /** One unit row added to (or changed in) an application the caller may edit. */
    async submit(ctx: TCtx, body: TResultsUnitSubmit) {
      const resultsId = BigInt(body.resultsId)
      const data = {
        unitName: body.unitName,
        postcode: body.postcode,
        address: body.address,
        name: body.name,
        phone: body.phone,
      }
      const id = await withEditable(ctx, resultsId, async (tx) => {
        if (body.id) {
          if (!(await unitRows.change(ctx, { id: BigInt(body.id), resultsId }, data, tx))) {
            throw AppError.badRequest(RowsMsg.UNIT_NOT_FOUND)
          }
          return BigInt(body.id)
        }
        const row = await unitRows.insert(
          ctx,
          { ...data, resultsId, sort: await nextSort(tx, 'resultsUnit', resultsId) },
          tx,
        )
        return row.id
      })
      return units.detail(ctx, id)
    },
  }

  const people = {
    async page(ctx: TCtx, q: TAppraiseRowsQuery) {
      const { staff, where: resultsId } = await readableResults(deps, ctx, q.resultsId)
      const where = { resultsId, ...(q.keyword ? { name: { contains: q.keyword } } : {}) }
      const [rows, total] = await Promise.all([
        peopleRows.many(ctx, { where, orderBy: ORDER, ...skipTake(q) }),
        peopleRows.count(ctx, where),
      ])
      return toPage(await withResults(ctx, staff, await peopleRecords(ctx, rows)), total, q)
    },
    async detail(ctx: TCtx, id: bigint) {
      const row = await peopleRows.first(ctx, { id })
      if (!row) {
        throw AppError.badRequest(RowsMsg.PERSON_NOT_FOUND)
      }
      const { staff } = await loadResults(deps, ctx, row.resultsId)
      return (await withResults(ctx, staff, await peopleRecords(ctx, [row])))[0]!
    },
    async submit(ctx: TCtx, body: TResultsPeopleSubmit) {
      const resultsId = BigInt(body.resultsId)
      const id = await withEditable(ctx, resultsId, async (tx) => {
        const unit = await tx.resultsUnit.findFirst({
          where: { id: BigInt(body.workUnit), resultsId, isDeleted: 0 },
          select: { id: true },
        })
        if (!unit) {
          throw AppError.badRequest(ResultsMsg.WORK_UNIT)
        }
        const data = {
          name: body.name,
          sex: body.sex ?? APPRAISE_DEFAULTS.SEX,
          birthTime: body.birthTime,
          jobName: body.jobName,
          educationalLevel: body.educationalLevel,
          workUnit: unit.id,
          contribution: body.contribution,
        }
        if (body.id) {
          if (!(await peopleRows.change(ctx, { id: BigInt(body.id), resultsId }, data, tx))) {
            throw AppError.badRequest(RowsMsg.PERSON_NOT_FOUND)
          }
          return BigInt(body.id)
        }
        const row = await peopleRows.insert(
          ctx,
          { ...data, resultsId, sort: await nextSort(tx, 'resultsPeople', resultsId) },
          tx,
        )
        return row.id
      })
      return people.detail(ctx, id)
    },
  }

  const principals = {
    async page(ctx: TCtx, q: TAppraiseRowsQuery) {
      const { staff, where: resultsId } = await readableResults(deps, ctx, q.resultsId)
      const where = { resultsId, ...(q.keyword ? { unitName: { contains: q.keyword } } : {}) }
      const [rows, total] = await Promise.all([
        principalRows.many(ctx, { where, orderBy: [{ resultsId: 'desc' }, { id: 'asc' }], ...skipTake(q) }),
        principalRows.count(ctx, where),
      ])
      return toPage(await withResults(ctx, staff, rows.map(principalRecord)), total, q)
    },
    async detail(ctx: TCtx, id: bigint) {
      const row = await principalRows.first(ctx, { id })
      if (!row) {
        throw AppError.badRequest(RowsMsg.PRINCIPAL_NOT_FOUND)
      }
      const { staff } = await loadResults(deps, ctx, row.resultsId)
      return (await withResults(ctx, staff, [principalRecord(row)]))[0]!
    },
    /** The application's principal group, created or replaced (one per application). */
    async submit(ctx: TCtx, body: TResultsPrincipalSubmit) {
      const resultsId = BigInt(body.resultsId)
      const { id: given, resultsId: _r, ...fields } = body
      const data = { ...fields, personMail: fields.personMail ?? null }
      const id = await withEditable(ctx, resultsId, async (tx) => {
        const existing = await tx.resultsPrincipal.findFirst({
          where: { resultsId, isDeleted: 0 },
          select: { id: true },
        })
        if (given && existing?.id !== BigInt(given)) {
          throw AppError.badRequest(RowsMsg.PRINCIPAL_NOT_FOUND)
        }
        if (existing) {
          await principalRows.change(ctx, { id: existing.id }, data, tx)
          return existing.id
        }
        return (await principalRows.insert(ctx, { ...data, resultsId }, tx)).id
      })
      return principals.detail(ctx, id)
    },
    async remove(ctx: TCtx, ids: bigint[]) {
      const rows = await db(ctx).resultsPrincipal.findMany({
        where: { id: { in: ids }, isDeleted: 0 },
        select: { id: true, resultsId: true },
      })
      for (const resultsId of new Set(rows.map((r) => r.resultsId))) {
        await withEditable(ctx, resultsId, (tx) =>
          principalRows.remove(
            ctx,
            { id: { in: rows.filter((r) => r.resultsId === resultsId).map((r) => r.id) } },
            tx,
          ),
        )
      }
    },
  }

  const attaches = {
    /** Uploaded files (not generated documents) across the applications the caller reads. */
    async page(ctx: TCtx, q: TAppraiseAttachQuery) {
      const { staff, where: resultsId } = await readableResults(deps, ctx, q.resultsId)
      const where = {
        resultsId,
        kind: 'upload',
        isDeleted: 0,
        ...(q.assortId ? { assortId: BigInt(q.assortId) } : {}),
        ...(q.keyword ? { name: { contains: q.keyword } } : {}),
      }
      const [rows, total] = await Promise.all([
        db(ctx).resultsAttach.findMany({
          where,
          orderBy: [{ createTime: 'desc' }, { id: 'desc' }],
          ...skipTake(q),
        }),
        db(ctx).resultsAttach.count({ where }),
      ])
      const [files, assorts] = await Promise.all([
        db(ctx).attach.findMany({
          where: { id: { in: rows.map((r) => r.attachId) } },
          select: { id: true, link: true, attachSize: true },
        }),
        prisma.assort.findMany({
          where: { id: { in: rows.map((r) => r.assortId).filter((v): v is bigint => v !== null) } },
          select: { id: true, name: true },
        }),
      ])
      const fileOf = new Map(files.map((f) => [f.id, f]))
      const assortOf = new Map(assorts.map((a) => [a.id, a.name]))
      return toPage(
        await withResults(
          ctx,
          staff,
          rows.map((r) => ({
            id: r.id,
            resultsId: r.resultsId,
            attachId: r.attachId,
            assortId: r.assortId,
            assortName: r.assortId ? (assortOf.get(r.assortId) ?? '') : '',
            kind: r.kind,
            name: r.name,
            link: fileOf.get(r.attachId)?.link ?? '',
            attachSize: Number(fileOf.get(r.attachId)?.attachSize ?? 0),
            createTime: r.createTime,
          })),
        ),
        total,
        q,
      )
    },
  }

  return { units, people, principals, attaches }
}
export type TRowsService = ReturnType<typeof createRowsService>
