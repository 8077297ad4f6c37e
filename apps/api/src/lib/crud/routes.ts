import {
  isUpdateBody,
  Msg,
  type TPage,
  type TPageQuery,
  ZIdSchema,
  ZPageQuerySchema,
  zPatchOf,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePermission, type TAccess } from '../../plugins/access.ts'
import { ctxOf, type TCtx } from '../context.ts'
import type { TKeyset } from '../crud-keyset.ts'
import { done, ok, zDone, zEnvelope, zPage } from '../envelope.ts'
import { parseOrRefuse } from '../patch.ts'
import { ZIdQuery, ZIdsQuery } from '../route-kit.ts'
import { registerExportRoute } from '../xlsx.ts'
import type { TCrudCodes, TPatch } from './def.ts'
import type { TAnyRow } from './model.ts'
import { keepSubmitted, submitted, submittedPatch, submitValidator } from './patch-routes.ts'
import type { TCrudService } from './service.ts'

/** Registers list, detail, submit, save, update and remove for one entity (contract 4.4). */
export const registerCrudRoutes = <TSubmit extends z.ZodObject, TModel, TOut extends TAnyRow>(
  app: FastifyInstance,
  service: TCrudService<TSubmit, TModel, TOut>,
  /** `writes: false` leaves submit, save and update to the module (e.g. a form with row lists). */
  opts: { writes?: boolean } = {},
): void => {
  const { def } = service
  // The answers as the routes' zod schemas type them (a row of any model is a record of its columns).
  const page = (ctx: TCtx, query: TPageQuery & Record<string, unknown>): Promise<TPage<TAnyRow>> =>
    service.page(ctx, query)
  const detail = (ctx: TCtx, id: bigint): Promise<TAnyRow> => service.detail(ctx, id)
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
      ok(await page(ctxOf(request), request.query as TPageQuery & Record<string, unknown>)),
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
    handler: async (request) => ok(await detail(ctxOf(request), BigInt(request.query.id))),
  })
  if (opts.writes !== false) {
    // With an id, `submit` is a partial update (every field optional, each under its own rule);
    // without one, a creation, checked against the whole submit schema.
    const patchBody = zPatchOf(def.submit)
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
        // `submit` is declared with both codes; the body decides which one the caller needs.
        await requirePermission(app, ctx.user, update ? def.permissions.edit : def.permissions.add)
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
        body: patchBody.extend({ id: ZIdSchema }),
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
}
