import type { PrismaClient } from '@ysjs/db'
import {
  TenantMsg,
  type TPageQuery,
  ZIdSchema,
  ZPageQuerySchema,
  ZTenantPackageRecordSchema,
  ZTenantRecordSchema,
  ZTenantSettingSchema,
  ZTenantSubmitSchema,
  ZWireIdSchema,
  zText,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { patchedInput, submitIdFor } from '../../lib/crud.ts'
import { done, ok, zDone, zEnvelope, zPage } from '../../lib/envelope.ts'
import { routeKit, ZIdQuery, ZIdsQuery } from '../../lib/route-kit.ts'
import type { TTenantService } from './tenant.service.ts'

const PREFIX = '/api/ysjs-system/tenant'
const ZTenantCode = zText(TenantMsg.NOT_FOUND)
  .trim()
  .regex(/^\d{6}$/, TenantMsg.NOT_FOUND)
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

export const tenantRoutes = (app: FastifyInstance, prisma: PrismaClient, tenants: TTenantService) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['tenant']
  const k = routeKit(app, { tags, prefix: PREFIX })
  const TENANT = { permission: 'tenant' }

  k.read(
    'GET',
    '/info',
    'public',
    {
      summary: '按域名解析租户 (登录页据此隐藏租户输入框)',
      querystring: z.object({ domain: z.string().trim().max(255).optional() }),
      response: z
        .object({ tenantId: z.string(), domain: z.string(), backgroundUrl: z.string().nullable() })
        .nullable(),
    },
    async (_ctx, { query }) => {
      const domain = query.domain?.replace(/\/+$/, '')
      if (!domain) {
        return null
      }
      const tenant = await prisma.tenant.findFirst({
        where: { domain, isDeleted: 0 },
        select: { tenantId: true, domain: true, backgroundUrl: true },
      })
      return tenant
        ? { tenantId: tenant.tenantId, domain: tenant.domain ?? domain, backgroundUrl: tenant.backgroundUrl }
        : null
    },
  )
  k.read(
    'GET',
    '/list',
    TENANT,
    {
      summary: '分页租户 (管理租户看全部, 其他租户只看自己)',
      querystring: ZPageQuerySchema.extend({
        tenantId: z.string().max(200).optional(),
        tenantName: z.string().max(200).optional(),
        contactNumber: z.string().max(200).optional(),
        linkman: z.string().max(200).optional(),
        status: z.string().max(200).optional(),
      }).catchall(z.unknown()),
      response: zPage(ZTenantRecordSchema),
    },
    (ctx, { query }) => tenants.page(ctx, query as TPageQuery & Record<string, unknown>),
  )
  k.read(
    'GET',
    '/select',
    TENANT,
    {
      summary: '租户下拉 (label tenantName, value tenantId)',
      response: z.array(z.object({ tenantId: z.string(), tenantName: z.string() })),
    },
    (ctx) => tenants.select(ctx),
  )
  k.read(
    'GET',
    '/detail',
    TENANT,
    { summary: '租户详情', querystring: ZIdQuery, response: ZTenantRecordSchema },
    (ctx, { query }) => tenants.detail(ctx, BigInt(query.id)),
  )
  // An update answers the empty envelope, a creation the new tenant's ids.
  k.raw(
    'POST',
    '/submit',
    { access: { permission: ['tenant_add', 'tenant_edit'] } },
    {
      summary: '新增或修改租户 (仅超级管理员; 新租户带管理员角色、部门、岗位、账号、字典和菜单)',
      body: ZTenantSubmitSchema,
      // With an id, a partial update: what it does not carry keeps its stored value (decision 025).
      patch: ZTenantSubmitSchema,
      response: {
        200: zEnvelope(z.object({ id: ZWireIdSchema, tenantId: z.string() }).nullable()),
      },
    },
    async (request) => {
      const ctx = ctxOf(request)
      const id = await submitIdFor(app, request, { add: 'tenant_add', edit: 'tenant_edit' })
      if (id) {
        const stored = await tenants.detail(ctx, id)
        await tenants.update(ctx, id, patchedInput(request, ZTenantSubmitSchema, stored))
        return done()
      }
      return ok(await tenants.create(ctx, request.body))
    },
  )
  k.command(
    'POST',
    '/remove',
    { permission: 'tenant_delete' },
    { summary: '删除租户及其用户 (管理租户不可删除)', querystring: ZIdsQuery },
    (ctx, { query }) => tenants.remove(ctx, query.ids.map(BigInt)),
  )
  k.command(
    'POST',
    '/setting',
    { permission: 'tenant_setting' },
    {
      summary: '授权配置: 账号额度 (-1 不限) 与过期时间',
      querystring: ZIdsQuery.extend(ZTenantSettingSchema.shape),
    },
    (ctx, { query: { ids, ...setting } }) => tenants.setting(ctx, ids.map(BigInt), setting),
  )
  k.command(
    'POST',
    '/datasource',
    { permission: 'tenant_datasource' },
    {
      summary: '数据源配置',
      querystring: z.object({
        tenantId: ZTenantCode,
        datasourceId: z.preprocess(emptyToUndefined, ZIdSchema.optional()),
      }),
    },
    (ctx, { query: { tenantId, datasourceId } }) =>
      tenants.datasource(ctx, tenantId, datasourceId ? BigInt(datasourceId) : null),
  )

  // These two name their operation (the kit's schemas carry no operationId): declared by hand.
  r.get(`${PREFIX}/package-detail`, {
    config: { access: { permission: 'tenant_package' } },
    schema: {
      tags,
      summary: '租户的产品包 (tenantId 为租户主键)',
      // The derived id would be that of GET tenant-package/detail.
      operationId: 'get_ysjs_system_tenant_packageDetail',
      querystring: z.object({ tenantId: ZIdSchema }),
      response: { 200: zEnvelope(ZTenantPackageRecordSchema.nullable()) },
    },
    handler: async (request) =>
      ok(await tenants.packageDetail(ctxOf(request), BigInt(request.query.tenantId))),
  })
  r.post(`${PREFIX}/package-setting`, {
    config: { access: { permission: 'tenant_package' } },
    schema: {
      tags,
      summary: '产品包配置 (tenantId 为租户编号, packageId 为空则取消)',
      operationId: 'post_ysjs_system_tenant_packageSetting',
      querystring: z.object({
        tenantId: ZTenantCode,
        packageId: z.preprocess(emptyToUndefined, ZIdSchema.optional()),
      }),
      response: { 200: zDone },
    },
    handler: async (request) => {
      await tenants.packageSetting(ctxOf(request), request.query.tenantId, request.query.packageId)
      return done()
    },
  })

  k.command(
    'POST',
    '/pass',
    { permission: 'tenant_pass' },
    { summary: '审核通过 (恢复回收的租户)', querystring: ZIdsQuery },
    (ctx, { query }) => tenants.pass(ctx, query.ids.map(BigInt)),
  )
  k.command(
    'POST',
    '/recycle',
    { permission: 'tenant_recycle' },
    { summary: '回收租户 (其用户下线且不能登录)', querystring: ZIdsQuery },
    (ctx, { query }) => tenants.recycle(ctx, query.ids.map(BigInt)),
  )
}
