import { getAccessToken } from '@/lib/session/session'

/**
 * A stored file's link as a browser opens it (<img>, downloads): links check the caller's token,
 * which those requests can only carry in the query. Other links are returned as they are.
 */
export const fileUrl = (link: string): string => {
  const token = getAccessToken()
  if (!token || !link.startsWith('/api/ysjs-resource/oss/file/')) {
    return link
  }
  return `${link}${link.includes('?') ? '&' : '?'}blade-auth=${encodeURIComponent(`bearer ${token}`)}`
}

const FILE_SRC = /(src="\/api\/ysjs-resource\/oss\/file\/[^"?]+)(\?blade-auth=[^"]*)?"/g

/** Rich text as the browser shows it: our file links carry the token. */
export const withFileTokens = (html: string): string => {
  const token = getAccessToken()
  return token
    ? html.replace(
        FILE_SRC,
        (_m, src: string) => `${src}?blade-auth=${encodeURIComponent(`bearer ${token}`)}"`,
      )
    : html
}

/** Rich text as it is saved: never a token in it. */
export const withoutFileTokens = (html: string): string =>
  html.replace(FILE_SRC, (_m, src: string) => `${src}"`)
