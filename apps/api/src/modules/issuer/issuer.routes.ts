import { PERMISSIONS, ZIssuerRecordSchema, ZIssuerSubmitSchema, zPatchOf } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ctxOf } from '../../lib/context.ts'
import { keepSubmitted, patchedInput } from '../../lib/crud.ts'
import { ok, zEnvelope } from '../../lib/envelope.ts'
import type { TIssuerService } from './issuer.service.ts'

const P = '/api/ysjs-system/issuer'
const tags = ['issuer']

/** Permission codes of the 评价机构信息 screen (seeded under 系统管理). */
export const ISSUER_CODES = { view: PERMISSIONS.issuer, edit: PERMISSIONS.issuerEdit } as const

/** `/api/ysjs-system/issuer`: the tenant's issuing centre, read and saved by its administrator. */
export const issuerRoutes = (app: FastifyInstance, issuer: TIssuerService) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(`${P}/detail`, {
    config: { access: { permission: [ISSUER_CODES.view] } },
    schema: {
      tags,
      summary: '评价机构信息 (未设置时为租户名称)',
      response: { 200: zEnvelope(ZIssuerRecordSchema) },
    },
    handler: async (request) => ok(await issuer.profile(ctxOf(request))),
  })
  r.post(`${P}/submit`, {
    config: { access: { permission: [ISSUER_CODES.edit] } },
    // One profile per tenant, so every save after the first is an update of it, and writes only the
    // fields it carries (decision 030): null is "not given", '' clears an optional field and is refused
    // with its message on 全称. The first save is the whole record.
    preValidation: keepSubmitted,
    schema: {
      tags,
      summary: '保存评价机构信息 (已保存过时只写所带字段)',
      body: zPatchOf(ZIssuerSubmitSchema),
      response: { 200: zEnvelope(ZIssuerRecordSchema) },
    },
    handler: async (request) => {
      const ctx = ctxOf(request)
      const stored = await issuer.profile(ctx)
      return ok(
        await issuer.submit(ctx, patchedInput(request, ZIssuerSubmitSchema, stored.configured ? stored : {})),
      )
    },
  })
}
