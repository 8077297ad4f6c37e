import { UPLOAD } from '@ysjs/shared'

/** jpg/png at most 500kb; returns the i18n key of the refusal, or null when the file may go up. */
export const checkAvatar = (file: Pick<File, 'type' | 'size' | 'name'>): string | null => {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? ''
  const types: readonly string[] = UPLOAD.AVATAR_TYPES
  const extensions: readonly string[] = UPLOAD.AVATAR_EXTENSIONS
  if (!types.includes(file.type) || !extensions.includes(ext)) {
    return 'user.avatarType'
  }
  if (file.size > UPLOAD.AVATAR_MAX_BYTES) {
    return 'user.avatarSize'
  }
  return null
}
