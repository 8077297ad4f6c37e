import type { TTreeNode } from '@ysjs/shared'
import type { TField, TOption, TValues } from '@/components/crud/types'

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

/** A tree row's parent id at the top level, as the forms hold it. */
export const TREE_ROOT = '0'

/**
 * A tree row's parent in the form (not a grid column): the top level first, then the tree's rows as
 * `load` answers them, loaded once per `key`.
 */
export const parentField = (
  labelKey: string,
  topLabelKey: string,
  loadOptions: { key: string; load: () => Promise<TOption[]> },
): TField => ({
  name: 'parentId',
  labelKey,
  kind: 'select',
  column: false,
  loadOptions: {
    key: loadOptions.key,
    load: async () => [{ value: TREE_ROOT, labelKey: topLabelKey }, ...(await loadOptions.load())],
  },
})

/** A submit whose server takes no parent ('') for a top-level row. */
export const rootAsNoParent =
  (submit: (values: TValues) => Promise<unknown>) =>
  ({ parentId, ...values }: TValues) =>
    submit({ ...values, parentId: parentId === TREE_ROOT ? '' : parentId })
