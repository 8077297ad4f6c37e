import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setWebConfig } from '@/lib/config/webConfig'
import type { TSessionUser } from '@/lib/session/session'
import { setStore } from '@/lib/session/storage'
import { clearCaches } from './clearCache'

const user = (roleName: string) => ({ user_id: '1', account: 'u', role_name: roleName }) as TSessionUser

const stubServer = (status = 200) => {
  const fetch = vi.fn(
    async (_url: string) => new Response(JSON.stringify({ success: 'true', msg: 'success' }), { status }),
  )
  vi.stubGlobal('fetch', fetch)
  return fetch
}

const clearCacheCalls = (fetch: ReturnType<typeof stubServer>) =>
  fetch.mock.calls.filter(([url]) => String(url).includes('/oauth/clear-cache')).length

describe('clear cache', () => {
  let queryClient: QueryClient

  beforeEach(() => {
    setWebConfig({ clientId: 'saber', clientSecret: 'saber_secret' })
    queryClient = new QueryClient()
    queryClient.setQueryData(['dict', 'sex'], [{ key: '1', value: '男' }])
    for (const key of ['token', 'refresh-token', 'user-info', 'menu', 'buttons', 'tags', 'language']) {
      setStore(key, 'kept')
    }
    setStore('dict-cache', 'dropped')
    setStore('draft', 'dropped', 'session')
    window.localStorage.setItem('other-app', 'not ours')
  })

  afterEach(() => vi.unstubAllGlobals())

  const expectBrowserCleared = () => {
    expect(queryClient.getQueryData(['dict', 'sex'])).toBeUndefined()
    expect(window.localStorage.getItem('ysjs-dict-cache')).toBeNull()
    expect(window.sessionStorage.getItem('ysjs-draft')).toBeNull()
    expect(window.localStorage.getItem('other-app')).toBe('not ours')
    for (const key of ['token', 'refresh-token', 'user-info', 'menu', 'buttons', 'tags', 'language']) {
      expect(window.localStorage.getItem(`ysjs-${key}`), key).not.toBeNull()
    }
  }

  it('clears the server’s caches and the browser’s for an administrator', async () => {
    const fetch = stubServer()
    await expect(clearCaches(queryClient, user('hr,administrator'))).resolves.toBe(true)
    expect(clearCacheCalls(fetch)).toBe(1)
    expectBrowserCleared()
  })

  it('clears only the browser’s caches for anyone else, without asking the server', async () => {
    const fetch = stubServer(403)
    await expect(clearCaches(queryClient, user('hr'))).resolves.toBe(true)
    expect(clearCacheCalls(fetch)).toBe(0)
    expectBrowserCleared()
  })

  it('still clears the browser’s caches when the server’s part fails, and says so', async () => {
    stubServer(500)
    await expect(clearCaches(queryClient, user('administrator'))).resolves.toBe(false)
    expectBrowserCleared()
  })
})
