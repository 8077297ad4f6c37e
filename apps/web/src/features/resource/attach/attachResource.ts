import { PERMISSIONS, type TAttachFile, ZAttachFileSubmitSchema } from '@ysjs/shared'
import type { TResource } from '@/components/crud/types'
import { resourceApi } from '@/lib/resource/resourceApi'
import { text } from '@/lib/text'
import { assortOptions } from '../assort/assortApi'
import { AttachFileField } from './AttachFileField'

export type TAttachRow = TAttachFile & Record<string, unknown>

/** 附件管理: a named, categorised entry for one uploaded file. */
export const attachResource: TResource<TAttachRow> = {
  key: 'attach',
  nameKey: 'resource.attach.name',
  schema: ZAttachFileSubmitSchema,
  api: resourceApi<TAttachRow>('/api/ysjs-resource/attach'),
  permissions: {
    codes: {
      add: PERMISSIONS.attachUpload,
      edit: PERMISSIONS.attachUpload,
      delete: PERMISSIONS.attachDelete,
      view: PERMISSIONS.attachDownload,
    },
  },
  fields: [
    { name: 'name', labelKey: 'resource.attach.fileName', search: true, column: { flex: 2 } },
    { name: 'originalName', labelKey: 'resource.attach.originalName', form: false, column: { flex: 2 } },
    {
      name: 'assortId',
      labelKey: 'resource.attach.assortId',
      kind: 'select',
      span: 6,
      column: false,
      loadOptions: { key: 'assort-options', load: assortOptions },
    },
    { name: 'assortName', labelKey: 'resource.attach.assortId', form: false },
    { name: 'code', labelKey: 'resource.attach.code', search: true, span: 6 },
    { name: 'sortNum', labelKey: 'resource.attach.sortNum', kind: 'number', span: 6, column: { width: 80 } },
    { name: 'attachSize', labelKey: 'resource.attach.attachSize', form: false, column: { width: 110 } },
    { name: 'createTime', labelKey: 'resource.attach.createTime', form: false, column: { width: 170 } },
    {
      name: 'attachId',
      labelKey: 'resource.attach.attachId',
      kind: 'custom',
      component: AttachFileField,
      column: false,
    },
    { name: 'remark', labelKey: 'resource.attach.remark', kind: 'textarea', rows: 2, column: false },
  ],
  defaults: () => ({ sortNum: '0', attachId: '' }),
  toForm: (row) => ({
    id: row.id,
    name: row.name,
    assortId: text(row.assortId),
    code: text(row.code),
    sortNum: text(row.sortNum),
    attachId: row.attachId,
    remark: text(row.remark),
  }),
}
