import type { PrismaClient } from '@ysjs/db'
import { TopMenuMsg, ZTopMenuRecordSchema, ZTopMenuSubmitSchema } from '@ysjs/shared'
import type { TCacheRegistry } from '../../lib/caches.ts'
import { createCrudService } from '../../lib/crud.ts'

/** Top menus (顶部菜单): tenant rows through the generic CRUD; `topmenu/grant` lives with the menu trees. */
export const createTopMenuService = (prisma: PrismaClient, caches: TCacheRegistry) =>
  createCrudService(prisma, {
    prefix: '/api/ysjs-system/topmenu',
    model: (db) => db.topMenu,
    submit: ZTopMenuSubmitSchema,
    record: ZTopMenuRecordSchema,
    filters: { code: 'string?', name: 'string?' },
    sortable: ['sort', 'code', 'name', 'createTime'],
    defaultOrder: [{ sort: 'asc' }],
    unique: [{ fields: ['code'], message: TopMenuMsg.CODE_EXISTS }],
    afterChange: () => caches.clearAll(),
  })
export type TTopMenuService = ReturnType<typeof createTopMenuService>
