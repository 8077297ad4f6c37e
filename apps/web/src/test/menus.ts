import type { TMenu } from '@ysjs/shared'

/** A menu row as `/menu/routes` answers it (a top-level menu item unless `fields` say otherwise). */
export const testMenu = (fields: Partial<TMenu> & { id: string }): TMenu => ({
  parentId: '0',
  code: fields.id,
  name: fields.id,
  alias: 'menu',
  path: null,
  source: null,
  sort: 1,
  category: 1,
  action: 0,
  isOpen: 1,
  remark: null,
  isDeleted: 0,
  ...fields,
})
