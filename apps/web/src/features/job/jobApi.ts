import type { TPage } from '@ysjs/shared'
import type { TJobInfo, TJobInstance, TJobServer, TJobTask, TWorkCalendarDay } from '@ysjs/shared/job'
import type { TListQuery, TListResult, TResourceApi, TValues } from '@/components/crud/types'
import { http } from '@/lib/http'

const SERVER = '/api/ysjs-job/job-server'
const INFO = '/api/ysjs-job/job-info'
const INSTANCE = '/api/ysjs-job/job-instance'

export type TJobServerRow = TJobServer & Record<string, unknown>
export type TJobInfoRow = TJobInfo & Record<string, unknown>

const crud = <Row extends { id: string }>(base: string, equal: string[] = []): TResourceApi<Row> => ({
  list: async ({ current, size, search }: TListQuery): Promise<TListResult<Row>> => {
    const params: Record<string, string | number> = { current, size }
    for (const [k, v] of Object.entries(search)) {
      // Choices are compared for equality, names are matched as text.
      params[equal.includes(k) ? `${k}_equal` : k] = v
    }
    const page = await http.get<TPage<Row>>(`${base}/list`, params)
    return { records: page.records, total: page.total }
  },
  detail: (id: string) => http.get<Row>(`${base}/detail`, { id }),
  submit: (values: TValues) => http.post(`${base}/submit`, values),
  remove: (ids: string[]) => http.post(`${base}/remove`, undefined, { params: { ids: ids.join(',') } }),
})

export const jobServerApi = {
  ...crud<TJobServerRow>(SERVER),
  sync: (id: string) => http.post<number>(`${SERVER}/sync`, { id }),
}

export const jobInfoApi = {
  ...crud<TJobInfoRow>(INFO, ['jobServerId', 'enable', 'timeExpressionType', 'processorType']),
  change: (id: string, enable: number) => http.post(`${INFO}/change`, { id, enable }),
  run: (id: string) => http.post<string>(`${INFO}/run`, { id }),
  sync: (id?: string) => http.post(`${INFO}/sync`, id ? { id } : {}),
  nextFireTimes: (query: {
    timeExpressionType: string | number
    timeExpression?: string
    count?: number
    lifecycleStart?: string
    lifecycleEnd?: string
    from?: string
  }) => http.get<string[]>(`${INFO}/next-fire-times`, query, { silent: true }),
}

export const jobInstanceApi = {
  list: (jobInfoId: string, current: number, size: number) =>
    http.get<TPage<TJobInstance>>(`${INSTANCE}/list`, { jobInfoId, current, size }),
  stop: (id: string) => http.post(`${INSTANCE}/stop`, { id }),
  catchUp: (id: string) => http.post(`${INSTANCE}/catch-up`, { id }),
  tasks: (id: string) => http.get<TJobTask[]>(`${INSTANCE}/tasks`, { id }),
}

const CALENDAR = '/api/ysjs-job/work-calendar'
export type TCalendarYear = { year: number; holidays: number; workdays: number; updateTime: string | null }
/** A day of a year as the detail answers it (its kind's label beside it). */
export type TCalendarDayRow = TWorkCalendarDay & { kindName?: string }
export type TCalendarCheck = {
  date: string
  workingDay: boolean
  name: string | null
  covered: boolean
  nextWorkingDay: string
  addWorkingDays: string
}

/** 工作日历 (decision 012). */
export const workCalendarApi = {
  years: () => http.get<TCalendarYear[]>(`${CALENDAR}/years`),
  detail: (year: number) =>
    http.get<{ year: number; days: TCalendarDayRow[] }>(`${CALENDAR}/detail`, { year }),
  check: (date: string, n: number) => http.get<TCalendarCheck>(`${CALENDAR}/check`, { date, n }),
  submit: (year: number, days: TCalendarDayRow[]) =>
    http.post<number>(`${CALENDAR}/submit`, {
      year,
      days: days.map(({ date, kind, name }) => ({ date, kind, name })),
    }),
  remove: (years: number[]) =>
    http.post<number>(`${CALENDAR}/remove`, undefined, { params: { ids: years.join(',') } }),
}
