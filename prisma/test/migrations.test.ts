import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { sampleSurveyOf } from '../seed/data/survey.ts'
import { seed } from '../seed/index.ts'
import { createPrisma, nextId, stableId } from '../src/index.ts'

const run = promisify(execFile)
const cwd = path.resolve(import.meta.dirname, '..')
const base = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'
const name = `ysjs_migrate_${randomBytes(4).toString('hex')}`
const url = (() => {
  const u = new URL(base)
  u.pathname = `/${name}`
  return u.toString()
})()
const prisma = (() => {
  const prisma = createPrisma({ url, max: 2 })
  return prisma
})()

const prismaCli = (...args: string[]) =>
  run('pnpm', ['exec', 'prisma', ...args], { cwd, env: { ...process.env, DATABASE_URL: url } })

afterAll(async () => {
  await prisma.$disconnect()
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  await admin.end()
})

describe('migrations through the offline schema engine', () => {
  it('creates a missing database and applies every migration; a re-run is a no-op', async () => {
    const first = await prismaCli('migrate', 'deploy')
    expect(first.stdout + first.stderr).toMatch(/applied|All migrations have been successfully applied/i)
    const again = await prismaCli('migrate', 'deploy')
    expect(again.stdout + again.stderr).toMatch(/No pending migrations to apply/)
    const status = await prismaCli('migrate', 'status')
    expect(status.stdout).toMatch(/Database schema is up to date/)
  })

  it('finds no drift between the migrations and schema.prisma', async () => {
    // Exits non-zero (and rejects) when the migrations and the schema disagree.
    await expect(
      prismaCli(
        'migrate',
        'diff',
        '--from-migrations',
        'migrations',
        '--to-schema',
        'schema.prisma',
        '--exit-code',
      ),
    ).resolves.toBeDefined()
  })

  it('seeds idempotently and keeps what administrators changed', async () => {
    await seed(prisma, { clientSecret: 'saber_secret' })
    const counts = async () =>
      Promise.all([
        prisma.menu.count(),
        prisma.dictBiz.count(),
        prisma.user.count(),
        prisma.roleMenu.count(),
        prisma.param.count(),
        prisma.region.count(),
        prisma.survey.count(),
        prisma.notice.count(),
        prisma.surveyQuestion.count(),
      ])
    const before = await counts()
    await prisma.param.updateMany({ where: { paramKey: 'account.failCount' }, data: { paramValue: '7' } })
    await seed(prisma, { clientSecret: 'saber_secret' })
    expect(await counts()).toEqual(before)
    const failCount = await prisma.param.findFirstOrThrow({ where: { paramKey: 'account.failCount' } })
    expect(failCount.paramValue).toBe('7')
    const admin = await prisma.user.findFirstOrThrow({ where: { account: 'admin', tenantId: '000000' } })
    expect(admin).toMatchObject({ name: '管理员', roleId: '1123598816738675201' })
    expect(admin.password).toMatch(/^\$argon2id\$/)
    const saber = await prisma.client.findUniqueOrThrow({ where: { clientId: 'saber' } })
    expect(saber.clientSecret).toMatch(/^sha256\$[0-9a-f]{32}\$[0-9a-f]{64}$/)
    const notices = await prisma.notice.findMany({ where: { tenantId: '000000' }, orderBy: { id: 'asc' } })
    expect(notices.map((n) => [String(n.id), n.title, n.category, n.content])).toEqual([
      ['1123598818738675223', '测试公告', 3, '222'],
      ['1123598818738675224', '测试公告2', 1, '333'],
      ['1123598818738675225', '测试公告3', 6, '11111'],
    ])
    expect(notices.every((n) => n.recipientIds.length === 0 && n.status === 1)).toBe(true)
    const provinces = await prisma.region.findMany({ where: { parentCode: '00' }, orderBy: { sort: 'asc' } })
    expect(provinces).toHaveLength(34)
    expect(provinces[0]).toMatchObject({ code: '110000', name: '北京市', regionLevel: 1 })
    expect(provinces.map((p) => p.code)).toEqual(expect.arrayContaining(['710000', '810000', '820000']))
  })
})

describe('the seed on any day', () => {
  it("the sample survey is the seeding year's and open from that day for at least a year", () => {
    for (const today of ['2026-11-28', '2027-12-31', '2028-01-01', '2032-02-29', '2099-07-15']) {
      const s = sampleSurveyOf(today)
      const year = today.slice(0, 4)
      expect(s.code).toBe(`YS-${year}-01`)
      expect(s.name.startsWith(`${year}年`)).toBe(true)
      expect(s.startDate <= today && today < s.endDate).toBe(true)
      expect(s.endDate).toBe(`${Number(year) + 1}-12-31`)
    }
  })
})

describe('ids', () => {
  it('issues increasing, unique 64-bit ids', () => {
    const ids = Array.from({ length: 10_000 }, nextId)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true)
    expect(ids[0]! < 2n ** 63n).toBe(true)
    expect(String(ids[0]).length).toBeGreaterThanOrEqual(18)
  })
  it('derives stable ids for seed rows', () => {
    expect(stableId('menu:param')).toBe(stableId('menu:param'))
    expect(stableId('menu:param')).not.toBe(stableId('menu:dict'))
  })
})
