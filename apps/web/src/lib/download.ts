import { TOKEN_QUERY } from '@ysjs/shared'
import { buildUrl, type TQuery } from '@/lib/http/client'
import { getAccessToken } from '@/lib/session/session'

/**
 * Starts a browser download of a GET endpoint that answers a file (the lists' xlsx exports): the
 * browser streams it to disk, so a 50,000-row export never sits in the page's memory. The token goes
 * in the query (`blade-auth`), as the file links of the platform do.
 */
export const downloadFile = (url: string, params: TQuery = {}) => {
  const a = document.createElement('a')
  const token = getAccessToken()
  a.href = buildUrl(url, { ...params, [TOKEN_QUERY]: token ? `bearer ${token}` : null })
  a.download = ''
  a.rel = 'noopener'
  document.body.appendChild(a)
  a.click()
  a.remove()
}
