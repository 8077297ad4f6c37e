import { z } from 'zod'
import { ZWireIdSchema } from '../common/ids.ts'

/** A menu row as routes/buttons answer it (contract 5.1). */
export type TMenu = {
  id: string
  parentId: string
  code: string
  name: string
  alias: string
  path: string | null
  source: string | null
  sort: number
  category: number
  action: number
  isOpen: number
  component?: string | null
  remark: string | null
  isDeleted: number
  parentName?: string
  hasChildren?: boolean
  children?: TMenu[]
}

export const ZMenuSchema: z.ZodType<TMenu> = z.object({
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
  component: z.string().nullable().optional(),
  remark: z.string().nullable(),
  isDeleted: z.number(),
  parentName: z.string().optional(),
  hasChildren: z.boolean().optional(),
  get children() {
    return z.array(ZMenuSchema).optional()
  },
})
// A recursive schema can only be referenced by name: this is the `Menu` component of the OpenAPI document.
z.globalRegistry.add(ZMenuSchema, { id: 'Menu' })

export const MenuCategory = { MENU: 1, BUTTON: 2 } as const

/** A path opens in the iframe route when it contains `html` or starts with http(s). */
export const isUrlMenuPath = (path: string | null | undefined): boolean =>
  !!path && (path.includes('html') || /^https?:\/\//.test(path))

/** Leaf codes of the buttons tree become the permission map (contract 5.3). */
export const permissionMap = (buttons: TMenu[]): Record<string, true> => {
  const map: Record<string, true> = {}
  const walk = (nodes: TMenu[]) => {
    for (const node of nodes) {
      if (node.children?.length) {
        walk(node.children)
      } else {
        map[node.code] = true
      }
    }
  }
  walk(buttons)
  return map
}
