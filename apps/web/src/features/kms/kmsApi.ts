import type { TKmsCatalog, TKmsLabel, TKmsMain, TTreeNode, ZKmsAuthorRecordSchema } from '@ysjs/shared'
import type { z } from 'zod'
import { downloadFile } from '@/lib/download'
import { http } from '@/lib/http'
import { resourceApi, type TRowOf } from '@/lib/resource/resourceApi'
import { flattenTree, treeOptions } from '@/lib/tree'

const BASE = '/api/ysjs-kms'

export type TCatalogRow = TRowOf<TKmsCatalog & { depth: number }>
export type TLabelRow = TRowOf<TKmsLabel>
export type TMainRow = TRowOf<TKmsMain>
export type TAuthorRow = TRowOf<z.infer<typeof ZKmsAuthorRecordSchema>>

export const authorApi = resourceApi<TAuthorRow>(`${BASE}/main_to_author`, { exportable: true })

const catalog = resourceApi<TKmsCatalog & { depth: number }>(`${BASE}/catalog`)
/** The catalog tree: its list answers the whole tree, shown flat with depths. */
export const catalogApi = {
  ...catalog,
  list: async (search: Record<string, string>) =>
    flattenTree(await http.get<TKmsCatalog[]>(`${BASE}/catalog/list`, search)) as TCatalogRow[],
  tree: () => http.get<TTreeNode[]>(`${BASE}/catalog/tree`),
  options: async () => treeOptions(await http.get<TTreeNode[]>(`${BASE}/catalog/tree`)),
  exportFile: (search: Record<string, string>) =>
    downloadFile({ url: `${BASE}/catalog/export`, params: search }).catch(() => undefined),
}

const label = resourceApi<TKmsLabel>(`${BASE}/label`, { exportable: true })
export const labelApi = {
  ...label,
  options: async () =>
    (await label.page({ current: 1, size: 1000 })).records.map((l) => ({ value: l.id, label: l.labelName })),
}

export const mainApi = {
  ...resourceApi<TKmsMain>(`${BASE}/main`, { exportable: true }),
  associateExperts: (mainId: string, expertIds: string[]) =>
    http.post(`${BASE}/main/expertAssociate`, { mainId, expertIds }),
  shelves: (ids: string[], shelves: 0 | 1) =>
    http.post(`${BASE}/main/upOrLowUpdate`, { ids: ids.join(','), shelves }),
}
