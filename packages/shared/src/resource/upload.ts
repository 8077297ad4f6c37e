import { UPLOAD } from '../common/constants.ts'

/** What `oss/endpoint/put-file` answers. */
export type TUploadedFile = {
  link: string
  domain: string
  name: string
  originalName: string
  attachId: string | null
}

export const UploadMsg = {
  NO_FILE: '请选择要上传的文件',
  TOO_LARGE: `上传文件大小不能超过 ${UPLOAD.ATTACHMENT_MAX_BYTES / 1024} KB`,
  BAD_TYPE: '不支持上传该类型的文件',
} as const

/** Extensions `put-file` accepts: the attachment formats plus images for rich text and avatars. */
export const UPLOAD_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'txt',
  'zip',
] as const

export const extensionOf = (fileName: string): string => {
  const i = fileName.lastIndexOf('.')
  return i >= 0 ? fileName.slice(i + 1).toLowerCase() : ''
}

/** The avatar rule of the spec: jpg/png, at most 500kb. */
export const isValidAvatar = (fileName: string, size: number): boolean =>
  (UPLOAD.AVATAR_EXTENSIONS as readonly string[]).includes(extensionOf(fileName)) &&
  size <= UPLOAD.AVATAR_MAX_BYTES
