import type { PrismaClient } from '@ysjs/db'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok, zEnvelope } from '../../lib/envelope.ts'

export const tenantRoutes = (app: FastifyInstance, prisma: PrismaClient) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get('/api/ysjs-system/tenant/info', {
    config: { access: 'public' },
    schema: {
      tags: ['tenant'],
      summary: '按域名解析租户 (登录页据此隐藏租户输入框)',
      querystring: z.object({ domain: z.string().trim().max(255).optional() }),
      response: {
        200: zEnvelope(
          z
            .object({ tenantId: z.string(), domain: z.string(), backgroundUrl: z.string().nullable() })
            .nullable(),
        ),
      },
    },
    handler: async (request) => {
      const domain = request.query.domain?.replace(/\/+$/, '')
      if (!domain) {
        return ok(null)
      }
      const tenant = await prisma.tenant.findFirst({
        where: { domain, isDeleted: 0 },
        select: { tenantId: true, domain: true, backgroundUrl: true },
      })
      return ok(
        tenant
          ? {
              tenantId: tenant.tenantId,
              domain: tenant.domain ?? domain,
              backgroundUrl: tenant.backgroundUrl,
            }
          : null,
      )
    },
  })
}
