import type { PrismaClient } from '@ysjs/db'
import {
  Msg,
  TenantMsg,
  type TPageQuery,
  ZIdListSchema,
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
import { patchableSubmit, patchedInput, submitIdFor } from '../../lib/crud.ts'
import { done, ok, zDone, zEnvelope, zPage } from '../../lib/envelope.ts'
import type { TTenantService } from './tenant.service.ts'

const PREFIX = '/api/ysjs-system/tenant'
const ZTenantCode = zText(TenantMsg.NOT_FOUND)
  .trim()
  .regex(/^\d{6}$/, TenantMsg.NOT_FOUND)
const ZIdsQuery = z.object({ ids: ZIdListSchema })
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

export const tenantRoutes = (app: FastifyInstance, prisma: PrismaClient, tenants: TTenantService) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['tenant']

  r.get(`${PREFIX}/info`, {
    config: { access: 'public' },
    schema: {
      tags,
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

  r.get(`${PREFIX}/list`, {
    config: { access: { permission: 'tenant' } },
    schema: {
      tags,
      summary: '分页租户 (管理租户看全部, 其他租户只看自己)',
      querystring: ZPageQuerySchema.extend({
        tenantId: z.string().max(200).optional(),
        tenantName: z.string().max(200).optional(),
        contactNumber: z.string().max(200).optional(),
        linkman: z.string().max(200).optional(),
        status: z.string().max(200).optional(),
      }).catchall(z.unknown()),
      response: { 200: zEnvelope(zPage(ZTenantRecordSchema)) },
    },
    handler: async (request) =>
      ok(await tenants.page(ctxOf(request), request.query as TPageQuery & Record<string, unknown>)),
  })

  r.get(`${PREFIX}/select`, {
    config: { access: { permission: 'tenant' } },
    schema: {
      tags,
      summary: '租户下拉 (label tenantName, value tenantId)',
      response: { 200: zEnvelope(z.array(z.object({ tenantId: z.string(), tenantName: z.string() }))) },
    },
    handler: async (request) => ok(await tenants.select(ctxOf(request))),
  })

  r.get(`${PREFIX}/detail`, {
    config: { access: { permission: 'tenant' } },
    schema: {
      tags,
      summary: '租户详情',
      querystring: z.object({ id: ZIdSchema }),
      response: { 200: zEnvelope(ZTenantRecordSchema) },
    },
    handler: async (request) => ok(await tenants.detail(ctxOf(request), BigInt(request.query.id))),
  })

  r.post(`${PREFIX}/submit`, {
    config: { access: { permission: ['tenant_add', 'tenant_edit'] } },
    schema: {
      tags,
      summary: '新增或修改租户 (仅超级管理员; 新租户带管理员角色、部门、岗位、账号、字典和菜单)',
      body: ZTenantSubmitSchema,
      response: {
        200: zEnvelope(z.object({ id: ZWireIdSchema, tenantId: z.string() }).nullable()),
      },
    },
    // With an id, a partial update: what it does not carry keeps its stored value (decision 025).
    ...patchableSubmit(ZTenantSubmitSchema),
    handler: async (request) => {
      const ctx = ctxOf(request)
      const id = await submitIdFor(app, request, { add: 'tenant_add', edit: 'tenant_edit' })
      if (id) {
        const stored = await tenants.detail(ctx, id)
        await tenants.update(ctx, id, patchedInput(request, ZTenantSubmitSchema, stored))
        return done()
      }
      return ok(await tenants.create(ctx, request.body))
    },
  })

  r.post(`${PREFIX}/remove`, {
    config: { access: { permission: 'tenant_delete' } },
    schema: {
      tags,
      summary: '删除租户及其用户 (管理租户不可删除)',
      querystring: ZIdsQuery,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await tenants.remove(ctxOf(request), request.query.ids.map(BigInt))
      return done(Msg.SUCCESS)
    },
  })

  r.post(`${PREFIX}/setting`, {
    config: { access: { permission: 'tenant_setting' } },
    schema: {
      tags,
      summary: '授权配置: 账号额度 (-1 不限) 与过期时间',
      querystring: ZIdsQuery.extend(ZTenantSettingSchema.shape),
      response: { 200: zDone },
    },
    handler: async (request) => {
      const { ids, ...setting } = request.query
      await tenants.setting(ctxOf(request), ids.map(BigInt), setting)
      return done()
    },
  })

  r.post(`${PREFIX}/datasource`, {
    config: { access: { permission: 'tenant_datasource' } },
    schema: {
      tags,
      summary: '数据源配置',
      querystring: z.object({
        tenantId: ZTenantCode,
        datasourceId: z.preprocess(emptyToUndefined, ZIdSchema.optional()),
      }),
      response: { 200: zDone },
    },
    handler: async (request) => {
      const { tenantId, datasourceId } = request.query
      await tenants.datasource(ctxOf(request), tenantId, datasourceId ? BigInt(datasourceId) : null)
      return done()
    },
  })

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

  r.post(`${PREFIX}/pass`, {
    config: { access: { permission: 'tenant_pass' } },
    schema: { tags, summary: '审核通过 (恢复回收的租户)', querystring: ZIdsQuery, response: { 200: zDone } },
    handler: async (request) => {
      await tenants.pass(ctxOf(request), request.query.ids.map(BigInt))
      return done()
    },
  })

  r.post(`${PREFIX}/recycle`, {
    config: { access: { permission: 'tenant_recycle' } },
    schema: {
      tags,
      summary: '回收租户 (其用户下线且不能登录)',
      querystring: ZIdsQuery,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await tenants.recycle(ctxOf(request), request.query.ids.map(BigInt))
      return done()
    },
  })
}
