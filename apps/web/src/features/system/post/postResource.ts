import { ZPostSubmitSchema } from '@ysjs/shared'
import { textValues } from '@/components/crud/formValues'
import { crudCodes } from '@/components/crud/permissions'
import type { TResource } from '@/components/crud/types'
import { postApi, type TPostRow } from './postApi'

/** 岗位管理: category (dictionary `post_category`), code, name, sort, description. */
export const postResource: TResource<TPostRow> = {
  key: 'post',
  nameKey: 'sysOrg.post.name',
  schema: ZPostSubmitSchema,
  api: postApi,
  permissions: crudCodes('post'),
  invalidates: ['field-options'],
  fields: [
    { name: 'postCode', labelKey: 'sysOrg.post.postCode', search: true },
    { name: 'postName', labelKey: 'sysOrg.post.postName', search: true },
    {
      name: 'category',
      labelKey: 'sysOrg.post.category',
      kind: 'dict',
      dictCode: 'post_category',
      search: true,
    },
    { name: 'sort', labelKey: 'sysOrg.post.sort', kind: 'number', column: { width: 90 } },
    { name: 'remark', labelKey: 'sysOrg.post.remark', kind: 'textarea', rows: 2, column: false },
  ],
  defaults: () => ({ category: '4', sort: '1' }),
  toForm: (row) => textValues(row, ['category', 'postCode', 'postName', 'sort', 'remark']),
}
