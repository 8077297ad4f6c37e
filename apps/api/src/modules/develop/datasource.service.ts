import type { PrismaClient } from '@ysjs/db'
import type { TAllowEntry } from '@ysjs/server-core'
import {
  DEFAULT_DATASOURCE_ID,
  DevelopMsg,
  isMaskedSecret,
  maskDatasourceUrl,
  maskSecret,
  sameDatasourceTarget,
  type TDatasourceSubmit,
  ZDatasourceRecordSchema,
  ZDatasourceSubmitSchema,
} from '@ysjs/shared'
import type { z } from 'zod'
import { isPlatformAdmin, type TCtx } from '../../lib/context.ts'
import { createCrudService, type TPatch } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { type TDatasourceConn, withDatasource } from './introspect.ts'

const DEFAULT_ID = BigInt(DEFAULT_DATASOURCE_ID)
type TInput = z.infer<typeof ZDatasourceSubmitSchema>

/**
 * 数据源: platform rows; the password is never answered in full and the default row is read-only.
 * Writing, testing and reading tables through a data source are the platform administrator's
 * (decision 020): the server connects where the row points, with the password stored for it.
 */
export const createDatasourceService = (
  prisma: PrismaClient,
  /** `DATASOURCE_ALLOWED_HOSTS`: loopback or private hosts data sources may name. */
  allow: readonly TAllowEntry[] = [],
) => {
  const crud = createCrudService(prisma, {
    prefix: '/api/ysjs-develop/datasource',
    model: (db) => db.datasource,
    submit: ZDatasourceSubmitSchema,
    record: ZDatasourceRecordSchema,
    filters: { name: 'string', url: 'string' },
    sortable: ['name', 'createTime'],
    defaultOrder: [{ createTime: 'asc' }],
    unique: [{ fields: ['name'], message: '数据源名称已存在' }],
    enrich: async (_ctx, rows) =>
      rows.map((r) => ({
        ...r,
        url: maskDatasourceUrl(r.url as string),
        password: maskSecret(r.password as string),
        isDefault: r.id === DEFAULT_ID,
      })),
  })

  const assertPlatformAdmin = (ctx: TCtx) => {
    if (!isPlatformAdmin(ctx.user)) {
      throw AppError.forbidden()
    }
  }

  const typed = (password: string | undefined) => !!password && !isMaskedSecret(password)

  /**
   * The stored password may stand in for a blank or masked one only where it was saved for: the same
   * server, database, SSL mode and user. Anything else must come with the password typed again, so a
   * stored password is never sent to a host the caller chose.
   */
  const storedPasswordFor = async (id: bigint, url: string, username: string): Promise<string> => {
    const row = await connOf(id)
    if (row.password && !(sameDatasourceTarget(row.url, url) && row.username === username)) {
      throw AppError.badRequest(DevelopMsg.PASSWORD_AGAIN)
    }
    return row.password
  }

  const connOf = async (id: bigint): Promise<TDatasourceConn> => {
    const row = await prisma.datasource.findFirst({ where: { id, isDeleted: 0 } })
    if (!row) {
      throw AppError.badRequest('数据源不存在')
    }
    return { ...row, allow }
  }

  return {
    ...crud,
    async create(ctx: TCtx, input: TInput) {
      assertPlatformAdmin(ctx)
      return crud.create(ctx, input)
    },
    async update(ctx: TCtx, id: bigint, input: TPatch<typeof ZDatasourceSubmitSchema>) {
      assertPlatformAdmin(ctx)
      if (id === DEFAULT_ID) {
        throw AppError.badRequest(DevelopMsg.DEFAULT_DATASOURCE_READONLY)
      }
      if (typed(input.password ?? undefined)) {
        return crud.update(ctx, id, input)
      }
      // A partial update keeps the stored target where it names none (decision 025).
      const stored = await connOf(id)
      await storedPasswordFor(id, input.url ?? stored.url, input.username ?? stored.username)
      return crud.update(ctx, id, { ...input, password: undefined })
    },
    async remove(ctx: TCtx, ids: bigint[]) {
      assertPlatformAdmin(ctx)
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
    /** Connects with the given settings (a blank or masked password: the stored one of `id`, if allowed). */
    async test(ctx: TCtx, input: TDatasourceSubmit & { id?: string }) {
      assertPlatformAdmin(ctx)
      const parsed = ZDatasourceSubmitSchema.parse(input)
      let password = typed(parsed.password) ? parsed.password! : ''
      if (parsed.id && !typed(parsed.password)) {
        password = await storedPasswordFor(BigInt(parsed.id), parsed.url, parsed.username)
      }
      await withDatasource(prisma, { url: parsed.url, username: parsed.username, password, allow }, (q) =>
        q('select 1', []),
      )
    },
  }
}
export type TDatasourceService = ReturnType<typeof createDatasourceService>
