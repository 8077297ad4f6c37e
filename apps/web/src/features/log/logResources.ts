import type { TLogKind } from '@ysjs/shared'
import { z } from 'zod'
import type { TField, TResource } from '@/components/crud/types'
import { logApi, type TLogRow } from './logApi'
import { StackTraceField } from './StackTraceField'

const READ_ONLY = z.looseObject({})
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'CLIENT'].map((m) => ({ value: m, label: m }))

const field = (name: string, extra: Partial<TField> = {}): TField => ({
  name,
  labelKey: `log.${name}`,
  ...extra,
})
const detailOnly = (name: string, extra: Partial<TField> = {}) => field(name, { column: false, ...extra })

/** The time range of every log list (search only). */
const range: TField[] = [
  {
    name: 'createTime_datege',
    labelKey: 'log.timeFrom',
    kind: 'date',
    search: true,
    column: false,
    form: false,
  },
  {
    name: 'createTime_datele',
    labelKey: 'log.timeTo',
    kind: 'date',
    search: true,
    column: false,
    form: false,
  },
]
const request: TField[] = [
  field('requestUri', { search: true, column: { flex: 2 } }),
  field('method', { kind: 'select', options: METHODS, search: true, column: { width: 90 }, span: 6 }),
  field('createBy', { search: true, column: { width: 120 }, span: 6 }),
]
const tail: TField[] = [
  field('remoteIp', { column: { width: 130 }, span: 6 }),
  field('createTime', { column: { width: 170 }, span: 6 }),
  detailOnly('serviceId', { span: 6 }),
  detailOnly('serverHost', { span: 6 }),
  detailOnly('userAgent', { kind: 'textarea', rows: 2 }),
  detailOnly('params', { kind: 'textarea', rows: 3 }),
]

const FIELDS: Record<TLogKind, TField[]> = {
  usual: [
    ...range,
    field('logId', { search: true, column: { flex: 1 }, span: 6 }),
    field('logLevel', {
      kind: 'select',
      options: ['INFO', 'WARN', 'ERROR'].map((v) => ({ value: v, labelKey: `log.levels.${v}` })),
      search: true,
      column: { width: 90 },
      span: 6,
    }),
    ...request,
    ...tail,
    detailOnly('logData', { kind: 'textarea', rows: 6 }),
  ],
  api: [
    ...range,
    field('title', { column: { flex: 2 } }),
    ...request,
    field('status', { search: true, column: { width: 80 }, span: 6 }),
    field('time', { column: { width: 100 }, span: 6 }),
    ...tail,
  ],
  error: [
    ...range,
    field('exceptionName', { column: { flex: 1 }, span: 6 }),
    field('message', { search: true, column: { flex: 2 }, kind: 'textarea', rows: 2 }),
    ...request,
    ...tail,
    detailOnly('stackTrace', { kind: 'custom', component: StackTraceField }),
  ],
}

/** The three log screens: read-only generic lists with a detail view (`log_<kind>_view`). */
export const logResource = (kind: TLogKind): TResource<TLogRow> => ({
  key: `log-${kind}`,
  nameKey: `log.name.${kind}`,
  schema: READ_ONLY,
  api: logApi(kind),
  permissions: { codes: { view: `log_${kind}_view` } },
  fields: FIELDS[kind],
  dialogWidth: kind === 'error' ? 'lg' : 'md',
})
