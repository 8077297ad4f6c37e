import { createStore, useStore } from '@/lib/store'

/** Whether the current route shows the sidebar menu (decided by the guard on every navigation). */
export const menuVisibleStore = createStore(true)
export const useMenuVisible = (): boolean => useStore(menuVisibleStore)
