import type { PrismaClient } from '@ysjs/db'
import { ParamMsg, ZParamRecordSchema, ZParamSubmitSchema } from '@ysjs/shared'
import { createCrudService } from '../../lib/crud.ts'

const VALUE_CACHE_MS = 10_000

/** System parameters: generic CRUD plus a cached lookup by key for the rules that read them. */
export const createParamService = (prisma: PrismaClient) => {
  const cache = new Map<string, { at: number; value: string | null }>()
  const crud = createCrudService(prisma, {
    prefix: '/api/ysjs-system/param',
    model: (db) => db.param,
    submit: ZParamSubmitSchema,
    record: ZParamRecordSchema,
    filters: { paramName: 'string', paramKey: 'string', paramValue: 'string' },
    sortable: ['paramName', 'paramKey', 'createTime', 'updateTime'],
    unique: [{ fields: ['paramKey'], message: ParamMsg.KEY_EXISTS }],
    afterChange: () => cache.clear(),
  })
  return {
    crud,
    /** The value of a parameter, or null when it is not set (cached for a few seconds). */
    async value(key: string): Promise<string | null> {
      const hit = cache.get(key)
      if (hit && Date.now() - hit.at < VALUE_CACHE_MS) {
        return hit.value
      }
      const row = await prisma.param.findFirst({
        where: { paramKey: key, isDeleted: 0 },
        orderBy: { createTime: 'desc' },
      })
      const value = row?.paramValue ?? null
      cache.set(key, { at: Date.now(), value })
      return value
    },
    clearCache: () => cache.clear(),
  }
}
export type TParamService = ReturnType<typeof createParamService>
