import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'

type TLog = { warn(obj: object, msg: string): void }

/**
 * In-process caches register here so `oauth/clear-cache` (and writes that affect them) can drop them
 * all. With several API instances, `clearAll()` also tells the others over Redis pub/sub (channel
 * `<REDIS_PREFIX>cache:clear`), so a grant or menu change reaches every instance within a message's
 * time instead of each cache's few seconds (decision 007). A lost message (Redis down) costs at most
 * that lifetime: every cache still expires by itself.
 */
export const createCacheRegistry = () => {
  const clearers = new Set<() => void>()
  const self = randomUUID()
  let publish: ((from: string) => Promise<unknown>) | null = null
  const clearHere = () => {
    for (const clear of clearers) {
      clear()
    }
  }
  return {
    register(clear: () => void): void {
      clearers.add(clear)
    },
    clearAll(): void {
      clearHere()
      publish?.(self).catch(() => {})
    },
    /**
     * Listens for the other instances' `clearAll()` and announces this one's. Answers a function that
     * stops listening.
     */
    broadcast(redis: Redis, channel: string, log: TLog): () => void {
      // Its own connection (a subscribed one takes no other command); the subscription waits for a
      // Redis that is down at boot instead of failing, and is renewed after a reconnection.
      const subscriber = redis.duplicate({
        keyPrefix: '',
        enableOfflineQueue: true,
        maxRetriesPerRequest: null,
        // Waits as long as it takes: the API's one-second command limit is for requests.
        commandTimeout: undefined,
      })
      subscriber.on('error', () => {})
      subscriber.on('message', (got, from: string) => {
        if (got === channel && from !== self) {
          clearHere()
        }
      })
      const subscribe = () =>
        subscriber.subscribe(channel).catch((err: unknown) => {
          log.warn({ err }, 'cache invalidation channel not subscribed yet; caches expire by themselves')
        })
      // Again on every (re)connection: subscribing twice is harmless, missing it is not.
      subscriber.on('ready', () => void subscribe())
      publish = (from) => redis.publish(channel, from)
      return () => {
        publish = null
        subscriber.disconnect()
      }
    },
  }
}
export type TCacheRegistry = ReturnType<typeof createCacheRegistry>
