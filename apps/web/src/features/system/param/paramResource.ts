import { ZParamSubmitSchema } from '@ysjs/shared'
import { textValues } from '@/components/crud/formValues'
import { crudCodes } from '@/components/crud/permissions'
import type { TResource } from '@/components/crud/types'
import { paramApi, type TParamRow } from './paramApi'

/** 参数管理 (spec sections 3 and 5): name, key, value (textarea), remark. */
export const paramResource: TResource<TParamRow> = {
  key: 'param',
  nameKey: 'system.param.name',
  schema: ZParamSubmitSchema,
  api: paramApi,
  permissions: crudCodes('param'),
  fields: [
    { name: 'paramName', labelKey: 'system.param.paramName', search: true },
    { name: 'paramKey', labelKey: 'system.param.paramKey', search: true },
    { name: 'paramValue', labelKey: 'system.param.paramValue', kind: 'textarea', rows: 4 },
    { name: 'remark', labelKey: 'system.param.remark', kind: 'textarea', rows: 2 },
  ],
  toForm: (row) => textValues(row, ['paramName', 'paramKey', 'paramValue', 'remark']),
}
