import type { TPage } from '@ysjs/shared'
import type { TListQuery, TListResult, TResourceApi, TRow, TValues } from '@/components/crud/types'
import { downloadFile } from '@/lib/download'
import { http } from '@/lib/http'

/**
 * The four generic calls of one trading resource. Search fields listed in `exact` are dictionary or id
 * choices: they filter by equality (`x_equal`), the others by a text match.
 */
export const crudApi = <Row extends TRow>(base: string, exact: readonly string[] = []): TResourceApi<Row> => {
  const filters = (search: Record<string, string>) => {
    const params: Record<string, string | number> = {}
    for (const [key, value] of Object.entries(search)) {
      if (value !== '') {
        params[exact.includes(key) ? `${key}_equal` : key] = value
      }
    }
    return params
  }
  return {
    list: async ({ current, size, search }: TListQuery): Promise<TListResult<Row>> => {
      const page = await http.get<TPage<Row>>(`${base}/list`, { current, size, ...filters(search) })
      return { records: page.records, total: page.total }
    },
    exportFile: (search) => downloadFile(`${base}/export`, filters(search)),
    detail: (id: string) => http.get<Row>(`${base}/detail`, { id }),
    submit: (values: TValues) => http.post(`${base}/submit`, values),
    remove: (ids: string[]) => http.post(`${base}/remove`, undefined, { params: { ids: ids.join(',') } }),
  }
}

export const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v))
