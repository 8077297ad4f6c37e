import { z } from 'zod'
import { ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import { zInt, zRequired, zText } from '../common/validators.ts'

export const ROLE_ADMIN = 'admin'

export const RoleMsg = {
  NAME: '请输入角色名称',
  ALIAS: '请输入角色别名',
  SORT: '请输入角色排序',
  ALIAS_EXISTS: '当前角色别名已存在!',
  NO_CREATE_ADMINISTRATOR: '无权限创建超管角色!',
  NO_GRANT_ADMINISTRATOR: '无权配置超管角色!',
  NO_GRANT_ADMIN: '无权配置管理员角色!',
  PARENT_SELF: '父节点不可选择自身或其子节点!',
  PARENT_MISSING: '父节点不存在!',
  PARENT_OTHER_TENANT: '父节点须为同一租户的角色!',
  HAS_USERS: '该角色已分配给用户,请先解除用户的角色!',
  NOT_GRANTABLE: '无权分配超出自身权限的菜单或数据!',
  ROLES_REQUIRED: '请选择角色',
} as const

/** The permission codes of the role screen (seeded buttons of `/authority/role`). */
export const RolePermissions = {
  list: 'role',
  add: 'role_add',
  edit: 'role_edit',
  remove: 'role_delete',
  view: 'role_view',
  grant: 'role_grant',
} as const

/** A role as `role/submit` takes it; no parent means a top-level role of the caller's tenant. */
export const ZRoleSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  parentId: z.preprocess((v) => (v === '' || v === null ? undefined : v), ZIdSchema.optional()),
  roleName: zRequired(RoleMsg.NAME),
  roleAlias: zRequired(RoleMsg.ALIAS),
  sort: zInt({ message: RoleMsg.SORT, min: 0, max: 100_000 }),
})
export type TRoleSubmit = z.infer<typeof ZRoleSubmitSchema>

/** RoleVO (contract 7.1): the row plus `parentName`; `children` in the list tree. */
export type TRole = {
  id: string
  tenantId: string
  parentId: string
  roleName: string
  sort: number
  roleAlias: string
  isDeleted: number
  parentName: string
  hasChildren?: boolean
  children?: TRole[]
}
export const ZRoleRecordSchema: z.ZodType<TRole> = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  parentId: ZWireIdSchema,
  roleName: z.string(),
  sort: z.number(),
  roleAlias: z.string(),
  isDeleted: z.number(),
  parentName: z.string(),
  hasChildren: z.boolean().optional(),
  get children() {
    return z.array(ZRoleRecordSchema).optional()
  },
})
z.globalRegistry.add(ZRoleRecordSchema, { id: 'Role' })

/** Up to 1000 ids as a JSON array (strings or numbers). */
export const zIdArray = (message?: string) =>
  z.array(ZIdSchema, message ? { error: message } : undefined).max(1000, '请求参数类型错误')

/** `role/grant` (contract 6.1): the three trees' checked keys replace the roles' grants. */
export const ZRoleGrantSchema = z.object({
  roleIds: zIdArray(RoleMsg.ROLES_REQUIRED).min(1, RoleMsg.ROLES_REQUIRED),
  menuIds: zIdArray().default([]),
  dataScopeIds: zIdArray().default([]),
  apiScopeIds: zIdArray().default([]),
})
export type TRoleGrant = z.input<typeof ZRoleGrantSchema>

export const ZRoleListQuerySchema = z
  .object({
    roleName: zText().max(255).optional(),
    roleAlias: zText().max(255).optional(),
    tenantId: zText().max(12).optional(),
  })
  .catchall(z.unknown())
