import { describe, expect, it } from 'vitest'
import { treePage } from './treeRows'

// a ─ a1 ─ a11
//   └ a2
// b
// c ─ c1
const records = [
  { id: 'a', depth: 0 },
  { id: 'a1', depth: 1 },
  { id: 'a11', depth: 2 },
  { id: 'a2', depth: 1 },
  { id: 'b', depth: 0 },
  { id: 'c', depth: 0 },
  { id: 'c1', depth: 1 },
]
const ids = (rows: { id: string }[]) => rows.map((r) => r.id)

describe('treePage', () => {
  it('shows only the top level when every node is closed, and counts the top-level nodes', () => {
    const page = treePage(records, { current: 1, size: 10, isOpen: () => false })
    expect(ids(page.rows)).toEqual(['a', 'b', 'c'])
    expect(page.total).toBe(3)
    expect(page.rows.map((r) => r.__tree)).toEqual([
      { depth: 0, parent: true, open: false },
      { depth: 0, parent: false, open: false },
      { depth: 0, parent: true, open: false },
    ])
  })

  it('shows the children of open nodes only, below every closed ancestor nothing', () => {
    const open = new Set(['a', 'a11', 'c'])
    const page = treePage(records, { current: 1, size: 10, isOpen: (id) => open.has(id) })
    expect(ids(page.rows)).toEqual(['a', 'a1', 'a2', 'b', 'c', 'c1'])
    const all = treePage(records, { current: 1, size: 10, isOpen: () => true })
    expect(ids(all.rows)).toEqual(ids(records))
  })

  it('pages by top-level node, each with its open descendants', () => {
    const page2 = treePage(records, { current: 2, size: 2, isOpen: () => true })
    expect(ids(page2.rows)).toEqual(['c', 'c1'])
    expect(page2.total).toBe(3)
    expect(ids(treePage(records, { current: 1, size: 1, isOpen: () => true }).rows)).toEqual([
      'a',
      'a1',
      'a11',
      'a2',
    ])
  })
})
