import { ZIdSchema, ZMenuSchema } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { ok, zEnvelope } from '../../lib/envelope.ts'
import { createSerializedCache, sendJson } from '../../lib/serialized-cache.ts'
import { ZTopMenuOut } from './menu.schemas.ts'
import type { TMenuService } from './menu.service.ts'

const PREFIX = '/api/ysjs-system/menu'

export const menuRoutes = (app: FastifyInstance, menus: TMenuService) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['menu']

  const routesResponse = zEnvelope(z.array(ZMenuSchema).nullable())
  // One answer per menu snapshot and view (see TRouteSelection).
  const routesAnswers = createSerializedCache(routesResponse, { method: 'GET', url: `${PREFIX}/routes` })
  r.get(`${PREFIX}/routes`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '当前用户的菜单树 (按角色、租户产品包、顶部菜单过滤)',
      querystring: z.object({
        topMenuId: z.preprocess((v) => (v === '' ? undefined : v), ZIdSchema.optional()),
      }),
      response: { 200: routesResponse },
    },
    handler: async (request, reply) => {
      const { topMenuId } = request.query
      const selection = await menus.routeSelection(ctxOf(request), topMenuId ? BigInt(topMenuId) : undefined)
      if (!selection) {
        return ok(null)
      }
      const json = await routesAnswers.get(selection.snapshot, selection.key, async () =>
        ok(await selection.tree()),
      )
      return sendJson(reply, json)
    },
  })

  r.get(`${PREFIX}/buttons`, {
    config: { access: 'authenticated' },
    schema: { tags, summary: '当前用户的按钮权限树', response: { 200: zEnvelope(z.array(ZMenuSchema)) } },
    handler: async (request) => ok(await menus.buttons(ctxOf(request))),
  })

  r.get(`${PREFIX}/top-menu`, {
    config: { access: 'authenticated' },
    schema: { tags, summary: '顶部菜单', response: { 200: zEnvelope(z.array(ZTopMenuOut)) } },
    handler: async (request) => ok(await menus.topMenus(ctxOf(request))),
  })
}
