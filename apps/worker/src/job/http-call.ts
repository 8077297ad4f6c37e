import { OutboundError, outboundRequest, type TAllowEntry } from '@ysjs/server-core'
import { jobHostRefused } from '@ysjs/shared/job'
import { UnrecoverableError } from 'bullmq'

/** Why an HTTP job was refused before any request was made: retrying cannot help, so it is not retried. */
export class HttpNotAllowedError extends UnrecoverableError {
  constructor(message: string) {
    super(message)
    this.name = 'HttpNotAllowedError'
  }
}

const RESULT_MAX = 500
/** The most of an answer read: the run keeps its first RESULT_MAX characters. */
const ANSWER_MAX_BYTES = 64 * 1024
/** The longest one call may take when the job gives no shorter limit. */
const CALL_TIMEOUT_MS = 60_000

/**
 * One HTTP request of a job, through the outbound guard (`@ysjs/server-core`, decision 012): only
 * host:port pairs of `JOB_HTTP_ALLOWED_HOSTS` are called, checked again after DNS resolution; redirects
 * are not followed (a redirect could leave the allow-list); a status outside 2xx fails the run. A call
 * that cannot connect says so without what the far side said (no port probing through job results).
 */
export const httpCall = async (
  req: { method: string; url: string; body?: string | null },
  allowedHosts: readonly TAllowEntry[],
  signal: AbortSignal,
): Promise<string> => {
  let url: URL
  try {
    url = new URL(req.url)
  } catch {
    throw new HttpNotAllowedError(`地址格式不正确: ${req.url}`)
  }
  const method = req.method.toUpperCase()
  const withBody = method !== 'GET' && method !== 'HEAD' && req.body
  let res: Awaited<ReturnType<typeof outboundRequest>>
  try {
    res = await outboundRequest(
      { allow: allowedHosts },
      {
        url,
        method,
        signal,
        timeoutMs: CALL_TIMEOUT_MS,
        maxBytes: ANSWER_MAX_BYTES,
        ...(withBody ? { body: req.body as string, headers: { 'content-type': 'application/json' } } : {}),
      },
    )
  } catch (err) {
    if (signal.aborted) {
      throw err
    }
    if (err instanceof OutboundError && err.kind === 'refused') {
      throw new HttpNotAllowedError(jobHostRefused(url.host))
    }
    throw new Error(`请求 ${url.host} 失败: ${err instanceof OutboundError ? err.message : '连接失败'}`)
  }
  const text = res.body.toString('utf8').slice(0, RESULT_MAX)
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`HTTP ${res.status}: ${text}`)
  }
  return `HTTP ${res.status}: ${text}`
}
