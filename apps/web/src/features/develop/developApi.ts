import type {
  TCode,
  TDatasource,
  TGeneratedFile,
  TModel,
  TPrototype,
  ZPrototypeListSubmitSchema,
} from '@ysjs/shared'
import type { z } from 'zod'
import type { TValues } from '@/components/crud/types'
import { downloadFile } from '@/lib/download'
import { http } from '@/lib/http'
import { resourceApi, type TRowOf } from '@/lib/resource/resourceApi'

const BASE = '/api/ysjs-develop'

export type TDatasourceRow = TRowOf<TDatasource>
export type TModelRow = TRowOf<TModel>
export type TCodeRow = TRowOf<TCode>

export const datasourceApi = resourceApi<TDatasource>(`${BASE}/datasource`)
export const modelApi = resourceApi<TModel>(`${BASE}/model`)
export const codeApi = resourceApi<TCode>(`${BASE}/code`)

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
  savePrototypes: (list: z.output<typeof ZPrototypeListSubmitSchema>) =>
    http.post(`${BASE}/model-prototype/submit-list`, list),
  copy: (id: string) => http.post(`${BASE}/code/copy`, undefined, { params: { id } }),
  preview: (id: string) => http.get<TGeneratedFile[]>(`${BASE}/code/preview`, { id }),
}

export const downloadZip = (ids: string[]) =>
  downloadFile({
    url: `${BASE}/code/gen-code`,
    params: { ids: ids.join(',') },
    method: 'POST',
    fileName: 'ysjs-generated.zip',
  })
