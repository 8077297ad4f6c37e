import { CHUNK_LOAD_TIMEOUT_MS } from '@ysjs/shared'
import { type ComponentType, createElement, lazy, useState } from 'react'

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Loads a module, retrying failures with a growing pause until `timeoutMs` have passed since the
 * first attempt; then the last error goes to the error boundary.
 */
export const loadWithRetry = async <T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
  now: () => number = Date.now,
): Promise<T> => {
  const started = now()
  let delay = 500
  for (;;) {
    try {
      return await load()
    } catch (err) {
      if (now() - started + delay > timeoutMs) {
        throw err
      }
      await wait(delay)
      delay = Math.min(delay * 2, 10_000)
    }
  }
}

/** A lazily loaded screen that can also be fetched ahead of its first render. */
export type TLazyScreen = ComponentType & { preload: () => Promise<unknown> }

/**
 * React.lazy over a named export, with the retry above: every screen is its own chunk. `preload`
 * starts the same load early (e.g. the layout while the login request is in flight).
 *
 * A screen whose code is already here renders at once: React.lazy would still suspend on its first
 * render, show the fallback, and hold the content back for React's fallback throttle (300 ms). A
 * mount decides once which of the two it renders, so a screen never remounts when its code arrives.
 */
export const lazyScreen = <M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): TLazyScreen => {
  let loaded: ComponentType | undefined
  let loading: Promise<{ default: ComponentType }> | undefined
  const start = () => {
    if (!loading) {
      loading = loadWithRetry(load).then((mod) => {
        loaded = mod[name] as ComponentType
        return { default: loaded }
      })
      // A failed preload does not stick: the next preload or first render tries again.
      loading.catch(() => {
        loading = undefined
      })
    }
    return loading
  }
  const Lazy = lazy(start)
  // biome-ignore lint/correctness/noComponentHookFactories: like React.lazy, called once per screen when its routes module loads, never during a render
  const Screen = () => {
    const [Loaded] = useState(() => loaded)
    return createElement(Loaded ?? Lazy)
  }
  return Object.assign(Screen, { preload: start })
}
