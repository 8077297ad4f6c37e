import { act, render, screen } from '@testing-library/react'
import { createElement, Suspense } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { lazyScreen, loadWithRetry } from './lazy'

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

const Page = () => createElement('p', null, 'the page')

describe('lazy screens', () => {
  const inSuspense = (Screen: ReturnType<typeof lazyScreen>) =>
    render(createElement(Suspense, { fallback: createElement('p', null, 'loading') }, createElement(Screen)))

  it('renders a preloaded screen at once, without the fallback', async () => {
    const load = vi.fn(async () => ({ Page }))
    const Screen = lazyScreen(load, 'Page')
    await Screen.preload()
    inSuspense(Screen)
    expect(screen.getByText('the page')).toBeTruthy()
    expect(screen.queryByText('loading')).toBeNull()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('shows the fallback while the code loads, and loads it once', async () => {
    const load = vi.fn(async () => ({ Page }))
    const Screen = lazyScreen(load, 'Page')
    inSuspense(Screen)
    expect(screen.getByText('loading')).toBeTruthy()
    await act(() => Screen.preload())
    expect(await screen.findByText('the page')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(1)
  })
})
