import { ZWireIdSchema } from '@ysjs/shared'
import { z } from 'zod'

export const ZTopMenuOut = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  code: z.string().nullable(),
  name: z.string().nullable(),
  source: z.string().nullable(),
  sort: z.number(),
  status: z.number(),
  isDeleted: z.number(),
})
