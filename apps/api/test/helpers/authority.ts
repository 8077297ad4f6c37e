import { hashPassword, md5Hex, nextId } from '@ysjs/db'
import type { FastifyInstance } from 'fastify'
import { auth, tokenRequest } from './app.ts'

/** Test factories for roles, users, depts and tenants, written straight to the test database. */
export const createTenant = async (
  app: FastifyInstance,
  tenantId: string,
  extra: { packageId?: bigint } = {},
) => {
  await app.prisma.tenant.create({
    data: { id: nextId(), tenantId, tenantName: `租户${tenantId}`, ...extra },
  })
}

export const createRole = async (
  app: FastifyInstance,
  opts: { tenantId?: string; alias: string; name?: string; parentId?: bigint; menuCodes?: string[] },
): Promise<bigint> => {
  const id = nextId()
  await app.prisma.role.create({
    data: {
      id,
      tenantId: opts.tenantId ?? '000000',
      roleName: opts.name ?? opts.alias,
      roleAlias: opts.alias,
      parentId: opts.parentId ?? 0n,
    },
  })
  if (opts.menuCodes?.length) {
    await grantCodes(app, id, opts.menuCodes)
  }
  return id
}

/** Grants menus by code (each with its whole subtree when `withChildren`). */
export const grantCodes = async (
  app: FastifyInstance,
  roleId: bigint,
  codes: string[],
  withChildren = true,
) => {
  const menus = await app.prisma.menu.findMany({ where: { isDeleted: 0 } })
  const wanted = new Set(menus.filter((m) => codes.includes(m.code)).map((m) => m.id))
  if (withChildren) {
    let grew = true
    while (grew) {
      grew = false
      for (const m of menus) {
        if (!wanted.has(m.id) && wanted.has(m.parentId)) {
          wanted.add(m.id)
          grew = true
        }
      }
    }
  }
  await app.prisma.roleMenu.createMany({
    data: [...wanted].map((menuId) => ({ id: nextId(), roleId, menuId })),
  })
  return [...wanted]
}

export const createUser = async (
  app: FastifyInstance,
  opts: { account: string; tenantId?: string; roleIds: bigint[]; deptIds?: bigint[]; password?: string },
): Promise<bigint> => {
  const id = nextId()
  await app.prisma.user.create({
    data: {
      id,
      tenantId: opts.tenantId ?? '000000',
      account: opts.account,
      realName: opts.account.slice(0, 10),
      password: await hashPassword(md5Hex(opts.password ?? opts.account)),
      roleId: opts.roleIds.join(','),
      deptId: (opts.deptIds ?? []).join(','),
    },
  })
  for (const deptId of opts.deptIds ?? []) {
    await app.prisma.userDept.create({ data: { id: nextId(), userId: id, deptId } })
  }
  return id
}

export const createDept = async (
  app: FastifyInstance,
  opts: { name: string; parent?: { id: bigint; ancestors: string }; tenantId?: string },
) => {
  const id = nextId()
  const ancestors = opts.parent ? `${opts.parent.ancestors},${opts.parent.id}` : '0'
  await app.prisma.dept.create({
    data: {
      id,
      tenantId: opts.tenantId ?? '000000',
      parentId: opts.parent?.id ?? 0n,
      ancestors,
      deptName: opts.name,
    },
  })
  return { id, ancestors }
}

/** Logs a user in (password = account unless given) and answers the Blade-Auth header. */
export const loginAs = async (
  app: FastifyInstance,
  account: string,
  tenantId = '000000',
  password = account,
) => {
  const res = await tokenRequest(
    app,
    { grant_type: 'password', username: account, password: md5Hex(password), tenantId },
    { 'tenant-id': tenantId },
  )
  if (res.statusCode !== 200) {
    throw new Error(`login ${account}@${tenantId} failed: ${res.statusCode} ${res.body}`)
  }
  return auth(res.json().access_token as string)
}
