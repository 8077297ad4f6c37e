import { describe, expect, it, vi } from 'vitest'
import { createTokenRefresher } from '@/lib/session/tokenRefresh'
import { createHttpClient, dispositionFileName, type THttpDeps } from './client'
import { describeFailure, HttpError, responseCode } from './errors'

type TCall = { url: string; headers: Record<string, string> }

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })

const ok = (data: unknown) => json(200, { code: 200, success: true, data, msg: '操作成功' })
const unauthorized = () => json(401, { code: 401, msg: '令牌已失效', data: null })

const setup = (responses: Response[], overrides: Partial<THttpDeps> = {}) => {
  const calls: TCall[] = []
  let token: string | null = 'old-token'
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), headers: { ...(init?.headers as Record<string, string>) } })
    const next = responses.shift()
    if (!next) {
      throw new Error('no more responses')
    }
    return next
  })
  const deps = {
    fetch: fetchMock as unknown as typeof fetch,
    getAccessToken: () => token,
    getBasicAuth: () => 'Basic c2FiZXI6c2FiZXJfc2VjcmV0',
    refresh: vi.fn(async () => {
      token = 'new-token'
      return true
    }),
    onExpired: vi.fn(() => {
      token = null
    }),
    notify: vi.fn(),
    messages: { systemError: () => '系统错误', tokenExpired: () => '用户令牌过期，请重新登录' },
    ...overrides,
  } satisfies THttpDeps
  return { client: createHttpClient(deps), deps, calls, fetchMock }
}

describe('http client', () => {
  it('sends Blade-Auth and the Basic client header and unwraps the envelope', async () => {
    const { client, calls } = setup([ok({ a: 1 })])
    await expect(client.get('/api/x', { current: 1, empty: '', none: undefined })).resolves.toEqual({ a: 1 })
    expect(calls[0]?.url).toBe('/api/x?current=1')
    expect(calls[0]?.headers['Blade-Auth']).toBe('bearer old-token')
    expect(calls[0]?.headers.Authorization).toBe('Basic c2FiZXI6c2FiZXJfc2VjcmV0')
  })

  it('refreshes once on 401 and retries with the new token', async () => {
    const { client, deps, calls } = setup([unauthorized(), ok('done')])
    await expect(client.get('/api/x')).resolves.toBe('done')
    expect(deps.refresh).toHaveBeenCalledTimes(1)
    expect(calls).toHaveLength(2)
    expect(calls[1]?.headers['Blade-Auth']).toBe('bearer new-token')
    expect(deps.onExpired).not.toHaveBeenCalled()
    expect(deps.notify).not.toHaveBeenCalled()
  })

  it('treats a 401 code in a 200 envelope like a 401 status', async () => {
    const { client, deps } = setup([
      json(200, { code: 401, success: false, data: {}, msg: '请求未授权' }),
      ok(1),
    ])
    await expect(client.get('/api/x')).resolves.toBe(1)
    expect(deps.refresh).toHaveBeenCalledTimes(1)
  })

  it('a second 401 ends the session with 用户令牌过期，请重新登录', async () => {
    const { client, deps, calls } = setup([unauthorized(), unauthorized()])
    await expect(client.get('/api/x')).rejects.toBeInstanceOf(HttpError)
    expect(calls).toHaveLength(2)
    expect(deps.refresh).toHaveBeenCalledTimes(1)
    expect(deps.notify).toHaveBeenCalledWith('error', '用户令牌过期，请重新登录')
    expect(deps.onExpired).toHaveBeenCalledTimes(1)
  })

  it('a failed refresh ends the session without retrying', async () => {
    const { client, deps, calls } = setup([unauthorized()], { refresh: vi.fn(async () => false) })
    await expect(client.get('/api/x')).rejects.toMatchObject({ code: 401 })
    expect(calls).toHaveLength(1)
    expect(deps.notify).toHaveBeenCalledWith('error', '用户令牌过期，请重新登录')
    expect(deps.onExpired).toHaveBeenCalledTimes(1)
  })

  it('concurrent 401s share one refresh (the lock) and expire only once', async () => {
    const requestRefresh = vi.fn(async () => null)
    const refresher = createTokenRefresher({ requestRefresh, onRefreshed: vi.fn() })
    const { client, deps } = setup([unauthorized(), unauthorized(), unauthorized()], {
      refresh: refresher.refresh,
    })
    await Promise.allSettled([client.get('/a'), client.get('/b'), client.get('/c')])
    expect(requestRefresh).toHaveBeenCalledTimes(1)
    expect(deps.onExpired).toHaveBeenCalledTimes(1)
  })

  it('does not refresh when the request opts out (token endpoint)', async () => {
    const { client, deps } = setup([
      json(401, { error: 'unauthorized', error_description: '客户端认证失败' }),
    ])
    await expect(client.request({ url: '/api/token', raw: true, refreshOn401: false })).rejects.toMatchObject(
      { code: 401 },
    )
    expect(deps.refresh).not.toHaveBeenCalled()
  })

  it('shows msg, else error_description, else 系统错误', async () => {
    const { client, deps } = setup([
      json(400, { code: 400, success: false, data: {}, msg: '请输入参数名称' }),
      json(400, { error: 'invalid_grant', error_description: '用户名或密码错误' }),
      json(500, undefined),
    ])
    await expect(client.get('/a')).rejects.toMatchObject({ code: 400, message: '请输入参数名称' })
    await expect(client.request({ url: '/t', method: 'POST', raw: true })).rejects.toMatchObject({
      message: '用户名或密码错误',
    })
    await expect(client.get('/c')).rejects.toMatchObject({ code: 500, message: '系统错误' })
    expect(vi.mocked(deps.notify).mock.calls.map((c) => c[1])).toEqual([
      '请输入参数名称',
      '用户名或密码错误',
      '系统错误',
    ])
  })

  it('shows a code above 2000 without error_description only once', async () => {
    const body = { code: 2001, success: false, data: {}, msg: '授权即将到期' }
    const { client, deps } = setup([json(200, body), json(200, body)])
    await expect(client.get('/a')).rejects.toMatchObject({ code: 2001 })
    await expect(client.get('/a')).rejects.toMatchObject({ code: 2001 })
    expect(deps.notify).toHaveBeenCalledTimes(1)
  })

  it('stays quiet for silent requests and returns raw bodies untouched', async () => {
    const { client, deps } = setup([
      json(400, { code: 400, msg: 'x' }),
      json(200, { key: 'k', image: 'data:' }),
    ])
    await expect(client.get('/a', undefined, { silent: true })).rejects.toBeInstanceOf(HttpError)
    expect(deps.notify).not.toHaveBeenCalled()
    await expect(client.request({ url: '/captcha', raw: true })).resolves.toEqual({
      key: 'k',
      image: 'data:',
    })
  })

  it('reports a network failure as 系统错误', async () => {
    const { client, deps } = setup([])
    await expect(client.get('/a')).rejects.toMatchObject({ status: 0 })
    expect(deps.notify).toHaveBeenCalledWith('error', '系统错误')
  })
})

describe('response code', () => {
  it('is error_code, else code, else the HTTP status', () => {
    expect(responseCode(400, { error_code: 2005, code: 400 })).toBe(2005)
    expect(responseCode(200, { code: 401 })).toBe(401)
    expect(responseCode(404, undefined)).toBe(404)
    expect(responseCode(200, { success: 'true', msg: 'success' })).toBe(200)
  })

  it('marks codes above 2000 without error_description as shown once', () => {
    expect(describeFailure(200, { code: 2001, msg: 'a' }).once).toBe(true)
    expect(describeFailure(400, { error_code: 2001, error_description: 'b' })).toMatchObject({
      once: false,
      message: 'b',
    })
  })
})

describe('file answers', () => {
  const file = (body: string, disposition: string) =>
    new Response(body, {
      status: 200,
      headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': disposition },
    })

  it('answers the bytes and the name of a file, refreshing the token on 401 first', async () => {
    const { client, deps } = setup([
      unauthorized(),
      file('PK', "attachment; filename*=UTF-8''%E6%8A%A5%E5%91%8A.docx"),
    ])
    const answer = await client.request<{ blob: Blob; fileName: string | null }>({
      url: '/api/x',
      responseType: 'blob',
    })
    expect(deps.refresh).toHaveBeenCalledTimes(1)
    expect(answer.fileName).toBe('报告.docx')
    expect(await answer.blob.text()).toBe('PK')
  })

  it('treats an envelope instead of a file as the failure it names', async () => {
    const { client, deps } = setup([json(200, { code: 400, msg: '请先生成文档', data: null })])
    await expect(client.request({ url: '/api/x', responseType: 'blob' })).rejects.toBeInstanceOf(HttpError)
    expect(deps.notify).toHaveBeenCalledWith('error', '请先生成文档')
  })

  it('reads both forms of Content-Disposition', () => {
    expect(dispositionFileName('attachment; filename="a b.xlsx"')).toBe('a b.xlsx')
    expect(dispositionFileName("attachment; filename=x.zip; filename*=UTF-8''%E4%B8%AD.zip")).toBe('中.zip')
    expect(dispositionFileName(null)).toBeNull()
  })
})
