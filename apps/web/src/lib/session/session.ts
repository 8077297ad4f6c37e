import { permissionMap, type TMenu, type TTokenResponse } from '@ysjs/shared'
import { createStore, useStore } from '@/lib/store'
import { clearCookies, getStore, getStoreEntry, hasStore, removeStore, setStore } from './storage'
import { clearTabs } from './tabs'

/** The token response without the two secrets. */
export type TSessionUser = Omit<TTokenResponse, 'access_token' | 'refresh_token'>

export type TLockState = { locked: boolean; password: string }

export type TSessionState = {
  /** null: no token was ever stored (logged out); '' : a token key exists but is empty. */
  accessToken: string | null
  refreshToken: string
  tenantId: string
  /** When the access token was stored (ms since epoch): its age decides the proactive refresh. */
  tokenStoredAt: number
  user: TSessionUser | null
  menus: TMenu[]
  buttons: TMenu[]
  permissions: Record<string, true>
  lock: TLockState
}

const KEY = {
  token: 'token',
  refreshToken: 'refresh-token',
  tenantId: 'tenant-id',
  user: 'user-info',
  menus: 'menu',
  buttons: 'buttons',
  lock: 'lock',
} as const

/** The stored keys that make the session: clearing the browser's caches keeps them. */
export const SESSION_KEYS: readonly string[] = Object.values(KEY)

const UNLOCKED: TLockState = { locked: false, password: '' }

const read = (): TSessionState => {
  const token = getStoreEntry<string>(KEY.token)
  const buttons = getStore<TMenu[]>(KEY.buttons) ?? []
  return {
    accessToken: hasStore(KEY.token) ? (token?.content ?? '') : null,
    refreshToken: getStore<string>(KEY.refreshToken) ?? '',
    tenantId: getStore<string>(KEY.tenantId) ?? '',
    tokenStoredAt: token?.datetime ?? 0,
    user: getStore<TSessionUser>(KEY.user) ?? null,
    menus: getStore<TMenu[]>(KEY.menus) ?? [],
    buttons,
    permissions: permissionMap(buttons),
    lock: getStore<TLockState>(KEY.lock) ?? UNLOCKED,
  }
}

export const sessionStore = createStore<TSessionState>(read())

/** Re-reads storage, e.g. after another tab changed it or in tests. */
export const reloadSession = (): void => sessionStore.set(read())

export const useSession = <S>(selector: (s: TSessionState) => S): S => useStore(sessionStore, selector)

export const getAccessToken = (): string | null => sessionStore.get().accessToken

export const hasToken = (): boolean => sessionStore.get().accessToken !== null

/** Stores a token response (login or refresh); the token's age restarts at zero. */
export const saveToken = (res: TTokenResponse): void => {
  const { access_token, refresh_token, ...user } = res
  setStore(KEY.token, access_token)
  setStore(KEY.refreshToken, refresh_token)
  setStore(KEY.tenantId, res.tenant_id)
  setStore(KEY.user, user)
  sessionStore.set((s) => ({
    ...s,
    accessToken: access_token,
    refreshToken: refresh_token,
    tenantId: res.tenant_id,
    tokenStoredAt: getStoreEntry<string>(KEY.token)?.datetime ?? Date.now(),
    user,
  }))
}

/** The signed-in user's own changes (profile: name, real name, avatar) shown at once, without a new login. */
export const updateSessionUser = (patch: Partial<TSessionUser>): void => {
  const user = sessionStore.get().user
  if (!user) {
    return
  }
  const next = { ...user, ...patch }
  setStore(KEY.user, next)
  sessionStore.set((s) => ({ ...s, user: next }))
}

/** Login: a new session starts without the previous tabs or lock. */
export const startSession = (res: TTokenResponse): void => {
  clearTabs()
  removeStore(KEY.lock)
  sessionStore.set((s) => ({ ...s, lock: UNLOCKED }))
  saveToken(res)
}

export const setMenus = (menus: TMenu[]): void => {
  setStore(KEY.menus, menus)
  sessionStore.set((s) => ({ ...s, menus }))
}

export const setButtons = (buttons: TMenu[]): void => {
  setStore(KEY.buttons, buttons)
  sessionStore.set((s) => ({ ...s, buttons, permissions: permissionMap(buttons) }))
}

export const lockScreen = (password: string): void => {
  const lock = { locked: true, password }
  setStore(KEY.lock, lock)
  sessionStore.set((s) => ({ ...s, lock }))
}

export const unlockScreen = (): void => {
  removeStore(KEY.lock)
  sessionStore.set((s) => ({ ...s, lock: UNLOCKED }))
}

/** Logout: token, menus, roles, permissions, tabs, lock and cookies go. */
export const clearSession = (): void => {
  for (const key of Object.values(KEY)) {
    removeStore(key)
  }
  clearTabs()
  clearCookies()
  sessionStore.set({
    accessToken: null,
    refreshToken: '',
    tenantId: '',
    tokenStoredAt: 0,
    user: null,
    menus: [],
    buttons: [],
    permissions: {},
    lock: UNLOCKED,
  })
}

export const tokenAgeSeconds = (now = Date.now()): number => {
  const { tokenStoredAt } = sessionStore.get()
  return tokenStoredAt ? (now - tokenStoredAt) / 1000 : 0
}

/** Role aliases of the token (`role_name` is comma-joined). */
export const userRoles = (user: TSessionUser | null): string[] =>
  (user?.role_name ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)

/** A third-party user who has no real account yet carries an empty or negative user id. */
export const isGuestUser = (user: TSessionUser | null): boolean => {
  if (!user) {
    return false
  }
  const id = String(user.user_id ?? '').trim()
  return id === '' || id.startsWith('-')
}
