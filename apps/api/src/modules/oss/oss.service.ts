import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import { nextId, type PrismaClient } from '@ysjs/db'
import { extensionOf, formatDate, UPLOAD_EXTENSIONS, UploadMsg } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { contentTypeOf } from '../../plugins/storage/local-storage.ts'
import type { TStorage } from '../../plugins/storage/storage.ts'

/** Stored files are read through this path; the object key follows it. */
export const FILE_PATH = '/api/ysjs-resource/oss/file/'

/** The object key of a link to one of our stored files, or null for any other link. */
export const storedKeyOf = (link: string | undefined): string | null =>
  link?.startsWith(FILE_PATH) ? link.slice(FILE_PATH.length) : null

export type TIncomingFile = {
  fileName: string
  body: Readable & { truncated?: boolean }
}

/** Uploads: checks the type, stores under a generated key, optionally records an attachment row. */
export const createOssService = (prisma: PrismaClient, storage: TStorage) => ({
  async store(ctx: TCtx, file: TIncomingFile, withAttach: boolean) {
    const ext = extensionOf(file.fileName)
    if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) {
      file.body.resume()
      throw AppError.badRequest(UploadMsg.BAD_TYPE)
    }
    const name = `upload/${formatDate(new Date()).replaceAll('-', '')}/${randomUUID()}.${ext}`
    const stored = await storage.put(name, file.body, contentTypeOf(name))
    if (file.body.truncated) {
      await storage.remove(name)
      throw new AppError(413, UploadMsg.TOO_LARGE)
    }
    const link = `${FILE_PATH}${name}`
    let attachId: bigint | null = null
    if (withAttach) {
      attachId = nextId()
      await tenantDb(prisma, ctx.tenantId).attach.create({
        data: {
          id: attachId,
          link,
          domain: '',
          name,
          originalName: file.fileName.slice(0, 500),
          extension: ext,
          attachSize: BigInt(stored.size),
          createUser: ctx.user?.userId ?? null,
          createDept: ctx.user?.deptIds[0] ?? null,
        },
      })
    }
    return { link, domain: '', name, originalName: file.fileName, attachId }
  },

  read: (key: string) => storage.get(key).catch(() => null),
})
export type TOssService = ReturnType<typeof createOssService>
