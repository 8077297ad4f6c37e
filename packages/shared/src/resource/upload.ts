import { z } from 'zod'
import { UPLOAD } from '../common/constants.ts'

/** What `oss/endpoint/put-file` answers. */
export type TUploadedFile = {
  link: string
  domain: string
  name: string
  originalName: string
  attachId: string | null
}

/** Longest original file name kept (common file systems stop at 255). */
export const UPLOAD_NAME_MAX_LENGTH = 255

export const UploadMsg = {
  NO_FILE: '请选择要上传的文件',
  TOO_LARGE: `上传文件大小不能超过 ${UPLOAD.ATTACHMENT_MAX_BYTES / 1024} KB`,
  BAD_TYPE: '不支持上传该类型的文件',
  BAD_CONTENT: '文件内容与扩展名不符',
  AVATAR: '上传头像图片只能是 JPG/PNG 格式,且大小不能超过 500KB!',
  BAD_NAME: '文件名包含非法字符',
  NAME_TOO_LONG: `文件名不能超过 ${UPLOAD_NAME_MAX_LENGTH} 个字符`,
  BROKEN: '上传内容不完整或格式错误,请重新上传',
  TOO_FREQUENT: '上传过于频繁,请稍后再试',
  DAILY_LIMIT: '今日上传量已达上限',
  QUOTA_FULL: '存储空间已满,请联系管理员',
} as const

/**
 * Control characters (NUL, C0, DEL, C1) cannot be stored by PostgreSQL or shown safely; the invisible
 * and bidirectional format characters can make `gpj.exe` read as `exe.jpg` in a file list.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/

/** The original name of an uploaded file, as the multipart part carries it. */
export const ZUploadFileNameSchema = z
  .string()
  .max(UPLOAD_NAME_MAX_LENGTH, UploadMsg.NAME_TOO_LONG)
  .refine((name) => !UNSAFE_NAME_CHARS.test(name), UploadMsg.BAD_NAME)

/** Images the rich-text editor uploads (section 9). */
export const RICH_TEXT_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const

/**
 * What an upload is for, chosen with `?purpose=` on `put-file` (`put-file-attach` is always `attach`):
 * each has its extensions (checked again against the content) and its size limit.
 */
export const UPLOAD_PURPOSES = ['any', 'attach', 'image', 'avatar'] as const
export type TUploadPurpose = (typeof UPLOAD_PURPOSES)[number]

export const UPLOAD_RULES: Record<TUploadPurpose, { extensions: readonly string[]; maxBytes: number }> = {
  attach: { extensions: UPLOAD.ATTACHMENT_EXTENSIONS, maxBytes: UPLOAD.ATTACHMENT_MAX_BYTES },
  image: { extensions: RICH_TEXT_IMAGE_EXTENSIONS, maxBytes: UPLOAD.ATTACHMENT_MAX_BYTES },
  avatar: { extensions: UPLOAD.AVATAR_EXTENSIONS, maxBytes: UPLOAD.AVATAR_MAX_BYTES },
  // No purpose given: an attachment or a rich-text image.
  any: {
    extensions: [...new Set([...UPLOAD.ATTACHMENT_EXTENSIONS, ...RICH_TEXT_IMAGE_EXTENSIONS])],
    maxBytes: UPLOAD.ATTACHMENT_MAX_BYTES,
  },
}

/** Extensions `put-file` accepts at all. */
export const UPLOAD_EXTENSIONS = UPLOAD_RULES.any.extensions

export const extensionOf = (fileName: string): string => {
  const i = fileName.lastIndexOf('.')
  return i >= 0 ? fileName.slice(i + 1).toLowerCase() : ''
}

/** The avatar rule of the spec: jpg/png, at most 500kb. */
export const isValidAvatar = (fileName: string, size: number): boolean =>
  (UPLOAD.AVATAR_EXTENSIONS as readonly string[]).includes(extensionOf(fileName)) &&
  size <= UPLOAD.AVATAR_MAX_BYTES

/** Where the platform serves its stored files: `/api/ysjs-resource/oss/file/<key>` (decision 011a). */
export const STORED_FILE_PATH = '/api/ysjs-resource/oss/file/'
const STORED_FILE = /^\/api\/ysjs-resource\/oss\/file\/(upload(?:\/[a-z0-9-]+)+\.[a-z0-9]{1,8})$/

/** The storage key of a link to one of the platform's stored files, or null for any other link. */
export const storedFileKey = (link: string): string | null => STORED_FILE.exec(link)?.[1] ?? null
