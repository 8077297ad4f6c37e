import type {
  TAccessExplain,
  TAccessPreview,
  TAccessPreviewRequest,
  TApiScope,
  TDataScope,
  TGrantKeys,
  TMenuVo,
  TRole,
  TRoleGrant,
  TScopeRuleField,
  TTopMenu,
  TTreeNode,
} from '@ysjs/shared'
import type { TListQuery, TListResult, TResourceApi, TValues } from '@/components/crud/types'
import { http } from '@/lib/http'
import { resourceApi } from '@/lib/resource/resourceApi'
import { flattenTree, wholeList } from '@/lib/tree'

const SYS = '/api/ysjs-system'

export type TRoleRow = Omit<TRole, 'children'> & { depth?: number } & Record<string, unknown>
export const roleApi: TResourceApi<TRoleRow> = {
  ...resourceApi<TRoleRow>(`${SYS}/role`),
  list: wholeList(
    async (search) => flattenTree(await http.get<TRole[]>(`${SYS}/role/list`, search)) as TRoleRow[],
  ),
}

export type TMenuRow = Omit<TMenuVo, 'children'> & { depth?: number } & Record<string, unknown>
export const menuApi: TResourceApi<TMenuRow> = {
  ...resourceApi<TMenuRow>(`${SYS}/menu`),
  list: wholeList(
    async (search) => flattenTree(await http.get<TMenuVo[]>(`${SYS}/menu/list`, search)) as TMenuRow[],
  ),
}

/** Menus only (category 1), for the data/API scope screens. */
export const menuOnlyApi: TResourceApi<TMenuRow> = {
  ...menuApi,
  list: wholeList(
    async (search) => flattenTree(await http.get<TMenuVo[]>(`${SYS}/menu/menu-list`, search)) as TMenuRow[],
  ),
}

export type TTopMenuRow = TTopMenu & Record<string, unknown>
export const topMenuApi: TResourceApi<TTopMenuRow> = resourceApi<TTopMenuRow>(`${SYS}/topmenu`)

export type TScopeKind = 'data' | 'api'
export type TScopeRow = (TDataScope | TApiScope) & Record<string, unknown>
const scopeBase = (kind: TScopeKind) => `${SYS}/${kind === 'data' ? 'data-scope' : 'api-scope'}`
/** The fields a custom data-scope rule of a resource may name. */
export const ruleFieldsApi = (resourceCode: string) =>
  http.get<TScopeRuleField[]>(`${SYS}/data-scope/rule-fields`, resourceCode ? { resourceCode } : {})

/** One menu's scopes: the list filtered by the menu, and each submit made for it. */
export const scopeApi = (kind: TScopeKind, menuId: string): TResourceApi<TScopeRow> => {
  const client = resourceApi<TScopeRow>(scopeBase(kind))
  return {
    ...client,
    list: async ({ current, size, search }: TListQuery): Promise<TListResult<TScopeRow>> => {
      const page = await client.page({ current, size, ...search, menuId_equal: menuId })
      return { records: page.records, total: page.total }
    },
    submit: (values: TValues) => client.submit({ ...values, menuId }),
  }
}

export type TGrantTree = { menu: TTreeNode[]; dataScope: TTreeNode[]; apiScope: TTreeNode[] }
export const grantApi = {
  tree: () => http.get<TGrantTree>(`${SYS}/menu/grant-tree`),
  keys: (roleIds: string[]) =>
    http.get<TGrantKeys>(`${SYS}/menu/role-tree-keys`, { roleIds: roleIds.join(',') }),
  grant: (body: TRoleGrant) => http.post(`${SYS}/role/grant`, body),
  topTree: () => http.get<{ menu: TTreeNode[] }>(`${SYS}/menu/grant-top-tree`),
  topKeys: (topMenuIds: string[]) =>
    http.get<{ menu: string[] }>(`${SYS}/menu/top-tree-keys`, { topMenuIds: topMenuIds.join(',') }),
  topGrant: (body: { topMenuIds: string[]; menuIds: string[] }) => http.post(`${SYS}/topmenu/grant`, body),
}

export const accessApi = {
  preview: (body: TAccessPreviewRequest) => http.post<TAccessPreview>(`${SYS}/access/preview`, body),
  explain: (query: { account?: string; userId?: string; target: string; method?: string }) =>
    http.get<TAccessExplain>(`${SYS}/access/explain`, query),
}
