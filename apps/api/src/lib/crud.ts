import { nextId, type PrismaClient } from '@ysjs/db'
import {
  isUpdateBody,
  Msg,
  type TPage,
  type TPageQuery,
  ZIdListSchema,
  ZIdSchema,
  ZPageQuerySchema,
  zPatchOf,
} from '@ysjs/shared'
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify'
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js'
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { TAccess } from '../plugins/access.ts'
import { ctxOf, type TCtx } from './context.ts'
import { keysetOf, leadingBound, type TKeyset } from './crud-keyset.ts'
import { done, ok, zDone, zEnvelope, zPage } from './envelope.ts'
import { AppError } from './errors.ts'
import { type TFilterFields, whereFromFilters } from './filters.ts'
import { createListSql, type TListSql } from './list-sql.ts'
import {
  LIST_COUNT_LIMIT,
  orderByFrom,
  skipTake,
  type TOrderBy,
  toPage,
  wantsCount,
  withTiebreak,
} from './paging.ts'
import { applyPatch, asSubmitted, changedFields, parseOrRefuse } from './patch.ts'
import { sanitizeRichTextFields, type TRichTextFields } from './rich-text.ts'
import { lockReferenced, type TLockedTable } from './row-locks.ts'
import { assertTableWritable, tableOwnerOf } from './table-ownership.ts'
import { tenantDb } from './tenancy.ts'
import { registerExportRoute, type TXlsxColumn } from './xlsx.ts'

/** The part of a Prisma model delegate the generic service uses. */
export type TDelegate = {
  findMany(args: object): Promise<Record<string, unknown>[]>
  findFirst(args: object): Promise<Record<string, unknown> | null>
  count(args: object): Promise<number>
  create(args: object): Promise<Record<string, unknown>>
  update(args: object): Promise<Record<string, unknown>>
  updateMany(args: object): Promise<{ count: number }>
}

type TId = bigint
/** An update's body (`zPatchOf(submit)`): the fields it carries; `null` clears an optional one. */
export type TPatch<TSubmit extends z.ZodObject> = {
  [K in keyof z.output<TSubmit>]?: z.output<TSubmit>[K] | null
}

/** A permission code, or several of which any one grants (e.g. the staff button or the member centre). */
export type TCrudCodes = string | readonly string[]
export type TCrudPermissions = { list: TCrudCodes; add: TCrudCodes; edit: TCrudCodes; remove: TCrudCodes }

/** Everything a simple entity needs to get its five endpoints. */
export type TCrudDef<TSubmit extends z.ZodObject> = {
  /** Name used in the OpenAPI tags and logs, e.g. `param`. */
  name: string
  /** Route prefix, e.g. `/api/ysjs-system/param`. */
  prefix: string
  /** The model's delegate on a (possibly tenant-scoped) client. */
  model: (db: PrismaClient) => unknown
  tenantScoped: boolean
  submit: TSubmit
  record: z.ZodObject
  filters: TFilterFields
  sortable: readonly string[]
  defaultOrder: TOrderBy
  permissions: TCrudPermissions
  /** Fields that must be unique among live rows (tenant-wide when tenant-scoped), with their message. */
  unique?: readonly { fields: readonly (keyof z.infer<TSubmit> & string)[]; message: string }[]
  /**
   * Rows this one refers to whose removal counts such references (`lib/row-locks.ts`): each write locks
   * the referenced row `FOR SHARE` in its transaction and is refused with `message` when it is not live.
   */
  refersTo?: readonly { field: keyof z.infer<TSubmit> & string; table: TLockedTable; message: string }[]
  /** Rich-text fields and their column length: sanitised against the editor's allow-list on every write. */
  richText?: TRichTextFields
  /**
   * The resource code data scopes name (`blade_scope_data.resource_code`); defaults to the list
   * permission (the menu code). Lists are filtered by the scopes granted to the user's roles.
   */
  resourceCode?: string
  /** Every route of the entity is the platform administrator's alone (access `platform`, contract `SA`). */
  platformOnly?: boolean
  /** Checks that need the database (e.g. that a referenced row exists); throws an AppError to refuse. */
  validate?: (ctx: TCtx, data: Record<string, unknown>) => Promise<void>
  /** Called after every successful write with the ids written, e.g. to drop a cache. */
  afterChange?: (ids: TId[]) => void
  /** Turns validated input into row data (e.g. date strings into dates); identity when absent. */
  toData?: (input: Omit<z.infer<TSubmit>, 'id'>) => Record<string, unknown>
  /** Adds label fields (e.g. `categoryName`) to rows before they are answered. */
  enrich?: (ctx: TCtx, rows: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>
  /**
   * A condition every list, export, detail, update and remove adds for the caller (e.g. only their own
   * records): a row outside it is not found for an update and skipped by a removal.
   */
  restrict?: (ctx: TCtx) => Promise<Record<string, unknown>>
  /** Gives the list a `GET <prefix>/export`: every row matching its filters as xlsx (lib/xlsx.ts). */
  export?: {
    fileName: string
    columns: readonly TXlsxColumn[]
    /**
     * The row fields the export's columns and `enrich` read (the id and the sort columns are added).
     * Absent: every field. A wide row or long texts no column shows are then not read at all: on 50,000
     * experts Prisma spends a quarter of the CPU time mapping 16 fields instead of 45.
     */
    select?: readonly string[]
  }
}

/**
 * Resources whose lists data scopes can filter, by resource code, with the fields a scope may name
 * (besides the audit columns). Filled as CRUD services are created; static for a build of the app.
 */
export const scopeResources = new Map<string, { name: string; fields: TFilterFields }>()

const LIVE = { isDeleted: 0 }

export type { TKeyset }

/** The client property a definition's `model` reads (`param` for `(db) => db.param`). */
const delegateKeyOf = (model: (db: PrismaClient) => unknown): string => {
  let key = ''
  model(
    new Proxy({} as PrismaClient, {
      get: (_, property) => {
        key = String(property)
        return {}
      },
    }),
  )
  return key
}

/** The service behind the generated routes; modules with real rules wrap or extend it. */
export const createCrudService = <TSubmit extends z.ZodObject>(
  prisma: PrismaClient,
  def: TCrudDef<TSubmit>,
) => {
  /** The model on `tx` when a caller's transaction is given (already scoped to the caller's tenant). */
  const delegate = (ctx: TCtx, tx?: unknown): TDelegate =>
    def.model(
      (tx as PrismaClient | undefined) ??
        (def.tenantScoped ? (tenantDb(prisma, ctx.tenantId) as unknown as PrismaClient) : prisma),
    ) as TDelegate

  const { list } = def.permissions
  const resourceCode = def.resourceCode ?? (typeof list === 'string' ? list : list[0]!)
  scopeResources.set(resourceCode, { name: def.name, fields: def.filters })
  // Who may write is the table's owner's rule (lib/table-ownership.ts), not the definition's.
  const table = delegateKeyOf(def.model)
  const owner = tableOwnerOf(table)
  if (owner !== (def.tenantScoped ? 'tenant' : 'platform')) {
    throw new Error(
      `CRUD ${def.name}: table ${table} is ${owner ?? 'undecided'}, tenantScoped ${def.tenantScoped}`,
    )
  }
  const assertWritable = (ctx: TCtx) => assertTableWritable(ctx, table)

  const audit = (ctx: TCtx) => ({ user: ctx.user?.userId ?? null, dept: ctx.user?.deptIds[0] ?? null })

  /**
   * Runs a write in one transaction with its uniqueness checks: for each rule, a transaction-scoped
   * advisory lock on (table, tenant, the rule's values) makes two writers of the same values take turns,
   * so the second sees the first's row and is refused with the rule's message (rows are soft-deleted,
   * so a plain unique index cannot state "among live rows").
   */
  const writeChecked = async <T>(
    ctx: TCtx,
    data: Record<string, unknown>,
    id: TId | undefined,
    write: (tx: unknown) => Promise<T>,
  ): Promise<T> => {
    if (!def.unique?.length && !def.refersTo?.length) {
      return write(undefined)
    }
    const client = def.tenantScoped ? tenantDb(prisma, ctx.tenantId) : prisma
    return (client as PrismaClient).$transaction(async (tx) => {
      for (const ref of def.refersTo ?? []) {
        const value = data[ref.field]
        if (typeof value === 'bigint' && !(await lockReferenced(tx, ref.table, value))) {
          throw AppError.badRequest(ref.message)
        }
      }
      const keys = (def.unique ?? [])
        .map((rule) =>
          JSON.stringify([
            def.tenantScoped ? ctx.tenantId : '',
            ...rule.fields.map((f) => String(data[f] ?? '')),
          ]),
        )
        .sort()
      for (const key of keys) {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${table}), hashtext(${key}))`
      }
      await assertUnique(ctx, data, id, tx)
      return write(tx)
    })
  }

  const assertUnique = async (ctx: TCtx, data: Record<string, unknown>, id?: TId, tx?: unknown) => {
    for (const rule of def.unique ?? []) {
      const where = Object.fromEntries(rule.fields.map((f) => [f, data[f]]))
      const clash = await delegate(ctx, tx).findFirst({
        where: { ...where, ...LIVE, ...(id ? { NOT: { id } } : {}) },
        select: { id: true },
      })
      if (clash) {
        throw AppError.badRequest(rule.message)
      }
    }
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
      const name = (def.model(prisma) as { name?: unknown }).name
      listSql = typeof name === 'string' ? createListSql(prisma, name) : null
    }
    return listSql
  }
  // Only the answered columns are read, unless `enrich` may need others.
  const listFields = def.enrich ? null : Object.keys(def.record.shape)

  const enrich = async (ctx: TCtx, rows: Record<string, unknown>[]) =>
    def.enrich ? def.enrich(ctx, rows) : rows
  const dataOf = (input: z.infer<TSubmit>): Record<string, unknown> => {
    const { id: _ignored, ...raw } = input as Record<string, unknown>
    const rest = sanitizeRichTextFields(raw, def.richText)
    return def.toData ? def.toData(rest as Omit<z.infer<TSubmit>, 'id'>) : rest
  }

  const service = {
    def,
    delegate,
    resourceCode,
    async page(
      ctx: TCtx,
      query: TPageQuery & Record<string, unknown>,
    ): Promise<TPage<Record<string, unknown>>> {
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
        return toPage(await enrich(ctx, fast.rows), fast.total, query, requested, {
          exact: fast.exact,
          count,
        })
      }
      const [records, total] = await Promise.all([
        delegate(ctx).findMany({ where, orderBy, ...skipTake(query) }),
        count ? delegate(ctx).count({ where, take: LIST_COUNT_LIMIT + 1 }) : 0,
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
      const raw = await delegate(ctx).findMany({
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
      const last = raw.at(-1)
      return {
        rows: await enrich(ctx, raw),
        next: raw.length === take && last ? keysetOf(orderBy, last) : null,
      }
    },
    async detail(ctx: TCtx, id: TId): Promise<Record<string, unknown>> {
      const own = def.restrict ? [await def.restrict(ctx)] : []
      const row = await delegate(ctx).findFirst({ where: { AND: [{ id, ...LIVE }, ...own] } })
      if (!row) {
        throw AppError.notFound()
      }
      return (await enrich(ctx, [row]))[0]!
    },
    async create(ctx: TCtx, input: z.infer<TSubmit>): Promise<Record<string, unknown>> {
      assertWritable(ctx)
      const data = dataOf(input)
      await def.validate?.(ctx, data)
      const who = audit(ctx)
      const row = await writeChecked(ctx, data, undefined, (tx) =>
        delegate(ctx, tx).create({
          data: {
            ...data,
            id: nextId(),
            createUser: who.user,
            createDept: who.dept,
            updateUser: who.user,
            updateTime: new Date(),
          },
        }),
      )
      def.afterChange?.([row.id as TId])
      return row
    },
    /**
     * A partial update (decision 025): the patch is applied to the stored row, the result checked by the
     * submit schema as a whole, and only the columns that change are written.
     */
    async update(ctx: TCtx, id: TId, patch: TPatch<TSubmit>): Promise<void> {
      assertWritable(ctx)
      const who = audit(ctx)
      const own = def.restrict ? [await def.restrict(ctx)] : []
      const where = { AND: [{ id, ...LIVE }, ...own] }
      const stored = await delegate(ctx).findFirst({ where })
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
        delegate(ctx, tx).updateMany({
          where,
          data: { ...written, updateUser: who.user, updateTime: new Date() },
        }),
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
    async remove(ctx: TCtx, ids: TId[], tx?: unknown): Promise<number> {
      assertWritable(ctx)
      const who = audit(ctx)
      const own = def.restrict ? [await def.restrict(ctx)] : []
      const result = await delegate(ctx, tx).updateMany({
        where: { AND: [{ id: { in: ids }, ...LIVE }, ...own] },
        data: { isDeleted: 1, updateUser: who.user, updateTime: new Date() },
      })
      def.afterChange?.(ids)
      return result.count
    },
  }
  return service
}
export type TCrudService<TSubmit extends z.ZodObject> = ReturnType<typeof createCrudService<TSubmit>>

/**
 * The body as the client sent it, before the route's patch schema turned it into its output. Creation
 * and the patch's application parse it with the submit schema themselves, once: a field whose rule
 * transforms (the lifecycle pair into its two ends) would not pass its own rule a second time.
 */
const submitted = new WeakMap<FastifyRequest, unknown>()
const keepSubmitted = async (request: FastifyRequest): Promise<void> => {
  submitted.set(request, request.body)
}
/** The submitted fields of an update: `null` is "not carried" and left out, `''` clears an optional field. */
const submittedPatch = <T>(request: FastifyRequest): T => {
  const body = (submitted.get(request) ?? {}) as Record<string, unknown>
  return Object.fromEntries(Object.entries(body).filter(([k, v]) => v !== null && k !== 'id')) as T
}

/** `submit`'s body: the submit schema for a creation, the patch schema for a body that carries an id. */
const submitValidator =
  <TSchema>(patch: z.ZodType): FastifySchemaCompiler<TSchema> =>
  (route) => {
    // Fastify hands the compiler one part's schema at a time (typed as the route's whole schema).
    const part = route as unknown as FastifyRouteSchemaDef<z.ZodType>
    const create = validatorCompiler(part)
    if (route.httpPart !== 'body') {
      return create
    }
    const update = validatorCompiler({ ...part, schema: patch })
    return (data) => (isUpdateBody(data) ? update(data) : create(data))
  }

/**
 * Partial updates in hand-written routes (decision 025, one mechanism with the generic CRUD's). A
 * `submit` route spreads `patchableSubmit(schema)` into its options: a body without an id is checked
 * by the whole schema (creation), a body with one by `zPatchOf(schema)`. An `update` route takes
 * `patchBody(schema)` and `keepSubmitted`. The service then reads `patchedInput(request, schema, stored)`:
 * the stored record in its submit shape with the carried fields applied, checked as a whole by the
 * schema, so a field the update does not name keeps its value and the rest of the service is unchanged.
 */
export const patchableSubmit = (schema: z.ZodObject) => ({
  validatorCompiler: submitValidator(zPatchOf(schema)),
  preValidation: keepSubmitted,
})
/** The body of a hand-written `update`: the patch schema with its id. */
export const patchBody = (schema: z.ZodObject) =>
  (zPatchOf(schema) as unknown as z.ZodObject<{ id: z.ZodOptional<typeof ZIdSchema> }>).safeExtend({
    id: ZIdSchema,
  })
export { keepSubmitted }
/** The id of an update (the body as the client sent it carries one), or null for a creation. */
export const updateIdOf = (request: FastifyRequest): bigint | null => {
  const raw = (submitted.get(request) ?? request.body) as { id?: unknown } | null
  return isUpdateBody(raw) ? BigInt(parseOrRefuse(ZIdSchema, raw!.id)) : null
}
/** The whole input of an update: `stored` (a row, in its columns) with the fields the client sent applied. */
export const patchedInput = <T extends z.ZodObject>(
  request: FastifyRequest,
  schema: T,
  stored: object,
): z.output<T> => applyPatch(schema, stored, submittedPatch(request))

const ZIdQuery = z.object({ id: ZIdSchema })
const ZIdsQuery = z.object({ ids: ZIdListSchema })

/** Registers list, detail, submit, save, update and remove for one entity (contract 4.4). */
export const registerCrudRoutes = <TSubmit extends z.ZodObject>(
  app: FastifyInstance,
  service: TCrudService<TSubmit>,
  /** `writes: false` leaves submit, save and update to the module (e.g. a form with row lists). */
  opts: { writes?: boolean } = {},
): void => {
  const { def } = service
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = [def.name]
  const access = (...codes: TCrudCodes[]): { access: TAccess } => ({
    access: {
      permission: codes.length === 1 ? codes[0]! : codes.flat(),
      ...(def.platformOnly ? { platform: true as const } : {}),
    },
  })
  const listQuery = ZPageQuerySchema.extend(
    Object.fromEntries(Object.keys(def.filters).map((k) => [k, z.string().max(200).optional()])),
  ).catchall(z.unknown())

  r.get(`${def.prefix}/list`, {
    config: access(def.permissions.list),
    schema: {
      tags,
      summary: `分页 ${def.name}`,
      querystring: listQuery,
      response: { 200: zEnvelope(zPage(def.record)) },
    },
    handler: async (request) =>
      ok(await service.page(ctxOf(request), request.query as TPageQuery & Record<string, unknown>)),
  })
  if (def.export) {
    registerExportRoute(app, {
      url: `${def.prefix}/export`,
      access: access(def.permissions.list).access,
      tags,
      summary: `导出 ${def.name} (xlsx, 当前筛选条件下的全部数据)`,
      querystring: listQuery,
      fileName: def.export.fileName,
      columns: def.export.columns,
      rows: (ctx, query, after, take) =>
        service.batch(ctx, query as Record<string, unknown>, after as TKeyset | null, take),
    })
  }
  r.get(`${def.prefix}/detail`, {
    config: access(def.permissions.list),
    schema: {
      tags,
      summary: `详情 ${def.name}`,
      querystring: ZIdQuery,
      response: { 200: zEnvelope(def.record) },
    },
    handler: async (request) => ok(await service.detail(ctxOf(request), BigInt(request.query.id))),
  })
  if (opts.writes !== false) {
    // With an id, `submit` is a partial update (every field optional, each under its own rule);
    // without one, a creation, checked against the whole submit schema.
    const patchBody = zPatchOf(def.submit) as unknown as z.ZodObject<{ id: z.ZodOptional<typeof ZIdSchema> }>
    r.post(`${def.prefix}/submit`, {
      config: access(def.permissions.add, def.permissions.edit),
      // Documented as a creation (its required fields); a body with an id is checked as a patch.
      schema: { tags, summary: `新增或修改 ${def.name}`, body: def.submit, response: { 200: zDone } },
      validatorCompiler: submitValidator(patchBody),
      preValidation: keepSubmitted,
      handler: async (request) => {
        const ctx = ctxOf(request)
        const raw = submitted.get(request)
        const update = isUpdateBody(raw)
        await requirePermission(ctx, update ? def.permissions.edit : def.permissions.add)
        if (update) {
          const id = parseOrRefuse(ZIdSchema, (raw as { id: unknown }).id)
          await service.update(ctx, BigInt(id), submittedPatch(request))
          return done()
        }
        await service.create(ctx, request.body as z.infer<TSubmit>)
        return done()
      },
    })
    r.post(`${def.prefix}/save`, {
      config: access(def.permissions.add),
      schema: { tags, summary: `新增 ${def.name}`, body: def.submit, response: { 200: zDone } },
      handler: async (request) => {
        await service.create(ctxOf(request), request.body as z.infer<TSubmit>)
        return done()
      },
    })
    r.post(`${def.prefix}/update`, {
      config: access(def.permissions.edit),
      schema: {
        tags,
        summary: `修改 ${def.name}`,
        body: patchBody.safeExtend({ id: ZIdSchema }),
        response: { 200: zDone },
      },
      preValidation: keepSubmitted,
      handler: async (request) => {
        const body = request.body as TPatch<TSubmit> & { id: string }
        await service.update(ctxOf(request), BigInt(body.id), submittedPatch(request))
        return done()
      },
    })
  }
  r.post(`${def.prefix}/remove`, {
    config: access(def.permissions.remove),
    schema: { tags, summary: `删除 ${def.name}`, querystring: ZIdsQuery, response: { 200: zDone } },
    handler: async (request) => {
      await service.remove(ctxOf(request), request.query.ids.map(BigInt))
      return done(Msg.SUCCESS)
    },
  })

  // `submit` is declared with both codes; the body decides which one the caller needs.
  const requirePermission = async (ctx: TCtx, code: TCrudCodes) => {
    if (!ctx.user || !(await app.permissions.has(ctx.user, code))) {
      throw AppError.forbidden()
    }
  }
}
