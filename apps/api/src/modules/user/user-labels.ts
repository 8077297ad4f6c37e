import type { PrismaClient, User } from '@ysjs/db'
import { splitIds } from '../../lib/tree.ts'

const USER_TYPE_NAMES: Record<number, string> = { 1: 'WEB', 2: 'APP', 3: 'OTHER' }
const SEX_NAMES: Record<number, string> = { 1: '男', 2: '女' }

/**
 * Users as UserVO (contract 5.6): the password dropped, the labels added (`roleName`, `deptName`,
 * `postName` comma-joined in the order of the id lists). Rows may come from several tenants (the
 * platform administrator's view); each label is looked up in the row's own tenant.
 */
export const labelUsers = async (prisma: PrismaClient, rows: User[]) => {
  const tenants = [...new Set(rows.map((r) => r.tenantId))]
  const ids = (pick: (u: User) => string) => [...new Set(rows.flatMap((r) => splitIds(pick(r))))]
  const [tenantRows, roles, depts, posts] = await Promise.all([
    prisma.tenant.findMany({
      where: { tenantId: { in: tenants } },
      select: { tenantId: true, tenantName: true },
    }),
    prisma.role.findMany({
      where: { id: { in: ids((u) => u.roleId) }, tenantId: { in: tenants }, isDeleted: 0 },
      select: { id: true, tenantId: true, roleName: true },
    }),
    prisma.dept.findMany({
      where: { id: { in: ids((u) => u.deptId) }, tenantId: { in: tenants }, isDeleted: 0 },
      select: { id: true, tenantId: true, deptName: true },
    }),
    prisma.post.findMany({
      where: { id: { in: ids((u) => u.postId) }, tenantId: { in: tenants }, isDeleted: 0 },
      select: { id: true, tenantId: true, postName: true },
    }),
  ])
  const tenantNames = new Map(tenantRows.map((t) => [t.tenantId, t.tenantName]))
  const names = <T extends { id: bigint; tenantId: string }>(list: T[], name: (t: T) => string | null) => {
    const map = new Map(list.map((t) => [`${t.tenantId}:${t.id}`, name(t) ?? '']))
    return (tenantId: string, csv: string) =>
      splitIds(csv)
        .map((id) => map.get(`${tenantId}:${id}`))
        .filter((n) => n !== undefined)
        .join(',')
  }
  const roleNames = names(roles, (r) => r.roleName)
  const deptNames = names(depts, (d) => d.deptName)
  const postNames = names(posts, (p) => p.postName)
  return rows.map(({ password: _never, ...user }) => ({
    ...user,
    tenantName: tenantNames.get(user.tenantId) ?? '',
    userTypeName: USER_TYPE_NAMES[user.userType] ?? '',
    roleName: roleNames(user.tenantId, user.roleId),
    deptName: deptNames(user.tenantId, user.deptId),
    postName: postNames(user.tenantId, user.postId),
    sexName: user.sex ? (SEX_NAMES[user.sex] ?? '') : '',
  }))
}
