import { UPLOAD } from '../common/constants.ts'
import { zOptionalText } from '../common/validators.ts'
import { extensionOf, storedFileKey } from '../resource/upload.ts'

/** Attachments of deals and intellectual property records (spec section 5: one file, these formats). */
export const AttachmentMsg = {
  FILE_TYPE: `附件格式只能是 ${UPLOAD.ATTACHMENT_EXTENSIONS.join('、')}`,
  /** A link that is not one of the platform's stored files of the caller's tenant. */
  FILE_MISSING: '附件不存在,请重新上传',
} as const

/** The stored link (or file name) ends in one of the attachment formats of spec section 5. */
export const isAttachmentFile = (link: string): boolean =>
  (UPLOAD.ATTACHMENT_EXTENSIONS as readonly string[]).includes(extensionOf(link.split('?')[0] ?? ''))

/** The link is one of the platform's stored files (`put-file-attach` answers such links), not any URL. */
export const isStoredFile = (link: string): boolean => storedFileKey(link) !== null

/** An optional attachment link: a stored file in one of the attachment formats. */
export const zAttachmentLink = zOptionalText(1000)
  .refine((v) => v === undefined || isAttachmentFile(v), { message: AttachmentMsg.FILE_TYPE })
  .refine((v) => v === undefined || isStoredFile(v), { message: AttachmentMsg.FILE_MISSING })
