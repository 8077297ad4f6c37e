import type { TDept, TTreeNode } from '@ysjs/shared'
import { http } from '@/lib/http'
import { resourceApi } from '@/lib/resource/resourceApi'
import { flattenTree } from '@/lib/tree'

const BASE = '/api/ysjs-system/dept'

export type TDeptRow = TDept & { depth: number } & Record<string, unknown>

/** The dept tree's calls: its list answers the whole tree, shown flat with depths. */
export const deptApi = {
  ...resourceApi<TDeptRow>(BASE),
  list: async (search: Record<string, string>) =>
    flattenTree(await http.get<TDept[]>(`${BASE}/list`, search)),
  tree: () => http.get<TTreeNode[]>(`${BASE}/tree`),
}
