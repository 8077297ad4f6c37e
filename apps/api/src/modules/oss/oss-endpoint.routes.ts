import { UploadMsg, ZWireIdSchema } from '@ysjs/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { ok, zEnvelope } from '../../lib/envelope.ts'
import { AppError } from '../../lib/errors.ts'
import { readUpload } from './multipart.ts'
import { FILE_PATH, type TOssService } from './oss.service.ts'

const PREFIX = '/api/ysjs-resource/oss/endpoint'

const ZUploaded = z.object({
  link: z.string(),
  domain: z.string(),
  name: z.string(),
  originalName: z.string(),
  attachId: ZWireIdSchema.nullable(),
})

export const ossEndpointRoutes = (app: FastifyInstance, oss: TOssService) => {
  const r = app.withTypeProvider<ZodTypeProvider>()

  const upload = async (request: FastifyRequest, withAttach: boolean) => {
    const file = await readUpload(request)
    if (file?.fieldName !== 'file') {
      file?.body.resume()
      throw AppError.badRequest(UploadMsg.NO_FILE)
    }
    return ok(await oss.store(ctxOf(request), file, withAttach))
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
  r.get(`${FILE_PATH}*`, {
    config: { access: 'public' },
    schema: { tags: ['oss'], summary: '读取已上传的文件', hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*']
      const found = await oss.read(key)
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
