import type { TCode, TDatasource, TGeneratedFile, TModel, TPage, TPrototype } from '@ysjs/shared'
import type { TListQuery, TListResult, TResourceApi, TValues } from '@/components/crud/types'
import { http } from '@/lib/http'
import { getAccessToken } from '@/lib/session/session'

const BASE = '/api/ysjs-develop'

export type TDatasourceRow = TDatasource & Record<string, unknown>
export type TModelRow = TModel & Record<string, unknown>
export type TCodeRow = TCode & Record<string, unknown>

const crudApi = <Row extends { id: string }>(path: string): TResourceApi<Row> => ({
  list: async ({ current, size, search }: TListQuery): Promise<TListResult<Row>> => {
    const page = await http.get<TPage<Row>>(`${BASE}/${path}/list`, { current, size, ...search })
    return { records: page.records, total: page.total }
  },
  detail: (id: string) => http.get<Row>(`${BASE}/${path}/detail`, { id }),
  submit: (values: TValues) => http.post(`${BASE}/${path}/submit`, values),
  remove: (ids: string[]) =>
    http.post(`${BASE}/${path}/remove`, undefined, { params: { ids: ids.join(',') } }),
})

export const datasourceApi = crudApi<TDatasourceRow>('datasource')
export const modelApi = crudApi<TModelRow>('model')
export const codeApi = crudApi<TCodeRow>('code')

export type TOption = { id: string; name: string }

export const developApi = {
  datasources: () => http.get<TOption[]>(`${BASE}/datasource/select`),
  /** Connects with the settings as typed (a blank or masked password: the stored one, same target only). */
  testConnection: (values: TValues) => http.post(`${BASE}/datasource/test-connection`, values),
  tables: (datasourceId: string) =>
    http.get<{ name: string; comment: string }[]>(`${BASE}/model/table-list`, { datasourceId }),
  models: () => http.get<TOption[]>(`${BASE}/model/select`),
  /** The saved fields, or proposed from the table (`refresh`: again, keeping the edits of kept columns). */
  prototypes: (modelId: string, refresh = false) =>
    http.get<TPrototype[]>(`${BASE}/model/model-prototype`, {
      modelId,
      ...(refresh ? { refresh: 'true' } : {}),
    }),
  savePrototypes: (modelId: string, prototypes: TPrototype[]) =>
    http.post(`${BASE}/model-prototype/submit-list`, { modelId, prototypes }),
  copy: (id: string) => http.post(`${BASE}/code/copy`, undefined, { params: { id } }),
  preview: (id: string) => http.get<TGeneratedFile[]>(`${BASE}/code/preview`, { id }),
}

/** Saves a file the API answers (a zip, an xlsx) through the browser, with the session's token; answers its headers. */
export const downloadFile = async (url: string, method: 'GET' | 'POST', fileName: string) => {
  const res = await fetch(url, { method, headers: { 'Blade-Auth': `bearer ${getAccessToken() ?? ''}` } })
  if (!res.ok || res.headers.get('content-type')?.includes('json')) {
    const body = (await res.json().catch(() => null)) as { msg?: string } | null
    throw new Error(body?.msg ?? res.statusText)
  }
  const link = document.createElement('a')
  link.href = URL.createObjectURL(await res.blob())
  link.download = fileName
  link.click()
  URL.revokeObjectURL(link.href)
  return res.headers
}

export const downloadZip = (ids: string[]) =>
  downloadFile(`${BASE}/code/gen-code?ids=${ids.join(',')}`, 'POST', 'ysjs-generated.zip')
