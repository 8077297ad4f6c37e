/** In-process caches register here so `oauth/clear-cache` (and writes that affect them) can drop them all. */
export const createCacheRegistry = () => {
  const clearers = new Set<() => void>()
  return {
    register(clear: () => void): void {
      clearers.add(clear)
    },
    clearAll(): void {
      for (const clear of clearers) {
        clear()
      }
    },
  }
}
export type TCacheRegistry = ReturnType<typeof createCacheRegistry>
