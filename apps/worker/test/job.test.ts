import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { createPrisma, nextId, type PrismaClient } from '@ysjs/db'
import { parseDateTime } from '@ysjs/shared'
import { JOB_RUN_QUEUE, JOB_STOP_CHANNEL, JobTrigger, jobRunKey } from '@ysjs/shared/job'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cloneDatabase, ensureTemplate } from '../../../scripts/test-db.mjs'
import { ZWorkerEnvSchema } from '../src/env.ts'
import { startWorker } from '../src/worker.ts'

const base = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
let db: Awaited<ReturnType<typeof cloneDatabase>>
let prisma: PrismaClient
let redis: Redis
let server: http.Server
let port = 0
/** Hits per path of the local HTTP target. */
const hits = new Map<string, number>()
const flaky = new Map<string, number>()

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const waitFor = async <T>(probe: () => Promise<T | null | undefined | false>, ms = 15_000): Promise<T> => {
  const until = Date.now() + ms
  for (;;) {
    const v = await probe()
    if (v) {
      return v
    }
    if (Date.now() > until) {
      throw new Error('timed out waiting')
    }
    await sleep(100)
  }
}

beforeAll(async () => {
  db = await cloneDatabase(await ensureTemplate(base), base, 'worker_job')
  prisma = createPrisma({ url: db.url, max: 4 })
  // The seeded housekeeping jobs are not what these tests watch.
  await prisma.jobInfo.updateMany({ data: { enable: 0 } })
  redis = new Redis(redisUrl, { maxRetriesPerRequest: null })
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const key = url.searchParams.get('k') ?? url.pathname
    hits.set(key, (hits.get(key) ?? 0) + 1)
    const slow = Number(url.searchParams.get('ms') ?? 0)
    const failFirst = Number(url.searchParams.get('fail') ?? 0)
    setTimeout(() => {
      const failed = flaky.get(key) ?? 0
      if (failed < failFirst) {
        flaky.set(key, failed + 1)
        res.writeHead(500).end('boom')
        return
      }
      res.writeHead(200).end('ok')
    }, slow)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  port = (server.address() as { port: number }).port
})
afterAll(async () => {
  server.close()
  redis.disconnect()
  await prisma.$disconnect()
  await db.drop()
})

const prefixOf = () => `test-jobw-${randomBytes(3).toString('hex')}`
const boot = (prefix: string, extra: Record<string, string> = {}) =>
  startWorker({
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl,
    WORKER_HEALTH_PORT: '0',
    QUEUE_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    JOB_LEADER_TTL_MS: '1500',
    // The test server's host and port: the only thing HTTP jobs may call (nothing by default).
    JOB_HTTP_ALLOWED_HOSTS: `127.0.0.1:${port}`,
    ...extra,
  })
type TWorker = Awaited<ReturnType<typeof boot>>
const cleanup = async (prefix: string, ...workers: TWorker[]) => {
  for (const w of workers) {
    await w.close()
  }
  const keys = await redis.keys(`${prefix}:*`)
  if (keys.length) {
    await redis.del(...keys)
  }
}

const target = (key: string, query = '') => `http://127.0.0.1:${port}/t?k=${key}${query}`
const createJob = async (fields: Record<string, unknown>) => {
  const id = nextId()
  await prisma.jobInfo.create({
    data: {
      id,
      jobName: `job-${id}`,
      enable: 1,
      timeExpressionType: 2,
      timeExpression: '* * * * * ?',
      processorType: 1,
      processorInfo: 'http-call',
      ...fields,
    } as Parameters<PrismaClient['jobInfo']['create']>[0]['data'],
  })
  return id
}
const instances = (jobInfoId: bigint) =>
  prisma.jobInstance.findMany({ where: { jobInfoId }, orderBy: { plannedTime: 'asc' } })
const reconcile = async (w: TWorker, id: bigint) => {
  await waitFor(async () => w.jobs)
  await w.jobs?.scheduler.reconcile([String(id)])
}
/** Enqueues one run as the API does (a waiting row, then the run under its run key). */
const runNow = async (
  prefix: string,
  jobInfoId: bigint,
  opts: { attempts?: number; jobId?: string } = {},
) => {
  const plannedMs = Date.now()
  const id = nextId()
  await prisma.jobInstance.create({
    data: { id, jobInfoId, plannedTime: new Date(plannedMs), trigger: JobTrigger.MANUAL, status: 'waiting' },
  })
  const q = new Queue(JOB_RUN_QUEUE, { connection: redis, prefix })
  await q.add(
    'run',
    { jobInfoId: String(jobInfoId), plannedMs, trigger: JobTrigger.MANUAL },
    {
      jobId: opts.jobId ?? jobRunKey(String(jobInfoId), plannedMs),
      attempts: opts.attempts ?? 1,
      backoff: { type: 'fixed', delay: 200 },
    },
  )
  await q.close()
  return { id, plannedMs }
}

describe('scheduled jobs on real Redis and PostgreSQL', () => {
  it('an every-second CRON fires repeatedly, once per second; pausing stops it', async () => {
    const prefix = prefixOf()
    const w = await boot(prefix)
    const id = await createJob({ jobParams: JSON.stringify({ url: target('cron'), method: 'GET' }) })
    await reconcile(w, id)
    const rows = await waitFor(async () => {
      const r = (await instances(id)).filter((i) => i.status === 'succeeded')
      return r.length >= 3 && r
    })
    const planned = rows.map((r) => r.plannedTime.getTime())
    expect(planned.every((t) => t % 1000 === 0)).toBe(true)
    expect(new Set(planned).size).toBe(planned.length)
    expect(rows[0]).toMatchObject({ trigger: 1, attempt: 1, result: 'HTTP 200: ok' })
    expect(rows[0]?.log).toContain('INFO 执行成功')

    await prisma.jobInfo.update({ where: { id }, data: { enable: 0 } })
    await reconcile(w, id)
    await sleep(1200)
    const after = (await instances(id)).length
    await sleep(2500)
    expect((await instances(id)).length).toBe(after)
    expect(await w.jobs?.runs.getJobScheduler(`job-${id}`)).toBeFalsy()
    await cleanup(prefix, w)
  })

  it('fixed rate runs on its period; fixed delay waits its delay after the previous end', async () => {
    const prefix = prefixOf()
    const w = await boot(prefix)
    const rate = await createJob({
      timeExpressionType: 3,
      timeExpression: '1000',
      jobParams: JSON.stringify({ url: target('rate'), method: 'GET' }),
    })
    const delay = await createJob({
      timeExpressionType: 4,
      timeExpression: '1000',
      jobParams: JSON.stringify({ url: target('delay', '&ms=400'), method: 'GET' }),
    })
    await reconcile(w, rate)
    await reconcile(w, delay)
    const rateRows = await waitFor(async () => {
      const r = (await instances(rate)).filter((i) => i.status === 'succeeded')
      return r.length >= 3 && r
    })
    const gaps = rateRows.slice(1).map((r, i) => r.plannedTime.getTime() - rateRows[i]!.plannedTime.getTime())
    expect(gaps.every((g) => g === 1000)).toBe(true)
    const delayRows = await waitFor(async () => {
      const r = (await instances(delay)).filter((i) => i.status === 'succeeded')
      return r.length >= 3 && r
    })
    for (let i = 1; i < delayRows.length; i++) {
      const gap = delayRows[i]!.startTime!.getTime() - delayRows[i - 1]!.endTime!.getTime()
      expect(gap).toBeGreaterThanOrEqual(950)
      expect(gap).toBeLessThan(3000)
      // Each run took its 400 ms: a fixed rate would have started them 1000 ms apart.
      expect(
        delayRows[i]!.startTime!.getTime() - delayRows[i - 1]!.startTime!.getTime(),
      ).toBeGreaterThanOrEqual(1350)
    }
    await prisma.jobInfo.updateMany({ where: { id: { in: [rate, delay] } }, data: { enable: 0 } })
    await w.jobs?.scheduler.reconcile([String(rate), String(delay)])
    await cleanup(prefix, w)
  })

  it('run now (a paused job too), retry on failure, the time limit stops a run, a duplicate delivery does nothing', async () => {
    const prefix = prefixOf()
    const w = await boot(prefix)
    const flakyJob = await createJob({
      enable: 0,
      timeExpressionType: 1,
      timeExpression: null,
      instanceRetryNum: 2,
      jobParams: JSON.stringify({ url: target('flaky', '&fail=2'), method: 'GET' }),
    })
    const run = await runNow(prefix, flakyJob, { attempts: 3 })
    const done = await waitFor(async () => {
      const r = await prisma.jobInstance.findUnique({ where: { id: run.id } })
      return r?.status === 'succeeded' && r
    })
    expect(done.attempt).toBe(3)
    expect(hits.get('flaky')).toBe(3)
    expect(done.log).toContain('执行失败: HTTP 500')

    // The same run delivered again (same run key, another BullMQ job): a no-op.
    const q = new Queue(JOB_RUN_QUEUE, { connection: redis, prefix })
    const dup = await q.add(
      'run',
      { jobInfoId: String(flakyJob), plannedMs: run.plannedMs, trigger: JobTrigger.MANUAL },
      { jobId: 'duplicate-delivery' },
    )
    await waitFor(async () => (await dup.getState()) === 'completed')
    expect(hits.get('flaky')).toBe(3)
    expect(await prisma.jobInstance.count({ where: { jobInfoId: flakyJob } })).toBe(1)
    await q.close()

    const slowJob = await createJob({
      enable: 0,
      timeExpressionType: 1,
      timeExpression: null,
      instanceTimeLimit: 500,
      jobParams: JSON.stringify({ url: target('slow', '&ms=4000'), method: 'GET' }),
    })
    const slow = await runNow(prefix, slowJob)
    const limited = await waitFor(async () => {
      const r = await prisma.jobInstance.findUnique({ where: { id: slow.id } })
      return r?.status === 'stopped' && r
    })
    expect(limited.result).toContain('超过运行时限 500 ms')
    expect(limited.endTime!.getTime() - limited.startTime!.getTime()).toBeLessThan(2000)

    const failing = await createJob({
      enable: 0,
      timeExpressionType: 1,
      timeExpression: null,
      jobParams: JSON.stringify({ url: target('always', '&fail=99'), method: 'GET' }),
    })
    const failed = await runNow(prefix, failing)
    expect(
      await waitFor(async () => {
        const r = await prisma.jobInstance.findUnique({ where: { id: failed.id } })
        return r?.status === 'failed' && r
      }),
    ).toMatchObject({ attempt: 1, result: 'HTTP 500: boom' })
    await cleanup(prefix, w)
  })

  it('a running instance can be stopped; the external processor calls only allowed hosts', async () => {
    // Nothing is allowed unless the operator lists it (the old default was this machine's loopback).
    expect(ZWorkerEnvSchema.parse({}).JOB_HTTP_ALLOWED_HOSTS).toEqual([])
    expect(() => ZWorkerEnvSchema.parse({ JOB_HTTP_ALLOWED_HOSTS: 'http://x' })).toThrow()
    const prefix = prefixOf()
    const w = await boot(prefix)
    const job = await createJob({
      enable: 0,
      timeExpressionType: 1,
      timeExpression: null,
      jobParams: JSON.stringify({ url: target('stoppable', '&ms=5000'), method: 'GET' }),
    })
    const run = await runNow(prefix, job)
    await waitFor(
      async () => (await prisma.jobInstance.findUnique({ where: { id: run.id } }))?.status === 'running',
    )
    // What the API does: the record first, then the stop message.
    await prisma.jobInstance.update({
      where: { id: run.id },
      data: { status: 'stopped', result: '已手动停止' },
    })
    expect(await redis.publish(`${prefix}:${JOB_STOP_CHANNEL}`, String(run.id))).toBeGreaterThan(0)
    await waitFor(async () => w.jobs?.runner.runningCount === 0, 3000)
    expect(await prisma.jobInstance.findUnique({ where: { id: run.id } })).toMatchObject({
      status: 'stopped',
      result: '已手动停止',
    })

    const external = await createJob({
      enable: 0,
      timeExpressionType: 1,
      timeExpression: null,
      processorType: 4,
      processorInfo: 'POST http://169.254.169.254/latest/meta-data',
    })
    // Three attempts allowed, one made: a host outside the allow-list is not worth retrying.
    const refused = await runNow(prefix, external, { attempts: 3 })
    expect(
      await waitFor(async () => {
        const r = await prisma.jobInstance.findUnique({ where: { id: refused.id } })
        return r?.status === 'failed' && r
      }),
    ).toMatchObject({ attempt: 1, result: expect.stringContaining('不在 JOB_HTTP_ALLOWED_HOSTS 中') })
    await sleep(1500)
    expect(await prisma.jobInstance.findUnique({ where: { id: refused.id } })).toMatchObject({
      status: 'failed',
      attempt: 1,
    })
    // Issue 22: the allow-list names host AND port. Another port of the listed host (here the worker's
    // own health port) and a name resolving to loopback are refused before anything is sent.
    for (const url of [`http://127.0.0.1:${w.port}/health`, `http://localhost:${port}/t?k=byname`]) {
      const other = await createJob({
        enable: 0,
        timeExpressionType: 1,
        timeExpression: null,
        jobParams: JSON.stringify({ url, method: 'GET' }),
      })
      const run = await runNow(prefix, other)
      expect(
        await waitFor(async () => {
          const r = await prisma.jobInstance.findUnique({ where: { id: run.id } })
          return r?.status === 'failed' && r
        }),
        url,
      ).toMatchObject({ attempt: 1, result: expect.stringContaining('不在 JOB_HTTP_ALLOWED_HOSTS 中') })
    }
    expect(hits.get('byname')).toBeUndefined()
    const allowed = await createJob({
      enable: 0,
      timeExpressionType: 1,
      timeExpression: null,
      processorType: 4,
      processorInfo: `POST ${target('external')}`,
      jobParams: '{"hello":1}',
    })
    const ok = await runNow(prefix, allowed)
    await waitFor(
      async () => (await prisma.jobInstance.findUnique({ where: { id: ok.id } }))?.status === 'succeeded',
    )
    expect(hits.get('external')).toBe(1)
    await cleanup(prefix, w)
  })

  it('two worker processes: one leader, each tick of a single job runs once', async () => {
    const prefix = prefixOf()
    const a = await boot(prefix, { WORKER_ID: 'worker-a' })
    await waitFor(async () => a.jobs?.isLeader())
    // The second worker is a real process of its own.
    const b = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: new URL('..', import.meta.url).pathname,
      stdio: 'ignore',
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        REDIS_URL: redisUrl,
        WORKER_HEALTH_PORT: '0',
        JOB_HTTP_ALLOWED_HOSTS: `127.0.0.1:${port}`,
        QUEUE_PREFIX: prefix,
        LOG_LEVEL: 'silent',
        JOB_LEADER_TTL_MS: '1500',
        WORKER_ID: 'worker-b',
      },
    })
    try {
      await waitFor(async () => (await redis.zscore(`${prefix}:job:workers`, 'worker-b')) !== null, 40_000)
      const id = await createJob({ jobParams: JSON.stringify({ url: target('pair'), method: 'GET' }) })
      // BullMQ promises no worker a share of the ticks (a warm in-process consumer can win them all on a
      // loaded machine): a's consumer is held until b has run ticks, then both compete.
      await a.jobs?.worker.pause()
      await a.jobs?.scheduler.reconcile([String(id)])
      await waitFor(
        async () => (await instances(id)).some((i) => i.status === 'succeeded' && i.workerId === 'worker-b'),
        30_000,
      )
      a.jobs?.worker.resume()
      const rows = await waitFor(async () => {
        const r = (await instances(id)).filter((i) => i.status === 'succeeded')
        return r.some((x) => x.workerId === 'worker-a') && r.some((x) => x.workerId === 'worker-b') && r
      }, 30_000)
      await prisma.jobInfo.update({ where: { id }, data: { enable: 0 } })
      await a.jobs?.scheduler.reconcile([String(id)])
      await sleep(1500)
      const all = (await instances(id)).filter((i) => i.status === 'succeeded')
      expect(new Set(all.map((r) => r.plannedTime.getTime())).size).toBe(all.length)
      expect(hits.get('pair')).toBe(all.length)
      expect(rows.every((r) => r.workerId === 'worker-a' || r.workerId === 'worker-b')).toBe(true)
      // One leader all along: the process that started first.
      expect(a.jobs?.isLeader()).toBe(true)
      expect(await redis.get(`${prefix}:job:leader`)).toBe('worker-a')
      expect(
        (await a.jobs?.runs.getJobSchedulers(0, -1))?.filter((s) => s.key === `job-${id}`) ?? [],
      ).toHaveLength(0)
    } finally {
      const exited = new Promise((r) => b.once('exit', r))
      b.kill('SIGKILL')
      await exited
      await cleanup(prefix, a)
    }
  })

  it('runs missed while no worker was up are recorded once; catch-up runs one once', async () => {
    const prefix = prefixOf()
    const id = await createJob({ jobParams: JSON.stringify({ url: target('missed'), method: 'GET' }) })
    await prisma.jobInfo.update({ where: { id }, data: { updateTime: new Date(Date.now() - 60_000) } })
    // The last leader's heartbeat, 10 s ago: nothing ran since.
    await redis.set(`${prefix}:job:alive`, String(Date.now() - 10_000))
    const w = await boot(prefix)
    const missed = await waitFor(async () => {
      const r = await prisma.jobInstance.findMany({ where: { jobInfoId: id, status: 'missed' } })
      return r.length >= 8 && r
    })
    expect(missed.length).toBeLessThanOrEqual(11)
    await prisma.jobInfo.update({ where: { id }, data: { enable: 0 } })
    await w.jobs?.scheduler.reconcile([String(id)])
    await sleep(1200)
    const before = hits.get('missed') ?? 0

    // Catch-up as the API does it: missed → waiting, then one run under the catch-up key, twice.
    const one = missed[0]!
    await prisma.jobInstance.update({ where: { id: one.id }, data: { status: 'waiting', trigger: 3 } })
    const q = new Queue(JOB_RUN_QUEUE, { connection: redis, prefix })
    const payload = { jobInfoId: String(id), plannedMs: one.plannedTime.getTime(), trigger: 3 }
    await q.add('run', payload, { jobId: jobRunKey(String(id), payload.plannedMs, 'catch-up') })
    await q.add('run', payload, { jobId: jobRunKey(String(id), payload.plannedMs, 'catch-up') })
    await waitFor(
      async () => (await prisma.jobInstance.findUnique({ where: { id: one.id } }))?.status === 'succeeded',
    )
    await sleep(500)
    expect((hits.get('missed') ?? 0) - before).toBe(1)
    expect(await prisma.jobInstance.count({ where: { jobInfoId: id, plannedTime: one.plannedTime } })).toBe(1)
    await q.close()
    await cleanup(prefix, w)
  })

  it('built-in processors: prune old logs (jobParams days), prune expired token ids, publish notices due', async () => {
    const prefix = prefixOf()
    const redisPrefix = `${prefix}-api:`
    // A listed port where nothing listens: the run says only that the connection failed.
    const closed = http.createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const closedPort = (closed.address() as { port: number }).port
    await new Promise((r) => closed.close(r))
    const w = await boot(prefix, {
      REDIS_PREFIX: redisPrefix,
      JOB_HTTP_ALLOWED_HOSTS: `127.0.0.1:${port},127.0.0.1:${closedPort}`,
    })
    const api = (name: string, jobParams: string | null = null) =>
      createJob({ enable: 0, timeExpressionType: 1, timeExpression: null, processorInfo: name, jobParams })
    const finished = async (jobInfoId: bigint) => {
      const { id } = await runNow(prefix, jobInfoId)
      return waitFor(async () => {
        const r = await prisma.jobInstance.findUnique({ where: { id } })
        return r && ['succeeded', 'failed'].includes(r.status) && r
      })
    }

    const old = new Date(Date.now() - 10 * 86_400_000)
    await prisma.logApi.create({ data: { id: nextId(), createTime: old, title: 'old-for-job' } })
    const pruned = await finished(await api('prune-logs', '{"days":5}'))
    expect(pruned).toMatchObject({ status: 'succeeded' })
    expect(JSON.parse(pruned.result ?? '{}')).toMatchObject({ api: 1 })
    expect(await prisma.logApi.count({ where: { title: 'old-for-job' } })).toBe(0)

    const index = `${redisPrefix}auth:user-tokens:42`
    await redis.zadd(index, Date.now() - 1000, 'expired', Date.now() + 600_000, 'live')
    await redis.set(`${redisPrefix}auth:captcha:forever`, 'abcd')
    await redis.set(`${redisPrefix}auth:captcha:fresh`, 'abcd', 'EX', 60)
    const auth = await finished(await api('prune-auth'))
    expect(JSON.parse(auth.result ?? '{}')).toEqual({ tokens: 1, captchas: 1 })
    expect(await redis.zrange(index, '0', '-1')).toEqual(['live'])
    expect(await redis.exists(`${redisPrefix}auth:captcha:fresh`)).toBe(1)

    const due = nextId()
    const later = nextId()
    await prisma.notice.createMany({
      data: [
        { id: due, title: 'due', status: 0, releaseTime: new Date(Date.now() - 60_000) },
        { id: later, title: 'later', status: 0, releaseTime: new Date(Date.now() + 86_400_000) },
      ],
    })
    const published = await finished(await api('publish-notices'))
    expect(JSON.parse(published.result ?? '{}')).toEqual({ published: 1 })
    expect((await prisma.notice.findUnique({ where: { id: due } }))?.status).toBe(1)
    expect((await prisma.notice.findUnique({ where: { id: later } }))?.status).toBe(0)
    await redis.del(index, `${redisPrefix}auth:captcha:fresh`)

    // Parameters the processor cannot use (a row written by hand) fail the run at once, saying what it
    // takes; a refused connection is named; the log is in China time and in Chinese.
    const badParams = await finished(await api('http-call', '{"method":"GET"}'))
    expect(badParams).toMatchObject({ status: 'failed', attempt: 1 })
    expect(badParams.result).toContain('HTTP 调用的任务参数应为')
    const refused = await finished(
      await api('http-call', JSON.stringify({ url: `http://127.0.0.1:${closedPort}/x`, method: 'GET' })),
    )
    expect(refused.result).toBe(`请求 127.0.0.1:${closedPort} 失败: 连接失败`)
    const lines = refused.log?.split('\n') ?? []
    expect(lines[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} INFO 第 1 次尝试, 执行节点 /)
    const loggedAt = parseDateTime(lines[0]?.slice(0, 19) ?? '')?.getTime() ?? 0
    expect(Math.abs(loggedAt - (refused.startTime?.getTime() ?? 0))).toBeLessThan(5000)
    expect(lines.at(-1)).toContain(`ERROR 执行失败: 请求 127.0.0.1:${closedPort} 失败: 连接失败`)
    await cleanup(prefix, w)
  })

  it('a worker process killed during a run: the run is retried once by another worker and ends succeeded', async () => {
    const prefix = prefixOf()
    const fast = { JOB_LOCK_DURATION_MS: '2000', JOB_STALLED_INTERVAL_MS: '1000' }
    const job = await createJob({
      enable: 0,
      timeExpressionType: 1,
      timeExpression: null,
      jobParams: JSON.stringify({ url: target('killed', '&ms=3000'), method: 'GET' }),
    })
    // A real worker process, killed with SIGKILL while its run is in flight.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: new URL('..', import.meta.url).pathname,
      stdio: 'ignore',
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        REDIS_URL: redisUrl,
        WORKER_HEALTH_PORT: '0',
        JOB_HTTP_ALLOWED_HOSTS: `127.0.0.1:${port}`,
        QUEUE_PREFIX: prefix,
        LOG_LEVEL: 'silent',
        WORKER_ID: 'doomed',
        ...fast,
      },
    })
    try {
      const run = await runNow(prefix, job)
      await waitFor(async () => {
        const r = await prisma.jobInstance.findUnique({ where: { id: run.id } })
        return r?.status === 'running' && r.workerId === 'doomed'
      }, 30_000)
      // Killed while its request is in flight.
      await waitFor(async () => hits.get('killed') === 1)
      child.kill('SIGKILL')
      await new Promise((r) => child.once('exit', r))
      const w = await boot(prefix, { ...fast, WORKER_ID: 'survivor' })
      const done = await waitFor(async () => {
        const r = await prisma.jobInstance.findUnique({ where: { id: run.id } })
        return r?.status === 'succeeded' && r
      }, 30_000)
      expect(done).toMatchObject({ attempt: 2, workerId: 'survivor' })
      expect(await prisma.jobInstance.count({ where: { jobInfoId: job } })).toBe(1)
      await sleep(1500)
      // The interrupted request and the retry: never a third.
      expect(hits.get('killed')).toBe(2)
      await cleanup(prefix, w)
    } finally {
      child.kill('SIGKILL')
    }
  })
})
