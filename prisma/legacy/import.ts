import fs from 'node:fs/promises'
import path from 'node:path'
import type { Prisma, PrismaClient } from '../src/index.ts'
import { csvRecords } from './csv.ts'

/**
 * Imports CSV exports of the old platform's `blade_user`, `blade_role`, `blade_dept`,
 * `blade_role_menu` and `blade_user_dept` tables (columns as in contract section 9; files named
 * `<table>.csv`) in one transaction. Idempotent by id: a row whose id exists is left as it is, so a
 * second run changes nothing (and never puts an old hash back over an upgraded one). Passwords keep
 * the platform's sha1(md5(plain)); the token endpoint accepts them and upgrades them to argon2id at
 * the first login. Menu ids of `blade_role_menu` are the old platform's: with a `blade_menu.csv`
 * (id, code) they are matched to our menus by code, otherwise only ids that exist here are kept.
 */
export type TLegacyOptions = {
  /** Import every row into this tenant (else each row's `tenant_id`, default 000000). */
  tenantId?: string
}

export type TTableReport = { read: number; created: number; skipped: string[] }
export type TLegacyReport = Record<'roles' | 'depts' | 'users' | 'roleMenus' | 'userDepts', TTableReport>

export class LegacyImportError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'LegacyImportError'
  }
}

const DEFAULT_TENANT = '000000'
const UNLIMITED = -1
const ID = /^\d{1,19}$/
const MAX_ID = 9_223_372_036_854_775_807n
const LEGACY_NULLS = new Set(['', 'NULL', 'null', '\\N'])

const readTable = async (dir: string, table: string): Promise<Record<string, string>[] | null> => {
  const file = path.join(dir, `${table}.csv`)
  try {
    return csvRecords(await fs.readFile(file, 'utf8'))
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      return null
    }
    throw err
  }
}

/** Reads one field of a CSV row with the table's name and line for error messages. */
const fields = (table: string, row: Record<string, string>, index: number) => {
  const where = `${table}.csv 第${index + 2}行`
  const fail = (msg: string): never => {
    throw new LegacyImportError(`${where}: ${msg}`)
  }
  const text = (col: string, max: number, required = false): string | null => {
    const raw = row[col]
    const v = raw === undefined || LEGACY_NULLS.has(raw.trim()) ? null : raw
    if (v === null || v.trim() === '') {
      return required ? fail(`缺少 ${col}`) : null
    }
    if ([...v].length > max) {
      fail(`${col} 超过 ${max} 个字符`)
    }
    return v
  }
  const id = (col: string, required = true): bigint | null => {
    const v = text(col, 19, required)?.trim() ?? null
    if (v === null) {
      return null
    }
    if (!ID.test(v) || BigInt(v) > MAX_ID) {
      fail(`${col} 不是有效的编号: ${v}`)
    }
    return BigInt(v)
  }
  const int = (col: string, fallback: number): number => {
    const v = text(col, 11)?.trim() ?? null
    if (v === null) {
      return fallback
    }
    const n = Number(v)
    if (!Number.isInteger(n) || Math.abs(n) > 2_147_483_647) {
      fail(`${col} 不是整数: ${v}`)
    }
    return n
  }
  const date = (col: string): Date | null => {
    const v = text(col, 40)?.trim() ?? null
    if (v === null) {
      return null
    }
    // The platform's dumps hold Asia/Shanghai wall time.
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?/.exec(v)
    const d = m
      ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0) - 8, +(m[5] ?? 0), +(m[6] ?? 0)))
      : null
    if (!d || Number.isNaN(d.getTime())) {
      fail(`${col} 不是日期: ${v}`)
    }
    return d
  }
  /** A csv of ids (`role_id`, `dept_id`, `post_id`), kept as the platform wrote it. */
  const ids = (col: string, max: number): string => {
    const v = text(col, max)?.trim() ?? ''
    if (v && !v.split(',').every((s) => ID.test(s.trim()))) {
      fail(`${col} 不是逗号分隔的编号: ${v}`)
    }
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .join(',')
  }
  return { text, id, int, date, ids, fail }
}

/** Rows as read: ids are always bigints and every row names its tenant. */
type TRow<T> = T & { id: bigint; tenantId: string }

const emptyReport = (): TTableReport => ({ read: 0, created: 0, skipped: [] })

export const importLegacy = async (
  prisma: PrismaClient,
  dir: string,
  options: TLegacyOptions = {},
): Promise<TLegacyReport> => {
  const [users, roles, depts, roleMenus, userDepts, legacyMenus] = await Promise.all(
    ['blade_user', 'blade_role', 'blade_dept', 'blade_role_menu', 'blade_user_dept', 'blade_menu'].map((t) =>
      readTable(dir, t),
    ),
  )
  if (!users && !roles && !depts && !roleMenus && !userDepts) {
    throw new LegacyImportError(
      `${dir} 中没有 blade_user.csv、blade_role.csv、blade_dept.csv、blade_role_menu.csv 或 blade_user_dept.csv`,
    )
  }
  const tenantOf = (value: string | null) => options.tenantId ?? (value?.trim() || DEFAULT_TENANT)

  const roleRows: TRow<Prisma.RoleCreateManyInput>[] = (roles ?? []).map((row, i) => {
    const f = fields('blade_role', row, i)
    return {
      id: f.id('id')!,
      tenantId: tenantOf(f.text('tenant_id', 12)),
      parentId: f.id('parent_id', false) ?? 0n,
      roleName: f.text('role_name', 255, true)!,
      sort: f.int('sort', 0),
      roleAlias: f.text('role_alias', 255, true)!,
      isDeleted: f.int('is_deleted', 0),
    }
  })
  const deptRows: TRow<Prisma.DeptCreateManyInput>[] = (depts ?? []).map((row, i) => {
    const f = fields('blade_dept', row, i)
    return {
      id: f.id('id')!,
      tenantId: tenantOf(f.text('tenant_id', 12)),
      parentId: f.id('parent_id', false) ?? 0n,
      ancestors: f.text('ancestors', 2000)?.trim() || '0',
      deptCategory: f.int('dept_category', 1),
      deptName: f.text('dept_name', 45, true)!,
      fullName: f.text('full_name', 45),
      sort: f.int('sort', 0),
      remark: f.text('remark', 255),
      isDeleted: f.int('is_deleted', 0),
    }
  })
  const userRows: TRow<Prisma.UserCreateManyInput>[] = (users ?? []).map((row, i) => {
    const f = fields('blade_user', row, i)
    const sex = f.int('sex', 0)
    return {
      id: f.id('id')!,
      tenantId: tenantOf(f.text('tenant_id', 12)),
      code: f.text('code', 12),
      userType: f.int('user_type', 1),
      account: f.text('account', 45, true)!.trim(),
      password: f.text('password', 255, true)!.trim().toLowerCase(),
      name: f.text('name', 20),
      realName: f.text('real_name', 10),
      avatar: f.text('avatar', 500),
      email: f.text('email', 45),
      phone: f.text('phone', 45),
      birthday: f.date('birthday'),
      sex: sex === 0 ? null : sex,
      roleId: f.ids('role_id', 1000),
      deptId: f.ids('dept_id', 1000),
      postId: f.ids('post_id', 1000),
      createUser: f.id('create_user', false),
      createDept: f.id('create_dept', false),
      createTime: f.date('create_time') ?? new Date(),
      updateUser: f.id('update_user', false),
      updateTime: f.date('update_time'),
      status: f.int('status', 1),
      isDeleted: f.int('is_deleted', 0),
    }
  })
  const linkRows = (roleMenus ?? []).map((row, i) => {
    const f = fields('blade_role_menu', row, i)
    return { id: f.id('id')!, menuId: f.id('menu_id')!, roleId: f.id('role_id')! }
  })
  const userDeptRows = (userDepts ?? []).map((row, i) => {
    const f = fields('blade_user_dept', row, i)
    return { id: f.id('id')!, userId: f.id('user_id')!, deptId: f.id('dept_id')! }
  })
  const legacyMenuCodes = new Map(
    (legacyMenus ?? []).map((row, i) => {
      const f = fields('blade_menu', row, i)
      return [f.id('id')!, f.text('code', 255, true)!.trim()] as const
    }),
  )

  const report: TLegacyReport = {
    roles: { ...emptyReport(), read: roleRows.length },
    depts: { ...emptyReport(), read: deptRows.length },
    users: { ...emptyReport(), read: userRows.length },
    roleMenus: { ...emptyReport(), read: linkRows.length },
    userDepts: { ...emptyReport(), read: userDeptRows.length },
  }

  const tenants = [...new Set([...roleRows, ...deptRows, ...userRows].map((r) => r.tenantId))]
  await prisma.$transaction(
    async (tx) => {
      const known = await tx.tenant.findMany({
        where: { tenantId: { in: tenants }, isDeleted: 0 },
        select: { tenantId: true, accountNumber: true },
      })
      const missing = tenants.filter((t) => !known.some((k) => k.tenantId === t))
      if (missing.length) {
        throw new LegacyImportError(`租户不存在: ${missing.join(', ')}`)
      }

      const existingIds = async (model: 'role' | 'dept' | 'user', ids: bigint[]) => {
        const delegate = tx[model] as unknown as {
          findMany(args: object): Promise<{ id: bigint }[]>
        }
        return new Set(
          (await delegate.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((r) => r.id),
        )
      }

      const newRoles = await existingIds(
        'role',
        roleRows.map((r) => r.id),
      )
      report.roles.created = (
        await tx.role.createMany({ data: roleRows.filter((r) => !newRoles.has(r.id)) })
      ).count
      report.roles.skipped = roleRows.filter((r) => newRoles.has(r.id)).map((r) => `${r.id} 已存在`)

      const oldDepts = await existingIds(
        'dept',
        deptRows.map((r) => r.id),
      )
      report.depts.created = (
        await tx.dept.createMany({ data: deptRows.filter((r) => !oldDepts.has(r.id)) })
      ).count
      report.depts.skipped = deptRows.filter((r) => oldDepts.has(r.id)).map((r) => `${r.id} 已存在`)

      // Users: an id already here is kept; an account already taken in its tenant by another user is
      // not imported (two live users cannot share an account in one tenant).
      const oldUsers = await existingIds(
        'user',
        userRows.map((r) => r.id),
      )
      const taken = new Set(
        (
          await tx.user.findMany({
            where: { tenantId: { in: tenants }, isDeleted: 0 },
            select: { tenantId: true, account: true },
          })
        ).map((u) => `${u.tenantId}/${u.account}`),
      )
      const accepted: TRow<Prisma.UserCreateManyInput>[] = []
      for (const u of userRows) {
        const key = `${u.tenantId}/${u.account}`
        if (oldUsers.has(u.id)) {
          report.users.skipped.push(`${u.id} 已存在`)
        } else if (u.isDeleted === 0 && taken.has(key)) {
          report.users.skipped.push(`${u.id} 账号 ${u.account} 在租户 ${u.tenantId} 已被占用`)
        } else {
          accepted.push(u)
          if (u.isDeleted === 0) {
            taken.add(key)
          }
        }
      }
      for (const t of known) {
        const adding = accepted.filter((u) => u.tenantId === t.tenantId && u.isDeleted === 0).length
        if (adding && t.accountNumber > UNLIMITED) {
          const current = await tx.user.count({ where: { tenantId: t.tenantId, isDeleted: 0 } })
          if (current + adding > t.accountNumber) {
            throw new LegacyImportError(
              `当前租户已到最大账号额度! 租户 ${t.tenantId} 额度 ${t.accountNumber}, 已有 ${current}, 待导入 ${adding}`,
            )
          }
        }
      }
      report.users.created = (await tx.user.createMany({ data: accepted })).count

      // Role menus: old menu ids mapped by code when the old menu table came along.
      const ourMenus = await tx.menu.findMany({ where: { isDeleted: 0 }, select: { id: true, code: true } })
      const byCode = new Map(ourMenus.map((m) => [m.code, m.id]))
      const ourIds = new Set(ourMenus.map((m) => m.id))
      const roleIds = new Set(
        (
          await tx.role.findMany({
            where: { id: { in: linkRows.map((l) => l.roleId) } },
            select: { id: true },
          })
        ).map((r) => r.id),
      )
      const existingLinks = await tx.roleMenu.findMany({
        where: { OR: [{ id: { in: linkRows.map((l) => l.id) } }, { roleId: { in: [...roleIds] } }] },
        select: { id: true, roleId: true, menuId: true },
      })
      const linkIds = new Set(existingLinks.map((l) => l.id))
      const pairs = new Set(existingLinks.map((l) => `${l.roleId}/${l.menuId}`))
      const links: { id: bigint; roleId: bigint; menuId: bigint }[] = []
      for (const l of linkRows) {
        const code = legacyMenuCodes.get(l.menuId)
        const menuId = legacyMenus
          ? code
            ? byCode.get(code)
            : undefined
          : ourIds.has(l.menuId)
            ? l.menuId
            : undefined
        const pair = `${l.roleId}/${menuId}`
        if (linkIds.has(l.id)) {
          report.roleMenus.skipped.push(`${l.id} 已存在`)
        } else if (!roleIds.has(l.roleId)) {
          report.roleMenus.skipped.push(`${l.id} 角色 ${l.roleId} 不存在`)
        } else if (menuId === undefined) {
          report.roleMenus.skipped.push(`${l.id} 菜单 ${l.menuId}${code ? ` (${code})` : ''} 在本平台不存在`)
        } else if (pairs.has(pair)) {
          report.roleMenus.skipped.push(`${l.id} 已授权`)
        } else {
          pairs.add(pair)
          links.push({ id: l.id, roleId: l.roleId, menuId })
        }
      }
      report.roleMenus.created = (await tx.roleMenu.createMany({ data: links })).count

      const userIds = new Set(
        (
          await tx.user.findMany({
            where: { id: { in: userDeptRows.map((u) => u.userId) } },
            select: { id: true },
          })
        ).map((u) => u.id),
      )
      const existingUserDepts = await tx.userDept.findMany({
        where: { OR: [{ id: { in: userDeptRows.map((u) => u.id) } }, { userId: { in: [...userIds] } }] },
        select: { id: true, userId: true, deptId: true },
      })
      const udIds = new Set(existingUserDepts.map((u) => u.id))
      const udPairs = new Set(existingUserDepts.map((u) => `${u.userId}/${u.deptId}`))
      const userDeptData: typeof userDeptRows = []
      for (const ud of userDeptRows) {
        const pair = `${ud.userId}/${ud.deptId}`
        if (udIds.has(ud.id) || udPairs.has(pair)) {
          report.userDepts.skipped.push(`${ud.id} 已存在`)
        } else if (!userIds.has(ud.userId)) {
          report.userDepts.skipped.push(`${ud.id} 用户 ${ud.userId} 不存在`)
        } else {
          udPairs.add(pair)
          userDeptData.push(ud)
        }
      }
      report.userDepts.created = (await tx.userDept.createMany({ data: userDeptData })).count
    },
    { timeout: 300_000, maxWait: 30_000 },
  )
  return report
}
