import { randomUUID } from 'node:crypto'
import { pipeline, type Readable } from 'node:stream'
import { nextId, type PrismaClient } from '@ysjs/db'
import { contentTypeOf, SAFE_KEY, type TStorageRouter, UnknownStoreError } from '@ysjs/server-core'
import {
  DEFAULT_TENANT_ID,
  extensionOf,
  formatDate,
  type TUploadPurpose,
  UPLOAD_RULES,
  UploadMsg,
  ZUploadFileNameSchema,
} from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { zipGuardStream } from '../../lib/zip-guard.ts'
import { contentMatches, peek } from './file-type.ts'
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

/** A transaction of the tenant-scoped client. */
export type TTenantTx = Parameters<Parameters<ReturnType<typeof tenantDb>['$transaction']>[0]>[0]

type TDeps = { prisma: PrismaClient; storage: TStorageRouter; limits: TUploadLimitService }

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
  const admit = async (ctx: TCtx, file: TIncomingFile, purpose: TUploadPurpose) => {
    const named = ZUploadFileNameSchema.safeParse(file.fileName)
    if (!named.success) {
      throw AppError.badRequest(named.error.issues[0]?.message ?? UploadMsg.BAD_NAME)
    }
    const ext = extensionOf(file.fileName)
    if (!UPLOAD_RULES[purpose].extensions.includes(ext)) {
      throw AppError.badRequest(UploadMsg.BAD_TYPE)
    }
    return { ext, limits: await limits.admit(ctx) }
  }

  /** Extensions whose files are ZIP archives (OOXML). */
  const ZIP_BASED = new Set(['docx', 'xlsx', 'pptx', 'zip'])

  /** Checks the first bytes against the extension; a refused file is read to its end and dropped. */
  const sniff = async (file: TIncomingFile, ext: string) => {
    let peeked: Awaited<ReturnType<typeof peek>>
    try {
      // The parser may hold back a short file's bytes until it has seen what follows them: a body
      // that breaks there never ends the file, only the rest of the form tells.
      const broken = file.complete().then(() => new Promise<never>(() => undefined))
      peeked = await Promise.race([peek(file.body), broken])
    } catch (err) {
      // The body broke before the first bytes: the parser tells the client's 400 from our own fault.
      await file.complete()
      throw err
    }
    if (!contentMatches(ext, peeked.head)) {
      peeked.drain()
      throw AppError.badRequest(UploadMsg.BAD_CONTENT)
    }
    if (ZIP_BASED.has(ext)) {
      // A zip-based file is metered as it streams to the store: a bomb fails the write (zip-guard.ts).
      const guard = zipGuardStream()
      pipeline(peeked.body, guard, () => undefined)
      return guard
    }
    return peeked.body
  }

  /** Stores the body under `name`; only a whole file of a well-formed request stays stored. */
  const receive = async (
    ctx: TCtx,
    name: string,
    file: TIncomingFile,
    body: TIncomingFile['body'],
    purpose: TUploadPurpose,
  ) => {
    try {
      const stored = await storage.put(name, body, contentTypeOf(name))
      if (file.body.truncated) {
        throw new AppError(413, UploadMsg.TOO_LARGE)
      }
      await file.complete()
      if (stored.size > UPLOAD_RULES[purpose].maxBytes) {
        throw AppError.badRequest(purpose === 'avatar' ? UploadMsg.AVATAR : UploadMsg.TOO_LARGE)
      }
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
        data: { usedBytes: { increment: BigInt(entry.size) }, ...withAudit().updated },
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
    async store(ctx: TCtx, file: TIncomingFile, withAttach: boolean, purpose: TUploadPurpose = 'any') {
      let admitted: { ext: string; limits: TUploadLimits; prefix: string }
      try {
        const checked = await admit(ctx, file, purpose)
        admitted = { ...checked, prefix: await storage.prefixFor(ctx.tenantId) }
      } catch (err) {
        file.body.resume()
        throw err
      }
      const { ext } = admitted
      const body = await sniff(file, ext)
      const name = `${admitted.prefix}/${formatDate(new Date()).replaceAll('-', '')}/${randomUUID()}.${ext}`
      const { size } = await receive(ctx, name, file, body, purpose)
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

    /**
     * Opens a stored object for a caller of `tenantId`, with the name it was uploaded under; null when
     * there is none or it belongs to another tenant (the same answer, so ids cannot be probed).
     */
    async read(ctx: TCtx, key: string) {
      // No object is stored under a key of another form: such a link answers like a missing one.
      if (!SAFE_KEY.test(key)) {
        return null
      }
      const owner = storage.tenantOf(key)
      const row = await tenantDb(prisma, ctx.tenantId).attach.findFirst({
        where: { name: key, isDeleted: 0 },
        select: { originalName: true },
      })
      // Keys of uploads made before objects were keyed per tenant belong to the attachment row's
      // tenant, or to the default tenant when there is none.
      const allowed =
        owner !== null
          ? owner === ctx.tenantId.toLowerCase()
          : row !== null || ctx.tenantId === DEFAULT_TENANT_ID
      if (!allowed) {
        return null
      }
      // A key of a store that is gone reads as missing; a store that cannot answer is an error.
      const found = await storage.get(key).catch((err: unknown) => {
        if (err instanceof UnknownStoreError) {
          ctx.log.warn({ err, key }, 'could not open a stored object')
          return null
        }
        throw err
      })
      return found ? { ...found, fileName: row?.originalName || key.slice(key.lastIndexOf('/') + 1) } : null
    },

    /**
     * Removes stored files (attachment rows, their objects) and gives their bytes back to the tenant's
     * quota; the rows go in one transaction, the objects after it commits.
     */
    async removeAttachments(ctx: TCtx, pick: (tx: TTenantTx) => Promise<bigint[]>) {
      const db = tenantDb(prisma, ctx.tenantId)
      const names = await db.$transaction(async (tx) => {
        const attachIds = await pick(tx)
        const rows = await tx.attach.findMany({
          where: { id: { in: attachIds }, isDeleted: 0 },
          select: { id: true, name: true, attachSize: true },
        })
        if (rows.length === 0) {
          return []
        }
        await tx.attach.updateMany({
          where: { id: { in: rows.map((r) => r.id) } },
          data: { ...withAudit(ctx).deleted },
        })
        const bytes = rows.reduce((sum, r) => sum + (r.attachSize ?? 0n), 0n)
        await tx.storageUsage.updateMany({
          where: { usedBytes: { gte: bytes } },
          data: { usedBytes: { decrement: bytes }, ...withAudit().updated },
        })
        return rows.map((r) => r.name)
      })
      for (const name of names) {
        await storage.remove(name).catch((err: unknown) => {
          ctx.log.error({ err, name }, 'could not remove the object of a removed attachment')
        })
      }
      return names.length
    },
  }
}
export type TOssService = ReturnType<typeof createOssService>
