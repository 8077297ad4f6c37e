import { ZAssortSubmitSchema } from '@ysjs/shared'
import { textValues } from '@/components/crud/formValues'
import type { TResource } from '@/components/crud/types'
import { parentField, rootAsNoParent, TREE_ROOT, wholeList } from '@/lib/tree'
import { assortApi, assortOptions, type TAssortRow } from './assortApi'

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
    submit: rootAsNoParent(assortApi.submit),
    remove: assortApi.remove,
  },
  fields: [
    { name: 'name', labelKey: 'resource.assort.assortName', search: true, column: { flex: 2 } },
    { name: 'code', labelKey: 'resource.assort.code', search: true },
    parentField('resource.assort.parentId', 'resource.assort.topLevel', {
      key: 'assort-parent',
      load: assortOptions,
    }),
    { name: 'sort', labelKey: 'resource.assort.sort', kind: 'number', column: { width: 90 } },
    { name: 'remark', labelKey: 'resource.assort.remark', kind: 'textarea', rows: 2, column: { flex: 2 } },
  ],
  defaults: () => ({ parentId: TREE_ROOT, sort: '0' }),
  toForm: (row) => textValues(row, ['parentId', 'name', 'code', 'sort', 'remark']),
}
