import { render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppProviders } from '@/app/AppProviders'
import { initI18n } from '@/app/i18n'
import { queryClient } from '@/app/queryClient'
import { reloadSession } from '@/lib/session/session'
import { setStore } from '@/lib/session/storage'
import { reloadTabs, tabsStore } from '@/lib/session/tabs'
import { testMenu } from '@/test/menus'
import { AppRoutes } from './AppRoutes'

const Probe = () => <output data-testid="location">{useLocation().pathname}</output>

const renderAt = (path: string) =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Probe />
      </MemoryRouter>
    </AppProviders>,
  )

const location = () => screen.getByTestId('location').textContent

describe('AppRoutes guard', () => {
  beforeAll(async () => {
    await initI18n()
  })

  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 200, success: true, data: null, msg: '' }), { status: 200 }),
      ),
    )
    reloadSession()
    reloadTabs()
    queryClient.clear()
  })

  it('sends a visitor without a token to /login and titles it 登录', async () => {
    renderAt('/wel/dashboard')
    await waitFor(() => expect(location()).toBe('/login'))
    await waitFor(() => expect(document.title).toBe('登录'))
  })

  it('sends a locked session to /lock', async () => {
    setStore('token', 'jwt')
    setStore('lock', { locked: true, password: 'x' })
    reloadSession()
    renderAt('/wel/index')
    await waitFor(() => expect(location()).toBe('/lock'))
    expect(tabsStore.get().tabs.map((t) => t.key)).toEqual(['/wel/index'])
  })

  it('clears a session whose stored token is empty and goes to /login', async () => {
    setStore('token', '')
    setStore('menu', [])
    reloadSession()
    renderAt('/wel/index')
    await waitFor(() => expect(location()).toBe('/login'))
    expect(window.localStorage.getItem('ysjs-token')).toBeNull()
  })

  it('waits for the menu before calling a path unknown (a reload right after the login)', async () => {
    const menu = testMenu({ id: '11', code: 'param', name: '参数管理', path: '/system/param' })
    let answer = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const data = String(url).includes('/menu/routes') ? [menu] : []
        if (data.length) {
          await answered
        }
        return new Response(JSON.stringify({ code: 200, success: true, data, msg: '' }), { status: 200 })
      }),
    )
    setStore('token', 'jwt')
    setStore('user-info', { user_id: '1', account: 'admin', role_name: 'administrator' })
    reloadSession()
    renderAt('/system/param')
    await new Promise((r) => setTimeout(r, 50))
    expect(location()).toBe('/system/param')
    answer()
    await waitFor(() => expect(tabsStore.get().active).toBe('/system/param'))
    expect(location()).toBe('/system/param')
  })

  it('sends a logged-in user to /404 for a path the menu does not have', async () => {
    setStore('token', 'jwt')
    setStore('user-info', { user_id: '1', account: 'admin', role_name: 'administrator' })
    reloadSession()
    renderAt('/no/such/page')
    await waitFor(() => expect(location()).toBe('/404'))
  })

  it('lets a logged-in user through and adds the tab', async () => {
    setStore('token', 'jwt')
    reloadSession()
    renderAt('/wel/dashboard')
    await waitFor(() => expect(tabsStore.get().active).toBe('/wel/dashboard'))
    expect(location()).toBe('/wel/dashboard')
  })
})
