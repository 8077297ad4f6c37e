import { type TTemplate, ZTemplateSubmitSchema } from '@ysjs/shared'
import { textValues } from '@/components/crud/formValues'
import type { TResource } from '@/components/crud/types'
import { resourceApi } from '@/lib/resource/resourceApi'

type TTemplateRow = TTemplate & Record<string, unknown>

/** 模板管理: name, type, remark and rich-text content (sanitised by the server). */
export const templateResource: TResource<TTemplateRow> = {
  key: 'template',
  nameKey: 'resource.template.name',
  schema: ZTemplateSubmitSchema,
  api: resourceApi<TTemplate>('/api/ysjs-appraise/template'),
  permissions: { menuPath: '/appraise/template' },
  dialogWidth: 'md',
  fields: [
    { name: 'name', labelKey: 'resource.template.templateName', search: true, column: { flex: 2 } },
    { name: 'type', labelKey: 'resource.template.type', search: true, span: 6 },
    { name: 'remark', labelKey: 'resource.template.remark', span: 6, column: { flex: 2 } },
    { name: 'content', labelKey: 'resource.template.content', kind: 'richtext', rows: 10, column: false },
  ],
  toForm: (row) => textValues(row, ['name', 'type', 'remark', 'content']),
}
