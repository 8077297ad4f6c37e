import type { TAssortNode } from '@ysjs/shared'
import type { TOption, TValues } from '@/components/crud/types'
import { http } from '@/lib/http'
import { flattenTree } from '@/lib/tree'

const BASE = '/api/blade-label/assort'

export type TAssortRow = TAssortNode & { depth: number } & Record<string, unknown>

export const assortApi = {
  tree: (search: Record<string, string> = {}) => http.get<TAssortNode[]>(`${BASE}/list`, search),
  list: async (search: Record<string, string>) => flattenTree(await assortApi.tree(search)) as TAssortRow[],
  detail: (id: string) => http.get<TAssortRow>(`${BASE}/detail`, { id }),
  submit: (values: TValues) => http.post(`${BASE}/submit`, values),
  remove: (ids: string[]) => http.post(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } }),
}

/** The tree as indented choices (parent pickers, the attachment category). */
export const assortOptions = async (): Promise<TOption[]> =>
  flattenTree(await assortApi.tree()).map((n) => ({
    value: n.id,
    label: `${'\u3000'.repeat(n.depth)}${n.name}`,
  }))
