import { JOB_INFO_DEFAULTS, JOB_LABELS, ZJobInfoSubmitSchema, ZJobServerSubmitSchema } from '@ysjs/shared/job'
import { createElement } from 'react'
import { crudCodes } from '@/components/crud/permissions'
import type { TField, TOption, TResource, TValues } from '@/components/crud/types'
import { TENANT_USERS } from '@/components/crud/userOptions'
import { ExtraField } from './components/ExtraField'
import { FireTimesPreview } from './components/FireTimesPreview'
import { ProcessorInfoField } from './components/ProcessorInfoField'
import { jobInfoApi, jobServerApi, type TJobInfoRow, type TJobServerRow } from './jobApi'

const options = (labels: Record<number, string>): TOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }))

/** Form values of a stored row: every field as the form holds it (strings, '' for none). */
const formOf = (fields: TField[], row: Record<string, unknown>): TValues => ({
  id: row.id,
  ...Object.fromEntries(
    fields
      .filter((f) => f.form !== false)
      .map((f) => [f.name, row[f.name] == null ? '' : String(row[f.name])]),
  ),
})

const serverFields: TField[] = [
  { name: 'jobServerName', labelKey: 'job.server.jobServerName', search: true, span: 6 },
  { name: 'jobServerUrl', labelKey: 'job.server.jobServerUrl', span: 6, column: { flex: 2 } },
  { name: 'jobAppName', labelKey: 'job.server.jobAppName', search: true, span: 6 },
  // Never answered by the server: typed again on every save.
  { name: 'jobAppPassword', labelKey: 'job.server.jobAppPassword', kind: 'password', span: 6, column: false },
  { name: 'jobRemark', labelKey: 'job.server.jobRemark', kind: 'textarea', rows: 2 },
]

/** 服务配置: job servers (任务应用). */
export const jobServerResource: TResource<TJobServerRow> = {
  key: 'job-server',
  nameKey: 'job.server.name',
  schema: ZJobServerSubmitSchema,
  api: jobServerApi,
  permissions: crudCodes('jobServer'),
  fields: serverFields,
  toForm: (row) => ({ ...formOf(serverFields, row), jobAppPassword: '' }),
  invalidates: ['job-info'],
  dialogWidth: 'md',
}

const serverOptions = {
  key: 'job-server-options',
  load: async (): Promise<TOption[]> =>
    (await jobServerApi.list({ current: 1, size: 200, search: {} })).records.map((s) => ({
      value: s.id,
      label: s.jobServerName,
    })),
}

const L = JOB_LABELS
const infoFields: TField[] = [
  { name: 'jobName', labelKey: 'job.info.jobName', search: true, span: 6, column: { flex: 2 } },
  {
    name: 'jobServerId',
    labelKey: 'job.info.jobServerId',
    kind: 'select',
    loadOptions: serverOptions,
    span: 6,
    column: false,
  },
  // The grid shows the server's name (answered with the row), the form its id.
  { name: 'jobServerName', labelKey: 'job.info.jobServerId', form: false },
  {
    name: 'enable',
    labelKey: 'job.info.enable',
    kind: 'select',
    options: options(L.enable),
    search: true,
    span: 6,
  },
  {
    name: 'timeExpressionType',
    labelKey: 'job.info.timeExpressionType',
    kind: 'select',
    options: options(L.timeExpressionType),
    search: true,
    span: 6,
  },
  { name: 'timeExpression', labelKey: 'job.info.timeExpression', span: 6, column: { flex: 1 } },
  {
    name: 'executeType',
    labelKey: 'job.info.executeType',
    kind: 'select',
    options: options(L.executeType),
    span: 6,
  },
  {
    name: 'dispatchStrategy',
    labelKey: 'job.info.dispatchStrategy',
    kind: 'select',
    options: options(L.dispatchStrategy),
    span: 6,
    column: false,
  },
  {
    name: 'processorType',
    labelKey: 'job.info.processorType',
    kind: 'select',
    options: options(L.processorType),
    span: 6,
    column: false,
  },
  {
    name: 'processorInfo',
    labelKey: 'job.info.processorInfo',
    kind: 'custom',
    component: ProcessorInfoField,
    span: 6,
    column: { flex: 1 },
  },
  { name: 'jobParams', labelKey: 'job.info.jobParams', kind: 'textarea', rows: 2, column: false },
  { name: 'jobDescription', labelKey: 'job.info.jobDescription', kind: 'textarea', rows: 2, column: false },
  { name: 'lifecycleStart', labelKey: 'job.info.lifecycleStart', kind: 'datetime', span: 6, column: false },
  { name: 'lifecycleEnd', labelKey: 'job.info.lifecycleEnd', kind: 'datetime', span: 6, column: false },
  { name: 'maxInstanceNum', labelKey: 'job.info.maxInstanceNum', kind: 'number', span: 6, column: false },
  { name: 'concurrency', labelKey: 'job.info.concurrency', kind: 'number', span: 6, column: false },
  {
    name: 'instanceTimeLimit',
    labelKey: 'job.info.instanceTimeLimit',
    kind: 'number',
    span: 6,
    column: false,
  },
  { name: 'instanceRetryNum', labelKey: 'job.info.instanceRetryNum', kind: 'number', span: 6, column: false },
  { name: 'taskRetryNum', labelKey: 'job.info.taskRetryNum', kind: 'number', span: 6, column: false },
  { name: 'minCpuCores', labelKey: 'job.info.minCpuCores', kind: 'number', span: 6, column: false },
  { name: 'minMemorySpace', labelKey: 'job.info.minMemorySpace', kind: 'number', span: 6, column: false },
  { name: 'minDiskSpace', labelKey: 'job.info.minDiskSpace', kind: 'number', span: 6, column: false },
  { name: 'maxWorkerCount', labelKey: 'job.info.maxWorkerCount', kind: 'number', span: 6, column: false },
  { name: 'designatedWorkers', labelKey: 'job.info.designatedWorkers', span: 6, column: false },
  // Stored as the comma string of user ids the alert notifies (at most 20).
  {
    name: 'notifyUserIds',
    labelKey: 'job.info.notifyUserIds',
    kind: 'multiselect',
    loadOptions: TENANT_USERS,
    span: 6,
    column: false,
  },
  { name: 'alertThreshold', labelKey: 'job.info.alertThreshold', kind: 'number', span: 6, column: false },
  {
    name: 'statisticWindowLen',
    labelKey: 'job.info.statisticWindowLen',
    kind: 'number',
    span: 6,
    column: false,
  },
  { name: 'silenceWindowLen', labelKey: 'job.info.silenceWindowLen', kind: 'number', span: 6, column: false },
  {
    name: 'logType',
    labelKey: 'job.info.logType',
    kind: 'select',
    options: options(L.logType),
    span: 6,
    column: false,
  },
  {
    name: 'logLevel',
    labelKey: 'job.info.logLevel',
    kind: 'select',
    options: options(L.logLevel),
    span: 6,
    column: false,
  },
  { name: 'extra', labelKey: 'job.info.extra', kind: 'custom', component: ExtraField, column: false },
]

/** 任务管理: job definitions, with the spec's defaults and a live preview of the next fire times. */
export const jobInfoResource: TResource<TJobInfoRow> = {
  key: 'job-info',
  nameKey: 'job.info.name',
  schema: ZJobInfoSubmitSchema,
  api: jobInfoApi,
  permissions: crudCodes('jobInfo'),
  fields: infoFields,
  defaults: () => Object.fromEntries(Object.entries(JOB_INFO_DEFAULTS).map(([k, v]) => [k, String(v)])),
  toForm: (row) => formOf(infoFields, row),
  formFooter: (values) =>
    createElement(FireTimesPreview, {
      timeExpressionType: String(values.timeExpressionType ?? ''),
      timeExpression: String(values.timeExpression ?? ''),
      lifecycleStart: String(values.lifecycleStart ?? ''),
      lifecycleEnd: String(values.lifecycleEnd ?? ''),
    }),
  dialogWidth: 'md',
}
