import { hashPassword, md5Hex, nextId, type PrismaClient } from '@ysjs/db'
import type { FastifyInstance } from 'fastify'
import { BASIC } from './app.ts'

/** Seed ids (contract 12) the system tests lean on. */
export const SEED = {
  deptRoot: '1123598813738675201',
  deptChangzhou: '1123598813738675202',
  deptSuzhou: '1123598813738675203',
  roleAdministrator: '1123598816738675201',
  roleUser: '1123598816738675202',
  roleHr: '1123598816738675203',
  roleManager: '1123598816738675204',
  postCeo: '1123598817738675201',
  userAdmin: '1123598821738675201',
} as const

let seq = 0
/** A value no other test row has (accounts, codes). */
export const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`

/** A tenant with a root dept, a post and an `admin`-alias role granted the given menu/button codes. */
export const createTenant = async (
  prisma: PrismaClient,
  opts: { tenantId: string; accountNumber?: number; codes?: string[] },
) => {
  await prisma.tenant.create({
    data: {
      id: nextId(),
      tenantId: opts.tenantId,
      tenantName: `租户${opts.tenantId}`,
      accountNumber: opts.accountNumber ?? -1,
    },
  })
  const dept = await prisma.dept.create({
    data: {
      id: nextId(),
      tenantId: opts.tenantId,
      deptName: `总部${opts.tenantId}`,
      fullName: '总部',
      ancestors: '0',
    },
  })
  const post = await prisma.post.create({
    data: { id: nextId(), tenantId: opts.tenantId, postCode: 'ceo', postName: '首席执行官', category: 1 },
  })
  const role = await createRole(prisma, opts.tenantId, 'admin', opts.codes ?? [])
  return { tenantId: opts.tenantId, deptId: String(dept.id), postId: String(post.id), roleId: role }
}

/** A role granted the menus/buttons with these codes. */
export const createRole = async (prisma: PrismaClient, tenantId: string, alias: string, codes: string[]) => {
  const id = nextId()
  await prisma.role.create({ data: { id, tenantId, roleName: alias, roleAlias: alias } })
  const menus = await prisma.menu.findMany({ where: { code: { in: codes } }, select: { id: true } })
  if (menus.length) {
    await prisma.roleMenu.createMany({ data: menus.map((m) => ({ id: nextId(), roleId: id, menuId: m.id })) })
  }
  return String(id)
}

/** A user row (password = account unless given), with its dept mirror. */
export const createUser = async (
  prisma: PrismaClient,
  opts: {
    tenantId: string
    roleId: string
    deptId: string
    account?: string
    password?: string
    status?: number
  },
) => {
  const account = opts.account ?? unique('u')
  const id = nextId()
  await prisma.user.create({
    data: {
      id,
      tenantId: opts.tenantId,
      account,
      password: await hashPassword(md5Hex(opts.password ?? account)),
      name: account,
      realName: account.slice(0, 10),
      roleId: opts.roleId,
      deptId: opts.deptId,
      status: opts.status ?? 1,
    },
  })
  await prisma.userDept.create({ data: { id: nextId(), userId: id, deptId: BigInt(opts.deptId) } })
  return { id: String(id), account }
}

/** Signs in to a tenant with the password grant; answers the token response (or the error). */
export const signIn = (app: FastifyInstance, tenantId: string, account: string, plain = account) =>
  app.inject({
    method: 'POST',
    url: '/api/ysjs-auth/oauth/token',
    query: { grant_type: 'password', username: account, password: md5Hex(plain), tenantId, scope: 'all' },
    headers: { authorization: BASIC, 'tenant-id': tenantId },
  })

export const tokenOf = async (app: FastifyInstance, tenantId: string, account: string, plain = account) => {
  const res = await signIn(app, tenantId, account, plain)
  if (res.statusCode !== 200) {
    throw new Error(`sign-in ${tenantId}/${account}: ${res.body}`)
  }
  return res.json().access_token as string
}
