import { CHUNK_LOAD_TIMEOUT_MS } from '@ysjs/shared'
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

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
export type TLazyScreen = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> }

/**
 * React.lazy over a named export, with the retry above: every screen is its own chunk. `preload`
 * starts the same load early (e.g. the layout while the login request is in flight).
 */
export const lazyScreen = <M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): TLazyScreen => {
  let loading: Promise<{ default: ComponentType }> | undefined
  const start = () => {
    if (!loading) {
      loading = loadWithRetry(load).then((mod) => ({ default: mod[name] as ComponentType }))
      // A failed preload does not stick: the next preload or first render tries again.
      loading.catch(() => {
        loading = undefined
      })
    }
    return loading
  }
  return Object.assign(lazy(start), { preload: start })
}
