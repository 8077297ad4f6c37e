import type { TPage } from '@ysjs/shared'
import type { TListQuery, TListResult, TValues } from '@/components/crud/types'
import { http } from '@/lib/http'

const BASE = '/api/ysjs-system/dict-biz'

/** A dict-biz row as the lists answer it; `depth` is added when a tree is flattened for the grid. */
export type TDictRow = {
  id: string
  parentId: string
  code: string
  dictKey: string
  dictValue: string
  sort: number
  isSealed: number
  remark: string | null
  children?: TDictRow[]
  depth?: number
} & Record<string, unknown>

/** Depth-first, children under their parent, each with its depth (the grid indents by it). */
export const flattenTree = (nodes: TDictRow[], depth = 0): TDictRow[] =>
  nodes.flatMap(({ children, ...node }) => [
    { ...node, depth } as TDictRow,
    ...flattenTree(children ?? [], depth + 1),
  ])

export const fetchParents = async ({ current, size, search }: TListQuery): Promise<TListResult<TDictRow>> => {
  const page = await http.get<TPage<TDictRow>>(`${BASE}/parent-list`, { current, size, ...search })
  return { records: page.records, total: page.total }
}

export const fetchChildren = async (parentId: string): Promise<TDictRow[]> => {
  const tree = await http.get<TDictRow[] | null>(`${BASE}/child-list`, { parentId, current: 1, size: 1000 })
  return flattenTree(Array.isArray(tree) ? tree : [])
}

export const fetchDict = (id: string): Promise<TDictRow> => http.get<TDictRow>(`${BASE}/detail`, { id })

export const submitDict = (values: TValues): Promise<unknown> => http.post(`${BASE}/submit`, values)

export const removeDicts = (ids: string[]): Promise<unknown> =>
  http.post(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } })
