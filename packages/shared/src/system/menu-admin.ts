import { z } from 'zod'
import { ZWireDateTimeSchema } from '../common/dates.ts'
import { ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import { ZTreeNodeSchema } from '../common/tree.ts'
import { zInt, zOptionalText, zRequired } from '../common/validators.ts'
import { zIdArray } from './role.ts'

export const MenuMsg = {
  NAME: '请输入菜单名称',
  CODE: '请输入菜单编号',
  ALIAS: '请输入菜单别名',
  CATEGORY: '请选择菜单类型',
  ACTION: '请选择按钮功能',
  IS_OPEN: '请选择新窗口打开',
  SORT: '请输入菜单排序',
  EXISTS: '菜单名或编号已存在!',
  PARENT_NOT_MENU: '父节点只可选择菜单类型!',
  PARENT_SELF: '父节点不可选择自身或其子节点!',
  TOP_MENUS_REQUIRED: '请选择顶部菜单',
} as const

export const MenuPermissions = {
  list: 'menu',
  add: 'menu_add',
  edit: 'menu_edit',
  remove: 'menu_delete',
  view: 'menu_view',
} as const

const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), ZIdSchema.optional())

/** A menu or button as `menu/submit` takes it (contract 5.1). */
export const ZMenuSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  parentId: optionalId,
  code: zRequired(MenuMsg.CODE),
  name: zRequired(MenuMsg.NAME),
  alias: zRequired(MenuMsg.ALIAS),
  path: zOptionalText(255),
  source: zOptionalText(255),
  sort: zInt({ message: MenuMsg.SORT, min: 0, max: 100_000 }),
  category: zInt({ message: MenuMsg.CATEGORY, min: 1, max: 2 }),
  action: zInt({ message: MenuMsg.ACTION, min: 0, max: 3 }).default(0),
  isOpen: zInt({ message: MenuMsg.IS_OPEN, min: 1, max: 2 }).default(1),
  remark: zOptionalText(255),
})
export type TMenuSubmit = z.input<typeof ZMenuSubmitSchema>

/** MenuVO of `menu/detail` and the management lists: the row plus its labels (contract 5.1). */
export const ZMenuDetailSchema = z.object({
  id: ZWireIdSchema,
  parentId: ZWireIdSchema,
  code: z.string(),
  name: z.string(),
  alias: z.string(),
  path: z.string().nullable(),
  source: z.string().nullable(),
  sort: z.number(),
  category: z.number(),
  action: z.number(),
  isOpen: z.number(),
  remark: z.string().nullable(),
  isDeleted: z.number(),
  parentName: z.string(),
  categoryName: z.string(),
  actionName: z.string(),
  isOpenName: z.string(),
  hasChildren: z.boolean().optional(),
})
export type TMenuDetail = z.infer<typeof ZMenuDetailSchema>

export const MENU_CATEGORY_NAMES: Record<number, string> = { 1: '菜单', 2: '按钮' }
export const MENU_ACTION_NAMES: Record<number, string> = {
  0: '无',
  1: '工具栏',
  2: '操作栏',
  3: '工具操作栏',
}
export const YES_NO_NAMES: Record<number, string> = { 1: '否', 2: '是' }
export const TOP_LEVEL_NAME = '顶级'

/** `menu/grant-tree`: menus, and the data and API scopes hanging under their menus. */
export const ZGrantTreeSchema = z.object({
  menu: z.array(ZTreeNodeSchema),
  dataScope: z.array(ZTreeNodeSchema),
  apiScope: z.array(ZTreeNodeSchema),
})
export const ZGrantKeysSchema = z.object({
  menu: z.array(ZWireIdSchema),
  dataScope: z.array(ZWireIdSchema),
  apiScope: z.array(ZWireIdSchema),
})
export type TGrantKeys = z.infer<typeof ZGrantKeysSchema>

/** `topmenu/grant`: the menus each of these top menus offers. */
export const ZTopMenuGrantSchema = z.object({
  topMenuIds: zIdArray(MenuMsg.TOP_MENUS_REQUIRED).min(1, MenuMsg.TOP_MENUS_REQUIRED),
  menuIds: zIdArray().default([]),
})

export const TopMenuMsg = {
  CODE: '请输入顶部菜单编号',
  NAME: '请输入顶部菜单名',
  SORT: '请输入顶部菜单排序',
  CODE_EXISTS: '当前顶部菜单编号已存在!',
} as const

export const TopMenuPermissions = {
  list: 'topmenu',
  add: 'topmenu_add',
  edit: 'topmenu_edit',
  remove: 'topmenu_delete',
  view: 'topmenu_view',
  grant: 'topmenu_setting',
} as const

export const ZTopMenuSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  code: zRequired(TopMenuMsg.CODE),
  name: zRequired(TopMenuMsg.NAME),
  source: zOptionalText(255),
  sort: zInt({ message: TopMenuMsg.SORT, min: 0, max: 100_000 }),
})
export type TTopMenuSubmit = z.infer<typeof ZTopMenuSubmitSchema>

export const ZTopMenuRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  code: z.string().nullable(),
  name: z.string().nullable(),
  source: z.string().nullable(),
  sort: z.number(),
  createUser: ZWireIdSchema.nullable(),
  createDept: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateUser: ZWireIdSchema.nullable(),
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})
export type TTopMenu = z.infer<typeof ZTopMenuRecordSchema>

/** The management tree of `menu/list` and `menu/menu-list`: MenuVOs with their children. */
export type TMenuVo = TMenuDetail & { children?: TMenuVo[] }
export const ZMenuVoSchema: z.ZodType<TMenuVo> = ZMenuDetailSchema.extend({
  get children() {
    return z.array(ZMenuVoSchema).optional()
  },
})
z.globalRegistry.add(ZMenuVoSchema, { id: 'MenuVO' })
