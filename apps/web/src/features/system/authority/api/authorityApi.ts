import type {
  TAccessExplain,
  TAccessPreview,
  TAccessPreviewRequest,
  TApiScope,
  TDataScope,
  TGrantKeys,
  TMenuVo,
  TPage,
  TRole,
  TRoleGrant,
  TScopeRuleField,
  TTopMenu,
  TTreeNode,
} from '@ysjs/shared'
import type { TListQuery, TListResult, TResourceApi, TValues } from '@/components/crud/types'
import { http } from '@/lib/http'
import { flattenTree, wholeList } from '@/lib/tree'

const SYS = '/api/ysjs-system'

const removeBy = (base: string) => (ids: string[]) =>
  http.post(`${base}/remove`, undefined, { params: { ids: ids.join(',') } })

export type TRoleRow = Omit<TRole, 'children'> & { depth?: number } & Record<string, unknown>
export const roleApi: TResourceApi<TRoleRow> = {
  list: wholeList(
    async (search) => flattenTree(await http.get<TRole[]>(`${SYS}/role/list`, search)) as TRoleRow[],
  ),
  detail: (id) => http.get<TRoleRow>(`${SYS}/role/detail`, { id }),
  submit: (values: TValues) => http.post(`${SYS}/role/submit`, values),
  remove: removeBy(`${SYS}/role`),
}

export type TMenuRow = Omit<TMenuVo, 'children'> & { depth?: number } & Record<string, unknown>
export const menuApi: TResourceApi<TMenuRow> = {
  list: wholeList(
    async (search) => flattenTree(await http.get<TMenuVo[]>(`${SYS}/menu/list`, search)) as TMenuRow[],
  ),
  detail: (id) => http.get<TMenuRow>(`${SYS}/menu/detail`, { id }),
  submit: (values: TValues) => http.post(`${SYS}/menu/submit`, values),
  remove: removeBy(`${SYS}/menu`),
}

/** Menus only (category 1), for the data/API scope screens. */
export const menuOnlyApi: TResourceApi<TMenuRow> = {
  ...menuApi,
  list: wholeList(
    async (search) => flattenTree(await http.get<TMenuVo[]>(`${SYS}/menu/menu-list`, search)) as TMenuRow[],
  ),
}

const paged =
  <Row>(base: string, fixed: Record<string, string> = {}) =>
  async ({ current, size, search }: TListQuery): Promise<TListResult<Row>> => {
    const page = await http.get<TPage<Row>>(`${base}/list`, { current, size, ...search, ...fixed })
    return { records: page.records, total: page.total }
  }

export type TTopMenuRow = TTopMenu & Record<string, unknown>
export const topMenuApi: TResourceApi<TTopMenuRow> = {
  list: paged<TTopMenuRow>(`${SYS}/topmenu`),
  detail: (id) => http.get<TTopMenuRow>(`${SYS}/topmenu/detail`, { id }),
  submit: (values: TValues) => http.post(`${SYS}/topmenu/submit`, values),
  remove: removeBy(`${SYS}/topmenu`),
}

export type TScopeKind = 'data' | 'api'
export type TScopeRow = (TDataScope | TApiScope) & Record<string, unknown>
const scopeBase = (kind: TScopeKind) => `${SYS}/${kind === 'data' ? 'data-scope' : 'api-scope'}`
/** The fields a custom data-scope rule of a resource may name. */
export const ruleFieldsApi = (resourceCode: string) =>
  http.get<TScopeRuleField[]>(`${SYS}/data-scope/rule-fields`, resourceCode ? { resourceCode } : {})

export const scopeApi = (kind: TScopeKind, menuId: string): TResourceApi<TScopeRow> => ({
  list: paged<TScopeRow>(scopeBase(kind), { menuId_equal: menuId }),
  detail: (id) => http.get<TScopeRow>(`${scopeBase(kind)}/detail`, { id }),
  submit: (values: TValues) => http.post(`${scopeBase(kind)}/submit`, { ...values, menuId }),
  remove: removeBy(scopeBase(kind)),
})

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
