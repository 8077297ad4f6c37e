/**
 * Builds a forest from flat rows. Roots are rows whose parent is 0 or absent from the set (contract
 * 4.5). `children` is omitted on leaves. Input order is kept among siblings.
 */
export type TTreeRow = { id: bigint; parentId: bigint }
export type TTreeNode<T> = T & { children?: TTreeNode<T>[] }

export const buildTree = <T extends TTreeRow>(rows: readonly T[]): TTreeNode<T>[] => {
  const nodes = new Map<bigint, TTreeNode<T>>()
  for (const row of rows) {
    nodes.set(row.id, { ...row })
  }
  const roots: TTreeNode<T>[] = []
  for (const row of rows) {
    const node = nodes.get(row.id)!
    const parent = row.parentId === 0n ? undefined : nodes.get(row.parentId)
    if (parent && parent !== node) {
      parent.children ??= []
      parent.children.push(node)
    } else {
      roots.push(node)
    }
  }
  return roots
}

/** The selected rows' ids and those of all their ancestors (a complete branch for a tree). */
export const withAncestors = (rows: readonly TTreeRow[], selected: ReadonlySet<bigint>): Set<bigint> => {
  const byId = new Map(rows.map((r) => [r.id, r]))
  const out = new Set<bigint>()
  for (const id of selected) {
    let node = byId.get(id)
    while (node && !out.has(node.id)) {
      out.add(node.id)
      node = node.parentId === 0n ? undefined : byId.get(node.parentId)
    }
  }
  return out
}

/** The root's id and the ids of every row below it (the whole subtree, e.g. to refuse a cycle). */
export const withDescendants = (rows: readonly TTreeRow[], rootId: bigint): Set<bigint> => {
  const out = new Set<bigint>([rootId])
  let grew = true
  while (grew) {
    grew = false
    for (const r of rows) {
      if (!out.has(r.id) && out.has(r.parentId)) {
        out.add(r.id)
        grew = true
      }
    }
  }
  return out
}

/** Csv id columns (`role_id = "1,2"`) to BigInts, skipping anything malformed. */
export const splitIds = (csv: string | null | undefined): bigint[] =>
  (csv ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d{1,19}$/.test(s))
    .map((s) => BigInt(s))
