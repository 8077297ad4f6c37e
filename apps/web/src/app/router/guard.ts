import type { TTab } from '@/lib/session/tabs'
import type { TRouteMeta } from './meta'

export const LOGIN_PATH = '/login'
export const LOCK_PATH = '/lock'
/** `?state=addressType` sends a logged-in visitor to the main site's member centre. */
export const ADDRESS_TYPE_STATE = 'addressType'

export type TGuardInput = {
  pathname: string
  search: string
  meta: TRouteMeta
  /** A token key is stored (the session exists, even if its value is empty). */
  hasToken: boolean
  /** The stored token itself. */
  token: string
  locked: boolean
  memberCenterUrl: string
}

export type TGuardDecision =
  | { kind: 'redirect'; to: string; clearSession: boolean; showMenu: boolean }
  | { kind: 'external'; url: string; showMenu: boolean }
  | { kind: 'allow'; tab: TTab | null; showMenu: boolean }

/** The menu is hidden when the route meta or a `menu` query parameter says so. */
export const menuVisible = (meta: TRouteMeta, query: URLSearchParams): boolean => {
  if (meta.menu !== undefined) {
    return meta.menu
  }
  const q = query.get('menu')
  return q === null || q === 'true' || q === '1'
}

/** The tab a page adds: the iframe route is keyed by its address and named by its `name` query. */
export const tabFor = (pathname: string, search: string, meta: TRouteMeta): TTab | null => {
  if (meta.isTab === false || !pathname) {
    return null
  }
  const query = new URLSearchParams(search)
  const key = query.get('src') ?? pathname
  const label = query.get('name') ?? meta.title ?? ''
  const labelKey = query.get('name') ? undefined : meta.titleKey
  if (!label && !labelKey) {
    return null
  }
  return { key, fullPath: `${pathname}${search}`, label, ...(labelKey ? { labelKey } : {}) }
}

/** Spec section 2, "Navigation guard", as a pure decision. */
export const decideNavigation = (input: TGuardInput): TGuardDecision => {
  const query = new URLSearchParams(input.search)
  const showMenu = menuVisible(input.meta, query)
  if (!input.hasToken) {
    return input.meta.isAuth === false
      ? { kind: 'allow', tab: null, showMenu }
      : { kind: 'redirect', to: LOGIN_PATH, clearSession: false, showMenu }
  }
  if (input.locked && input.pathname !== LOCK_PATH) {
    return { kind: 'redirect', to: LOCK_PATH, clearSession: false, showMenu }
  }
  if (query.get('state') === ADDRESS_TYPE_STATE && input.memberCenterUrl) {
    return { kind: 'external', url: input.memberCenterUrl, showMenu }
  }
  if (input.pathname === LOGIN_PATH) {
    return { kind: 'allow', tab: null, showMenu }
  }
  if (input.token === '') {
    return { kind: 'redirect', to: LOGIN_PATH, clearSession: true, showMenu }
  }
  return { kind: 'allow', tab: tabFor(input.pathname, input.search, input.meta), showMenu }
}
