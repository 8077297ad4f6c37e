import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { BPMN_ZH, bpmnTranslateModule, translateFor } from './designer/bpmnZh'
import { categoryLabel, segmentOf, type TFlowCategory } from './useFlowCategories'

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    return e.isDirectory() ? filesUnder(p) : p.endsWith('.js') ? [p] : []
  })

describe('the designer in Chinese', () => {
  it('has a Chinese text for every text bpmn-js shows (palette, context pad, replace menu)', () => {
    const require = createRequire(import.meta.url)
    const lib = path.join(path.dirname(require.resolve('bpmn-js/package.json')), 'lib')
    const texts = new Set<string>()
    for (const file of filesUnder(lib)) {
      const source = fs.readFileSync(file, 'utf8')
      for (const m of source.matchAll(/translate\(\s*'([^']+)'/g)) {
        texts.add(m[1]!)
      }
      // The replace menu's entries (translated where the menu shows them).
      for (const m of source.matchAll(/label: '([^']+)'/g)) {
        texts.add(m[1]!)
      }
    }
    // Test-only texts and an SVG transform the pattern also matches.
    for (const internal of ['HELLO {you}', ' + shift + ']) {
      texts.delete(internal)
    }
    // Built from a prefix: `'Align elements ' + alignment`.
    texts.delete('Align elements ')
    for (const alignment of ['left', 'center', 'right', 'top', 'middle', 'bottom']) {
      texts.add(`Align elements ${alignment}`)
    }
    expect(texts.size).toBeGreaterThan(100)
    expect([...texts].filter((text) => !(text in BPMN_ZH))).toEqual([])
  })

  it('translates with placeholders, and keeps the library’s English for the English interface', () => {
    const zh = translateFor('zh')
    const en = translateFor('en')
    expect(bpmnTranslateModule('zh').translate[0]).toBe('value')
    expect(zh('Append task')).toBe('追加任务')
    expect(zh('Open {element}', { element: '子流程' })).toBe('打开 子流程')
    expect(zh('Something new')).toBe('Something new')
    expect(en('Append task')).toBe('Append task')
  })
})

describe('process categories', () => {
  const categories: TFlowCategory[] = [
    { value: 'flow_1', label: '请假流程', segment: 'leave' },
    { value: 'flow_2', label: '报销流程', segment: null },
  ]
  it('opens the screens the dictionary names, the leave screens for flow_1 whatever the dictionary says', () => {
    expect(segmentOf(categories, 'flow_1')).toBe('leave')
    expect(segmentOf(categories, 'flow_2')).toBeNull()
    expect(segmentOf([], 'flow_1')).toBe('leave')
    expect(segmentOf(categories, null)).toBeNull()
  })
  it('names a category by the row’s name, else the dictionary’s, else its key', () => {
    expect(categoryLabel(categories, 'flow_2', null)).toBe('报销流程')
    expect(categoryLabel(categories, 'flow_2', '报销')).toBe('报销')
    expect(categoryLabel(categories, 'flow_9', null)).toBe('flow_9')
  })
})
