import type { TAssortNode } from '@ysjs/shared'
import type { TOption } from '@/components/crud/types'
import { http } from '@/lib/http'
import { resourceApi } from '@/lib/resource/resourceApi'
import { flattenTree } from '@/lib/tree'

const BASE = '/api/blade-label/assort'

export type TAssortRow = TAssortNode & { depth: number } & Record<string, unknown>

/** The category tree's calls: its list answers the whole tree, shown flat with depths. */
export const assortApi = {
  ...resourceApi<TAssortRow>(BASE),
  tree: (search: Record<string, string> = {}) => http.get<TAssortNode[]>(`${BASE}/list`, search),
  list: async (search: Record<string, string>) => flattenTree(await assortApi.tree(search)) as TAssortRow[],
}

/** The tree as indented choices (parent pickers, the attachment category). */
export const assortOptions = async (): Promise<TOption[]> =>
  flattenTree(await assortApi.tree()).map((n) => ({
    value: n.id,
    label: `${'\u3000'.repeat(n.depth)}${n.name}`,
  }))
