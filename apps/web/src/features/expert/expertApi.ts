import type { TExpert, TImportReport, TProjectDetail, TUnit } from '@ysjs/shared'
import { EXPERT_PREFIX } from '@ysjs/shared'
import type { TValues } from '@/components/crud/types'
import { downloadFile } from '@/lib/download'
import { http } from '@/lib/http'
import type { TRowOf } from '@/lib/resource/resourceApi'

export type TExpertRow = TRowOf<TExpert>
export type TUnitRow = TRowOf<TUnit>
export type TGenericRow = TRowOf<{ id: string }>

export const EXPERT = `${EXPERT_PREFIX}/expertBasic`
export const UNIT = `${EXPERT_PREFIX}/unitTable`
export const PROJECT = `${EXPERT_PREFIX}/projectBasic`

export const accountOptions = (keyword: string) =>
  http.get<{ id: string; account: string; realName: string | null }[]>(`${EXPERT}/accounts`, { keyword })

export const importExperts = (file: File) => {
  const body = new FormData()
  body.append('file', file)
  return http.post<TImportReport>(`${EXPERT}/import`, body)
}
export const downloadTemplate = () => downloadFile({ url: `${EXPERT}/import-template` })

export const projectApi = {
  detail: (id: string) => http.get<TProjectDetail>(`${PROJECT}/detailProject`, { id }),
  submit: (values: TValues) => http.post<{ id: string }>(`${PROJECT}/submit`, values),
  removeUnit: (id: string) => http.post(`${PROJECT}/removeUnit`, undefined, { params: { ids: id } }),
  removePerson: (id: string) => http.post(`${PROJECT}/removePerson`, undefined, { params: { ids: id } }),
}
