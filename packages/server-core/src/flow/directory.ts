import { resolveFlowGroup, resolveFlowUser, type TFlowDirectory } from '@ysjs/shared'

/** The two queries the directory needs (a Prisma client or transaction answers them). */
export type TDirectoryDb = {
  user: {
    findMany(args: {
      where: object
      select: { id: true; account: true; roleId: true }
    }): Promise<{ id: bigint; account: string; roleId: string }[]>
  }
  role: {
    findMany(args: {
      where: object
      select: { id: true; roleAlias: true; roleName: true }
    }): Promise<{ id: bigint; roleAlias: string; roleName: string }[]>
  }
}

const TASK_USER = /^taskUser_(\d{1,19})$/

/**
 * The part of a tenant's directory that names can resolve to: the users named (by account,
 * `taskUser_<id>` or id), the roles named (by alias or name), and the users holding those roles.
 * `tenantIds` null: every tenant (a common deployment is started in any of them).
 */
export const loadFlowDirectory = async (
  db: TDirectoryDb,
  tenantIds: string[] | null,
  names: { users: string[]; groups: string[] },
): Promise<TFlowDirectory> => {
  const tenant = tenantIds ? { tenantId: { in: tenantIds } } : {}
  const ids = names.users
    .map((u) => TASK_USER.exec(u.trim())?.[1] ?? (/^\d{1,19}$/.test(u.trim()) ? u.trim() : null))
    .filter((x): x is string => x !== null)
    .map(BigInt)
  const accounts = names.users.map((u) => u.trim()).filter(Boolean)
  const groups = names.groups.map((g) => g.trim()).filter(Boolean)
  const roles = groups.length
    ? await db.role.findMany({
        where: { ...tenant, isDeleted: 0, OR: [{ roleAlias: { in: groups } }, { roleName: { in: groups } }] },
        select: { id: true, roleAlias: true, roleName: true },
      })
    : []
  const roleIds = roles.map((r) => String(r.id))
  const or: object[] = [
    ...(accounts.length ? [{ account: { in: accounts } }] : []),
    ...(ids.length ? [{ id: { in: ids } }] : []),
    ...roleIds.map((id) => ({ roleId: { contains: id } })),
  ]
  const users = or.length
    ? await db.user.findMany({
        where: { ...tenant, isDeleted: 0, status: 1, OR: or },
        select: { id: true, account: true, roleId: true },
      })
    : []
  return {
    users: users.map((u) => ({
      id: String(u.id),
      account: u.account,
      roleIds: u.roleId
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    })),
    roles: roles.map((r) => ({ id: String(r.id), alias: r.roleAlias, name: r.roleName })),
  }
}

export type TResolvedPeople = {
  assignee: string | null
  candidateUsers: string[]
  candidateGroups: string[]
  /** Who named in the file is not in the tenant (`用户 kermit 不存在`), for the messages. */
  missing: string[]
  /** Nobody can do the task: no assignee, no candidate user, no role (with a user) among the groups. */
  nobody: boolean
}

/** A task's people, named in its file or resolved from its expressions, as the tenant knows them. */
export const resolvePeople = (
  named: { assignee: string | null; candidateUsers: string[]; candidateGroups: string[] },
  dir: TFlowDirectory,
): TResolvedPeople => {
  const missing: string[] = []
  let assignee: string | null = null
  if (named.assignee) {
    assignee = resolveFlowUser(named.assignee, dir)
    if (!assignee) {
      missing.push(`用户 ${named.assignee} 不存在`)
    }
  }
  const candidateUsers: string[] = []
  for (const u of named.candidateUsers) {
    const r = resolveFlowUser(u, dir)
    if (r) {
      candidateUsers.push(r)
    } else {
      missing.push(`用户 ${u} 不存在`)
    }
  }
  const candidateGroups: string[] = []
  let groupUsers = false
  for (const g of named.candidateGroups) {
    const aliases = resolveFlowGroup(g, dir)
    if (!aliases.length) {
      missing.push(`组 ${g} 没有对应的角色`)
      continue
    }
    candidateGroups.push(...aliases)
    const roleIds = new Set(dir.roles.filter((r) => aliases.includes(r.alias)).map((r) => r.id))
    if (dir.users.some((u) => u.roleIds.some((id) => roleIds.has(id)))) {
      groupUsers = true
    } else {
      missing.push(`组 ${g} 的角色下没有用户`)
    }
  }
  return {
    assignee,
    candidateUsers: [...new Set(candidateUsers)],
    candidateGroups: [...new Set(candidateGroups)],
    missing,
    nobody: !assignee && !candidateUsers.length && !groupUsers,
  }
}
