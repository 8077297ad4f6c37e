import { createStore, useStore } from '@/lib/store'

export type TLayoutState = {
  /** Wide screens: the sidebar shows icons only. */
  collapsed: boolean
  /** Narrow screens (below 992): the sidebar opens over the page. */
  mobileOpen: boolean
  searchOpen: boolean
  lockOpen: boolean
}

export const layoutStore = createStore<TLayoutState>({
  collapsed: false,
  mobileOpen: false,
  searchOpen: false,
  lockOpen: false,
})

export const useLayout = (): TLayoutState => useStore(layoutStore)

export const setLayout = (patch: Partial<TLayoutState>): void => layoutStore.set((s) => ({ ...s, ...patch }))
