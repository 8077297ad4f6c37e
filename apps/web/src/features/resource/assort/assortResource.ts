import { ZAssortSubmitSchema } from '@ysjs/shared'
import { textValues } from '@/components/crud/formValues'
import type { TResource } from '@/components/crud/types'
import { wholeList } from '@/lib/tree'
import { assortApi, assortOptions, type TAssortRow } from './assortApi'

const ROOT = '0'

/** 标签分类: the category tree (indented rows); parent, name, code, sort, remark. */
export const assortResource: TResource<TAssortRow> = {
  key: 'assort',
  nameKey: 'resource.assort.name',
  schema: ZAssortSubmitSchema,
  paging: 'client',
  invalidates: ['field-options'],
  permissions: { menuPath: '/base/assort' },
  api: {
    list: wholeList(assortApi.list),
    detail: assortApi.detail,
    submit: ({ parentId, ...values }) =>
      assortApi.submit({ ...values, parentId: parentId === ROOT ? '' : parentId }),
    remove: assortApi.remove,
  },
  fields: [
    { name: 'name', labelKey: 'resource.assort.assortName', search: true, column: { flex: 2 } },
    { name: 'code', labelKey: 'resource.assort.code', search: true },
    {
      name: 'parentId',
      labelKey: 'resource.assort.parentId',
      kind: 'select',
      column: false,
      loadOptions: {
        key: 'assort-parent',
        load: async () => [{ value: ROOT, labelKey: 'resource.assort.topLevel' }, ...(await assortOptions())],
      },
    },
    { name: 'sort', labelKey: 'resource.assort.sort', kind: 'number', column: { width: 90 } },
    { name: 'remark', labelKey: 'resource.assort.remark', kind: 'textarea', rows: 2, column: { flex: 2 } },
  ],
  defaults: () => ({ parentId: ROOT, sort: '0' }),
  toForm: (row) => textValues(row, ['parentId', 'name', 'code', 'sort', 'remark']),
}
