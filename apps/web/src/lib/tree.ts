import type { TTreeNode } from '@ysjs/shared'
import type { TOption } from '@/components/crud/types'

/** The tree flattened in display order, each row with its depth (the grid indents by it). */
export const flattenTree = <T extends { children?: T[] }>(nodes: T[], depth = 0): (T & { depth: number })[] =>
  nodes.flatMap(({ children, ...node }) => [
    { ...(node as T), depth },
    ...flattenTree(children ?? [], depth + 1),
  ])

/** Tree nodes as indented choices (role and dept pickers). */
export const treeOptions = (nodes: TTreeNode[]): TOption[] =>
  flattenTree(nodes).map((n) => ({ value: n.id, label: `${'\u3000'.repeat(n.depth)}${n.title}` }))

/** A generic grid's list whose server answers every row at once (a tree, shown flat): one "page" of all. */
export const wholeList =
  <Row>(load: (search: Record<string, string>) => Promise<Row[]>) =>
  async ({ search }: { search: Record<string, string> }): Promise<{ records: Row[]; total: number }> => {
    const records = await load(search)
    return { records, total: records.length }
  }
