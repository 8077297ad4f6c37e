import type { TExpert, TImportReport, TPage, TProjectDetail, TUnit } from '@ysjs/shared'
import { EXPERT_PREFIX } from '@ysjs/shared'
import type { TListQuery, TListResult, TOption, TResourceApi, TValues } from '@/components/crud/types'
import { downloadFile } from '@/lib/download'
import { http } from '@/lib/http'

export type TExpertRow = TExpert & Record<string, unknown>
export type TUnitRow = TUnit & Record<string, unknown>
export type TGenericRow = { id: string } & Record<string, unknown>

const clean = (search: Record<string, string>, exact: readonly string[]) =>
  Object.fromEntries(
    Object.entries(search)
      .filter(([, v]) => v !== '')
      .map(([k, v]) => [exact.includes(k) ? `${k}_equal` : k, v]),
  )

/** The generic calls of one `/api/blade-expert/<entity>` (or another prefix); `exact` filters by equality. */
export const entityApi = <Row extends TGenericRow>(
  base: string,
  opts: { exact?: readonly string[] } = {},
): TResourceApi<Row> => {
  const exact = opts.exact ?? []
  return {
    list: async ({ current, size, search }: TListQuery): Promise<TListResult<Row>> => {
      const page = await http.get<TPage<Row>>(`${base}/list`, { current, size, ...clean(search, exact) })
      return { records: page.records, total: page.total }
    },
    detail: (id: string) => http.get<Row>(`${base}/detail`, { id }),
    submit: (values: TValues) => http.post(`${base}/submit`, values),
    remove: (ids: string[]) => http.post(`${base}/remove`, undefined, { params: { ids: ids.join(',') } }),
    exportFile: (search: Record<string, string>) => downloadFile(`${base}/export`, clean(search, exact)),
  }
}

export const EXPERT = `${EXPERT_PREFIX}/expertBasic`
export const UNIT = `${EXPERT_PREFIX}/unitTable`
export const PROJECT = `${EXPERT_PREFIX}/projectBasic`

export const expertOptions = async (): Promise<TOption[]> =>
  (await http.get<{ id: string; name: string | null; workUnit: string | null }[]>(`${EXPERT}/options`)).map(
    (e) => ({ value: e.id, label: e.workUnit ? `${e.name ?? ''} (${e.workUnit})` : (e.name ?? e.id) }),
  )

export const unitOptions = async (unitName?: string): Promise<TOption[]> =>
  (await http.get<{ id: string; unitName: string }[]>(`${UNIT}/options`, { unitName })).map((u) => ({
    value: u.id,
    label: u.unitName,
  }))

export const accountOptions = (keyword: string) =>
  http.get<{ id: string; account: string; realName: string | null }[]>(`${EXPERT}/accounts`, { keyword })

export const importExperts = (file: File) => {
  const body = new FormData()
  body.append('file', file)
  return http.post<TImportReport>(`${EXPERT}/import`, body)
}
export const downloadTemplate = () => downloadFile(`${EXPERT}/import-template`)

export const projectApi = {
  detail: (id: string) => http.get<TProjectDetail>(`${PROJECT}/detailProject`, { id }),
  submit: (values: TValues) => http.post<{ id: string }>(`${PROJECT}/submit`, values),
  removeUnit: (id: string) => http.post(`${PROJECT}/removeUnit`, undefined, { params: { ids: id } }),
  removePerson: (id: string) => http.post(`${PROJECT}/removePerson`, undefined, { params: { ids: id } }),
}
