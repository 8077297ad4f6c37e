import { screenLevel } from '@ysjs/shared'
import { useSyncExternalStore } from 'react'

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange)
  return () => window.removeEventListener('resize', onChange)
}

/** Spec section 9: ≥1200 → 3, ≥992 → 2, ≥768 → 1, else 0. */
export const useScreenLevel = (): 0 | 1 | 2 | 3 =>
  useSyncExternalStore(
    subscribe,
    () => screenLevel(window.innerWidth),
    () => 3,
  )
