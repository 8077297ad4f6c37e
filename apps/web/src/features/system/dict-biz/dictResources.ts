import { SealedFlag, ZDictChildSubmitSchema, ZDictParentSubmitSchema } from '@ysjs/shared'
import type { TField, TOption, TResource } from '@/components/crud/types'
import type { TPermissionSource } from '@/lib/session/permissions'
import { wholeList } from '@/lib/tree'
import type { TDictRow, TDictTable } from './api/dictBizApi'

export const childKey = (table: TDictTable, parentId: string) => `${table.key}-child-${parentId}`

const SEALED_OPTIONS: TOption[] = [
  { value: String(SealedFlag.NO), labelKey: 'common.no' },
  { value: String(SealedFlag.YES), labelKey: 'common.yes' },
]

const sortField: TField = {
  name: 'sort',
  labelKey: 'system.dict.sort',
  kind: 'number',
  column: { width: 90 },
}
const sealedField: TField = {
  name: 'isSealed',
  labelKey: 'system.dict.isSealed',
  kind: 'select',
  options: SEALED_OPTIONS,
  column: { width: 70 },
}
const remarkField: TField = {
  name: 'remark',
  labelKey: 'system.dict.remark',
  kind: 'textarea',
  rows: 2,
  column: false,
}

const asFormNumber = (v: unknown): string => (v === null || v === undefined || v === -1 ? '' : String(v))

/** Dictionary headers: code, name, sort, sealed, remark (spec section 3). */
export const parentResource = (table: TDictTable, permissions: TPermissionSource): TResource<TDictRow> => ({
  key: table.key,
  nameKey: 'system.dict.name',
  schema: ZDictParentSubmitSchema,
  permissions,
  api: {
    list: table.api.fetchParents,
    detail: table.api.fetchDict,
    submit: table.api.submitDict,
    remove: table.api.removeDicts,
  },
  fields: [
    { name: 'code', labelKey: 'system.dict.code', search: true },
    { name: 'dictValue', labelKey: 'system.dict.dictValue', search: true },
    sortField,
    sealedField,
    remarkField,
  ],
  defaults: () => ({ isSealed: String(SealedFlag.NO) }),
  toForm: (row) => ({
    id: row.id,
    code: row.code,
    dictValue: row.dictValue,
    sort: asFormNumber(row.sort),
    isSealed: asFormNumber(row.isSealed),
    remark: row.remark ?? '',
  }),
})

/**
 * Items of one dictionary: key, value, parent (the header or another item), sort, sealed, remark.
 * New items inherit the header's code and hang under the header unless another parent is chosen.
 */
export const childResource = (
  table: TDictTable,
  parent: TDictRow,
  parentOptions: TOption[],
  permissions: TPermissionSource,
): TResource<TDictRow> => ({
  key: childKey(table, parent.id),
  nameKey: 'system.dict.itemName',
  schema: ZDictChildSubmitSchema,
  permissions,
  paging: 'client',
  invalidates: [table.key],
  api: {
    list: wholeList(() => table.api.fetchChildren(parent.id)),
    detail: table.api.fetchDict,
    submit: (values) =>
      table.api.submitDict({ ...values, code: parent.code, parentId: values.parentId || parent.id }),
    remove: table.api.removeDicts,
  },
  fields: [
    { name: 'dictValue', labelKey: 'system.dict.dictValue' },
    { name: 'dictKey', labelKey: 'system.dict.dictKey' },
    {
      name: 'parentId',
      labelKey: 'system.dict.parentId',
      kind: 'select',
      options: parentOptions,
      column: false,
    },
    sortField,
    sealedField,
    remarkField,
  ],
  defaults: () => ({ parentId: parent.id, isSealed: String(SealedFlag.NO) }),
  toForm: (row) => ({
    id: row.id,
    parentId: row.parentId,
    dictKey: row.dictKey,
    dictValue: row.dictValue,
    sort: asFormNumber(row.sort),
    isSealed: asFormNumber(row.isSealed),
    remark: row.remark ?? '',
  }),
})
