import type { TTreeNode } from '@ysjs/shared'
import { describe, expect, it } from 'vitest'
import { fromStored, indexTree, isPartial, toggle, toSubmit } from './checkTree'

const node = (id: string, children?: TTreeNode[]): TTreeNode => ({
  id,
  parentId: '0',
  title: id,
  key: id,
  value: id,
  ...(children ? { children } : {}),
})
// desk → notice → (add, view); work
const tree = [node('desk', [node('notice', [node('add'), node('view')])]), node('work')]
const index = indexTree(tree)

describe('the grant tree rules', () => {
  it('checks a subtree, and a parent exactly when all its children are', () => {
    const a = toggle(index, new Set(), 'notice')
    expect([...a].sort()).toEqual(['add', 'desk', 'notice', 'view'])
    const b = toggle(index, a, 'view')
    expect([...b].sort()).toEqual(['add'])
    expect(isPartial(index, b, 'desk')).toBe(true)
    expect(isPartial(index, b, 'work')).toBe(false)
  })

  it('sends checked nodes with their half-checked ancestors', () => {
    expect(toSubmit(index, new Set(['add'])).sort()).toEqual(['add', 'desk', 'notice'])
  })

  it('starts from stored keys without checking whole subtrees of half-checked parents', () => {
    expect([...fromStored(index, ['desk', 'notice', 'add'])]).toEqual(['add'])
    expect([...fromStored(index, ['desk', 'notice', 'add', 'view', 'gone'])].sort()).toEqual([
      'add',
      'desk',
      'notice',
      'view',
    ])
  })
})
