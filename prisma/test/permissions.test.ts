import { PERMISSIONS } from '@ysjs/shared'
import { describe, expect, it } from 'vitest'
import { menus } from '../seed/data/menus.ts'
import type { MenuSeed } from '../seed/data/types.ts'

const codesOf = (nodes: MenuSeed[]): string[] => nodes.flatMap((n) => [n.code, ...codesOf(n.children ?? [])])

describe('permission constants', () => {
  it('name exactly the codes of the seeded menus and buttons', () => {
    const seeded = [...new Set(codesOf(menus))].sort()
    expect([...new Set(Object.values(PERMISSIONS))].sort()).toEqual(seeded)
  })
})
