import type { TTreeNode } from '@ysjs/shared'

/** Pure rules of the checkbox tree (unit-tested): what checking does, and what is sent. */
export type TIndex = {
  parent: Map<string, string | null>
  children: Map<string, string[]>
}

export const indexTree = (nodes: TTreeNode[]): TIndex => {
  const parent = new Map<string, string | null>()
  const children = new Map<string, string[]>()
  const walk = (list: TTreeNode[], up: string | null) => {
    for (const n of list) {
      parent.set(n.id, up)
      children.set(
        n.id,
        (n.children ?? []).map((c) => c.id),
      )
      walk(n.children ?? [], n.id)
    }
  }
  walk(nodes, null)
  return { parent, children }
}

const descendants = (index: TIndex, id: string): string[] =>
  (index.children.get(id) ?? []).flatMap((c) => [c, ...descendants(index, c)])

/** Checking a node checks its whole subtree; a parent is checked exactly when all its children are. */
export const toggle = (index: TIndex, checked: ReadonlySet<string>, id: string): Set<string> => {
  const next = new Set(checked)
  const on = !next.has(id)
  for (const n of [id, ...descendants(index, id)]) {
    if (on) {
      next.add(n)
    } else {
      next.delete(n)
    }
  }
  let up = index.parent.get(id) ?? null
  while (up !== null) {
    const kids = index.children.get(up) ?? []
    if (kids.length && kids.every((k) => next.has(k))) {
      next.add(up)
    } else {
      next.delete(up)
    }
    up = index.parent.get(up) ?? null
  }
  return next
}

/** Stored keys include half-checked parents: only nodes whose whole subtree is stored start checked. */
export const fromStored = (index: TIndex, stored: readonly string[]): Set<string> => {
  const keys = new Set(stored)
  const full = (id: string): boolean => keys.has(id) && (index.children.get(id) ?? []).every((c) => full(c))
  return new Set([...keys].filter((id) => index.parent.has(id) && full(id)))
}

/** What is sent: the checked nodes and their (half-checked) ancestors, as the platform's tree did. */
export const toSubmit = (index: TIndex, checked: ReadonlySet<string>): string[] => {
  const out = new Set<string>()
  for (const id of checked) {
    let n: string | null = id
    while (n !== null && !out.has(n)) {
      out.add(n)
      n = index.parent.get(n) ?? null
    }
  }
  return [...out]
}

export const isPartial = (index: TIndex, checked: ReadonlySet<string>, id: string): boolean =>
  !checked.has(id) && descendants(index, id).some((d) => checked.has(d))
