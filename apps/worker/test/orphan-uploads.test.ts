import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createPrisma, nextId, type PrismaClient } from '@ysjs/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cloneDatabase, ensureTemplate } from '../../../scripts/test-db.mjs'
import { loadWorkerEnv, type TWorkerEnv } from '../src/env.ts'
import { BUILT_IN, type TJobLog } from '../src/job/processors.ts'

const base = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'
let db: Awaited<ReturnType<typeof cloneDatabase>>
let prisma: PrismaClient
let env: TWorkerEnv
let dir: string

const HOUR = 3_600_000
const ADMIN = 1123598821738675201n

beforeAll(async () => {
  db = await cloneDatabase(await ensureTemplate(base), base, 'worker_orphans')
  prisma = createPrisma({ url: db.url, max: 2 })
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ysjs-orphans-'))
  env = loadWorkerEnv({ NODE_ENV: 'test', DATABASE_URL: db.url, STORAGE_DIR: dir })
})
afterAll(async () => {
  await prisma.$disconnect()
  await db.drop()
  await fs.rm(dir, { recursive: true, force: true })
})

/** An upload as the API stores it: the object on the default (local) store, its row, its bytes counted. */
const upload = async (name: string, ageHours: number, tenantId = '000000') => {
  const key = `upload/${tenantId}/env/20261101/${randomUUID()}.pdf`
  const body = Buffer.from(`%PDF-1.4 ${name}`)
  await fs.mkdir(path.dirname(path.join(dir, key)), { recursive: true })
  await fs.writeFile(path.join(dir, key), body)
  const id = nextId()
  await prisma.attach.create({
    data: {
      id,
      tenantId,
      link: `/api/ysjs-resource/oss/file/${key}`,
      name: key,
      originalName: `${name}.pdf`,
      extension: 'pdf',
      attachSize: BigInt(body.length),
      createTime: new Date(Date.now() - ageHours * HOUR),
    },
  })
  await prisma.$executeRaw`
    INSERT INTO blade_storage_usage (tenant_id, used_bytes) VALUES (${tenantId}, ${body.length})
    ON CONFLICT (tenant_id) DO UPDATE SET used_bytes = blade_storage_usage.used_bytes + ${body.length}`
  return { id, key, size: body.length }
}

const run = async (params: unknown) => {
  const lines: string[] = []
  const log: TJobLog = (_level, message) => {
    lines.push(message)
  }
  const result = (await BUILT_IN['prune-uploads']({
    prisma,
    redis: undefined as never,
    env,
    params,
    signal: new AbortController().signal,
    log,
  })) as { dryRun: boolean; orphans: string[]; removed: number; bytes: number }
  return { result, lines }
}
const exists = async (key: string) =>
  fs.stat(path.join(dir, key)).then(
    () => true,
    () => false,
  )
const used = async (tenantId = '000000') =>
  Number((await prisma.storageUsage.findUniqueOrThrow({ where: { tenantId } })).usedBytes)

describe('uploads left behind (decision 026)', () => {
  it('lists in a dry run, then removes only the old uploads nothing refers to, and gives their bytes back', async () => {
    const orphan = await upload('orphan', 48)
    const otherTenant = await upload('orphan-b', 30, '654321')
    const filed = await upload('filed', 48)
    const inRichText = await upload('in-rich-text', 48)
    const avatar = await upload('avatar', 48)
    const recent = await upload('recent', 2)
    // References: an attachment entry by id, a notice's rich text by link, a user's avatar by link.
    await prisma.attachFile.create({
      data: { id: nextId(), tenantId: '000000', name: '附件', attachId: filed.id },
    })
    await prisma.notice.create({
      data: {
        id: nextId(),
        tenantId: '000000',
        title: '带图片的通知',
        content: `<p><img src="/api/ysjs-resource/oss/file/${inRichText.key}?blade-auth=x"></p>`,
      },
    })
    await prisma.user.update({
      where: { id: ADMIN },
      data: { avatar: `/api/ysjs-resource/oss/file/${avatar.key}` },
    })
    const usedBefore = await used()
    const otherBefore = await used('654321')

    // Dry run: the orphans are listed in the run's log; nothing is removed or given back.
    const dry = await run({ dryRun: true })
    expect(dry.result).toMatchObject({ dryRun: true, removed: 0 })
    expect(new Set(dry.result.orphans)).toEqual(new Set([orphan.key, otherTenant.key]))
    expect(dry.lines.join('\n')).toContain(orphan.key)
    expect(dry.lines.join('\n')).toContain(`000000 ${orphan.key} ${orphan.size} 字节`)
    expect(await exists(orphan.key)).toBe(true)
    expect(await used()).toBe(usedBefore)

    // The run: the orphans' objects and rows go, each tenant gets its bytes back; the rest stays.
    const real = await run(null)
    expect(real.result).toMatchObject({ dryRun: false, removed: 2, bytes: orphan.size + otherTenant.size })
    expect(await exists(orphan.key)).toBe(false)
    expect(await exists(otherTenant.key)).toBe(false)
    expect((await prisma.attach.findUniqueOrThrow({ where: { id: orphan.id } })).isDeleted).toBe(1)
    expect(await used()).toBe(usedBefore - orphan.size)
    expect(await used('654321')).toBe(otherBefore - otherTenant.size)
    for (const kept of [filed, inRichText, avatar, recent]) {
      expect(await exists(kept.key)).toBe(true)
      expect((await prisma.attach.findUniqueOrThrow({ where: { id: kept.id } })).isDeleted).toBe(0)
    }

    // Idempotent: a second run finds nothing. A shorter grace period reaches the recent upload.
    expect((await run({})).result).toMatchObject({ orphans: [], removed: 0 })
    expect((await run({ graceHours: 1, dryRun: true })).result.orphans).toEqual([recent.key])
  }, 120_000)

  it('refuses parameters it does not take, never retried', async () => {
    await expect(run({ graceHours: 0 })).rejects.toThrow(/清理未引用上传文件的任务参数/)
    await expect(run({ dryRun: 'yes' })).rejects.toThrow(/清理未引用上传文件的任务参数/)
  })
})
