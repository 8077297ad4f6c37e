import { z } from 'zod'
import { ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import { emptyToUndefined, zInt, zOptionalText, zRequired } from '../common/validators.ts'

export const DeptMsg = {
  NAME: '请输入机构名称',
  FULL_NAME: '请输入机构全称',
  CATEGORY: '请选择机构类型',
  SORT: '请输入排序',
  PARENT_MISSING: '上级机构不存在',
  PARENT_SELF: '上级机构不能选择自身或其下级机构!',
  HAS_CHILDREN: '请先删除子节点!',
  HAS_USERS: '请先删除该机构下的用户!',
  TOO_DEEP: '机构层级过深',
} as const

/** Dictionary `org_category`: 1 公司, 2 部门, 3 小组. */
export const DeptCategory = { COMPANY: 1, DEPARTMENT: 2, GROUP: 3 } as const

/** `dept/submit`: no id creates, an id updates (and moves, when the parent changes). */
export const ZDeptSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  parentId: z.preprocess(emptyToUndefined, ZIdSchema.optional()),
  deptName: zRequired(DeptMsg.NAME, 45),
  fullName: zRequired(DeptMsg.FULL_NAME, 45),
  deptCategory: z.preprocess(emptyToUndefined, zInt({ message: DeptMsg.CATEGORY, min: 1, max: 3 })),
  sort: z.preprocess(emptyToUndefined, zInt({ message: DeptMsg.SORT, min: 0, max: 99_999 })),
  remark: zOptionalText(255),
})
export type TDeptSubmit = z.infer<typeof ZDeptSubmitSchema>
export type TDeptSubmitInput = z.input<typeof ZDeptSubmitSchema>

/** A department as list, lazy-list and detail answer it (DeptVO). */
export type TDept = {
  id: string
  tenantId: string
  parentId: string
  ancestors: string
  deptCategory: number
  deptName: string
  fullName: string | null
  sort: number
  remark: string | null
  isDeleted: number
  parentName?: string
  deptCategoryName?: string
  hasChildren?: boolean
  children?: TDept[]
}

export const ZDeptSchema: z.ZodType<TDept> = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  parentId: ZWireIdSchema,
  ancestors: z.string(),
  deptCategory: z.number(),
  deptName: z.string(),
  fullName: z.string().nullable(),
  sort: z.number(),
  remark: z.string().nullable(),
  isDeleted: z.number(),
  parentName: z.string().optional(),
  deptCategoryName: z.string().optional(),
  hasChildren: z.boolean().optional(),
  get children() {
    return z.array(ZDeptSchema).optional()
  },
})
z.globalRegistry.add(ZDeptSchema, { id: 'Dept' })

/** `dept/submit` answers the new or changed row's id, tenant and category label (contract 4.4). */
export const ZDeptSubmitResultSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  deptCategoryName: z.string(),
})

/** The `ancestors` of a child of `parent` (`0` for a root): `0,<grand>,<parent>`. */
export const childAncestors = (parent: { id: string | bigint; ancestors: string } | null): string =>
  parent ? `${parent.ancestors},${parent.id}` : '0'

/** Whether `ancestors` (of some dept) lies under the dept `id`, i.e. names it. */
export const ancestorsInclude = (ancestors: string, id: string | bigint): boolean =>
  ancestors.split(',').includes(String(id))
