import { useRef, useSyncExternalStore } from 'react'

/** A minimal observable value: enough for session state without a state library. */
export type TStore<T> = {
  get: () => T
  set: (next: T | ((prev: T) => T)) => void
  subscribe: (listener: () => void) => () => void
}

export const createStore = <T>(initial: T): TStore<T> => {
  let state = initial
  const listeners = new Set<() => void>()
  return {
    get: () => state,
    set: (next) => {
      const value = typeof next === 'function' ? (next as (prev: T) => T)(state) : next
      if (Object.is(value, state)) {
        return
      }
      state = value
      for (const listener of listeners) {
        listener()
      }
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/**
 * Subscribes to a store through a selector (the whole value without one). The component re-renders only
 * when the selected value changes by `isEqual` (default `Object.is`); an equal value keeps the previous
 * one's identity.
 */
export function useStore<T>(store: TStore<T>): T
export function useStore<T, S>(
  store: TStore<T>,
  selector: (state: T) => S,
  isEqual?: (a: S, b: S) => boolean,
): S
export function useStore<T>(
  store: TStore<T>,
  selector: (state: T) => unknown = (s) => s,
  isEqual: (a: unknown, b: unknown) => boolean = Object.is,
): unknown {
  const last = useRef<{ value: unknown } | null>(null)
  const snapshot = () => {
    const value = selector(store.get())
    const previous = last.current
    if (previous && isEqual(previous.value, value)) {
      return previous.value
    }
    last.current = { value }
    return value
  }
  return useSyncExternalStore(store.subscribe, snapshot, snapshot)
}
