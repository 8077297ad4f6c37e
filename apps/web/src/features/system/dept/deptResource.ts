import { ZDeptSubmitSchema } from '@ysjs/shared'
import { textValues } from '@/components/crud/formValues'
import { crudCodes } from '@/components/crud/permissions'
import type { TResource } from '@/components/crud/types'
import { parentField, rootAsNoParent, TREE_ROOT, treeOptions, wholeList } from '@/lib/tree'
import { deptApi, type TDeptRow } from './deptApi'

/** 部门管理: the tenant's dept tree (indented rows); parent, name, full name, type, sort, remark. */
export const deptResource: TResource<TDeptRow> = {
  key: 'dept',
  nameKey: 'sysOrg.dept.name',
  schema: ZDeptSubmitSchema,
  paging: 'client',
  // The user screen's dept tree and pickers read the same rows.
  invalidates: ['field-options', 'dept-tree'],
  permissions: crudCodes('dept'),
  api: {
    list: wholeList(deptApi.list),
    detail: deptApi.detail,
    submit: rootAsNoParent(deptApi.submit),
    remove: deptApi.remove,
  },
  fields: [
    { name: 'deptName', labelKey: 'sysOrg.dept.deptName', search: true },
    { name: 'fullName', labelKey: 'sysOrg.dept.fullName', search: true },
    parentField('sysOrg.dept.parentId', 'sysOrg.dept.topLevel', {
      key: 'dept-parent',
      load: async () => treeOptions(await deptApi.tree()),
    }),
    { name: 'deptCategory', labelKey: 'sysOrg.dept.deptCategory', kind: 'dict', dictCode: 'org_category' },
    { name: 'sort', labelKey: 'sysOrg.dept.sort', kind: 'number', column: { width: 90 } },
    { name: 'remark', labelKey: 'sysOrg.dept.remark', kind: 'textarea', rows: 2, column: false },
  ],
  defaults: () => ({ parentId: TREE_ROOT, deptCategory: '2', sort: '1' }),
  toForm: (row) => textValues(row, ['parentId', 'deptName', 'fullName', 'deptCategory', 'sort', 'remark']),
}
