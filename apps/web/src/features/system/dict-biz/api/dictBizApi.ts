import type { TPage } from '@ysjs/shared'
import type { TListQuery, TListResult, TValues } from '@/components/crud/types'
import { http } from '@/lib/http'

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

/** The calls of one dictionary table (contract 8: the business and the system dictionary share them). */
export const createDictApi = (base: string) => ({
  fetchParents: async ({ current, size, search }: TListQuery): Promise<TListResult<TDictRow>> => {
    const page = await http.get<TPage<TDictRow>>(`${base}/parent-list`, { current, size, ...search })
    return { records: page.records, total: page.total }
  },
  fetchChildren: async (parentId: string): Promise<TDictRow[]> => {
    const tree = await http.get<TDictRow[] | null>(`${base}/child-list`, { parentId, current: 1, size: 1000 })
    return flattenTree(Array.isArray(tree) ? tree : [])
  },
  fetchDict: (id: string): Promise<TDictRow> => http.get<TDictRow>(`${base}/detail`, { id }),
  submitDict: (values: TValues): Promise<unknown> => http.post(`${base}/submit`, values),
  removeDicts: (ids: string[]): Promise<unknown> =>
    http.post(`${base}/remove`, undefined, { params: { ids: ids.join(',') } }),
})
export type TDictApi = ReturnType<typeof createDictApi>

/** The two dictionary tables: business (each tenant's) and system (the platform's, one set). */
export const dictTables = {
  business: { key: 'dict-biz', api: createDictApi('/api/ysjs-system/dict-biz') },
  system: { key: 'dict', api: createDictApi('/api/ysjs-system/dict') },
} as const
export type TDictTable = (typeof dictTables)[keyof typeof dictTables]
