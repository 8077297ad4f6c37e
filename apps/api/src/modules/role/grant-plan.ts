/**
 * What a role grant does to the role tree (contract 6.1): the granted roles get exactly the given
 * menus, then every role below them keeps only the menus its parent still has, recursively. Pure, so
 * the grant and its preview compute the same result.
 */
export type TRoleLink = { id: bigint; parentId: bigint }

export const planRoleMenus = (input: {
  roles: readonly TRoleLink[]
  current: ReadonlyMap<bigint, ReadonlySet<bigint>>
  roleIds: readonly bigint[]
  menuIds: readonly bigint[]
}): Map<bigint, Set<bigint>> => {
  const children = new Map<bigint, bigint[]>()
  for (const r of input.roles) {
    const list = children.get(r.parentId) ?? []
    list.push(r.id)
    children.set(r.parentId, list)
  }
  const parentOf = new Map(input.roles.map((r) => [r.id, r.parentId]))
  const granted = new Set(input.roleIds)
  const hasGrantedAncestor = (id: bigint): boolean => {
    const seen = new Set<bigint>([id])
    let p = parentOf.get(id)
    while (p !== undefined && p !== 0n && !seen.has(p)) {
      if (granted.has(p)) {
        return true
      }
      seen.add(p)
      p = parentOf.get(p)
    }
    return false
  }
  const next = new Map<bigint, Set<bigint>>()
  const visit = (id: bigint, menus: Set<bigint>) => {
    if (next.has(id)) {
      return
    }
    next.set(id, menus)
    for (const child of children.get(id) ?? []) {
      const base = granted.has(child)
        ? new Set(input.menuIds)
        : (input.current.get(child) ?? new Set<bigint>())
      visit(child, new Set([...base].filter((m) => menus.has(m))))
    }
  }
  for (const id of granted) {
    if (!hasGrantedAncestor(id)) {
      visit(id, new Set(input.menuIds))
    }
  }
  return next
}

/** The roles whose menus differ between two plans of the same roles. */
export const changedRoles = (
  current: ReadonlyMap<bigint, ReadonlySet<bigint>>,
  next: ReadonlyMap<bigint, ReadonlySet<bigint>>,
): bigint[] =>
  [...next.entries()]
    .filter(([id, menus]) => {
      const before = current.get(id) ?? new Set<bigint>()
      return before.size !== menus.size || [...menus].some((m) => !before.has(m))
    })
    .map(([id]) => id)
