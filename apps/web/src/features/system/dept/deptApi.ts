import type { TDept, TTreeNode } from '@ysjs/shared'
import type { TOption, TValues } from '@/components/crud/types'
import { http } from '@/lib/http'

const BASE = '/api/ysjs-system/dept'

export type TDeptRow = TDept & { depth: number } & Record<string, unknown>

/** The tree flattened in display order, each row with its depth (the grid indents by it). */
export const flattenTree = <T extends { children?: T[] }>(nodes: T[], depth = 0): (T & { depth: number })[] =>
  nodes.flatMap(({ children, ...node }) => [
    { ...(node as T), depth },
    ...flattenTree(children ?? [], depth + 1),
  ])

export const deptApi = {
  list: async (search: Record<string, string>) =>
    flattenTree(await http.get<TDept[]>(`${BASE}/list`, search)),
  detail: (id: string) => http.get<TDeptRow>(`${BASE}/detail`, { id }),
  tree: () => http.get<TTreeNode[]>(`${BASE}/tree`),
  submit: (values: TValues) => http.post(`${BASE}/submit`, values),
  remove: (ids: string[]) => http.post(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } }),
}

/** Tree nodes as indented choices (role and dept pickers). */
export const treeOptions = (nodes: TTreeNode[]): TOption[] =>
  flattenTree(nodes).map((n) => ({ value: n.id, label: `${'\u3000'.repeat(n.depth)}${n.title}` }))
