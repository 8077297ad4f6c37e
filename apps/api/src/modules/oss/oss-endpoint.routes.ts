import { type TUploadPurpose, UPLOAD_PURPOSES, UploadMsg, ZWireIdSchema } from '@ysjs/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { ok, zEnvelope } from '../../lib/envelope.ts'
import { AppError } from '../../lib/errors.ts'
import { readUpload } from './multipart.ts'
import { FILE_PATH, type TOssService } from './oss.service.ts'

const PREFIX = '/api/ysjs-resource/oss/endpoint'

const ZPurposeQuery = z.object({ purpose: z.enum(UPLOAD_PURPOSES).optional() })

const ZUploaded = z.object({
  link: z.string(),
  domain: z.string(),
  name: z.string(),
  originalName: z.string(),
  attachId: ZWireIdSchema.nullable(),
})

export const ossEndpointRoutes = (app: FastifyInstance, oss: TOssService) => {
  const r = app.withTypeProvider<ZodTypeProvider>()

  const upload = async (request: FastifyRequest, withAttach: boolean, purpose: TUploadPurpose) => {
    const file = await readUpload(request)
    if (file?.fieldName !== 'file') {
      file?.body.resume()
      throw AppError.badRequest(UploadMsg.NO_FILE)
    }
    return ok(await oss.store(ctxOf(request), file, withAttach, purpose))
  }

  r.post(`${PREFIX}/put-file`, {
    config: { access: 'authenticated' },
    schema: {
      tags: ['oss'],
      summary: '上传文件 (multipart, 字段 file; purpose: attach 附件, image 富文本图片, avatar 头像)',
      querystring: ZPurposeQuery,
      response: { 200: zEnvelope(ZUploaded) },
    },
    handler: (request) => upload(request, false, request.query.purpose ?? 'any'),
  })
  r.post(`${PREFIX}/put-file-attach`, {
    config: { access: 'authenticated' },
    schema: { tags: ['oss'], summary: '上传文件并登记附件', response: { 200: zEnvelope(ZUploaded) } },
    handler: (request) => upload(request, true, 'attach'),
  })

  // Links are read by <img> tags, rich text and downloads, which cannot send a header: the token may
  // come as `?blade-auth=` (the access plugin reads both). Another tenant's key answers like a missing one.
  r.get(`${FILE_PATH}*`, {
    config: { access: 'authenticated' },
    schema: { tags: ['oss'], summary: '读取已上传的文件', hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*']
      const found = await oss.read(ctxOf(request), key)
      if (!found) {
        return reply.code(404).send({ code: 404, success: false, data: null, msg: '文件不存在' })
      }
      const type = found.object.contentType
      const inline = isInline(type)
      reply
        .type(type)
        .header('content-length', found.object.size)
        .header('content-disposition', contentDisposition(found.fileName, inline))
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
      if (!inline) {
        // Should a browser render it anyway, it gets no script and no origin. (Not on PDFs: Chrome
        // refuses to show a PDF in a sandboxed document.)
        reply.header('content-security-policy', "default-src 'none'; sandbox")
      }
      return reply.send(found.body)
    },
  })
}

const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'])

/** Images and PDFs are shown in the browser; anything else (SVG and HTML included) is a download. */
export const isInline = (contentType: string): boolean =>
  INLINE_TYPES.has(contentType.split(';')[0]?.trim().toLowerCase() ?? '')

/** RFC 6266: an ASCII fallback name and the UTF-8 name (RFC 5987). */
export const contentDisposition = (fileName: string, inline: boolean): string => {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`
}
