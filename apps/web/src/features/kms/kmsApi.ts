import type { TKmsCatalog, TKmsLabel, TKmsMain, TPage, TTreeNode } from '@ysjs/shared'
import type { TListQuery, TListResult, TResourceApi, TValues } from '@/components/crud/types'
import type { TPickSource } from '@/features/expert/RemotePicker'
import { flattenTree, treeOptions } from '@/features/system/dept/deptApi'
import { downloadFile } from '@/lib/download'
import { http } from '@/lib/http'

const BASE = '/api/ysjs-kms'
const removeCall = (path: string) => (ids: string[]) =>
  http.post(`${BASE}/${path}/remove`, undefined, { params: { ids: ids.join(',') } })

export type TCatalogRow = TKmsCatalog & { depth: number } & Record<string, unknown>
export type TLabelRow = TKmsLabel & Record<string, unknown>
export type TMainRow = TKmsMain & Record<string, unknown>
export type TAuthorRow = {
  id: string
  mainId: string
  authorName: string
  unitName: string | null
  sort: number
} & Record<string, unknown>

export const authorApi: TResourceApi<TAuthorRow> = {
  list: async ({ current, size, search }: TListQuery): Promise<TListResult<TAuthorRow>> => {
    const page = await http.get<TPage<TAuthorRow>>(`${BASE}/main_to_author/list`, {
      current,
      size,
      ...search,
    })
    return { records: page.records, total: page.total }
  },
  detail: (id: string) => http.get<TAuthorRow>(`${BASE}/main_to_author/detail`, { id }),
  submit: (values: TValues) => http.post(`${BASE}/main_to_author/submit`, values),
  remove: removeCall('main_to_author'),
  exportFile: (search) => downloadFile(`${BASE}/main_to_author/export`, search),
}

export const catalogApi = {
  list: async (search: Record<string, string>) =>
    flattenTree(await http.get<TKmsCatalog[]>(`${BASE}/catalog/list`, search)) as TCatalogRow[],
  tree: () => http.get<TTreeNode[]>(`${BASE}/catalog/tree`),
  options: async () => treeOptions(await http.get<TTreeNode[]>(`${BASE}/catalog/tree`)),
  detail: (id: string) => http.get<TCatalogRow>(`${BASE}/catalog/detail`, { id }),
  submit: (values: TValues) => http.post(`${BASE}/catalog/submit`, values),
  remove: removeCall('catalog'),
  exportFile: (search: Record<string, string>) => downloadFile(`${BASE}/catalog/export`, search),
}

export const labelApi: TResourceApi<TLabelRow> & {
  options: () => Promise<{ value: string; label: string }[]>
} = {
  list: async ({ current, size, search }: TListQuery): Promise<TListResult<TLabelRow>> => {
    const page = await http.get<TPage<TLabelRow>>(`${BASE}/label/list`, { current, size, ...search })
    return { records: page.records, total: page.total }
  },
  options: async () => {
    const page = await http.get<TPage<TLabelRow>>(`${BASE}/label/list`, { current: 1, size: 1000 })
    return page.records.map((l) => ({ value: l.id, label: l.labelName }))
  },
  detail: (id: string) => http.get<TLabelRow>(`${BASE}/label/detail`, { id }),
  submit: (values: TValues) => http.post(`${BASE}/label/submit`, values),
  remove: removeCall('label'),
  exportFile: (search) => downloadFile(`${BASE}/label/export`, search),
}

export const mainApi: TResourceApi<TMainRow> & {
  shelves: (ids: string[], shelves: 0 | 1) => Promise<unknown>
  associateExperts: (mainId: string, expertIds: string[]) => Promise<unknown>
} = {
  exportFile: (search) => downloadFile(`${BASE}/main/export`, search),
  associateExperts: (mainId, expertIds) => http.post(`${BASE}/main/expertAssociate`, { mainId, expertIds }),
  list: async ({ current, size, search }: TListQuery): Promise<TListResult<TMainRow>> => {
    const page = await http.get<TPage<TMainRow>>(`${BASE}/main/list`, { current, size, ...search })
    return { records: page.records, total: page.total }
  },
  detail: (id: string) => http.get<TMainRow>(`${BASE}/main/detail`, { id }),
  submit: (values: TValues) => http.post(`${BASE}/main/submit`, values),
  remove: removeCall('main'),
  shelves: (ids, shelves) => http.post(`${BASE}/main/upOrLowUpdate`, { ids: ids.join(','), shelves }),
}

/** Entries for pickers (authors, entry experts): searched on the server by title, page by page. */
export const entrySource: TPickSource = {
  key: 'kms-entries',
  search: async (title, current) => {
    const page = await http.get<TPage<TMainRow>>(`${BASE}/main/list`, { title, current, size: 20 })
    return { options: page.records.map((r) => ({ value: r.id, label: r.title })), total: page.total }
  },
}
