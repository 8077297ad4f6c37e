import type { PrismaClient } from '@ysjs/db'
import {
  DEFAULT_DATASOURCE_ID,
  DevelopMsg,
  isMaskedSecret,
  maskSecret,
  type TDatasourceSubmit,
  ZDatasourceRecordSchema,
  ZDatasourceSubmitSchema,
} from '@ysjs/shared'
import type { z } from 'zod'
import type { TCtx } from '../../lib/context.ts'
import { createCrudService } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { type TDatasourceConn, withDatasource } from './introspect.ts'

const DEFAULT_ID = BigInt(DEFAULT_DATASOURCE_ID)
type TInput = z.infer<typeof ZDatasourceSubmitSchema>

/** 数据源: platform rows; the password is never answered in full and the default row is read-only. */
export const createDatasourceService = (prisma: PrismaClient) => {
  const crud = createCrudService(prisma, {
    name: 'datasource',
    prefix: '/api/ysjs-develop/datasource',
    model: (db) => db.datasource,
    tenantScoped: false,
    platformWrite: true,
    submit: ZDatasourceSubmitSchema,
    record: ZDatasourceRecordSchema,
    filters: { name: 'string', url: 'string' },
    sortable: ['name', 'createTime'],
    defaultOrder: [{ createTime: 'asc' }],
    permissions: {
      list: 'datasource',
      add: 'datasource_add',
      edit: 'datasource_edit',
      remove: 'datasource_delete',
    },
    unique: [{ fields: ['name'], message: '数据源名称已存在' }],
    enrich: async (_ctx, rows) =>
      rows.map((r) => ({
        ...r,
        password: maskSecret(r.password as string),
        isDefault: r.id === DEFAULT_ID,
      })),
  })

  const keepPassword = (input: TInput): TInput =>
    !input.password || isMaskedSecret(input.password) ? { ...input, password: undefined } : input

  const connOf = async (id: bigint): Promise<TDatasourceConn> => {
    const row = await prisma.datasource.findFirst({ where: { id, isDeleted: 0 } })
    if (!row) {
      throw AppError.badRequest('数据源不存在')
    }
    return row
  }

  return {
    ...crud,
    async update(ctx: TCtx, id: bigint, input: TInput) {
      if (id === DEFAULT_ID) {
        throw AppError.badRequest(DevelopMsg.DEFAULT_DATASOURCE_READONLY)
      }
      return crud.update(ctx, id, keepPassword(input))
    },
    async remove(ctx: TCtx, ids: bigint[]) {
      if (ids.includes(DEFAULT_ID)) {
        throw AppError.badRequest(DevelopMsg.DEFAULT_DATASOURCE_READONLY)
      }
      return crud.remove(ctx, ids)
    },
    connOf,
    async select() {
      return prisma.datasource.findMany({
        where: { isDeleted: 0 },
        select: { id: true, name: true },
        orderBy: [{ createTime: 'asc' }, { id: 'asc' }],
      })
    },
    /** Connects with the given settings (a blank or masked password: the stored one of `id`). */
    async test(input: TDatasourceSubmit & { id?: string }) {
      const parsed = ZDatasourceSubmitSchema.parse(input)
      let password = parsed.password ?? ''
      if (parsed.id && (!password || isMaskedSecret(password))) {
        password = (await connOf(BigInt(parsed.id))).password
      }
      await withDatasource(prisma, { url: parsed.url, username: parsed.username, password }, (q) =>
        q('select 1', []),
      )
    },
  }
}
export type TDatasourceService = ReturnType<typeof createDatasourceService>
