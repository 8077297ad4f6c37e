import {
  ZUserAuditCompanySchema,
  ZUserAuditPassQuerySchema,
  ZUserAuditRefuseSchema,
  ZUserFirmSchema,
  ZUserGrantQuerySchema,
  ZUserIdsQuerySchema,
  ZUserPageQuerySchema,
  ZUserPlatformRecordSchema,
  ZUserPlatformSchema,
  ZUserRecordSchema,
  ZUserSubmitSchema,
  zOptionalText,
} from '@ysjs/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { keepSubmitted, patchBody, patchedInput } from '../../lib/crud.ts'
import { done, zDone, zPage } from '../../lib/envelope.ts'
import { routeKit, ZIdQuery, ZIdsQuery } from '../../lib/route-kit.ts'
import type { TUserAdminService } from './user-admin.service.ts'

const PREFIX = '/api/ysjs-system/user'

/** The management calls of the system/user screen, each behind its button's permission code. */
export const userAdminRoutes = (app: FastifyInstance, users: TUserAdminService) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['user']
  const k = routeKit(app, { tags })
  const ids = (list: string[]) => list.map(BigInt)

  k.read(
    'GET',
    `${PREFIX}/page`,
    { permission: 'user' },
    {
      summary: '用户分页 (account/realName 精确, deptId 含下级机构, userType, status: 0 待审核)',
      querystring: ZUserPageQuerySchema,
      response: zPage(ZUserRecordSchema),
    },
    (ctx, request) => users.page(ctx, request.query),
  )
  k.read(
    'GET',
    `${PREFIX}/detail`,
    { permission: 'user' },
    { summary: '用户详情 (UserVO)', querystring: ZIdQuery, response: ZUserRecordSchema },
    (ctx, request) => users.detail(ctx, BigInt(request.query.id)),
  )
  /** The stored user (never its password) with the update's fields applied. */
  const patchedUser = async (request: FastifyRequest, id: bigint) =>
    patchedInput(request, ZUserSubmitSchema, await users.detail(ctxOf(request), id))
  k.submit(
    `${PREFIX}/submit`,
    { add: 'user_add', edit: 'user_edit' },
    {
      summary: '新增 (明文 password) 或修改用户; 同租户账号唯一, 受租户账号额度限制',
      body: ZUserSubmitSchema,
    },
    // With an id, a partial update: what it does not carry keeps its stored value (decision 025).
    {
      stored: users.detail,
      save: async (ctx, input, id) => {
        await (id ? users.update(ctx, id, input) : users.create(ctx, input))
      },
    },
  )
  r.post(`${PREFIX}/update`, {
    config: { access: { permission: 'user_edit' } },
    schema: {
      tags,
      summary: '修改用户 (忽略 password)',
      body: patchBody(ZUserSubmitSchema),
      response: { 200: zDone },
    },
    preValidation: keepSubmitted,
    handler: async (request) => {
      const id = BigInt(request.body.id)
      await users.update(ctxOf(request), id, await patchedUser(request, id))
      return done()
    },
  })
  k.command(
    'POST',
    `${PREFIX}/remove`,
    { permission: 'user_delete' },
    { summary: '删除用户 (不能删除本账号; 吊销其令牌)', querystring: ZIdsQuery },
    (ctx, request) => users.remove(ctx, ids(request.query.ids)),
  )
  k.command(
    'POST',
    `${PREFIX}/grant`,
    { permission: 'user_role' },
    { summary: '角色配置: 以 roleIds 覆盖 userIds 的角色', querystring: ZUserGrantQuerySchema },
    (ctx, request) => users.grant(ctx, ids(request.query.userIds), ids(request.query.roleIds)),
  )
  k.command(
    'POST',
    `${PREFIX}/reset-password`,
    { permission: 'user_reset' },
    {
      summary: '重置密码为参数 account.initPassword (默认 123456), 吊销令牌',
      querystring: ZUserIdsQuerySchema,
    },
    (ctx, request) => users.resetPassword(ctx, ids(request.query.userIds)),
  )
  k.command(
    'POST',
    `${PREFIX}/unlock`,
    { permission: 'user_unlock' },
    { summary: '账号解封: 清除登录失败计数与锁定', querystring: ZUserIdsQuerySchema },
    (ctx, request) => users.unlock(ctx, ids(request.query.userIds)),
  )
  k.command(
    'POST',
    `${PREFIX}/audit-pass`,
    { permission: 'user_audit' },
    {
      summary: '注册审核通过 (无角色的用户须同时给 roleIds; unitId 或 unitName 绑定会员单位并授予会员角色)',
      querystring: ZUserAuditPassQuerySchema,
    },
    async (ctx, request) => {
      const { userIds, roleIds, unitId, unitName } = request.query
      await users.auditPass(ctx, ids(userIds), roleIds ? ids(roleIds) : undefined, {
        unitId,
        unitName,
      })
    },
  )
  k.command(
    'POST',
    `${PREFIX}/audit-refuse`,
    { permission: 'user_audit' },
    { summary: '注册审核驳回 (reason 在登录时提示)', body: ZUserAuditRefuseSchema },
    (ctx, request) => users.auditRefuse(ctx, ids(request.body.userIds), request.body.reason),
  )
  k.command(
    'POST',
    `${PREFIX}/audit-passCommpany`,
    { permission: 'user_audit' },
    {
      summary: '单位注册审核通过: 指定其登录账号与密码 (明文); unitId 或 unitName 绑定会员单位',
      body: ZUserAuditCompanySchema,
    },
    (ctx, request) => users.auditPassCompany(ctx, request.body),
  )
  k.read(
    'GET',
    `${PREFIX}/platform-detail`,
    { permission: 'user_platform' },
    {
      summary: '平台配置详情 (UserVO + userExt)',
      querystring: ZIdQuery,
      response: ZUserPlatformRecordSchema,
    },
    (ctx, request) => users.platformDetail(ctx, BigInt(request.query.id)),
  )
  k.command(
    'POST',
    `${PREFIX}/update-platform`,
    { permission: 'user_platform' },
    { summary: '平台配置: 保存用户在某平台 (userType) 的拓展信息', body: ZUserPlatformSchema },
    (ctx, request) => users.updatePlatform(ctx, request.body),
  )
  k.read(
    'GET',
    '/api/ysjs-system/firm/selectUserFirmMixUser',
    'authenticated',
    {
      summary: '本租户用户及其所属单位 (最近的 公司 类机构), 供选择器使用',
      querystring: z.object({ name: zOptionalText(45) }),
      response: z.array(ZUserFirmSchema),
    },
    (ctx, request) => users.firmUsers(ctx, request.query),
  )
}
