import { describe, expect, it } from 'vitest'
import {
  addTab,
  canCloseTab,
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  reloadTabs,
  type TTab,
  type TTabsState,
  tabsStore,
  updateTabs,
  WELCOME_TAB,
} from './tabs'

const tab = (key: string): TTab => ({ key, fullPath: key, label: key })
const open = (...keys: string[]): TTabsState =>
  keys.reduce((s, k) => addTab(s, tab(k)), { tabs: [WELCOME_TAB], active: WELCOME_TAB.key } as TTabsState)

describe('tabs', () => {
  it('adds a tab once and activates it; revisiting updates its full path', () => {
    const s = open('/a', '/b', '/a')
    expect(s.tabs.map((t) => t.key)).toEqual(['/wel/index', '/a', '/b'])
    expect(s.active).toBe('/a')
    const moved = addTab(s, { ...tab('/b'), fullPath: '/b?current=3' })
    expect(moved.tabs.find((t) => t.key === '/b')?.fullPath).toBe('/b?current=3')
  })

  it('closing the active tab activates the previous one', () => {
    const s = addTab(open('/a', '/b', '/c'), tab('/b'))
    expect(closeTab(s, '/b')).toMatchObject({ active: '/a' })
    expect(closeTab(s, '/b').tabs.map((t) => t.key)).toEqual(['/wel/index', '/a', '/c'])
  })

  it('closing another tab keeps the active one', () => {
    const s = open('/a', '/b')
    expect(closeTab(s, '/a')).toMatchObject({ active: '/b' })
  })

  it('never closes the last tab nor the welcome tab', () => {
    const only = open()
    expect(canCloseTab(only, '/wel/index')).toBe(false)
    expect(closeTab(only, '/wel/index')).toBe(only)
    const two = open('/a')
    expect(closeTab(two, '/wel/index')).toBe(two)
  })

  it('close others keeps the welcome and the active tab', () => {
    const s = addTab(open('/a', '/b', '/c'), tab('/b'))
    expect(closeOtherTabs(s).tabs.map((t) => t.key)).toEqual(['/wel/index', '/b'])
  })

  it('close all returns to the welcome tab', () => {
    expect(closeAllTabs(open('/a', '/b'))).toEqual({ tabs: [WELCOME_TAB], active: '/wel/index' })
  })

  it('survives a reload through storage', () => {
    updateTabs(() => open('/a', '/b'))
    tabsStore.set({ tabs: [WELCOME_TAB], active: '/wel/index' })
    updateTabs(() => open('/x'))
    reloadTabs()
    expect(tabsStore.get().tabs.map((t) => t.key)).toEqual(['/wel/index', '/x'])
    expect(tabsStore.get().active).toBe('/x')
  })
})
