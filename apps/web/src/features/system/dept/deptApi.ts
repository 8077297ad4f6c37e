import type { TDept, TTreeNode } from '@ysjs/shared'
import type { TValues } from '@/components/crud/types'
import { http } from '@/lib/http'
import { flattenTree } from '@/lib/tree'

const BASE = '/api/ysjs-system/dept'

export type TDeptRow = TDept & { depth: number } & Record<string, unknown>

export const deptApi = {
  list: async (search: Record<string, string>) =>
    flattenTree(await http.get<TDept[]>(`${BASE}/list`, search)),
  detail: (id: string) => http.get<TDeptRow>(`${BASE}/detail`, { id }),
  tree: () => http.get<TTreeNode[]>(`${BASE}/tree`),
  submit: (values: TValues) => http.post(`${BASE}/submit`, values),
  remove: (ids: string[]) => http.post(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } }),
}
