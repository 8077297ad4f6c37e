import type { TExpert, TImportReport, TPage, TProjectDetail, TUnit } from '@ysjs/shared'
import { EXPERT_PREFIX } from '@ysjs/shared'
import type { TListQuery, TListResult, TResourceApi, TValues } from '@/components/crud/types'
import { downloadFile } from '@/lib/download'
import { http } from '@/lib/http'
import type { TPickSource } from './RemotePicker'

export type TExpertRow = TExpert & Record<string, unknown>
export type TUnitRow = TUnit & Record<string, unknown>
export type TGenericRow = { id: string } & Record<string, unknown>
type TExpertOption = { id: string; name: string | null; workUnit: string | null }
type TUnitOption = { id: string; unitName: string }

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

const PICK_PAGE = 20
const expertLabel = (e: TExpertOption) => (e.workUnit ? `${e.name ?? ''} (${e.workUnit})` : (e.name ?? e.id))
const expertPage = (query: Record<string, string | number>) =>
  http.get<TPage<TExpertOption>>(`${EXPERT}/options`, query)
const unitPage = (query: Record<string, string | number>) =>
  http.get<TPage<TUnitOption>>(`${UNIT}/options`, query)

/** Experts for pickers: searched on the server by name or work unit, page by page. */
export const expertSource: TPickSource = {
  key: 'experts',
  search: async (keyword, current) => {
    const page = await expertPage({ keyword, current, size: PICK_PAGE })
    return { options: page.records.map((e) => ({ value: e.id, label: expertLabel(e) })), total: page.total }
  },
  byIds: async (ids) =>
    (await expertPage({ ids: ids.join(','), size: ids.length })).records.map((e) => ({
      value: e.id,
      label: expertLabel(e),
    })),
}

/** Units for pickers: searched on the server by name, page by page. */
export const unitSource: TPickSource = {
  key: 'units',
  search: async (keyword, current) => {
    const page = await unitPage({ keyword, current, size: PICK_PAGE })
    return { options: page.records.map((u) => ({ value: u.id, label: u.unitName })), total: page.total }
  },
  byIds: async (ids) =>
    (await unitPage({ ids: ids.join(','), size: ids.length })).records.map((u) => ({
      value: u.id,
      label: u.unitName,
    })),
}

/** Unit names matching what is typed (the deal form's free-text buyer and seller). */
export const unitNames = async (keyword: string): Promise<string[]> =>
  (await unitPage({ keyword, size: PICK_PAGE })).records.map((u) => u.unitName)

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
