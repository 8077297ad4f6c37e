import { z } from 'zod'

export type TMenuOut = {
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
  component: string | null
  remark: string | null
  isDeleted: number
  children?: TMenuOut[]
}

export const ZMenuOut: z.ZodType<TMenuOut> = z.object({
  id: z.string(),
  parentId: z.string(),
  code: z.string(),
  name: z.string(),
  alias: z.string(),
  path: z.string().nullable(),
  source: z.string().nullable(),
  sort: z.number(),
  category: z.number(),
  action: z.number(),
  isOpen: z.number(),
  component: z.string().nullable(),
  remark: z.string().nullable(),
  isDeleted: z.number(),
  get children() {
    return z.array(ZMenuOut).optional()
  },
})

export const ZTopMenuOut = z.object({
  id: z.string(),
  tenantId: z.string(),
  code: z.string().nullable(),
  name: z.string().nullable(),
  source: z.string().nullable(),
  sort: z.number(),
  status: z.number(),
  isDeleted: z.number(),
})
