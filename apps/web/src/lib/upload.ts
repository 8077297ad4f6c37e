import type { TUploadedFile } from '@ysjs/shared'
import { http } from '@/lib/http'

export type { TUploadedFile } from '@ysjs/shared'

export const PUT_FILE_URL = '/api/ysjs-resource/oss/endpoint/put-file'

export const uploadFile = (file: File): Promise<TUploadedFile> => {
  const body = new FormData()
  body.append('file', file)
  return http.post<TUploadedFile>(PUT_FILE_URL, body)
}
