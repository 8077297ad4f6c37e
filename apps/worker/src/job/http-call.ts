import { isAllowedJobUrl, jobHostRefused } from '@ysjs/shared/job'
import { UnrecoverableError } from 'bullmq'

/** Why an HTTP job was refused before any request was made: retrying cannot help, so it is not retried. */
export class HttpNotAllowedError extends UnrecoverableError {
  constructor(message: string) {
    super(message)
    this.name = 'HttpNotAllowedError'
  }
}

const RESULT_MAX = 500

/**
 * One HTTP request of a job. Only hosts of `JOB_HTTP_ALLOWED_HOSTS` are called; redirects are not
 * followed (a redirect could leave the allow-list); a status outside 2xx fails the run.
 */
export const httpCall = async (
  req: { method: string; url: string; body?: string | null },
  allowedHosts: readonly string[],
  signal: AbortSignal,
): Promise<string> => {
  let url: URL
  try {
    url = new URL(req.url)
  } catch {
    throw new HttpNotAllowedError(`地址格式不正确: ${req.url}`)
  }
  if (!isAllowedJobUrl(url, allowedHosts)) {
    throw new HttpNotAllowedError(jobHostRefused(url.hostname))
  }
  const method = req.method.toUpperCase()
  const withBody = method !== 'GET' && method !== 'HEAD' && req.body
  let res: Response
  try {
    res = await fetch(url, {
      method,
      redirect: 'manual',
      signal,
      ...(withBody ? { body: req.body as string, headers: { 'content-type': 'application/json' } } : {}),
    })
  } catch (err) {
    if (signal.aborted) {
      throw err
    }
    // fetch says only "fetch failed"; the reason (refused, DNS, reset) is its cause's code.
    const cause = (err as { cause?: { code?: string; message?: string } }).cause
    throw new Error(`请求 ${url.host} 失败: ${cause?.code ?? cause?.message ?? String(err)}`)
  }
  const text = (await res.text()).slice(0, RESULT_MAX)
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`HTTP ${res.status}: ${text}`)
  }
  return `HTTP ${res.status}: ${text}`
}
