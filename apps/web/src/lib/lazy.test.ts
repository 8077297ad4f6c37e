import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadWithRetry } from './lazy'

describe('chunk loading', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('retries a failed chunk until it loads', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue('ok')
    const result = loadWithRetry(load, 120_000)
    await vi.runAllTimersAsync()
    await expect(result).resolves.toBe('ok')
    expect(load).toHaveBeenCalledTimes(3)
  })

  it('gives up after the timeout (120 s)', async () => {
    const load = vi.fn().mockRejectedValue(new Error('offline'))
    const result = loadWithRetry(load, 120_000)
    const settled = result.catch((e: Error) => e.message)
    await vi.advanceTimersByTimeAsync(119_000)
    expect(load.mock.calls.length).toBeGreaterThan(5)
    await vi.advanceTimersByTimeAsync(10_000)
    await expect(settled).resolves.toBe('offline')
  })
})
