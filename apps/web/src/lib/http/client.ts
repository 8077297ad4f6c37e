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
  signal?: AbortSignal
}

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

const parseBody = async (res: Response): Promise<unknown> => {
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
    const timer = setTimeout(() => timeout.abort(), timeoutMs)
    const signal = req.signal ? AbortSignal.any([req.signal, timeout.signal]) : timeout.signal
    try {
      const res = await doFetch(buildUrl(req.url, req.params), {
        method: req.method ?? 'GET',
        headers,
        body: payload,
        credentials: 'include',
        signal,
      })
      return { status: res.status, body: await parseBody(res) }
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
