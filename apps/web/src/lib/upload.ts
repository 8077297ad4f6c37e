import type { TUploadedFile, TUploadPurpose } from '@ysjs/shared'
import { http } from '@/lib/http'

export type { TUploadedFile } from '@ysjs/shared'

export const PUT_FILE_URL = '/api/ysjs-resource/oss/endpoint/put-file'

export const PUT_FILE_ATTACH_URL = '/api/ysjs-resource/oss/endpoint/put-file-attach'

/** Uploads one file; the server checks it against the rules of its purpose (avatar, rich-text image…). */
export const uploadFile = (file: File, purpose?: TUploadPurpose): Promise<TUploadedFile> => {
  const body = new FormData()
  body.append('file', file)
  return http.post<TUploadedFile>(PUT_FILE_URL, body, purpose ? { params: { purpose } } : undefined)
}

/** Uploads an attachment and records its stored-file row (`attachId`). */
export const uploadAttachment = (file: File): Promise<TUploadedFile> => {
  const body = new FormData()
  body.append('file', file)
  return http.post<TUploadedFile>(PUT_FILE_ATTACH_URL, body)
}
