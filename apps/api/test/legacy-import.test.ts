import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { md5Hex } from '@ysjs/db'
import { importLegacy } from '@ysjs/db/legacy'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp, tokenRequest } from './helpers/app.ts'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const SAMPLE = path.join(ROOT, 'prisma/legacy-sample')

let t: TTestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const signIn = (account: string, plain: string, tenantId = '000000') =>
  tokenRequest(
    t.app,
    { grant_type: 'password', username: account, password: md5Hex(plain), tenantId },
    { 'tenant-id': tenantId },
  )

describe('legacy import (pnpm import:legacy)', () => {
  it('imports the sample through the command, idempotently', async () => {
    const run = () =>
      promisify(execFile)('pnpm', ['import:legacy', 'prisma/legacy-sample'], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: t.databaseUrl },
      })
    const first = await run()
    expect(first.stdout).toContain('users: 读取 3, 新增 3, 跳过 0')
    expect(first.stdout).toContain('roleMenus: 读取 4, 新增 3, 跳过 1')
    expect(first.stdout).toContain('菜单 1123598815738675203 (doc) 在本平台不存在')
    const db = t.app.prisma
    const counts = () =>
      Promise.all([
        db.user.count(),
        db.role.count(),
        db.dept.count(),
        db.roleMenu.count(),
        db.userDept.count(),
      ])
    const before = await counts()
    const second = await run()
    expect(second.stdout).toContain('users: 读取 3, 新增 0, 跳过 3')
    expect(await counts()).toEqual(before)

    const zhangsan = await db.user.findUniqueOrThrow({ where: { id: 1400000000000000301n } })
    expect(zhangsan).toMatchObject({
      tenantId: '000000',
      account: 'zhangsan',
      password: '10470c3b4b1fed12c3baac014be15fac67c6e815',
      realName: '张三',
      roleId: '1400000000000000101',
      deptId: '1400000000000000201',
      sex: 1,
    })
    expect(zhangsan.createTime.toISOString()).toBe('2021-03-01T01:30:00.000Z')
    const lisi = await db.user.findUniqueOrThrow({ where: { id: 1400000000000000302n } })
    expect(lisi).toMatchObject({ phone: null, sex: 2, roleId: '1400000000000000101,1400000000000000102' })
    const dept = await db.dept.findUniqueOrThrow({ where: { id: 1400000000000000201n } })
    expect(dept).toMatchObject({ fullName: '有色金属研究院,北京', ancestors: '0,1123598813738675201' })
    const desk = await db.menu.findFirstOrThrow({ where: { code: 'desk' } })
    const links = await db.roleMenu.findMany({ where: { roleId: 1400000000000000101n } })
    expect(links.map((l) => l.menuId)).toContain(desk.id)
  }, 120_000)

  it('signs imported users in with their old passwords and upgrades the hash to argon2id', async () => {
    const res = await signIn('zhangsan', '123456')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      account: 'zhangsan',
      role_name: 'expert',
      dept_id: '1400000000000000201',
    })
    const upgraded = await t.app.prisma.user.findUniqueOrThrow({ where: { id: 1400000000000000301n } })
    expect(upgraded.password).toMatch(/^\$argon2id\$/)
    expect((await signIn('zhangsan', '123456')).statusCode).toBe(200)
    expect((await signIn('zhangsan', 'wrong')).json()).toMatchObject({
      error_description: '用户名或密码错误',
    })
    // The imported role's menus (mapped from the old menu ids by code) show in its routes.
    const routes = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-system/menu/routes',
      headers: auth(res.json().access_token),
    })
    expect(routes.json().data.map((m: { code: string }) => m.code)).toEqual(['desk'])
    // A second import leaves the upgraded hash alone; a deleted old user cannot sign in.
    await importLegacy(t.app.prisma, SAMPLE)
    expect(
      (await t.app.prisma.user.findUniqueOrThrow({ where: { id: 1400000000000000301n } })).password,
    ).toBe(upgraded.password)
    expect((await signIn('wangwu', 'wangwu')).statusCode).toBe(400)
  })

  it('imports into another tenant with --tenant, skips taken accounts and keeps the quota', async () => {
    const admin = (await login(t.app, 'admin')).access_token
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-system/tenant/submit',
      headers: auth(admin),
      payload: { tenantName: '迁移租户', linkman: '赵六', contactNumber: '13700000000' },
    })
    const { tenantId } = created.json().data
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ysjs-legacy-'))
    try {
      await fs.writeFile(
        path.join(dir, 'blade_role.csv'),
        'id,tenant_id,parent_id,role_name,sort,role_alias,is_deleted\n1500000000000000101,000000,0,用户,1,user,0\n',
      )
      await fs.writeFile(
        path.join(dir, 'blade_user.csv'),
        [
          'id,tenant_id,account,password,name,real_name,role_id,status,is_deleted',
          `1500000000000000301,000000,admin,${'a'.repeat(40)},旧管理员,旧管理员,1500000000000000101,1,0`,
          '1500000000000000302,000000,chenqi,10470c3b4b1fed12c3baac014be15fac67c6e815,陈七,陈七,1500000000000000101,1,0',
        ].join('\n'),
      )
      const report = await importLegacy(t.app.prisma, dir, { tenantId })
      expect(report.users).toMatchObject({ read: 2, created: 1 })
      expect(report.users.skipped).toEqual([`1500000000000000301 账号 admin 在租户 ${tenantId} 已被占用`])
      expect(
        await t.app.prisma.user.findUniqueOrThrow({ where: { id: 1500000000000000302n } }),
      ).toMatchObject({
        tenantId,
      })
      expect((await signIn('chenqi', '123456', tenantId)).statusCode).toBe(200)
      expect((await signIn('admin', 'admin', tenantId)).statusCode).toBe(200)

      // Over the tenant's quota nothing is imported.
      await t.app.prisma.tenant.update({ where: { tenantId }, data: { accountNumber: 2 } })
      await fs.writeFile(
        path.join(dir, 'blade_user.csv'),
        `id,account,password,role_id\n1500000000000000303,zhouba,${'b'.repeat(40)},1500000000000000101\n`,
      )
      await expect(importLegacy(t.app.prisma, dir, { tenantId })).rejects.toThrow('当前租户已到最大账号额度!')
      expect(await t.app.prisma.user.count({ where: { id: 1500000000000000303n } })).toBe(0)

      await expect(importLegacy(t.app.prisma, dir, { tenantId: '999997' })).rejects.toThrow(
        '租户不存在: 999997',
      )
      await fs.writeFile(path.join(dir, 'blade_user.csv'), 'id,account,password\nabc,x,y\n')
      await expect(importLegacy(t.app.prisma, dir, { tenantId })).rejects.toThrow(
        'blade_user.csv 第2行: id 不是有效的编号: abc',
      )
    } finally {
      await fs.rm(dir, { recursive: true, force: true })
    }
  })
})
