import { OSS_STATUS, ZOssSubmitSchema } from '@ysjs/shared'
import { textValues } from '@/components/crud/formValues'
import type { TResource } from '@/components/crud/types'
import { ossApi, type TOssRow } from './ossApi'

/** 对象存储: a tenant's storage configs; the secret comes back masked and is kept unless changed. */
export const ossResource: TResource<TOssRow> = {
  key: 'oss',
  nameKey: 'resource.oss.name',
  schema: ZOssSubmitSchema,
  api: ossApi,
  permissions: { menuPath: '/resource/oss' },
  dialogWidth: 'md',
  fields: [
    {
      name: 'category',
      labelKey: 'resource.oss.category',
      kind: 'dict',
      dictCode: 'oss',
      search: true,
      span: 6,
    },
    { name: 'ossCode', labelKey: 'resource.oss.ossCode', search: true, span: 6 },
    { name: 'endpoint', labelKey: 'resource.oss.endpoint', column: { flex: 2 } },
    { name: 'accessKey', labelKey: 'resource.oss.accessKey', span: 6, column: false },
    { name: 'secretKey', labelKey: 'resource.oss.secretKey', span: 6, column: false },
    { name: 'bucketName', labelKey: 'resource.oss.bucketName', span: 6 },
    { name: 'region', labelKey: 'resource.oss.region', span: 6, column: false },
    { name: 'appId', labelKey: 'resource.oss.appId', span: 6, column: false },
    {
      name: 'status',
      labelKey: 'resource.oss.status',
      kind: 'select',
      form: false,
      options: [
        { value: String(OSS_STATUS.ENABLED), labelKey: 'resource.oss.enable' },
        { value: String(OSS_STATUS.DISABLED), labelKey: 'resource.oss.disable' },
      ],
      column: { width: 100 },
    },
    { name: 'remark', labelKey: 'resource.oss.remark', kind: 'textarea', rows: 2, column: false },
  ],
  defaults: () => ({ category: '1' }),
  toForm: (row) =>
    textValues(row, [
      'category',
      'ossCode',
      'endpoint',
      'accessKey',
      'secretKey',
      'bucketName',
      'region',
      'appId',
      'remark',
    ]),
}
