import { STORAGE_KEY_PREFIX } from '@ysjs/shared'

/** Where a value lives: `local` survives the browser being closed, `session` only the tab. */
export type TStoreType = 'local' | 'session'

/** What is written under a prefixed key: the value, its type and when it was stored (ms). */
export type TStoreEntry<T> = { dataType: string; content: T; datetime: number }

const area = (type: TStoreType): Storage => (type === 'session' ? window.sessionStorage : window.localStorage)

export const storeKey = (name: string): string => `${STORAGE_KEY_PREFIX}${name}`

export const setStore = <T>(name: string, content: T, type: TStoreType = 'local'): void => {
  const entry: TStoreEntry<T> = { dataType: typeof content, content, datetime: Date.now() }
  area(type).setItem(storeKey(name), JSON.stringify(entry))
}

export const getStoreEntry = <T>(name: string, type: TStoreType = 'local'): TStoreEntry<T> | undefined => {
  const raw = area(type).getItem(storeKey(name))
  if (raw === null) {
    return undefined
  }
  try {
    const parsed = JSON.parse(raw) as Partial<TStoreEntry<T>>
    if (typeof parsed !== 'object' || parsed === null || !('content' in parsed)) {
      return undefined
    }
    return {
      dataType: parsed.dataType ?? typeof parsed.content,
      content: parsed.content as T,
      datetime: Number(parsed.datetime) || 0,
    }
  } catch {
    return undefined
  }
}

export const getStore = <T>(name: string, type: TStoreType = 'local'): T | undefined =>
  getStoreEntry<T>(name, type)?.content

export const hasStore = (name: string, type: TStoreType = 'local'): boolean =>
  area(type).getItem(storeKey(name)) !== null

export const removeStore = (name: string, type: TStoreType = 'local'): void => {
  area(type).removeItem(storeKey(name))
}

/** Removes every prefixed key of one storage area, leaving other applications' keys alone. */
export const clearStore = (type: TStoreType = 'local', keep: string[] = []): void => {
  const storage = area(type)
  const kept = new Set(keep.map(storeKey))
  const keys: string[] = []
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i)
    if (key?.startsWith(STORAGE_KEY_PREFIX) && !kept.has(key)) {
      keys.push(key)
    }
  }
  for (const key of keys) {
    storage.removeItem(key)
  }
}

/** Expires every cookie this app may have written (prefixed names). */
export const clearCookies = (): void => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim()
    if (name?.startsWith(STORAGE_KEY_PREFIX)) {
      // biome-ignore lint/suspicious/noDocumentCookie: expiring a cookie synchronously at logout; the Cookie Store API is not in every supported browser
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
    }
  }
}
