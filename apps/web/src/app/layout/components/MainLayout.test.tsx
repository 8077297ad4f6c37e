import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { TMenu } from '@ysjs/shared'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppProviders } from '@/app/AppProviders'
import { initI18n } from '@/app/i18n'
import { queryClient } from '@/app/queryClient'
import { AppRoutes } from '@/app/router/AppRoutes'
import { reloadSession } from '@/lib/session/session'
import { setStore } from '@/lib/session/storage'
import { reloadTabs, tabPath } from '@/lib/session/tabs'
import { testMenu } from '@/test/menus'

// Each shell part is wrapped by a counter that renders the real component: a render of the wrapper is
// a render of the part. MenuIconFor stands for the sidebar's menu items (each item renders one).
const renders = vi.hoisted(() => ({ sidebar: 0, topBar: 0, tagsBar: 0, menuItem: 0 }))
vi.mock('./Sidebar', async (load) => {
  const real = await load<typeof import('./Sidebar')>()
  return {
    Sidebar: (props: Parameters<typeof real.Sidebar>[0]) => {
      renders.sidebar++
      return real.Sidebar(props)
    },
  }
})
vi.mock('./TopBar', async (load) => {
  const real = await load<typeof import('./TopBar')>()
  return {
    TopBar: (props: Parameters<typeof real.TopBar>[0]) => {
      renders.topBar++
      return real.TopBar(props)
    },
  }
})
vi.mock('./TagsBar', async (load) => {
  const real = await load<typeof import('./TagsBar')>()
  return {
    TagsBar: () => {
      renders.tagsBar++
      return real.TagsBar()
    },
  }
})
vi.mock('./menuIcons', async (load) => {
  const real = await load<typeof import('./menuIcons')>()
  return {
    ...real,
    MenuIconFor: (props: Parameters<typeof real.MenuIconFor>[0]) => {
      renders.menuItem++
      return real.MenuIconFor(props)
    },
  }
})

const menu = (id: string, name: string, path: string | null, children?: TMenu[]): TMenu =>
  testMenu({ id, name, path, source: 'setting', ...(children ? { children } : {}) })

const MENUS = [
  menu('1', '系统管理', '/system', [
    menu('11', '参数管理', '/system/param'),
    menu('12', '业务字典', '/system/dictbiz'),
  ]),
  menu('2', '首页', '/wel/index'),
]

const rows = (current: number, size: number) =>
  Array.from({ length: size }, (_, i) => {
    const n = (current - 1) * size + i + 1
    return { id: String(n), paramName: `参数${n}`, paramKey: `k.${n}`, paramValue: 'v', remark: '' }
  })

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), { status: 200 })

const Location = () => {
  const { pathname, search } = useLocation()
  return <output data-testid="location">{pathname + search}</output>
}

describe('MainLayout', () => {
  beforeAll(async () => {
    await initI18n()
  })

  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://localhost')
        if (url.pathname.endsWith('/menu/routes')) {
          return envelope(MENUS)
        }
        if (url.pathname.endsWith('/param/list')) {
          const current = Number(url.searchParams.get('current'))
          const size = Number(url.searchParams.get('size'))
          return envelope({ records: rows(current, size), total: 45, current, size, pages: 5 })
        }
        return envelope([])
      }),
    )
    setStore('token', 'jwt')
    setStore('user-info', { user_id: '1', account: 'admin', nick_name: '管理员', role_name: 'administrator' })
    setStore('menu', MENUS)
    reloadSession()
    reloadTabs()
  })

  afterEach(() => {
    queryClient.clear()
    vi.unstubAllGlobals()
  })

  it('does not re-render the sidebar, top bar or tags bar when the list state in the URL changes', async () => {
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/system/param']}>
          <AppRoutes />
          <Location />
        </MemoryRouter>
      </AppProviders>,
    )
    expect(await screen.findByText('参数10', {}, { timeout: 20_000 })).toBeTruthy()
    expect(screen.getByTestId('sidebar').textContent).toContain('参数管理')
    // Let the layout's menu reload settle before counting.
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).includes('/menu/routes'))))
    await new Promise((r) => setTimeout(r, 50))
    for (const key of Object.keys(renders) as (keyof typeof renders)[]) {
      renders[key] = 0
    }

    fireEvent.click(screen.getByRole('button', { name: /下一页|next page/i }))
    expect(await screen.findByText('参数11')).toBeTruthy()
    expect(screen.getByTestId('location').textContent).toBe('/system/param?current=2')

    expect(renders).toEqual({ sidebar: 0, topBar: 0, tagsBar: 0, menuItem: 0 })
    // The tab still follows the list: picking it later comes back to page 2.
    expect(tabPath('/system/param')).toBe('/system/param?current=2')
  }, 30_000)
})
