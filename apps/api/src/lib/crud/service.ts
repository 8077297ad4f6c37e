import { nextId, type PrismaClient } from '@ysjs/db'
import type { TPage, TPageQuery } from '@ysjs/shared'
import type { z } from 'zod'
import type { TCtx } from '../context.ts'
import { keysetOf, leadingBound, type TKeyset } from '../crud-keyset.ts'
import { AppError } from '../errors.ts'
import type { TFilterFields } from '../filters.ts'
import { whereFromFilters } from '../filters.ts'
import { createListSql, type TListSql } from '../list-sql.ts'
import { LIST_COUNT_LIMIT, orderByFrom, skipTake, toPage, wantsCount, withTiebreak } from '../paging.ts'
import { applyPatch, asSubmitted, changedFields } from '../patch.ts'
import { sanitizeRichTextFields } from '../rich-text.ts'
import { lockReferenced } from '../row-locks.ts'
import { assertTableWritable, tableOwnerOf } from '../table-ownership.ts'
import { LIVE, withAudit } from './audit.ts'
import { crudDefOf, type TCrudInput, type TId, type TPatch } from './def.ts'
import type { TAnyRow, TModelOf, TRowOf } from './model.ts'
import { crudTable, type TTx } from './table.ts'

/**
 * Resources whose lists data scopes can filter, by resource code, with the fields a scope may name
 * (besides the audit columns). Filled as CRUD services are created; static for a build of the app.
 */
export const scopeResources = new Map<string, { name: string; fields: TFilterFields }>()

/** The client property a definition's `model` reads (`param` for `(db) => db.param`). */
const delegateKeyOf = (model: TModelOf<unknown>): string => {
  let key = ''
  const recorder: unknown = new Proxy(
    {},
    {
      get: (_, property) => {
        key = String(property)
        return {}
      },
    },
  )
  model(recorder as PrismaClient)
  return key
}

/** The service behind the generated routes; modules with real rules wrap or extend it. */
export const createCrudService = <TSubmit extends z.ZodObject, TModel, TOut extends TAnyRow = TRowOf<TModel>>(
  prisma: PrismaClient,
  definition: TCrudInput<TSubmit, TModel, TOut>,
) => {
  type TRow = TRowOf<TModel>
  // Who may write is the table's owner's rule (lib/table-ownership.ts), not the definition's.
  const table = delegateKeyOf(definition.model)
  const def = crudDefOf(definition, table, tableOwnerOf(table))
  const { list } = def.permissions
  const resourceCode = def.resourceCode ?? (typeof list === 'string' ? list : list[0]!)
  scopeResources.set(resourceCode, { name: def.name, fields: def.filters })
  const rows = crudTable(prisma, { model: def.model, tenantScoped: def.tenantScoped, table })
  const loose = rows.loose
  const assertWritable = (ctx: TCtx) => assertTableWritable(ctx, table)

  /** A write with its uniqueness rules and the rows it refers to, in one transaction (`writeUnique`). */
  const writeChecked = async <T>(
    ctx: TCtx,
    data: Record<string, unknown>,
    id: TId | undefined,
    write: (tx: TTx | undefined) => Promise<T>,
  ): Promise<T> => {
    if (!def.unique?.length && !def.refersTo?.length) {
      return write(undefined)
    }
    const rules = (def.unique ?? []).map((rule) => ({
      values: rule.fields.map((f) => data[f]),
      clash: { ...Object.fromEntries(rule.fields.map((f) => [f, data[f]])), ...(id ? { NOT: { id } } : {}) },
      message: rule.message,
    }))
    return rows.lockedWrite(ctx, rules, write, async (tx) => {
      for (const ref of def.refersTo ?? []) {
        const value = data[ref.field]
        if (typeof value === 'bigint' && !(await lockReferenced(tx, ref.table, value))) {
          throw AppError.badRequest(ref.message)
        }
      }
    })
  }

  const listShape = async (ctx: TCtx, query: Record<string, unknown>) => {
    const scope = ctx.dataScope ? await ctx.dataScope(resourceCode, def.filters) : null
    const own = def.restrict ? [await def.restrict(ctx)] : []
    const where = { AND: [LIVE, ...whereFromFilters(query, def.filters), ...(scope ? [scope] : []), ...own] }
    const requested = orderByFrom(query, def.sortable)
    const orderBy = withTiebreak(requested.length ? requested : def.defaultOrder)
    return { where, orderBy, requested }
  }

  // The list's typed SQL (decision 024), made at the first page: null when the model cannot be read so.
  let listSql: TListSql | null | undefined
  const sqlOf = (): TListSql | null => {
    if (listSql === undefined) {
      const model: unknown = def.model(prisma)
      const name = (model as { name?: unknown }).name
      listSql = typeof name === 'string' ? createListSql(prisma, name) : null
    }
    return listSql
  }
  // Only the answered columns are read, unless `enrich` may need others.
  const listFields = def.enrich ? null : Object.keys(def.record.shape)

  /** Rows as answered: enriched by the definition, or the rows themselves (then `TOut` is the row). */
  const enrich = async (ctx: TCtx, found: TRow[]): Promise<TOut[]> => {
    if (def.enrich) {
      return def.enrich(ctx, found)
    }
    const same: unknown = found
    return same as TOut[]
  }
  const dataOf = (input: z.infer<TSubmit>): Record<string, unknown> => {
    const { id: _ignored, ...raw } = input as Record<string, unknown>
    const rest = sanitizeRichTextFields(raw, def.richText)
    return def.toData ? def.toData(rest as Omit<z.infer<TSubmit>, 'id'>) : rest
  }
  const restricted = async (ctx: TCtx) => (def.restrict ? [await def.restrict(ctx)] : [])

  const service = {
    def,
    /** The model on the caller's client (tenant-scoped when the model is), or on `tx`. */
    delegate: rows.delegate,
    /** The table layer (`crudTable`) the service writes through, for a module's own reads and writes. */
    rows,
    resourceCode,
    async page(ctx: TCtx, query: TPageQuery & Record<string, unknown>): Promise<TPage<TOut>> {
      const { where, orderBy, requested } = await listShape(ctx, query)
      const count = wantsCount(query)
      const sql = sqlOf()
      const fast = sql
        ? await sql.page({
            tenantId: def.tenantScoped ? ctx.tenantId : null,
            where,
            orderBy,
            ...skipTake(query),
            fields: listFields,
            count,
          })
        : null
      if (fast) {
        const found: unknown = fast.rows
        return toPage(await enrich(ctx, found as TRow[]), fast.total, query, requested, {
          exact: fast.exact,
          count,
        })
      }
      const [records, total] = await Promise.all([
        loose(ctx).findMany({ where, orderBy, ...skipTake(query) }),
        count ? loose(ctx).count({ where, take: LIST_COUNT_LIMIT + 1 }) : 0,
      ])
      const exact = total <= LIST_COUNT_LIMIT
      return toPage(await enrich(ctx, records), exact ? total : LIST_COUNT_LIMIT, query, requested, {
        exact,
        count,
      })
    },
    /**
     * The export's batches: `take` rows of the list's filters and order after the row `after` (keyset,
     * through Prisma's cursor on the id, which compares the order's columns null-safely).
     */
    async batch(ctx: TCtx, query: Record<string, unknown>, after: TKeyset | null, take: number) {
      const { where, orderBy } = await listShape(ctx, query)
      const bound = after ? leadingBound(orderBy, after) : null
      const fields = def.export?.select
      const raw = await loose(ctx).findMany({
        where: bound ? { AND: [where, bound] } : where,
        orderBy,
        take,
        ...(after ? { cursor: { id: after.id }, skip: 1 } : {}),
        ...(fields
          ? {
              select: Object.fromEntries(
                [...fields, 'id', ...orderBy.flatMap((o) => Object.keys(o))].map((f) => [f, true]),
              ),
            }
          : {}),
      })
      const last: Record<string, unknown> | undefined = raw.at(-1)
      return {
        rows: await enrich(ctx, raw),
        next: raw.length === take && last ? keysetOf(orderBy, last) : null,
      }
    },
    async detail(ctx: TCtx, id: TId): Promise<TOut> {
      const row = await loose(ctx).findFirst({
        where: { AND: [{ id, ...LIVE }, ...(await restricted(ctx))] },
      })
      if (!row) {
        throw AppError.notFound()
      }
      return (await enrich(ctx, [row]))[0]!
    },
    async create(ctx: TCtx, input: z.infer<TSubmit>): Promise<TRow> {
      assertWritable(ctx)
      const data = dataOf(input)
      await def.validate?.(ctx, data)
      const row = await writeChecked(ctx, data, undefined, (tx) =>
        loose(ctx, tx).create({ data: { ...data, id: nextId(), ...withAudit(ctx).created } }),
      )
      def.afterChange?.([row.id])
      return row
    },
    /**
     * A partial update (decision 025): the patch is applied to the stored row, the result checked by the
     * submit schema as a whole, and only the columns that change are written.
     */
    async update(ctx: TCtx, id: TId, patch: TPatch<TSubmit>): Promise<void> {
      assertWritable(ctx)
      const where = { AND: [{ id, ...LIVE }, ...(await restricted(ctx))] }
      const stored = await loose(ctx).findFirst({ where })
      if (!stored) {
        throw AppError.notFound()
      }
      const data = dataOf(applyPatch(def.submit, stored, patch))
      if (!def.toData) {
        // '' on an optional field clears it; a definition with `toData` says itself what clearing means
        // (`clearing(...)`; a masked secret, for one, is kept).
        for (const [k, v] of Object.entries(patch)) {
          if ((v === null || v === '') && k in def.submit.shape && data[k] === undefined) {
            data[k] = null
          }
        }
      }
      await def.validate?.(ctx, data)
      const before = def.submit.safeParse(asSubmitted(def.submit, stored))
      const written = changedFields(data, before.success ? dataOf(before.data) : null)
      const result = await writeChecked(ctx, data, id, (tx) =>
        loose(ctx, tx).updateMany({ where, data: { ...written, ...withAudit(ctx).updated } }),
      )
      if (result.count === 0) {
        throw AppError.notFound()
      }
      def.afterChange?.([id])
    },
    /**
     * Logical delete of every id given; ids that do not exist, belong to another tenant or fall outside
     * `restrict` are skipped. With `tx`, inside the caller's transaction (after its checks, under its locks).
     */
    async remove(ctx: TCtx, ids: TId[], tx?: TTx): Promise<number> {
      assertWritable(ctx)
      const result = await loose(ctx, tx).updateMany({
        where: { AND: [{ id: { in: ids }, ...LIVE }, ...(await restricted(ctx))] },
        data: withAudit(ctx).deleted,
      })
      def.afterChange?.(ids)
      return result.count
    },
  }
  return service
}
/** A CRUD service; `TModel` left out stands for any model (e.g. a module's list of its services). */
export type TCrudService<
  TSubmit extends z.ZodObject = z.ZodObject,
  TModel = unknown,
  TOut extends TAnyRow = TAnyRow,
> = ReturnType<typeof createCrudService<TSubmit, TModel, TOut>>
