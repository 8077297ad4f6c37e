/** Where a row of a tree table stands: its depth, whether it has children and whether they are shown. */
export type TTreeRowState = { depth: number; parent: boolean; open: boolean }

type TTreeRow = { id: string; depth?: unknown }

/**
 * One page of a tree table. `records` is the tree flattened depth first (each row with its `depth`); a
 * page holds `size` top-level nodes, each followed by the descendants whose every ancestor is open.
 * Each row shown is a copy carrying its `__tree` state. `total` counts the top-level nodes.
 */
export const treePage = <Row extends TTreeRow>(
  records: Row[],
  { current, size, isOpen }: { current: number; size: number; isOpen: (id: string) => boolean },
): { rows: (Row & { __tree: TTreeRowState })[]; total: number } => {
  const depthOf = (r: Row | undefined) => (typeof r?.depth === 'number' ? r.depth : 0)
  const first = (current - 1) * size
  const rows: (Row & { __tree: TTreeRowState })[] = []
  let root = -1
  // Depth below which rows are hidden (a closed ancestor's depth), or Infinity when none is closed.
  let hiddenBelow = Number.POSITIVE_INFINITY
  records.forEach((row, i) => {
    const depth = depthOf(row)
    if (depth === 0) {
      root += 1
    }
    if (depth <= hiddenBelow) {
      hiddenBelow = Number.POSITIVE_INFINITY
    }
    if (root < first || root >= first + size || depth > hiddenBelow) {
      return
    }
    const parent = depthOf(records[i + 1]) > depth && i + 1 < records.length
    const open = parent && isOpen(row.id)
    if (parent && !open) {
      hiddenBelow = depth
    }
    rows.push({ ...row, __tree: { depth, parent, open } })
  })
  return { rows, total: root + 1 }
}
