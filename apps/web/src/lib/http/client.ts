import { REQUEST_TIMEOUT_MS, ResultCode, TOKEN_HEADER } from '@ysjs/shared'
import { describeFailure, HttpError, isUnauthorized, responseCode } from './errors'

export type TQueryValue = string | number | boolean | null | undefined
export type TQuery = Record<string, TQueryValue>

export type THttpRequest = {
  url: string
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  params?: TQuery
  /** A JSON value, or FormData for multipart uploads. */
  body?: unknown
  headers?: Record<string, string>
  /** The answer is not an envelope (token, captcha, logout): return it as it came. */
  raw?: boolean
  /** The caller shows failures itself: no toast. */
  silent?: boolean
  /** Send Blade-Auth (default true). */
  auth?: boolean
  /** Refresh the token once and retry when the answer is 401 (default true). */
  refreshOn401?: boolean
  /** `blob`: a file answer is returned as a Blob with its name (an envelope still means failure). */
  responseType?: 'json' | 'blob'
  /** A file answer's progress while its body arrives (bytes so far, Content-Length when sent). */
  onProgress?: (progress: TFileProgress) => void
  signal?: AbortSignal
}

/** How much of a file answer has arrived; `headers` carry its name and, for exports, its row count. */
export type TFileProgress = { received: number; total: number | null; headers: Headers }

/** A file the API answered: its bytes and the name from Content-Disposition (null when none). */
export type TFileAnswer = { blob: Blob; fileName: string | null; headers: Headers }

export type TNotifyKind = 'error' | 'warning' | 'success' | 'info'

export type THttpDeps = {
  fetch?: typeof fetch
  timeoutMs?: number
  getAccessToken: () => string | null
  /** `Basic base64(clientId:clientSecret)`, or null before the web config is known. */
  getBasicAuth: () => string | null
  /** Refreshes the session's token; resolves false when it cannot. Callers share one refresh. */
  refresh: () => Promise<boolean>
  /** Second 401 or failed refresh: the session is over. */
  onExpired: () => void
  notify: (kind: TNotifyKind, message: string) => void
  messages: { systemError: () => string; tokenExpired: () => string }
}

export type THttpClient = {
  request: <T>(req: THttpRequest) => Promise<T>
  get: <T>(url: string, params?: TQuery, options?: Partial<THttpRequest>) => Promise<T>
  post: <T>(url: string, body?: unknown, options?: Partial<THttpRequest>) => Promise<T>
}

export const buildUrl = (url: string, params?: TQuery): string => {
  const search = new URLSearchParams()
  Object.entries(params ?? {}).forEach(([k, v]) => {
    if (v !== undefined && v !== null && v !== '') {
      search.append(k, String(v))
    }
  })
  const qs = search.toString()
  if (!qs) {
    return url
  }
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`
}

/** The file name of a Content-Disposition header: RFC 5987 `filename*=UTF-8''…` first, else `filename="…"`. */
export const dispositionFileName = (header: string | null): string | null => {
  if (!header) {
    return null
  }
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim())
    } catch {
      return extended[1].trim()
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header)
  return plain?.[1]?.trim() || null
}

const isJson = (res: Response) => (res.headers.get('content-type') ?? '').includes('json')

/**
 * A file's body read chunk by chunk, reporting each one (and keeping the request's timeout from
 * firing while bytes still arrive: a long export streams for longer than one request may wait).
 */
const readBlob = async (res: Response, onProgress: THttpRequest['onProgress'], alive: () => void) => {
  if (!onProgress || !res.body) {
    return res.blob()
  }
  const length = Number(res.headers.get('content-length'))
  const total = Number.isFinite(length) && length > 0 ? length : null
  const parts: Uint8Array[] = []
  let received = 0
  onProgress({ received, total, headers: res.headers })
  const reader = res.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) {
      break
    }
    alive()
    parts.push(value)
    received += value.byteLength
    onProgress({ received, total, headers: res.headers })
  }
  return new Blob(parts as BlobPart[], { type: res.headers.get('content-type') ?? '' })
}

const parseBody = async (
  res: Response,
  type: THttpRequest['responseType'],
  onProgress?: THttpRequest['onProgress'],
  alive: () => void = () => undefined,
): Promise<unknown> => {
  if (type === 'blob' && res.ok && !isJson(res)) {
    const file: TFileAnswer = {
      blob: await readBlob(res, onProgress, alive),
      fileName: dispositionFileName(res.headers.get('content-disposition')),
      headers: res.headers,
    }
    return file
  }
  const text = await res.text()
  if (!text) {
    return undefined
  }
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export const createHttpClient = (deps: THttpDeps): THttpClient => {
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS
  const shownOnce = new Set<string>()
  let expiredToken: string | null | undefined

  /** Ends the session once per token: concurrent calls that failed with the same token expire it once. */
  const expire = (sentToken: string | null) => {
    if (expiredToken !== undefined && expiredToken === sentToken) {
      return
    }
    expiredToken = sentToken
    deps.notify('error', deps.messages.tokenExpired())
    deps.onExpired()
  }

  const fail = (req: THttpRequest, status: number, body: unknown): never => {
    const failure = describeFailure(status, body, deps.messages.systemError())
    if (!req.silent) {
      const onceKey = `${failure.code}:${failure.message}`
      if (!failure.once || !shownOnce.has(onceKey)) {
        deps.notify('error', failure.message)
      }
      if (failure.once) {
        shownOnce.add(onceKey)
      }
    }
    throw new HttpError(failure.message, failure.code, status, body)
  }

  const send = async (
    req: THttpRequest,
    token: string | null,
  ): Promise<{ status: number; body: unknown }> => {
    const headers: Record<string, string> = { Accept: 'application/json', ...req.headers }
    const basic = deps.getBasicAuth()
    if (basic && !headers.Authorization) {
      headers.Authorization = basic
    }
    if (req.auth !== false && token) {
      headers[TOKEN_HEADER] = `bearer ${token}`
    }
    let payload: BodyInit | undefined
    if (req.body instanceof FormData) {
      payload = req.body
    } else if (req.body !== undefined) {
      headers['Content-Type'] = 'application/json;charset=UTF-8'
      payload = JSON.stringify(req.body)
    }
    const timeout = new AbortController()
    let timer = setTimeout(() => timeout.abort(), timeoutMs)
    const alive = () => {
      clearTimeout(timer)
      timer = setTimeout(() => timeout.abort(), timeoutMs)
    }
    const signal = req.signal ? AbortSignal.any([req.signal, timeout.signal]) : timeout.signal
    try {
      const res = await doFetch(buildUrl(req.url, req.params), {
        method: req.method ?? 'GET',
        headers,
        body: payload,
        credentials: 'include',
        signal,
      })
      return { status: res.status, body: await parseBody(res, req.responseType, req.onProgress, alive) }
    } finally {
      clearTimeout(timer)
    }
  }

  const request = async <T>(req: THttpRequest, retried = false): Promise<T> => {
    let answer: { status: number; body: unknown }
    const sentToken = deps.getAccessToken()
    try {
      answer = await send(req, sentToken)
    } catch (err) {
      if (req.signal?.aborted) {
        throw err
      }
      return fail(req, 0, undefined)
    }
    const { status, body } = answer
    const code = responseCode(status, body)
    if (isUnauthorized(code) && req.refreshOn401 !== false) {
      if (!retried && (await deps.refresh())) {
        return request<T>(req, true)
      }
      expire(sentToken)
      throw new HttpError(deps.messages.tokenExpired(), code, status, body)
    }
    if (req.responseType === 'blob' && body && typeof body === 'object' && 'blob' in body) {
      return body as T
    }
    if (code !== ResultCode.SUCCESS) {
      return fail(req, status, body)
    }
    if (req.raw) {
      return body as T
    }
    return (typeof body === 'object' && body !== null && 'data' in body ? body.data : body) as T
  }

  return {
    request: (req) => request(req),
    get: (url, params, options) => request({ ...options, url, params, method: 'GET' }),
    post: (url, body, options) => request({ ...options, url, body, method: 'POST' }),
  }
}
