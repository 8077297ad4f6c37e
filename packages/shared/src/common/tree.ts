import { z } from 'zod'
import { ZWireIdSchema } from './ids.ts'

/** The platform's tree node (contract 4.5): `title` is the name, `key` and `value` the id. */
export type TTreeNode = {
  id: string
  parentId: string
  title: string
  key: string
  value: string
  hasChildren?: boolean
  children?: TTreeNode[]
}
export const ZTreeNodeSchema: z.ZodType<TTreeNode> = z.object({
  id: ZWireIdSchema,
  parentId: ZWireIdSchema,
  title: z.string(),
  key: z.string(),
  value: z.string(),
  hasChildren: z.boolean().optional(),
  get children() {
    return z.array(ZTreeNodeSchema).optional()
  },
})
z.globalRegistry.add(ZTreeNodeSchema, { id: 'TreeNode' })
