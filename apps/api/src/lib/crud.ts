import { nextId, type PrismaClient } from '@ysjs/db'
import { Msg, type TPage, type TPageQuery, ZIdListSchema, ZIdSchema, ZPageQuerySchema } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { TAccess } from '../plugins/access.ts'
import { ctxOf, isAdministrator, type TCtx } from './context.ts'
import { done, ok, zDone, zEnvelope, zPage } from './envelope.ts'
import { AppError } from './errors.ts'
import { type TFilterFields, whereFromFilters } from './filters.ts'
import { orderByFrom, skipTake, type TOrderBy, toPage } from './paging.ts'
import { sanitizeRichTextFields, type TRichTextFields } from './rich-text.ts'
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
  /** Rich-text fields and their column length: sanitised against the editor's allow-list on every write. */
  richText?: TRichTextFields
  /**
   * The resource code data scopes name (`blade_scope_data.resource_code`); defaults to the list
   * permission (the menu code). Lists are filtered by the scopes granted to the user's roles.
   */
  resourceCode?: string
  /** Platform tables (menus, scopes, params, clients): only `administrator` may write them. */
  platformWrite?: boolean
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

/** Where an export batch continues: the last row's id and the value of the list's first sort column. */
export type TKeyset = { id: TId; lead: unknown }

const keysetOf = (orderBy: TOrderBy, row: Record<string, unknown>): TKeyset => {
  const [lead] = Object.keys(orderBy[0] ?? {})
  return { id: row.id as TId, lead: lead ? row[lead] : null }
}

/**
 * Prisma's cursor compares the sort columns with an OR that no index can start from, so every batch
 * would scan from the top of the list again. A bound on the first column (`<=` the last value when it
 * sorts descending, where PostgreSQL puts nulls first) lets the index start at the cursor. An ascending
 * first column is left unbounded: its nulls come last and a required column cannot be asked for nulls.
 */
const leadingBound = (orderBy: TOrderBy, after: TKeyset): Record<string, unknown> | null => {
  const [lead, dir] = Object.entries(orderBy[0] ?? {})[0] ?? []
  if (!lead || dir !== 'desc' || after.lead === null || after.lead === undefined) {
    return null
  }
  return { [lead]: { lte: after.lead } }
}

/** The service behind the generated routes; modules with real rules wrap or extend it. */
export const createCrudService = <TSubmit extends z.ZodObject>(
  prisma: PrismaClient,
  def: TCrudDef<TSubmit>,
) => {
  const delegate = (ctx: TCtx): TDelegate =>
    def.model(
      def.tenantScoped ? (tenantDb(prisma, ctx.tenantId) as unknown as PrismaClient) : prisma,
    ) as TDelegate

  const { list } = def.permissions
  const resourceCode = def.resourceCode ?? (typeof list === 'string' ? list : list[0]!)
  scopeResources.set(resourceCode, { name: def.name, fields: def.filters })
  const assertWritable = (ctx: TCtx) => {
    if (def.platformWrite && !isAdministrator(ctx.user)) {
      throw AppError.forbidden()
    }
  }

  const audit = (ctx: TCtx) => ({ user: ctx.user?.userId ?? null, dept: ctx.user?.deptIds[0] ?? null })

  const assertUnique = async (ctx: TCtx, data: Record<string, unknown>, id?: TId) => {
    for (const rule of def.unique ?? []) {
      const where = Object.fromEntries(rule.fields.map((f) => [f, data[f]]))
      const clash = await delegate(ctx).findFirst({
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
    const orderBy = [...(requested.length ? requested : def.defaultOrder), { id: 'desc' as const }]
    return { where, orderBy, requested }
  }

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
      const [records, total] = await Promise.all([
        delegate(ctx).findMany({ where, orderBy, ...skipTake(query) }),
        delegate(ctx).count({ where }),
      ])
      return toPage(await enrich(ctx, records), total, query, requested)
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
      await assertUnique(ctx, data)
      const who = audit(ctx)
      const row = await delegate(ctx).create({
        data: {
          ...data,
          id: nextId(),
          createUser: who.user,
          createDept: who.dept,
          updateUser: who.user,
          updateTime: new Date(),
        },
      })
      def.afterChange?.([row.id as TId])
      return row
    },
    async update(ctx: TCtx, id: TId, input: z.infer<TSubmit>): Promise<void> {
      assertWritable(ctx)
      const data = dataOf(input)
      await def.validate?.(ctx, data)
      await assertUnique(ctx, data, id)
      const who = audit(ctx)
      const own = def.restrict ? [await def.restrict(ctx)] : []
      const result = await delegate(ctx).updateMany({
        where: { AND: [{ id, ...LIVE }, ...own] },
        data: { ...data, updateUser: who.user, updateTime: new Date() },
      })
      if (result.count === 0) {
        throw AppError.notFound()
      }
      def.afterChange?.([id])
    },
    /**
     * Logical delete of every id given; ids that do not exist, belong to another tenant or fall outside
     * `restrict` are skipped.
     */
    async remove(ctx: TCtx, ids: TId[]): Promise<number> {
      assertWritable(ctx)
      const who = audit(ctx)
      const own = def.restrict ? [await def.restrict(ctx)] : []
      const result = await delegate(ctx).updateMany({
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
    const submitBody = def.submit as unknown as z.ZodObject<{ id: z.ZodOptional<typeof ZIdSchema> }>
    r.post(`${def.prefix}/submit`, {
      config: access(def.permissions.add, def.permissions.edit),
      schema: { tags, summary: `新增或修改 ${def.name}`, body: def.submit, response: { 200: zDone } },
      handler: async (request) => {
        const ctx = ctxOf(request)
        const body = request.body as z.infer<TSubmit> & { id?: string }
        await requirePermission(ctx, body.id ? def.permissions.edit : def.permissions.add)
        if (body.id) {
          await service.update(ctx, BigInt(body.id), body)
          return done()
        }
        await service.create(ctx, body)
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
        body: submitBody.safeExtend({ id: ZIdSchema }),
        response: { 200: zDone },
      },
      handler: async (request) => {
        const body = request.body as z.infer<TSubmit> & { id: string }
        await service.update(ctxOf(request), BigInt(body.id), body)
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
