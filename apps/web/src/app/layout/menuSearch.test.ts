import type { TMenu } from '@ysjs/shared'
import { describe, expect, it } from 'vitest'
import { testMenu } from '@/test/menus'
import { searchMenus } from './menuSearch'
import { visibleMenus } from './menuVisibility'

// `extra` may carry what the old platform's menus had besides (their `roles`).
const menu = (name: string, path: string, children?: TMenu[], extra: Record<string, unknown> = {}): TMenu =>
  testMenu({ id: path, name, path, ...(children ? { children } : {}), ...extra })

const tree = [
  menu('系统管理', '/system', [
    menu('Param 参数', '/system/param'),
    menu('用户管理', '/system/user'),
    menu('参数审计', '/system/audit'),
  ]),
  menu('Dashboard', '/dash'),
]

describe('menu search', () => {
  it('matches a case-insensitive prefix of leaf menu names only', () => {
    expect(searchMenus(tree, 'param').map((h) => h.menu.path)).toEqual(['/system/param'])
    expect(searchMenus(tree, 'PARAM').map((h) => h.menu.path)).toEqual(['/system/param'])
    expect(searchMenus(tree, '参数').map((h) => h.menu.path)).toEqual(['/system/audit'])
    expect(searchMenus(tree, '系统')).toEqual([])
    expect(searchMenus(tree, 'board')).toEqual([])
  })

  it('lists every leaf for an empty query, with its depth', () => {
    expect(searchMenus(tree, ' ').map((h) => [h.menu.path, h.depth])).toEqual([
      ['/system/param', 1],
      ['/system/user', 1],
      ['/system/audit', 1],
      ['/dash', 0],
    ])
  })
})

describe('menu visibility by role', () => {
  it('shows items without roles and items whose roles include the user’s', () => {
    const menus = [
      menu('A', '/a'),
      menu('B', '/b', undefined, { roles: ['admin'] }),
      menu('C', '/c', undefined, { roles: 'hr,boss' }),
    ]
    expect(visibleMenus(menus, ['boss']).map((m) => m.path)).toEqual(['/a', '/c'])
    expect(visibleMenus(menus, ['admin']).map((m) => m.path)).toEqual(['/a', '/b'])
  })
})
