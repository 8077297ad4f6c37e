import type { TPage, TTenantPackage } from '@ysjs/shared'
import type { TListQuery, TListResult, TResourceApi, TValues } from '@/components/crud/types'
import { http } from '@/lib/http'

const BASE = '/api/ysjs-system/tenant-package'

export type TTenantPackageRow = TTenantPackage & Record<string, unknown>
export type TMenuNode = {
  id: string
  parentId: string
  title: string
  category: number
  children?: TMenuNode[]
}

export const tenantPackageApi: TResourceApi<TTenantPackageRow> = {
  list: async ({ current, size, search }: TListQuery): Promise<TListResult<TTenantPackageRow>> => {
    const page = await http.get<TPage<TTenantPackageRow>>(`${BASE}/list`, { current, size, ...search })
    return { records: page.records, total: page.total }
  },
  detail: (id: string) => http.get<TTenantPackageRow>(`${BASE}/detail`, { id }),
  submit: (values: TValues) => http.post(`${BASE}/submit`, values),
  remove: (ids: string[]) => http.post(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } }),
}

export const fetchPackageMenuTree = () => http.get<TMenuNode[]>(`${BASE}/menu-tree`)
export const fetchPackageOptions = () => http.get<{ id: string; packageName: string }[]>(`${BASE}/select`)
