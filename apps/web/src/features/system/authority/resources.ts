import {
  PERMISSIONS,
  RolePermissions,
  TopMenuPermissions,
  ZApiScopeSubmitSchema,
  ZDataScopeFormSchema,
  ZMenuSubmitSchema,
  ZRoleSubmitSchema,
  ZTopMenuSubmitSchema,
} from '@ysjs/shared'
import { textValues } from '@/components/crud/formValues'
import { crudCodes } from '@/components/crud/permissions'
import type { TField, TOption, TResource, TValues } from '@/components/crud/types'
import { text } from '@/lib/text'
import {
  menuApi,
  menuOnlyApi,
  roleApi,
  scopeApi,
  type TMenuRow,
  type TRoleRow,
  type TScopeKind,
  type TScopeRow,
  type TTopMenuRow,
  topMenuApi,
} from './api/authorityApi'
import { ScopeRuleEditor } from './components/ScopeRuleEditor'

/** Options of a parent select from a flattened tree (indented by depth), with 顶级 first. */
export const parentOptions = <R extends { id: string; depth?: number }>(
  rows: R[],
  label: (row: R) => string,
  exclude?: string,
): TOption[] => [
  { value: '0', labelKey: 'authority.role.topLevel' },
  ...rows
    .filter((r) => r.id !== exclude)
    .map((r) => ({ value: r.id, label: `${'　'.repeat(r.depth ?? 0)}${label(r)}` })),
]

/** 角色管理: a tree of roles (client-paged), each with its parent. */
export const roleResource = (parents: TOption[]): TResource<TRoleRow> => ({
  key: 'role',
  nameKey: 'authority.role.name',
  schema: ZRoleSubmitSchema,
  api: roleApi,
  paging: 'client',
  permissions: {
    codes: {
      add: RolePermissions.add,
      edit: RolePermissions.edit,
      delete: RolePermissions.remove,
      view: RolePermissions.view,
    },
  },
  fields: [
    { name: 'roleName', labelKey: 'authority.role.roleName', search: true, column: { flex: 2 } },
    { name: 'roleAlias', labelKey: 'authority.role.roleAlias', search: true },
    {
      name: 'parentId',
      labelKey: 'authority.role.parentId',
      kind: 'select',
      options: parents,
      column: false,
    },
    { name: 'tenantId', labelKey: 'authority.role.tenantId', form: false, column: { width: 110 } },
    { name: 'sort', labelKey: 'authority.role.sort', kind: 'number', column: { width: 90 } },
  ],
  defaults: () => ({ parentId: '0', sort: '1' }),
  toForm: (row) => textValues(row, ['roleName', 'roleAlias', 'parentId', 'sort']),
})

const CATEGORY: TOption[] = [
  { value: '1', labelKey: 'authority.menu.categories.menu' },
  { value: '2', labelKey: 'authority.menu.categories.button' },
]
const ACTION: TOption[] = [
  { value: '0', labelKey: 'authority.menu.actions.none' },
  { value: '1', labelKey: 'authority.menu.actions.toolbar' },
  { value: '2', labelKey: 'authority.menu.actions.row' },
  { value: '3', labelKey: 'authority.menu.actions.both' },
]
const YES_NO: TOption[] = [
  { value: '1', labelKey: 'common.no' },
  { value: '2', labelKey: 'common.yes' },
]

const menuFields = (parents: TOption[]): TField[] => [
  { name: 'name', labelKey: 'authority.menu.menuName', search: true, column: { flex: 2 } },
  { name: 'code', labelKey: 'authority.menu.code', search: true, column: { flex: 1.5 } },
  { name: 'alias', labelKey: 'authority.menu.alias', search: true, column: { width: 110 } },
  { name: 'path', labelKey: 'authority.menu.path', column: { flex: 2 } },
  { name: 'parentId', labelKey: 'authority.menu.parentId', kind: 'select', options: parents, column: false },
  {
    name: 'category',
    labelKey: 'authority.menu.category',
    kind: 'select',
    options: CATEGORY,
    column: { width: 80 },
  },
  { name: 'source', labelKey: 'authority.menu.source', column: false },
  { name: 'sort', labelKey: 'authority.menu.sort', kind: 'number', column: { width: 90 } },
  { name: 'action', labelKey: 'authority.menu.action', kind: 'select', options: ACTION, column: false },
  { name: 'isOpen', labelKey: 'authority.menu.isOpen', kind: 'select', options: YES_NO, column: false },
  { name: 'remark', labelKey: 'authority.menu.remark', kind: 'textarea', rows: 2, column: false },
]

/** 菜单管理: the whole menu tree with buttons; written only by the administrator (the server says so too). */
export const menuResource = (parents: TOption[]): TResource<TMenuRow> => ({
  key: 'menu',
  nameKey: 'authority.menu.name',
  schema: ZMenuSubmitSchema,
  api: menuApi,
  paging: 'client',
  treeCollapsed: true,
  permissions: crudCodes('menu'),
  fields: menuFields(parents),
  defaults: () => ({ parentId: '0', category: '1', action: '0', isOpen: '1', alias: 'menu', sort: '1' }),
  toForm: (row) =>
    textValues(row, [
      'name',
      'code',
      'alias',
      'path',
      'parentId',
      'category',
      'source',
      'sort',
      'action',
      'isOpen',
      'remark',
    ]),
  dialogWidth: 'md',
})

/** The menus (no buttons) whose data or API scopes are configured on the scope screens. */
export const scopeMenuResource = (): TResource<TMenuRow> => ({
  key: 'menu-scopes',
  nameKey: 'authority.menu.name',
  schema: ZMenuSubmitSchema,
  api: menuOnlyApi,
  paging: 'client',
  treeCollapsed: true,
  permissions: { codes: {} },
  fields: menuFields([]).filter((f) => ['name', 'code', 'path'].includes(f.name)),
})

export const topMenuResource: TResource<TTopMenuRow> = {
  key: 'topmenu',
  nameKey: 'authority.topmenu.name',
  schema: ZTopMenuSubmitSchema,
  api: topMenuApi,
  permissions: {
    codes: {
      add: TopMenuPermissions.add,
      edit: TopMenuPermissions.edit,
      delete: TopMenuPermissions.remove,
      view: TopMenuPermissions.view,
    },
  },
  fields: [
    { name: 'name', labelKey: 'authority.topmenu.menuName', search: true },
    { name: 'code', labelKey: 'authority.topmenu.code', search: true },
    { name: 'source', labelKey: 'authority.topmenu.source' },
    { name: 'sort', labelKey: 'authority.topmenu.sort', kind: 'number', column: { width: 110 } },
  ],
  defaults: () => ({ sort: '1' }),
  toForm: (row) => textValues(row, ['name', 'code', 'source', 'sort']),
}

const typeOptions = (kind: TScopeKind): TOption[] =>
  (kind === 'data' ? ['1', '2', '3', '4', '5'] : ['1', '2']).map((v) => ({
    value: v,
    labelKey: `authority.scope.${kind === 'data' ? 'dataTypes' : 'apiTypes'}.${v}`,
  }))

/** The data or API scopes of one menu (contract 6.2, 6.3). */
export const scopeResource = (kind: TScopeKind, menu: TMenuRow): TResource<TScopeRow> => {
  const common: TField[] = [
    { name: 'scopeName', labelKey: 'authority.scope.scopeName', search: true },
    { name: 'resourceCode', labelKey: 'authority.scope.resourceCode' },
  ]
  const fields: TField[] =
    kind === 'data'
      ? [
          ...common,
          {
            name: 'scopeType',
            labelKey: 'authority.scope.scopeType',
            kind: 'select',
            options: typeOptions('data'),
          },
          { name: 'scopeColumn', labelKey: 'authority.scope.scopeColumn' },
          { name: 'scopeField', labelKey: 'authority.scope.scopeField', column: false },
          {
            name: 'scopeValue',
            labelKey: 'authority.scope.scopeValue',
            kind: 'custom',
            component: ScopeRuleEditor,
            span: 12,
            column: false,
          },
          { name: 'remark', labelKey: 'authority.scope.remark', kind: 'textarea', rows: 2, column: false },
        ]
      : [
          ...common,
          { name: 'scopePath', labelKey: 'authority.scope.scopePath', column: { flex: 2 } },
          {
            name: 'scopeType',
            labelKey: 'authority.scope.apiType',
            kind: 'select',
            options: typeOptions('api'),
          },
          { name: 'remark', labelKey: 'authority.scope.remark', kind: 'textarea', rows: 2, column: false },
        ]
  const setting = kind === 'data' ? PERMISSIONS.dataScopeSetting : PERMISSIONS.apiScopeSetting
  return {
    key: `${kind}-scope-${menu.id}`,
    nameKey: kind === 'data' ? 'authority.scope.dataName' : 'authority.scope.apiName',
    schema: kind === 'data' ? ZDataScopeFormSchema : ZApiScopeSubmitSchema,
    api: scopeApi(kind, menu.id),
    permissions: { codes: { add: setting, edit: setting, delete: setting, view: setting } },
    fields,
    defaults: (): TValues => ({
      menuId: menu.id,
      resourceCode: menu.code,
      scopeType: kind === 'data' ? '2' : '2',
      ...(kind === 'data' ? { scopeColumn: 'create_user', scopeField: '*' } : {}),
    }),
    toForm: (row) => ({
      ...Object.fromEntries(fields.map((f) => [f.name, text(row[f.name])])),
      id: row.id,
      menuId: menu.id,
    }),
  }
}
