// Shapes of the seed data. The seed runner turns these into rows with stable ids, so re-running the
// seed updates rows in place instead of duplicating them.

/** A menu (category 1) or a button (category 2). Button codes become permission codes. */
export type MenuSeed = {
  /** Unique across the whole tree; for buttons this is the permission code, e.g. `param_add`. */
  code: string
  name: string
  /** `menu` for pages; for buttons `add`, `edit`, `delete`, `view`, ... */
  alias: string
  /** Front-end route path for menus (`/system/param`); absolute URL for iframe menus; API path for buttons. */
  path?: string
  /** Icon name (MUI icon name for menus, e.g. `Settings`; short action name for buttons, e.g. `plus`). */
  source?: string
  sort: number
  category: 1 | 2
  /** Buttons only: 1 toolbar, 2 row, 3 both. Menus: 0. */
  action?: 0 | 1 | 2 | 3
  /** 1 open inside (iframe for URLs), 2 new browser tab. */
  isOpen?: 1 | 2
  remark?: string
  children?: MenuSeed[]
}

export type DictItemSeed = {
  key: string
  value: string
  remark?: string
  children?: DictItemSeed[]
}

/** One business dictionary (dict-biz): a header row (`code`, `name`) and its items. */
export type DictSeed = {
  code: string
  name: string
  remark?: string
  items: DictItemSeed[]
}

/** Which role aliases get which menu codes (the menu's descendants, buttons included, come with it). */
export type RoleMenuSeed = Record<string, string[]>
