import { describe, expect, it } from 'vitest'
import { UnderConstructionPage } from '@/features/errors/routes'
import { menus } from '../../../../../prisma/seed/data/menus'
import type { MenuSeed } from '../../../../../prisma/seed/data/types'
import { screens } from './routes'

/** Page menus (category 1) that have no child pages: the ones the sidebar routes to a screen. */
const leafPages = (nodes: MenuSeed[]): MenuSeed[] =>
  nodes.flatMap((n) => {
    if (n.category !== 1) {
      return []
    }
    const pages = (n.children ?? []).filter((c) => c.category === 1)
    return pages.length ? leafPages(pages) : [n]
  })

const external = (path: string) => path.startsWith('http') || path.includes('html')

describe('every seeded menu page opens a real screen', () => {
  it('no seeded page leads to 该功能正在建设中', () => {
    const pending = leafPages(menus)
      .filter((m) => m.path && !external(m.path))
      .filter((m) => {
        const screen = screens[m.path as string]
        return !screen || screen.component === UnderConstructionPage
      })
      .map((m) => `${m.path} ${m.name}`)
    expect(pending).toEqual([])
  })
})
