import { ZNoticeSubmitSchema } from '@ysjs/shared'
import { createElement } from 'react'
import { crudCodes } from '@/components/crud/permissions'
import type { TResource } from '@/components/crud/types'
import { TENANT_USERS } from '@/components/crud/userOptions'
import { noticeApi, type TNoticeRow } from './noticeApi'
import { RecipientsCell } from './RecipientsCell'

/**
 * 通知公告: title, category (dictionary `notice`), release time, recipients (the tenant's users; none:
 * everyone), rich-text content.
 */
export const noticeResource: TResource<TNoticeRow> = {
  key: 'notice',
  nameKey: 'desk.notice.name',
  schema: ZNoticeSubmitSchema,
  api: noticeApi,
  permissions: crudCodes('notice'),
  fields: [
    { name: 'title', labelKey: 'desk.notice.title', search: true, column: { flex: 2 } },
    {
      name: 'category',
      labelKey: 'desk.notice.category',
      kind: 'dict',
      dictCode: 'notice',
      search: true,
      span: 6,
    },
    { name: 'releaseTime', labelKey: 'desk.notice.releaseTime', kind: 'datetime', span: 6 },
    {
      name: 'recipientIds',
      labelKey: 'desk.notice.recipientIds',
      kind: 'multiselect',
      loadOptions: TENANT_USERS,
      span: 6,
      column: { flex: 1, render: (row) => createElement(RecipientsCell, { row: row as TNoticeRow }) },
    },
    { name: 'content', labelKey: 'desk.notice.content', kind: 'richtext', rows: 8, column: false },
  ],
  toForm: (row) => ({
    id: row.id,
    title: row.title,
    category: row.category === null ? '' : String(row.category),
    releaseTime: row.releaseTime ?? '',
    recipientIds: row.recipientIds,
    content: row.content ?? '',
  }),
}
