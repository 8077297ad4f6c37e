import { randomUUID } from 'node:crypto'
import { nextId } from '@ysjs/db'
import { extensionOf, formatDate, UPLOAD, UPLOAD_EXTENSIONS, UploadMsg } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { ok, zEnvelope } from '../../lib/envelope.ts'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { contentTypeOf } from '../../plugins/storage/local-storage.ts'
import type { TStorage } from '../../plugins/storage/storage.ts'

const PREFIX = '/api/ysjs-resource/oss/endpoint'
/** Stored files are read through this path; the object key follows it. */
export const FILE_PATH = '/api/ysjs-resource/oss/file/'

const ZUploaded = z.object({
  link: z.string(),
  domain: z.string(),
  name: z.string(),
  originalName: z.string(),
  attachId: z.string().nullable(),
})

export const ossEndpointRoutes = (app: FastifyInstance, storage: TStorage) => {
  const r = app.withTypeProvider<ZodTypeProvider>()

  /** Stores the request's `file` part; `withAttach` also records a blade_attach row. */
  const upload = async (request: Parameters<typeof ctxOf>[0], withAttach: boolean) => {
    const file = await request.file({ limits: { fileSize: UPLOAD.ATTACHMENT_MAX_BYTES, files: 1 } })
    if (file?.fieldname !== 'file') {
      file?.file.resume()
      throw AppError.badRequest(UploadMsg.NO_FILE)
    }
    const ext = extensionOf(file.filename)
    if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) {
      file.file.resume()
      throw AppError.badRequest(UploadMsg.BAD_TYPE)
    }
    const name = `upload/${formatDate(new Date()).replaceAll('-', '')}/${randomUUID()}.${ext}`
    const stored = await storage.put(name, file.file, contentTypeOf(name))
    if (file.file.truncated) {
      await storage.remove(name)
      throw new AppError(413, UploadMsg.TOO_LARGE)
    }
    const ctx = ctxOf(request)
    let attachId: bigint | null = null
    const link = `${FILE_PATH}${name}`
    if (withAttach) {
      attachId = nextId()
      await tenantDb(app.prisma, ctx.tenantId).attach.create({
        data: {
          id: attachId,
          link,
          domain: '',
          name,
          originalName: file.filename.slice(0, 500),
          extension: ext,
          attachSize: BigInt(stored.size),
          createUser: ctx.user?.userId ?? null,
          createDept: ctx.user?.deptIds[0] ?? null,
        },
      })
    }
    return ok({ link, domain: '', name, originalName: file.filename, attachId })
  }

  r.post(`${PREFIX}/put-file`, {
    config: { access: 'authenticated' },
    schema: {
      tags: ['oss'],
      summary: '上传文件 (multipart, 字段 file)',
      response: { 200: zEnvelope(ZUploaded) },
    },
    handler: (request) => upload(request, false),
  })
  r.post(`${PREFIX}/put-file-attach`, {
    config: { access: 'authenticated' },
    schema: { tags: ['oss'], summary: '上传文件并登记附件', response: { 200: zEnvelope(ZUploaded) } },
    handler: (request) => upload(request, true),
  })

  // Keys are random UUIDs, so reading a file needs its link, like a signed URL without expiry; images
  // in <img> tags and rich text cannot send the token header.
  r.get('/api/ysjs-resource/oss/file/*', {
    config: { access: 'public' },
    schema: { tags: ['oss'], summary: '读取已上传的文件', hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*']
      const found = await storage.get(key).catch(() => null)
      if (!found) {
        return reply.code(404).send({ code: 404, success: false, data: null, msg: '文件不存在' })
      }
      return reply
        .type(found.object.contentType)
        .header('content-length', found.object.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(found.body)
    },
  })
}
