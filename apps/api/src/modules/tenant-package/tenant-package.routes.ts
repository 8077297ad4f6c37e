import { ZWireIdSchema } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { registerCrudRoutes } from '../../lib/crud.ts'
import { ok, zEnvelope } from '../../lib/envelope.ts'
import type { TTenantPackageService } from './tenant-package.service.ts'

type TPackageMenuNode = {
  id: string
  parentId: string
  title: string
  key: string
  value: string
  category: number
  children?: TPackageMenuNode[]
}
const ZPackageMenuNode: z.ZodType<TPackageMenuNode> = z.lazy(() =>
  z.object({
    id: ZWireIdSchema,
    parentId: ZWireIdSchema,
    title: z.string(),
    key: z.string(),
    value: z.string(),
    category: z.number(),
    children: z.array(ZPackageMenuNode).optional(),
  }),
)
z.globalRegistry.add(ZPackageMenuNode, { id: 'PackageMenuNode' })

export const tenantPackageRoutes = (app: FastifyInstance, packages: TTenantPackageService) => {
  registerCrudRoutes(app, packages)
  app.withTypeProvider<ZodTypeProvider>().get('/api/ysjs-system/tenant-package/select', {
    config: { access: { permission: ['tenant', 'tenantpackage'] } },
    schema: {
      tags: ['tenant-package'],
      summary: '产品包下拉 (租户的产品包配置)',
      response: { 200: zEnvelope(z.array(z.object({ id: ZWireIdSchema, packageName: z.string() }))) },
    },
    handler: async () => ok(await packages.select()),
  })
  app.withTypeProvider<ZodTypeProvider>().get('/api/ysjs-system/tenant-package/menu-tree', {
    config: { access: { permission: ['tenantpackage_add', 'tenantpackage_edit'] } },
    schema: {
      tags: ['tenant-package'],
      summary: '产品包可选的菜单树 (菜单与按钮)',
      response: { 200: zEnvelope(z.array(ZPackageMenuNode)) },
    },
    handler: async () => ok(await packages.menuTree()),
  })
}
