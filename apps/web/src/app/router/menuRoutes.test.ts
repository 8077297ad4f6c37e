import type { TMenu } from '@ysjs/shared'
import { describe, expect, it } from 'vitest'
import { testMenu } from '@/test/menus'
import { menuRoutes, menuTarget } from './menuRoutes'

const m = (path: string, extra: Partial<TMenu> = {}): TMenu =>
  testMenu({ id: path, name: `n${path}`, path, ...extra })

describe('menu routes', () => {
  it('routes every leaf by its path and skips URL menus', () => {
    const menus = [
      m('/system', { children: [m('/system/param'), m('https://x.example/a'), m('/report/view.html')] }),
      m('/desk'),
      m('/dict-horizontal/index'),
    ]
    expect(menuRoutes(menus).map((r) => r.path)).toEqual(['/system/param', '/desk', '/dict-horizontal/index'])
  })

  it('opens URL menus in the iframe route, or a new window when isOpen is 2', () => {
    expect(menuTarget(m('https://x.example/a', { name: '外链' }))).toEqual({
      kind: 'route',
      to: '/myiframe/urlPath?src=https%3A%2F%2Fx.example%2Fa&name=%E5%A4%96%E9%93%BE',
    })
    expect(menuTarget(m('https://x.example/a', { isOpen: 2 }))).toEqual({
      kind: 'window',
      url: 'https://x.example/a',
    })
    expect(menuTarget(m('/system/param'))).toEqual({ kind: 'route', to: '/system/param' })
  })
})
