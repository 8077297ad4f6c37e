import { z } from 'zod'
import { ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import { zText } from '../common/validators.ts'
import { zIdArray } from './role.ts'

export const AccessMsg = {
  KIND: '请选择变更类型',
  ROLES: '请选择角色',
  USERS: '请选择用户',
  PACKAGE_MISSING: '产品包不存在',
  USER: '请选择用户',
  TARGET: '请输入菜单、按钮编号或接口路径',
  USER_MISSING: '用户不存在',
} as const

/**
 * A change whose effect on access is previewed before it is saved: a role grant (role/grant's body), a
 * tenant package's menus, or the roles of some users (user/grant).
 */
export const ZAccessPreviewSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('roleGrant'),
      roleIds: zIdArray(AccessMsg.ROLES).min(1, AccessMsg.ROLES),
      menuIds: zIdArray().default([]),
      dataScopeIds: zIdArray().default([]),
      apiScopeIds: zIdArray().default([]),
    }),
    z.object({
      kind: z.literal('package'),
      packageId: ZIdSchema.optional(),
      menuIds: zIdArray().default([]),
    }),
    z.object({
      kind: z.literal('userRoles'),
      userIds: zIdArray(AccessMsg.USERS).min(1, AccessMsg.USERS),
      roleIds: zIdArray().default([]),
    }),
  ],
  { error: AccessMsg.KIND },
)
export type TAccessPreviewRequest = z.input<typeof ZAccessPreviewSchema>

export const ZMenuRefSchema = z.object({
  id: ZWireIdSchema,
  code: z.string(),
  name: z.string(),
  category: z.number(),
  parentName: z.string(),
})
export type TMenuRef = z.infer<typeof ZMenuRefSchema>

export const ZScopeRefSchema = z.object({
  id: ZWireIdSchema,
  name: z.string(),
  kind: z.enum(['data', 'api']),
})

export const ZAccessPreviewSchemaOut = z.object({
  /** Users whose menus or buttons change (at most `limit`). */
  users: z.array(
    z.object({
      userId: ZWireIdSchema,
      account: z.string(),
      realName: z.string(),
      tenantId: z.string(),
      gained: z.array(ZMenuRefSchema),
      lost: z.array(ZMenuRefSchema),
    }),
  ),
  /** Users the change reaches (holding an affected role, or in a tenant of the package). */
  reached: z.number(),
  changed: z.number(),
  truncated: z.boolean(),
  /** Roles whose grants change (a grant also strips child roles of menus their parent lost). */
  roles: z.array(
    z.object({
      roleId: ZWireIdSchema,
      roleName: z.string(),
      gained: z.array(ZMenuRefSchema),
      lost: z.array(ZMenuRefSchema),
      scopesGained: z.array(ZScopeRefSchema),
      scopesLost: z.array(ZScopeRefSchema),
    }),
  ),
})
export type TAccessPreview = z.infer<typeof ZAccessPreviewSchemaOut>

export const ZAccessExplainQuerySchema = z
  .object({
    /** The user, by id or by account (in the caller's tenant). */
    userId: z.preprocess((v) => (v === '' ? undefined : v), ZIdSchema.optional()),
    account: zText().trim().max(45).optional(),
    /** A menu or button code (`notice_add`) or an endpoint path (`/api/ysjs-desk/notice/list`). */
    target: zText(AccessMsg.TARGET).trim().min(1, AccessMsg.TARGET).max(255, AccessMsg.TARGET),
    method: z.enum(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']).default('GET'),
  })
  .refine((q) => !!q.userId || !!q.account, { message: AccessMsg.USER, path: ['userId'] })

export const ACCESS_STEPS = [
  'user',
  'tenant',
  'expiry',
  'package',
  'role',
  'endpoint',
  'apiScope',
  'dataScope',
] as const
export type TAccessStep = (typeof ACCESS_STEPS)[number]

export const ZAccessExplainSchemaOut = z.object({
  allowed: z.boolean(),
  target: z.string(),
  kind: z.enum(['menu', 'button', 'endpoint', 'unknown']),
  steps: z.array(
    z.object({
      step: z.enum(ACCESS_STEPS),
      /** pass: allows; fail: denies (the first fail decides); info: shapes what is seen, never denies. */
      result: z.enum(['pass', 'fail', 'info', 'skip']),
      detail: z.string(),
    }),
  ),
})
export type TAccessExplain = z.infer<typeof ZAccessExplainSchemaOut>

export const AccessPermissions = {
  preview: ['role_grant', 'tenantpackage_add', 'tenantpackage_edit', 'user_role'],
  explain: ['role', 'user'],
} as const
