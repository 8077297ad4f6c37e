import { extensionOf, UPLOAD } from '@ysjs/shared'

/** The file chooser's filter for an attachment (spec section 5: pdf/doc/docx/xls/xlsx/jpg/png). */
export const ATTACHMENT_ACCEPT = UPLOAD.ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',')

/**
 * Why a file cannot be an attachment (its type, or more than 20480 KB), or null. The server checks
 * again, by content too; this only spares a useless upload.
 */
export const attachmentProblem = (file: File): 'type' | 'size' | null => {
  if (!(UPLOAD.ATTACHMENT_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
    return 'type'
  }
  return file.size > UPLOAD.ATTACHMENT_MAX_BYTES ? 'size' : null
}
