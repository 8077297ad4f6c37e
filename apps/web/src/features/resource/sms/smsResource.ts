import { SmsCategory, ZSmsSubmitSchema } from '@ysjs/shared'
import { textValues } from '@/components/crud/formValues'
import { crudCodes } from '@/components/crud/permissions'
import type { TResource } from '@/components/crud/types'
import { smsApi, type TSmsRow } from './smsApi'

/** 短信配置: vendor (dictionary `sms`), code, template, keys (secret masked), signature, app id. */
export const smsResource: TResource<TSmsRow> = {
  key: 'sms',
  nameKey: 'sms.name',
  schema: ZSmsSubmitSchema,
  api: smsApi,
  permissions: crudCodes('sms'),
  fields: [
    { name: 'category', labelKey: 'sms.category', kind: 'dict', dictCode: 'sms', search: true, span: 6 },
    { name: 'smsCode', labelKey: 'sms.smsCode', search: true, span: 6 },
    { name: 'templateId', labelKey: 'sms.templateId', span: 6 },
    { name: 'signName', labelKey: 'sms.signName', span: 6 },
    { name: 'accessKey', labelKey: 'sms.accessKey', span: 6, column: false },
    { name: 'secretKey', labelKey: 'sms.secretKey', kind: 'password', span: 6, column: false },
    { name: 'appId', labelKey: 'sms.appId', span: 6, column: false },
    { name: 'regionId', labelKey: 'sms.regionId', span: 6, column: false },
    { name: 'endpoint', labelKey: 'sms.endpoint', column: false },
    { name: 'remark', labelKey: 'sms.remark', kind: 'textarea', rows: 2, column: { flex: 1 } },
  ],
  defaults: () => ({ category: String(SmsCategory.LOG) }),
  toForm: (row) =>
    textValues(row, [
      'category',
      'smsCode',
      'templateId',
      'signName',
      'accessKey',
      'secretKey',
      'appId',
      'regionId',
      'endpoint',
      'remark',
    ]),
  dialogWidth: 'md',
}
