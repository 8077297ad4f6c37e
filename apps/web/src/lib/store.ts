import { useSyncExternalStore } from 'react'

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

export const useStore = <T, S = T>(
  store: TStore<T>,
  selector: (state: T) => S = (s) => s as unknown as S,
): S =>
  useSyncExternalStore(
    store.subscribe,
    () => selector(store.get()),
    () => selector(store.get()),
  )
