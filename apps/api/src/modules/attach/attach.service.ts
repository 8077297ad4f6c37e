import type { PrismaClient } from '@ysjs/db'
import { AttachMsg, ZAttachFileRecordSchema, ZAttachFileSubmitSchema } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { TCtx } from '../../lib/context.ts'
import { createCrudService, registerCrudRoutes, withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { namesByKey } from '../../lib/names.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import type { TOssService } from '../oss/oss.service.ts'

/**
 * Attachment files (附件管理): a named, categorised entry for one stored file of the tenant
 * (`attachId`, from `put-file-attach`). Removing entries removes their files and objects.
 */
export const createAttachFileService = (prisma: PrismaClient, oss: TOssService) => {
  const base = createCrudService(prisma, {
    prefix: '/api/ysjs-resource/attach',
    model: (db) => db.attachFile,
    submit: ZAttachFileSubmitSchema,
    record: ZAttachFileRecordSchema,
    filters: { name: 'string', code: 'string?', assortId: 'id?', remark: 'string?' },
    sortable: ['name', 'code', 'sortNum', 'createTime'],
    defaultOrder: [{ sortNum: 'asc' }, { createTime: 'desc' }],
    permissions: { list: 'attach', add: 'attach_upload', edit: 'attach_upload', remove: 'attach_delete' },
    unique: [{ fields: ['attachId'], message: AttachMsg.FILE_IN_USE }],
    toData: ({ attachId, assortId, ...rest }) => ({
      ...rest,
      attachId: BigInt(attachId),
      assortId: assortId ? BigInt(assortId) : null,
    }),
    validate: async (ctx: TCtx, data) => {
      const file = await tenantDb(prisma, ctx.tenantId).attach.findFirst({
        where: { id: data.attachId as bigint, isDeleted: 0 },
        select: { id: true },
      })
      if (!file) {
        throw AppError.badRequest(AttachMsg.NO_FILE)
      }
      if (data.assortId) {
        const assort = await prisma.assort.findFirst({
          where: { id: data.assortId as bigint, isDeleted: 0 },
          select: { id: true },
        })
        if (!assort) {
          throw AppError.badRequest(AttachMsg.NO_ASSORT)
        }
      }
    },
    enrich: async (ctx: TCtx, rows) => {
      const files = await tenantDb(prisma, ctx.tenantId).attach.findMany({
        where: { id: { in: rows.map((r) => r.attachId as bigint) } },
        select: { id: true, link: true, originalName: true, extension: true, attachSize: true },
      })
      const assortName = await namesByKey(
        rows.map((r) => r.assortId),
        (ids) => prisma.assort.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
        (a) => [a.id, a.name],
      )
      const fileOf = new Map(files.map((f) => [f.id, f]))
      return rows.map((r) => {
        const f = fileOf.get(r.attachId as bigint)
        return {
          ...r,
          assortName: (r.assortId && assortName.get(r.assortId as bigint)) || '',
          link: f?.link ?? '',
          originalName: f?.originalName ?? '',
          extension: f?.extension ?? '',
          attachSize: Number(f?.attachSize ?? 0),
        }
      })
    },
  })

  return {
    ...base,
    /** A new file replacing the entry's file: the old file and its object go (after the entry is saved). */
    async update(ctx: TCtx, id: bigint, input: Parameters<typeof base.update>[2]) {
      const before = await base
        .delegate(ctx)
        .findFirst({ where: { id, isDeleted: 0 }, select: { attachId: true } })
      await base.update(ctx, id, input)
      const old = before?.attachId as bigint | undefined
      // An update that names no file keeps the entry's file.
      if (old !== undefined && input.attachId != null && String(old) !== input.attachId) {
        await oss.removeAttachments(ctx, async () => [old])
      }
    },
    /** Entries, their stored files and objects go together; the bytes go back to the tenant's quota. */
    remove: (ctx: TCtx, ids: bigint[]) =>
      oss.removeAttachments(ctx, async (tx) => {
        const rows = await tx.attachFile.findMany({
          where: { id: { in: ids }, isDeleted: 0 },
          select: { attachId: true },
        })
        await tx.attachFile.updateMany({
          where: { id: { in: ids }, isDeleted: 0 },
          data: { ...withAudit(ctx).deleted },
        })
        return rows.map((r) => r.attachId)
      }),
  }
}

export const attachRoutes = (app: FastifyInstance, prisma: PrismaClient, oss: TOssService) =>
  registerCrudRoutes(app, createAttachFileService(prisma, oss))
