import type { TPage } from '@ysjs/shared'
import type { TListQuery, TListResult, TResourceApi, TValues } from '@/components/crud/types'
import { downloadFile } from '@/lib/download'
import { http } from '@/lib/http'

/** A row of the generic grid: the shared schema's type, readable by field name. */
export type TRowOf<T> = T & Record<string, unknown>

export type TResourceOptions = {
  /** The query-cache key (default: the prefix). */
  key?: string
  /** Search fields that are dictionary or id choices: they filter by equality (`x_equal`). */
  exact?: readonly string[]
  /** The list has an xlsx export at `<prefix>/export` (an 导出 button on the generic screen). */
  exportable?: boolean
}

export type TResourceClient<Row extends { id: string }> = TResourceApi<TRowOf<Row>> & {
  key: string
  prefix: string
  /** One page of the list as the API answers it (`records`, `total`, `current`, `size`). */
  page: (params: Record<string, string | number | undefined>) => Promise<TPage<TRowOf<Row>>>
  detail: (id: string) => Promise<TRowOf<Row>>
  /** The search as the API filters it (blank fields dropped, `exact` ones as `x_equal`). */
  filters: (search: Record<string, string>) => Record<string, string>
}

/**
 * The calls of one resource of the contract (section 4.4): `list` (paged), `detail`, `submit`,
 * `remove` (`ids` comma-joined) and, when exportable, `export`. A module adds its special calls beside
 * them: `{ ...resourceApi<TKmsMain>(`${KMS}/main`), shelves: … }`.
 */
export const resourceApi = <Row extends { id: string }>(
  prefix: string,
  options: TResourceOptions = {},
): TResourceClient<Row> => {
  const exact = options.exact ?? []
  const filters = (search: Record<string, string>) => {
    const params: Record<string, string> = {}
    for (const [key, value] of Object.entries(search)) {
      if (value !== '') {
        params[exact.includes(key) ? `${key}_equal` : key] = value
      }
    }
    return params
  }
  const page = (params: Record<string, string | number | undefined>) =>
    http.get<TPage<TRowOf<Row>>>(`${prefix}/list`, params)
  return {
    key: options.key ?? prefix,
    prefix,
    filters,
    page,
    list: async ({ current, size, search }: TListQuery): Promise<TListResult<TRowOf<Row>>> => {
      const answer = await page({ current, size, ...filters(search) })
      return { records: answer.records, total: answer.total }
    },
    detail: (id: string) => http.get<TRowOf<Row>>(`${prefix}/detail`, { id }),
    submit: (values: TValues) => http.post(`${prefix}/submit`, values),
    remove: (ids: string[]) => http.post(`${prefix}/remove`, undefined, { params: { ids: ids.join(',') } }),
    ...(options.exportable
      ? {
          exportFile: (search: Record<string, string>) => {
            void downloadFile({ url: `${prefix}/export`, params: filters(search) }).catch(() => undefined)
          },
        }
      : {}),
  }
}
