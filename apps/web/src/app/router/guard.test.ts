import { describe, expect, it } from 'vitest'
import { decideNavigation, menuVisible, type TGuardInput, tabFor } from './guard'

const base: TGuardInput = {
  pathname: '/system/param',
  search: '',
  meta: { title: '参数管理' },
  hasToken: true,
  token: 'jwt',
  locked: false,
  memberCenterUrl: 'https://main.example/member',
}

const decide = (patch: Partial<TGuardInput>) => decideNavigation({ ...base, ...patch })

describe('navigation guard', () => {
  it('sends a visitor without a token to /login', () => {
    expect(decide({ hasToken: false, token: '' })).toMatchObject({
      kind: 'redirect',
      to: '/login',
      clearSession: false,
    })
  })

  it('lets a visitor without a token through routes marked as not requiring auth', () => {
    expect(
      decide({ hasToken: false, pathname: '/login', meta: { isAuth: false, isTab: false } }),
    ).toMatchObject({
      kind: 'allow',
      tab: null,
    })
    expect(decide({ hasToken: false, pathname: '/404', meta: { isAuth: false, isTab: false } }).kind).toBe(
      'allow',
    )
  })

  it('sends everything to /lock while the screen is locked', () => {
    expect(decide({ locked: true })).toMatchObject({ kind: 'redirect', to: '/lock' })
    expect(decide({ locked: true, pathname: '/login' })).toMatchObject({ kind: 'redirect', to: '/lock' })
    expect(decide({ locked: true, pathname: '/lock', meta: { isTab: false } })).toMatchObject({
      kind: 'allow',
      tab: null,
    })
  })

  it('jumps to the member centre when state=addressType, on /login and elsewhere', () => {
    expect(decide({ pathname: '/login', search: '?state=addressType' })).toEqual({
      kind: 'external',
      url: 'https://main.example/member',
      showMenu: true,
    })
    expect(decide({ search: '?state=addressType' }).kind).toBe('external')
  })

  it('lets a logged-in user continue to /login otherwise', () => {
    expect(decide({ pathname: '/login', meta: { isAuth: false, isTab: false } })).toMatchObject({
      kind: 'allow',
      tab: null,
    })
  })

  it('clears the session and goes to /login when the stored token is empty', () => {
    expect(decide({ token: '' })).toMatchObject({ kind: 'redirect', to: '/login', clearSession: true })
  })

  it('adds a tab for the page with its full path', () => {
    expect(decide({ search: '?current=2' })).toEqual({
      kind: 'allow',
      showMenu: true,
      tab: { key: '/system/param', fullPath: '/system/param?current=2', label: '参数管理' },
    })
  })

  it('adds no tab when the route opts out or has no name', () => {
    expect(decide({ meta: { title: 'x', isTab: false } })).toMatchObject({ kind: 'allow', tab: null })
    expect(decide({ meta: {} })).toMatchObject({ kind: 'allow', tab: null })
  })

  it('keys the iframe route by its address and names it by the name query', () => {
    const tab = tabFor('/myiframe/urlPath', '?src=https%3A%2F%2Fa.example%2Fr.html&name=%E6%8A%A5%E8%A1%A8', {
      titleKey: 'route.iframe',
    })
    expect(tab).toEqual({
      key: 'https://a.example/r.html',
      fullPath: '/myiframe/urlPath?src=https%3A%2F%2Fa.example%2Fr.html&name=%E6%8A%A5%E8%A1%A8',
      label: '报表',
    })
  })

  it('uses the i18n key of fixed routes for the tab label', () => {
    expect(tabFor('/wel/index', '', { titleKey: 'route.home' })).toEqual({
      key: '/wel/index',
      fullPath: '/wel/index',
      label: '',
      labelKey: 'route.home',
    })
  })
})

describe('menu visibility', () => {
  it('is hidden when the route meta or the menu query says so', () => {
    expect(menuVisible({}, new URLSearchParams())).toBe(true)
    expect(menuVisible({ menu: false }, new URLSearchParams())).toBe(false)
    expect(menuVisible({}, new URLSearchParams('menu=false'))).toBe(false)
    expect(menuVisible({}, new URLSearchParams('menu=true'))).toBe(true)
    expect(decideNavigation({ ...base, search: '?menu=false' }).showMenu).toBe(false)
  })
})
