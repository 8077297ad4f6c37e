import type { Multipart, MultipartFile } from '@fastify/multipart'
import { UPLOAD, UploadMsg } from '@ysjs/shared'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import type { TIncomingFile } from './oss.service.ts'

// Limits on the extra parts are not faults of the file already read: the platform took the first file.
const IGNORED_AFTER_FILE = new Set(['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT'])

/**
 * An error met while parsing a multipart body, as the client should see it. Busboy's own errors
 * ("Unexpected end of form", "Malformed part header", …) carry no code and would otherwise be 500s.
 */
export const multipartFailure = (err: unknown): unknown => {
  if (err instanceof AppError) {
    return err
  }
  switch ((err as { code?: unknown } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, UploadMsg.TOO_LARGE)
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      // Not multipart at all: the error handler answers 415 for it.
      return err
    default:
      return AppError.badRequest(UploadMsg.BROKEN)
  }
}

const nextFile = async (parts: AsyncIterator<Multipart>): Promise<MultipartFile | null> => {
  for (;;) {
    const { value, done } = await parts.next()
    if (done) {
      return null
    }
    if (value.type === 'file') {
      return value
    }
  }
}

/**
 * The first file part of a multipart body (null when there is none). Its `complete()` reads the rest
 * of the body and rejects when it turns out broken (no closing boundary, truncated part): only then
 * is the file known to be whole.
 */
export const readUpload = async (
  request: FastifyRequest,
): Promise<(TIncomingFile & { fieldName: string }) | null> => {
  const parts = request.parts({ limits: { fileSize: UPLOAD.ATTACHMENT_MAX_BYTES, files: 1 } })
  const file = await nextFile(parts).catch((err: unknown) => {
    throw multipartFailure(err)
  })
  if (!file) {
    return null
  }
  let rest: Promise<void> | undefined
  const complete = () =>
    (rest ??= (async () => {
      try {
        for (let more = await nextFile(parts); more; more = await nextFile(parts)) {
          more.file.resume()
        }
      } catch (err) {
        if (!IGNORED_AFTER_FILE.has((err as { code?: string }).code ?? '')) {
          throw multipartFailure(err)
        }
      }
    })())
  return { fieldName: file.fieldname, fileName: file.filename, body: file.file, complete }
}
