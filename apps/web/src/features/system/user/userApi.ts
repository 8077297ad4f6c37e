import { DeptCategory, type TDept, type TPage, type TTreeNode, type TUserRecord } from '@ysjs/shared'
import type { TListQuery, TListResult, TOption, TResourceApi, TValues } from '@/components/crud/types'
import { http } from '@/lib/http'
import { treeOptions } from '@/lib/tree'

const BASE = '/api/ysjs-system/user'

export type TUserRow = TUserRecord & Record<string, unknown>

export const userApi: TResourceApi<TUserRow> = {
  list: async ({ current, size, search }: TListQuery): Promise<TListResult<TUserRow>> => {
    const page = await http.get<TPage<TUserRow>>(`${BASE}/page`, { current, size, ...search })
    return { records: page.records, total: page.total }
  },
  detail: (id: string) => http.get<TUserRow>(`${BASE}/detail`, { id }),
  submit: ({ password2: _confirm, ...values }: TValues) => http.post(`${BASE}/submit`, values),
  remove: (ids: string[]) => http.post(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } }),
}

const ids = (list: string[]) => list.join(',')

/** The member unit an approval binds the user to (decision 019): a chosen company, or a new one. */
export type TAuditUnit = { unitId?: string; unitName?: string }

export const userActions = {
  grant: (userIds: string[], roleIds: string[]) =>
    http.post(`${BASE}/grant`, undefined, { params: { userIds: ids(userIds), roleIds: ids(roleIds) } }),
  resetPassword: (userIds: string[]) =>
    http.post(`${BASE}/reset-password`, undefined, { params: { userIds: ids(userIds) } }),
  unlock: (userIds: string[]) =>
    http.post(`${BASE}/unlock`, undefined, { params: { userIds: ids(userIds) } }),
  auditPass: (userIds: string[], roleIds: string[], unit: TAuditUnit = {}) =>
    http.post(`${BASE}/audit-pass`, undefined, {
      params: { userIds: ids(userIds), ...(roleIds.length ? { roleIds: ids(roleIds) } : {}), ...unit },
    }),
  auditRefuse: (userIds: string[], reason: string) => http.post(`${BASE}/audit-refuse`, { userIds, reason }),
  /** A company's registration: approved with the account and (plain) password it will sign in with. */
  auditPassCompany: (
    body: { id: string; account: string; password: string; roleIds?: string[] } & TAuditUnit,
  ) => http.post(`${BASE}/audit-passCommpany`, body),
  /** Company depts (category 公司) of the caller's tenant: the member units an approval can bind. */
  companies: async () => {
    const flat = (nodes: TDept[]): TDept[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])])
    return flat(await http.get<TDept[]>('/api/ysjs-system/dept/list', undefined, { silent: true })).filter(
      (d) => d.deptCategory === DeptCategory.COMPANY,
    )
  },
  platformDetail: (id: string) =>
    http.get<TUserRow & { userExt: string | null }>(`${BASE}/platform-detail`, { id }),
  updatePlatform: (userId: string, userType: string, userExt: string) =>
    http.post(`${BASE}/update-platform`, { userId, userType, userExt }),
}

export const roleOptions = async (): Promise<TOption[]> =>
  treeOptions(await http.get<TTreeNode[]>('/api/ysjs-system/role/tree'))
export const deptOptions = async (): Promise<TOption[]> =>
  treeOptions(await http.get<TTreeNode[]>('/api/ysjs-system/dept/tree'))
