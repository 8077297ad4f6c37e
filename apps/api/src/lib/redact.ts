/**
 * Query parameters that must never reach a log (application log or log tables): passwords, tokens
 * (`blade-auth` carries the access token on image and download links), secrets, codes.
 */
const SECRET_PARAM = /password|secret|token|code|auth/i
export const REDACTED = '******'

export const isSecretParam = (name: string): boolean => SECRET_PARAM.test(name)

/** The URL with the values of secret query parameters replaced. */
export const redactUrl = (url: string): string => {
  const q = url.indexOf('?')
  if (q < 0) {
    return url
  }
  const params = new URLSearchParams(url.slice(q + 1))
  for (const name of new Set(params.keys())) {
    if (isSecretParam(name)) {
      params.set(name, REDACTED)
    }
  }
  return `${url.slice(0, q)}?${params.toString()}`
}
