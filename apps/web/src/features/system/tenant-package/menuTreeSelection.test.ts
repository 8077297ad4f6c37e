import { describe, expect, it } from 'vitest'
import { checkState, splitCsv, type TTreeNode, toggle } from './menuTreeSelection'

const tree: TTreeNode[] = [
  {
    id: 'desk',
    children: [
      { id: 'notice', children: [{ id: 'notice_add' }, { id: 'notice_edit' }] },
      { id: 'dashboard' },
    ],
  },
  { id: 'system', children: [{ id: 'param' }] },
]
const desk = tree[0]!
const notice = desk.children![0]!
const noticeAdd = notice.children![0]!
const sorted = (s: Set<string>) => [...s].sort()

describe('menu tree selection', () => {
  it('checks a node with its descendants and ancestors', () => {
    expect(sorted(toggle(tree, notice, new Set()))).toEqual(['desk', 'notice', 'notice_add', 'notice_edit'])
    expect(sorted(toggle(tree, noticeAdd, new Set()))).toEqual(['desk', 'notice', 'notice_add'])
  })
  it('shows checked, partial and unchecked', () => {
    const s = toggle(tree, noticeAdd, new Set())
    expect(checkState(noticeAdd, s)).toBe('checked')
    expect(checkState(notice, s)).toBe('partial')
    expect(checkState(desk, s)).toBe('partial')
    expect(checkState(tree[1]!, s)).toBe('unchecked')
  })
  it('unchecks a node and the ancestors left empty, keeps ancestors with other checked children', () => {
    const both = toggle(tree, desk.children![1]!, toggle(tree, noticeAdd, new Set()))
    expect(sorted(toggle(tree, noticeAdd, both))).toEqual(['dashboard', 'desk'])
    expect(sorted(toggle(tree, noticeAdd, toggle(tree, noticeAdd, new Set())))).toEqual([])
  })
  it('reads the stored comma list', () => {
    expect(splitCsv('1, 2,,3')).toEqual(['1', '2', '3'])
    expect(splitCsv(['4', 5])).toEqual(['4', '5'])
    expect(splitCsv(undefined)).toEqual([])
  })
})
