import {
  ZKmsAuthorSubmitSchema,
  ZKmsCatalogSubmitSchema,
  ZKmsLabelSubmitSchema,
  ZKmsMainSubmitSchema,
} from '@ysjs/shared'
import { textValues } from '@/components/crud/formValues'
import { SwitchField } from '@/components/crud/SwitchField'
import type { TResource } from '@/components/crud/types'
import { EntryPicker, ExpertsPicker } from '@/components/picker/pickerFields'
import { text } from '@/lib/text'
import { parentField, TREE_ROOT, wholeList } from '@/lib/tree'
import { AttachField } from './fields'
import {
  authorApi,
  catalogApi,
  labelApi,
  mainApi,
  type TAuthorRow,
  type TCatalogRow,
  type TLabelRow,
  type TMainRow,
} from './kmsApi'

/** 知识目录: the tenant's catalog tree (indented rows). */
export const catalogResource: TResource<TCatalogRow> = {
  key: 'kms-catalog',
  nameKey: 'kms.name.catalog',
  schema: ZKmsCatalogSubmitSchema,
  paging: 'client',
  invalidates: ['field-options', 'kms-catalog-tree'],
  permissions: { menuPath: '/kms/catalog' },
  api: {
    list: wholeList(catalogApi.list),
    detail: catalogApi.detail,
    submit: catalogApi.submit,
    remove: catalogApi.remove,
    exportFile: catalogApi.exportFile,
  },
  fields: [
    { name: 'catalogName', labelKey: 'kms.catalogName', search: true },
    parentField('kms.parentId', 'kms.topLevel', { key: 'kms-catalog-parent', load: catalogApi.options }),
    { name: 'sort', labelKey: 'kms.sort', kind: 'number', column: { width: 90 } },
  ],
  defaults: () => ({ parentId: TREE_ROOT, sort: '1' }),
  toForm: (row) => textValues(row, ['catalogName', 'parentId', 'sort']),
}

/** 知识标签. */
export const labelResource: TResource<TLabelRow> = {
  key: 'kms-label',
  nameKey: 'kms.name.label',
  schema: ZKmsLabelSubmitSchema,
  api: labelApi,
  invalidates: ['field-options'],
  permissions: { menuPath: '/kms/label' },
  fields: [{ name: 'labelName', labelKey: 'kms.labelName', search: true }],
  toForm: (row) => ({ id: row.id, labelName: row.labelName }),
}

/** 知识管理: entries with rich-text content, labels, attachments and the shelf switch. */
export const mainResource: TResource<TMainRow> = {
  key: 'kms-main',
  nameKey: 'kms.name.main',
  schema: ZKmsMainSubmitSchema,
  api: mainApi,
  dialogWidth: 'lg',
  permissions: { menuPath: '/kms/main' },
  fields: [
    { name: 'keyword', labelKey: 'kms.keyword', search: true, form: false, column: false },
    { name: 'title', labelKey: 'kms.title', column: { flex: 2 } },
    {
      name: 'catalogId',
      labelKey: 'kms.catalogId',
      kind: 'select',
      span: 6,
      column: false,
      loadOptions: { key: 'kms-catalog-options', load: catalogApi.options },
    },
    { name: 'catalogName', labelKey: 'kms.catalogId', form: false, column: { flex: 1 } },
    { name: 'source', labelKey: 'kms.source', span: 6, column: { flex: 1 } },
    { name: 'publishDate', labelKey: 'kms.publishDate', kind: 'date', span: 6, column: { width: 120 } },
    {
      name: 'shelves',
      labelKey: 'kms.shelves',
      kind: 'custom',
      component: SwitchField,
      span: 6,
      column: false,
    },
    { name: 'shelvesName', labelKey: 'kms.shelves', form: false, column: { width: 90 } },
    {
      name: 'labelIds',
      labelKey: 'kms.labels',
      kind: 'multiselect',
      column: false,
      loadOptions: { key: 'kms-label-options', load: labelApi.options },
    },
    {
      name: 'expertIds',
      labelKey: 'expert.experts',
      kind: 'custom',
      component: ExpertsPicker,
      column: false,
    },
    { name: 'summary', labelKey: 'kms.summary', kind: 'textarea', rows: 2, column: false },
    { name: 'content', labelKey: 'kms.content', kind: 'richtext', rows: 8, column: false },
    { name: 'fileAttach', labelKey: 'kms.fileAttach', kind: 'custom', component: AttachField, column: false },
  ],
  defaults: () => ({ shelves: 0 }),
  toForm: (row) => ({
    id: row.id,
    title: row.title,
    catalogId: text(row.catalogId),
    source: text(row.source),
    publishDate: text(row.publishDate).slice(0, 10),
    shelves: row.shelves,
    labelIds: row.labels.map((l) => l.id).join(','),
    // Only the detail answers the experts: a list row leaves them as they are.
    ...(row.experts ? { expertIds: row.experts.map((e) => e.id).join(',') } : {}),
    summary: text(row.summary),
    content: text(row.content),
    fileAttach: text(row.fileAttach),
    // Names and links of the attachments (detail only), for the attachment field; never sent.
    attachments: row.attachments ?? [],
  }),
}

/** 知识作者: the authors of the entries (name, work unit, order). */
export const authorResource: TResource<TAuthorRow> = {
  key: 'kms-author',
  nameKey: 'kms.name.author',
  schema: ZKmsAuthorSubmitSchema,
  api: authorApi,
  permissions: { menuPath: '/kms/author' },
  fields: [
    {
      name: 'mainId',
      labelKey: 'kms.entry',
      kind: 'custom',
      component: EntryPicker,
      search: true,
      column: false,
    },
    { name: 'mainTitle', labelKey: 'kms.entry', form: false, column: { flex: 2 } },
    { name: 'authorName', labelKey: 'kms.authorName', search: true },
    { name: 'unitName', labelKey: 'kms.unitName', column: { flex: 1 } },
    { name: 'sort', labelKey: 'kms.sort', kind: 'number', column: { width: 90 } },
  ],
  defaults: () => ({ sort: '1' }),
  toForm: (row) => textValues(row, ['mainId', 'mainTitle', 'authorName', 'unitName', 'sort']),
}
