import { createStore, useStore } from '@/lib/store'
import { getStore, removeStore, setStore } from './storage'

/** One open page in the tags bar. */
export type TTab = {
  /** Identity: the route path (or the embedded page's address for the iframe route). */
  key: string
  /** Where picking the tab goes, query included (list state lives in the query). */
  fullPath: string
  /** Text as the menu names it; `labelKey` wins when set, so fixed routes follow the language. */
  label: string
  labelKey?: string
}

export type TTabsState = { tabs: TTab[]; active: string }

export const WELCOME_PATH = '/wel/index'
export const WELCOME_TAB: TTab = {
  key: WELCOME_PATH,
  fullPath: WELCOME_PATH,
  label: '首页',
  labelKey: 'route.home',
}

const INITIAL: TTabsState = { tabs: [WELCOME_TAB], active: WELCOME_PATH }

/** The welcome tab is always first. */
const withWelcome = (tabs: TTab[]): TTab[] => {
  const rest = tabs.filter((t) => t.key !== WELCOME_PATH)
  const welcome = tabs.find((t) => t.key === WELCOME_PATH) ?? WELCOME_TAB
  return [welcome, ...rest]
}

export const addTab = (state: TTabsState, tab: TTab): TTabsState => {
  const exists = state.tabs.some((t) => t.key === tab.key)
  const tabs = exists
    ? state.tabs.map((t) => (t.key === tab.key ? { ...t, ...tab } : t))
    : [...state.tabs, tab]
  return { tabs: withWelcome(tabs), active: tab.key }
}

export const canCloseTab = (state: { tabs: readonly Pick<TTab, 'key'>[] }, key: string): boolean =>
  state.tabs.length > 1 && key !== WELCOME_PATH && state.tabs.some((t) => t.key === key)

/** Closing the active tab activates the previous one; the last tab and the welcome tab stay. */
export const closeTab = (state: TTabsState, key: string): TTabsState => {
  if (!canCloseTab(state, key)) {
    return state
  }
  const index = state.tabs.findIndex((t) => t.key === key)
  const tabs = state.tabs.filter((t) => t.key !== key)
  if (state.active !== key) {
    return { tabs, active: state.active }
  }
  const previous = tabs[Math.max(0, index - 1)] ?? WELCOME_TAB
  return { tabs, active: previous.key }
}

export const closeOtherTabs = (state: TTabsState): TTabsState => ({
  tabs: withWelcome(state.tabs.filter((t) => t.key === state.active)),
  active: state.active,
})

export const closeAllTabs = (state: TTabsState): TTabsState => ({
  tabs: [state.tabs.find((t) => t.key === WELCOME_PATH) ?? WELCOME_TAB],
  active: WELCOME_PATH,
})

export const activeTab = (state: TTabsState): TTab =>
  state.tabs.find((t) => t.key === state.active) ?? state.tabs[0] ?? WELCOME_TAB

export const TABS_KEY = 'tags'

const readTabs = (): TTabsState => {
  const stored = getStore<TTabsState>(TABS_KEY)
  if (!stored || !Array.isArray(stored.tabs) || stored.tabs.length === 0) {
    return INITIAL
  }
  return { tabs: withWelcome(stored.tabs), active: stored.active || WELCOME_PATH }
}

export const tabsStore = createStore<TTabsState>(readTabs())
tabsStore.subscribe(() => setStore(TABS_KEY, tabsStore.get()))

/** A tab as the tags bar shows it: without its address, which changes with every list-state change. */
export type TTabShown = Omit<TTab, 'fullPath'>
export type TTabsShown = { tabs: readonly TTabShown[]; active: string }

const sameTabsShown = (a: TTabsShown, b: TTabsShown): boolean =>
  a.active === b.active &&
  a.tabs.length === b.tabs.length &&
  a.tabs.every((tab, i) => {
    const other = b.tabs[i]
    return other?.key === tab.key && other.label === tab.label && other.labelKey === tab.labelKey
  })

/**
 * The tabs for the tags bar: paging or searching a list rewrites the active tab's address, which
 * must not re-render the bar. Read the address when it is needed, with `tabPath`.
 */
export const useTabsShown = (): TTabsShown =>
  useStore<TTabsState, TTabsShown>(tabsStore, (s) => s, sameTabsShown)

/** Where picking a tab goes now, its latest query included. */
export const tabPath = (key: string): string =>
  tabsStore.get().tabs.find((t) => t.key === key)?.fullPath ?? key

/** Applies one of the pure transitions above to the stored tabs and returns the new state. */
export const updateTabs = (transition: (s: TTabsState) => TTabsState): TTabsState => {
  tabsStore.set(transition)
  return tabsStore.get()
}

export const clearTabs = (): void => {
  removeStore(TABS_KEY)
  tabsStore.set(INITIAL)
  removeStore(TABS_KEY)
}

export const reloadTabs = (): void => tabsStore.set(readTabs())
