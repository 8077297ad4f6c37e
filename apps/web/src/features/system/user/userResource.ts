import { UserStatus, ZUserFormSchema } from '@ysjs/shared'
import { crudCodes } from '@/components/crud/permissions'
import type { TOption, TResource } from '@/components/crud/types'
import { text } from '@/lib/text'
import { postOptions } from '../post/postApi'
import { deptOptions, roleOptions, type TUserRow, userApi } from './userApi'

export const STATUS_OPTIONS: TOption[] = [
  { value: String(UserStatus.PENDING), labelKey: 'sysOrg.user.statusPending' },
  { value: String(UserStatus.ACTIVE), labelKey: 'sysOrg.user.statusActive' },
  { value: String(UserStatus.REFUSED), labelKey: 'sysOrg.user.statusRefused' },
]

export const ROLE_OPTIONS = { key: 'role-tree', load: roleOptions }
const DEPT_OPTIONS = { key: 'dept-tree', load: deptOptions }

/** 用户管理: account, names, roles/depts/posts (comma ids), contact, platform, status (待审核 filter). */
export const userResource: TResource<TUserRow> = {
  key: 'user',
  nameKey: 'sysOrg.user.name',
  schema: ZUserFormSchema,
  api: userApi,
  permissions: crudCodes('user'),
  dialogWidth: 'md',
  fields: [
    { name: 'account', labelKey: 'sysOrg.user.account', search: true },
    { name: 'name', labelKey: 'sysOrg.user.nickname' },
    { name: 'realName', labelKey: 'sysOrg.user.realName', search: true },
    { name: 'password', labelKey: 'sysOrg.user.password', kind: 'password', column: false, modes: ['add'] },
    { name: 'password2', labelKey: 'sysOrg.user.password2', kind: 'password', column: false, modes: ['add'] },
    {
      name: 'roleId',
      labelKey: 'sysOrg.user.roleId',
      kind: 'multiselect',
      loadOptions: ROLE_OPTIONS,
      column: false,
    },
    { name: 'roleName', labelKey: 'sysOrg.user.roleName', form: false },
    {
      name: 'deptId',
      labelKey: 'sysOrg.user.deptId',
      kind: 'multiselect',
      loadOptions: DEPT_OPTIONS,
      column: false,
    },
    { name: 'deptName', labelKey: 'sysOrg.user.deptName', form: false },
    {
      name: 'postId',
      labelKey: 'sysOrg.user.postId',
      kind: 'multiselect',
      loadOptions: { key: 'post-select', load: postOptions },
      column: false,
    },
    { name: 'phone', labelKey: 'sysOrg.user.phone', column: false },
    { name: 'email', labelKey: 'sysOrg.user.email', column: false },
    { name: 'sex', labelKey: 'sysOrg.user.sex', kind: 'dict', dictCode: 'sex', column: false },
    { name: 'birthday', labelKey: 'sysOrg.user.birthday', kind: 'date', column: false },
    { name: 'userType', labelKey: 'sysOrg.user.userType', kind: 'dict', dictCode: 'user_type', search: true },
    { name: 'tenantName', labelKey: 'sysOrg.user.tenantName', form: false, column: { width: 100 } },
    {
      name: 'status',
      labelKey: 'sysOrg.user.status',
      kind: 'select',
      options: STATUS_OPTIONS,
      search: true,
      form: false,
      column: { width: 90 },
    },
  ],
  defaults: () => ({ userType: '1' }),
  toForm: (row) => ({
    id: row.id,
    account: row.account,
    name: text(row.name),
    realName: text(row.realName),
    roleId: row.roleId,
    deptId: row.deptId,
    postId: row.postId,
    phone: text(row.phone),
    email: text(row.email),
    sex: text(row.sex),
    birthday: text(row.birthday).slice(0, 10),
    userType: text(row.userType),
  }),
}
