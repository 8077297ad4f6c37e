import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import { nextId, type PrismaClient } from '@ysjs/db'
import { extensionOf, formatDate, UPLOAD_EXTENSIONS, UploadMsg, ZUploadFileNameSchema } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { contentTypeOf } from '../../plugins/storage/local-storage.ts'
import type { TStorage } from '../../plugins/storage/storage.ts'
import type { TUploadLimitService, TUploadLimits } from './upload-limits.ts'

/** Stored files are read through this path; the object key follows it. */
export const FILE_PATH = '/api/ysjs-resource/oss/file/'

/** The object key of a link to one of our stored files, or null for any other link. */
export const storedKeyOf = (link: string | undefined): string | null =>
  link?.startsWith(FILE_PATH) ? link.slice(FILE_PATH.length) : null

export type TIncomingFile = {
  fileName: string
  body: Readable & { truncated?: boolean }
  /**
   * Resolves once the rest of the request body has been read and is well-formed; rejects with the
   * client's error (an AppError) when it is broken. The file is whole only when this resolves.
   */
  complete: () => Promise<void>
}

type TDeps = { prisma: PrismaClient; storage: TStorage; limits: TUploadLimitService }

/**
 * Uploads: checks the name, the type and the limits, stores under a generated key, charges the
 * tenant's storage and optionally records an attachment row. An upload that is refused or fails at
 * any step leaves no object, no row and no charge behind.
 */
export const createOssService = ({ prisma, storage, limits }: TDeps) => {
  /** Removes an object that must not stay; a failure to remove is logged and never hides the cause. */
  const discard = async (ctx: TCtx, name: string) => {
    await storage.remove(name).catch((err: unknown) => {
      ctx.log.error({ err, name }, 'could not remove a refused upload')
    })
  }

  /** The checks made before a byte of the file is read. */
  const admit = async (ctx: TCtx, file: TIncomingFile) => {
    const named = ZUploadFileNameSchema.safeParse(file.fileName)
    if (!named.success) {
      throw AppError.badRequest(named.error.issues[0]?.message ?? UploadMsg.BAD_NAME)
    }
    const ext = extensionOf(file.fileName)
    if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) {
      throw AppError.badRequest(UploadMsg.BAD_TYPE)
    }
    return { ext, limits: await limits.admit(ctx) }
  }

  /** Stores the body under `name`; only a whole file of a well-formed request stays stored. */
  const receive = async (ctx: TCtx, name: string, file: TIncomingFile) => {
    try {
      const stored = await storage.put(name, file.body, contentTypeOf(name))
      if (file.body.truncated) {
        throw new AppError(413, UploadMsg.TOO_LARGE)
      }
      await file.complete()
      return stored
    } catch (err) {
      await discard(ctx, name)
      if (!(err instanceof AppError)) {
        // A broken body also fails the write; the parser tells the client's 400 from our own fault.
        await file.complete()
      }
      throw err
    }
  }

  /** Charges the tenant's storage and records the attachment row, all or nothing. */
  const record = (
    ctx: TCtx,
    entry: { link: string; name: string; ext: string; fileName: string; size: number },
    withAttach: boolean,
    quotaBytes: number,
  ) =>
    tenantDb(prisma, ctx.tenantId).$transaction(async (tx) => {
      await tx.storageUsage.createMany({ data: [{ tenantId: ctx.tenantId }], skipDuplicates: true })
      // One conditional UPDATE: concurrent uploads of a tenant queue on its row, and the one that
      // would go over the quota matches nothing.
      const { count } = await tx.storageUsage.updateMany({
        where: { usedBytes: { lte: BigInt(quotaBytes - entry.size) } },
        data: { usedBytes: { increment: BigInt(entry.size) }, updateTime: new Date() },
      })
      if (count === 0) {
        throw AppError.badRequest(UploadMsg.QUOTA_FULL)
      }
      if (!withAttach) {
        return null
      }
      const attachId = nextId()
      await tx.attach.create({
        data: {
          id: attachId,
          link: entry.link,
          domain: '',
          name: entry.name,
          originalName: entry.fileName,
          extension: entry.ext,
          attachSize: BigInt(entry.size),
          createUser: ctx.user?.userId ?? null,
          createDept: ctx.user?.deptIds[0] ?? null,
        },
      })
      return attachId
    })

  return {
    async store(ctx: TCtx, file: TIncomingFile, withAttach: boolean) {
      let admitted: { ext: string; limits: TUploadLimits }
      try {
        admitted = await admit(ctx, file)
      } catch (err) {
        file.body.resume()
        throw err
      }
      const { ext } = admitted
      const name = `upload/${formatDate(new Date()).replaceAll('-', '')}/${randomUUID()}.${ext}`
      const { size } = await receive(ctx, name, file)
      const link = `${FILE_PATH}${name}`
      let attachId: bigint | null
      try {
        const giveBack = await limits.takeDaily(ctx, size, admitted.limits)
        try {
          attachId = await record(
            ctx,
            { link, name, ext, fileName: file.fileName, size },
            withAttach,
            admitted.limits.quotaBytes,
          )
        } catch (err) {
          await giveBack().catch((e: unknown) => {
            ctx.log.error({ err: e }, 'could not give back the daily upload volume')
          })
          throw err
        }
      } catch (err) {
        await discard(ctx, name)
        throw err
      }
      return { link, domain: '', name, originalName: file.fileName, attachId }
    },

    read: (key: string) => storage.get(key).catch(() => null),
  }
}
export type TOssService = ReturnType<typeof createOssService>
