import { http } from '@/lib/http'

/** What `oss/endpoint/put-file` answers. */
export type TUploadedFile = {
  link: string
  domain: string
  name: string
  originalName: string
  attachId: string
}

export const PUT_FILE_URL = '/api/ysjs-resource/oss/endpoint/put-file'

export const uploadFile = (file: File): Promise<TUploadedFile> => {
  const body = new FormData()
  body.append('file', file)
  return http.post<TUploadedFile>(PUT_FILE_URL, body)
}
