import type { PrismaClient } from '@ysjs/db'
import { ROLE_ADMINISTRATOR, ZTreeNodeSchema, zOptionalText } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf, isAdministrator, readTenantOf } from '../../lib/context.ts'
import { ok, zEnvelope } from '../../lib/envelope.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { buildTree } from '../../lib/tree.ts'

/**
 * `role/tree` as the user screen's role pickers need it (contract 7.1: TreeNode tree of a tenant's
 * roles, the `administrator` role hidden from non-administrators). The role module (another stream)
 * owns this path: when it lands, its route replaces this file.
 */
export const roleTreeRoutes = (app: FastifyInstance, prisma: PrismaClient) => {
  app.withTypeProvider<ZodTypeProvider>().get('/api/ysjs-system/role/tree', {
    config: { access: { permission: ['role', 'user'] } },
    schema: {
      tags: ['role'],
      summary: '角色树节点 (tenantId 仅平台管理员可指定)',
      querystring: z.object({ tenantId: zOptionalText(12) }),
      response: { 200: zEnvelope(z.array(ZTreeNodeSchema)) },
    },
    handler: async (request) => {
      const ctx = ctxOf(request)
      const rows = await tenantDb(prisma, readTenantOf(ctx, request.query.tenantId)).role.findMany({
        where: {
          isDeleted: 0,
          ...(isAdministrator(ctx.user) ? {} : { roleAlias: { not: ROLE_ADMINISTRATOR } }),
        },
        orderBy: [{ sort: 'asc' }, { id: 'asc' }],
      })
      return ok(
        buildTree(
          rows.map((r) => ({
            id: r.id,
            parentId: r.parentId,
            title: r.roleName,
            key: String(r.id),
            value: String(r.id),
          })),
        ),
      )
    },
  })
}
