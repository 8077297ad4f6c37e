import type { TTokenResponse } from '@ysjs/shared'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTokenRefresher, startTokenRefreshTimer } from './tokenRefresh'

const token = { access_token: 'a2', refresh_token: 'r2' } as TTokenResponse

describe('token refresher', () => {
  it('lets concurrent callers share one refresh', async () => {
    let resolve: (v: TTokenResponse) => void = () => undefined
    const requestRefresh = vi.fn(() => new Promise<TTokenResponse>((r) => (resolve = r)))
    const onRefreshed = vi.fn()
    const refresher = createTokenRefresher({ requestRefresh, onRefreshed })
    const a = refresher.refresh()
    const b = refresher.refresh()
    expect(refresher.isRefreshing()).toBe(true)
    resolve(token)
    await expect(Promise.all([a, b])).resolves.toEqual([true, true])
    expect(requestRefresh).toHaveBeenCalledTimes(1)
    expect(onRefreshed).toHaveBeenCalledWith(token)
    expect(refresher.isRefreshing()).toBe(false)
  })

  it('answers false when the server refuses or nothing can refresh', async () => {
    const failing = createTokenRefresher({
      requestRefresh: () => Promise.reject(new Error('400')),
      onRefreshed: vi.fn(),
    })
    await expect(failing.refresh()).resolves.toBe(false)
    const empty = createTokenRefresher({ requestRefresh: async () => null, onRefreshed: vi.fn() })
    await expect(empty.refresh()).resolves.toBe(false)
  })
})

describe('token refresh timer', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('checks every 10 s and refreshes once the token reaches the token time', async () => {
    let age = 0
    const refresh = vi.fn(async () => true)
    const stop = startTokenRefreshTimer({
      intervalMs: 10_000,
      tokenTimeS: () => 3000,
      hasToken: () => true,
      tokenAgeS: () => age,
      refresher: { refresh, isRefreshing: () => false },
      onFailed: vi.fn(),
    })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(refresh).not.toHaveBeenCalled()
    age = 3000
    await vi.advanceTimersByTimeAsync(10_000)
    expect(refresh).toHaveBeenCalledTimes(1)
    stop()
    await vi.advanceTimersByTimeAsync(30_000)
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it('ends the session when the refresh fails', async () => {
    const onFailed = vi.fn()
    const stop = startTokenRefreshTimer({
      intervalMs: 10_000,
      tokenTimeS: () => 3000,
      hasToken: () => true,
      tokenAgeS: () => 4000,
      refresher: { refresh: async () => false, isRefreshing: () => false },
      onFailed,
    })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(onFailed).toHaveBeenCalledTimes(1)
    stop()
  })

  it('does nothing without a token or while a refresh runs', async () => {
    const refresh = vi.fn(async () => true)
    const stop = startTokenRefreshTimer({
      intervalMs: 10_000,
      tokenTimeS: () => 0,
      hasToken: () => false,
      tokenAgeS: () => 9999,
      refresher: { refresh, isRefreshing: () => false },
      onFailed: vi.fn(),
    })
    await vi.advanceTimersByTimeAsync(20_000)
    expect(refresh).not.toHaveBeenCalled()
    stop()
  })
})
