/**
 * A per-instance limit on work running at once (exports, imports): `take()` holds a slot, or answers
 * null when all are held (the caller refuses with 429 rather than queueing); the release it gives frees
 * the slot once, however often it is called.
 */
export const createSlots = (max: number) => {
  let running = 0
  return {
    running: () => running,
    take(): (() => void) | null {
      if (running >= max) {
        return null
      }
      running += 1
      let released = false
      return () => {
        if (!released) {
          released = true
          running -= 1
        }
      }
    },
  }
}
