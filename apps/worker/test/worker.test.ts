import { randomBytes } from 'node:crypto'
import { createPrisma, nextId, stableId } from '@ysjs/db'
import { Queue } from 'bullmq'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cloneDatabase, ensureTemplate } from '../../../scripts/test-db.mjs'
import { PRUNE_BATCH, purgeOldLogs, retentionDays, runLogRetention } from '../src/system/log-retention.ts'
import { startWorker } from '../src/worker.ts'

const base = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
let db: Awaited<ReturnType<typeof cloneDatabase>>

beforeAll(async () => {
  db = await cloneDatabase(await ensureTemplate(base), base, 'worker')
})
afterAll(async () => {
  await db.drop()
})

describe('worker', () => {
  it('boots against PostgreSQL and Redis, reports health and shuts down gracefully', async () => {
    const prefix = `test-bull-${randomBytes(3).toString('hex')}`
    // The schedule the system queue declared before log retention became a job definition.
    const legacy = new Queue('system', { connection: { url: redisUrl }, prefix })
    await legacy.upsertJobScheduler('log-retention', { pattern: '0 30 3 * * *', tz: 'Asia/Shanghai' })
    const worker = await startWorker({
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      WORKER_HEALTH_PORT: '0',
      QUEUE_PREFIX: prefix,
      LOG_LEVEL: 'silent',
    })
    const res = await fetch(`http://127.0.0.1:${worker.port}/health`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok', database: true, redis: true })
    // The seeded housekeeping jobs are scheduled from their definitions (the Quartz expression as
    // written, read by the worker's repeat strategy); the legacy schedule is gone.
    const schedulers = (await worker.jobs?.runs.getJobSchedulers(0, -1)) ?? []
    expect(schedulers.find((s) => s.key === `job-${stableId('job:log-retention')}`)).toMatchObject({
      pattern: '0 30 3 * * ?',
      tz: 'Asia/Shanghai',
    })
    expect(schedulers).toHaveLength(4)
    expect(await legacy.getJobScheduler('log-retention')).toBeFalsy()
    await legacy.obliterate({ force: true })
    await legacy.close()
    expect((await fetch(`http://127.0.0.1:${worker.port}/nope`)).status).toBe(404)
    await worker.close()
    await expect(fetch(`http://127.0.0.1:${worker.port}/health`)).rejects.toThrow()
  })

  it('log retention deletes only rows older than the window', async () => {
    const prisma = createPrisma({ url: db.url, max: 2 })
    const now = new Date('2026-06-01T00:00:00Z')
    const old = new Date('2026-01-01T00:00:00Z')
    const recent = new Date('2026-05-25T00:00:00Z')
    await prisma.logApi.createMany({
      data: [
        { id: nextId(), createTime: old, title: 'old' },
        { id: nextId(), createTime: recent, title: 'recent' },
      ],
    })
    await prisma.logError.create({ data: { id: nextId(), createTime: old, message: 'old' } })
    const result = await purgeOldLogs(prisma, 90, now)
    expect(result).toMatchObject({ api: 1, error: 1, usual: 0 })
    expect((await prisma.logApi.findMany()).map((r) => r.title)).toEqual(['recent'])
    expect(await purgeOldLogs(prisma, 90, now)).toMatchObject({ api: 0, error: 0 })
    await prisma.$disconnect()
  })

  it('log retention prunes in batches, writers go on meanwhile, and finished job runs go with the logs', async () => {
    const prisma = createPrisma({ url: db.url, max: 4 })
    const now = new Date('2026-06-01T00:00:00Z')
    const old = '2026-01-01 00:00:00'
    await prisma.$executeRawUnsafe(
      `INSERT INTO blade_log_api (id, create_time, title)
       SELECT 1950000000000000000 + i, $1::timestamp + i * interval '1 second', 'old' FROM generate_series(1, ${PRUNE_BATCH * 2 + 500}) i`,
      old,
    )
    const job = nextId()
    await prisma.jobInfo.create({
      data: {
        id: job,
        jobName: `prune-${job}`,
        enable: 0,
        timeExpressionType: 1,
        processorType: 1,
        processorInfo: 'http-call',
      },
    })
    const run = (status: string, plannedTime: Date) =>
      prisma.jobInstance.create({
        data: { id: nextId(), jobInfoId: job, plannedTime, status, createTime: plannedTime },
      })
    await run('succeeded', new Date('2026-01-02T00:00:00Z'))
    await run('running', new Date('2026-01-03T00:00:00Z'))
    await run('succeeded', new Date('2026-05-30T00:00:00Z'))
    // A writer keeps adding log rows while the prune runs: no insert waits behind it.
    let writing = true
    const waits: number[] = []
    const writer = (async () => {
      while (writing) {
        const t0 = performance.now()
        await prisma.logApi.create({ data: { id: nextId(), createTime: new Date(), title: 'live' } })
        waits.push(performance.now() - t0)
      }
    })()
    const result = await purgeOldLogs(prisma, 90, now)
    writing = false
    await writer
    expect(result).toMatchObject({ api: PRUNE_BATCH * 2 + 500, jobRuns: 1 })
    expect(await prisma.logApi.count({ where: { title: 'old' } })).toBe(0)
    expect(waits.length).toBeGreaterThan(0)
    expect(Math.max(...waits)).toBeLessThan(1_000)
    const left = await prisma.jobInstance.findMany({
      where: { jobInfoId: job },
      orderBy: { plannedTime: 'asc' },
    })
    expect(left.map((r) => r.status)).toEqual(['running', 'succeeded'])
    await prisma.$disconnect()
  })

  it('log retention honours the parameter log.retentionDays, else the environment', async () => {
    const prisma = createPrisma({ url: db.url, max: 2 })
    const now = new Date('2026-06-01T00:00:00Z')
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000)
    await prisma.logApi.deleteMany({})
    await prisma.logUsual.createMany({
      data: [
        { id: nextId(), createTime: daysAgo(40), logId: 'forty' },
        { id: nextId(), createTime: daysAgo(20), logId: 'twenty' },
      ],
    })
    // The seeded parameter (90) keeps both.
    expect(await retentionDays(prisma, 7)).toBe(90)
    expect(await runLogRetention(prisma, 7, now)).toMatchObject({ days: 90, usual: 0 })
    await prisma.param.updateMany({ where: { paramKey: 'log.retentionDays' }, data: { paramValue: '30' } })
    expect(await runLogRetention(prisma, 7, now)).toMatchObject({ days: 30, usual: 1 })
    expect((await prisma.logUsual.findMany()).map((r) => r.logId)).toEqual(['twenty'])
    // A value that is not a whole number of days in range falls back to the environment's.
    for (const bad of ['abc', '0', '1.5', '99999']) {
      await prisma.param.updateMany({ where: { paramKey: 'log.retentionDays' }, data: { paramValue: bad } })
      expect(await retentionDays(prisma, 7)).toBe(7)
    }
    await prisma.param.updateMany({ where: { paramKey: 'log.retentionDays' }, data: { isDeleted: 1 } })
    expect(await runLogRetention(prisma, 10, now)).toMatchObject({ days: 10, usual: 1 })
    await prisma.$disconnect()
  })
})
