/** Checkbox-tree rules of the package's menu multi-select, kept apart from the component to be tested. */
export type TTreeNode = { id: string; children?: TTreeNode[] }

export const descendantsOf = (node: TTreeNode): string[] => [
  node.id,
  ...(node.children ?? []).flatMap(descendantsOf),
]

/** Ancestors of every node, nearest first. */
export const ancestorsOf = (roots: TTreeNode[]): Map<string, TTreeNode[]> => {
  const out = new Map<string, TTreeNode[]>()
  const walk = (nodes: TTreeNode[], path: TTreeNode[]) => {
    for (const n of nodes) {
      out.set(n.id, path)
      walk(n.children ?? [], [n, ...path])
    }
  }
  walk(roots, [])
  return out
}

export type TCheckState = 'checked' | 'partial' | 'unchecked'

/** Checked: the node and all its descendants are stored; partial: some of them are. */
export const checkState = (node: TTreeNode, selected: ReadonlySet<string>): TCheckState => {
  const all = descendantsOf(node)
  const hit = all.filter((id) => selected.has(id)).length
  return hit === all.length ? 'checked' : hit === 0 ? 'unchecked' : 'partial'
}

/**
 * Checking a node stores it, all its descendants and all its ancestors (the half-checked parents
 * the platform stores too, so a tenant's menu tree stays whole). Unchecking removes it with its
 * descendants, then every ancestor left with nothing stored below it.
 */
export const toggle = (roots: TTreeNode[], node: TTreeNode, selected: ReadonlySet<string>): Set<string> => {
  const next = new Set(selected)
  const ancestors = ancestorsOf(roots).get(node.id) ?? []
  if (checkState(node, selected) !== 'checked') {
    for (const id of [...descendantsOf(node), ...ancestors.map((a) => a.id)]) {
      next.add(id)
    }
    return next
  }
  for (const id of descendantsOf(node)) {
    next.delete(id)
  }
  for (const a of ancestors) {
    if (
      descendantsOf(a)
        .slice(1)
        .some((id) => next.has(id))
    ) {
      break
    }
    next.delete(a.id)
  }
  return next
}

export const splitCsv = (v: unknown): string[] =>
  (typeof v === 'string' ? v.split(',') : Array.isArray(v) ? v.map(String) : [])
    .map((s) => s.trim())
    .filter(Boolean)
