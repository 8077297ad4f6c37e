import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { createPrisma, nextId, type PrismaClient } from '@ysjs/db'
import { createSecretBox, DEV_DATA_KEY, TENCENT_SMS, tc3Authorization } from '@ysjs/server-core'
import { chinaDateOf, JOB_RUN_QUEUE, JobTrigger, jobRunKey, shiftDate } from '@ysjs/shared/job'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cloneDatabase, ensureTemplate } from '../../../scripts/test-db.mjs'
import { JOB_TASK_QUEUE, workerTaskQueue } from '../src/job/tasks.ts'
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
  db = await cloneDatabase(await ensureTemplate(base), base, 'worker_job_tasks')
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

const waitInstance = (id: bigint, statuses: string[], ms = 15_000) =>
  waitFor(async () => {
    const r = await prisma.jobInstance.findUnique({ where: { id } })
    return r && statuses.includes(r.status) && r
  }, ms)

describe('broadcast, MapReduce, alerts, run logs and the working-day calendar', () => {
  it('two worker processes: each tick runs once for a single job and once per worker for a broadcast job', async () => {
    const prefix = prefixOf()
    const a = await boot(prefix, { WORKER_ID: 'worker-a' })
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
      await waitFor(async () => (await a.jobs?.tasks.liveWorkers())?.includes('worker-b'), 40_000)
      expect((await a.jobs?.tasks.liveWorkers())?.sort()).toEqual(['worker-a', 'worker-b'])
      const single = await createJob({ jobParams: JSON.stringify({ url: target('single2'), method: 'GET' }) })
      const broadcast = await createJob({
        executeType: 2,
        jobParams: JSON.stringify({ url: target('broadcast'), method: 'GET' }),
      })
      await a.jobs?.scheduler.reconcile([String(single), String(broadcast)])
      await waitFor(async () => {
        const r = (await instances(broadcast)).filter((i) => i.status === 'succeeded')
        const s = (await instances(single)).filter((i) => i.status === 'succeeded')
        return r.length >= 3 && s.length >= 3
      }, 30_000)
      await prisma.jobInfo.updateMany({ where: { id: { in: [single, broadcast] } }, data: { enable: 0 } })
      await a.jobs?.scheduler.reconcile([String(single), String(broadcast)])
      await sleep(1500)

      const singles = (await instances(single)).filter((i) => i.status === 'succeeded')
      expect(new Set(singles.map((r) => r.plannedTime.getTime())).size).toBe(singles.length)
      expect(hits.get('single2')).toBe(singles.length)

      const runs = (await instances(broadcast)).filter((i) => i.status === 'succeeded')
      expect(new Set(runs.map((r) => r.plannedTime.getTime())).size).toBe(runs.length)
      for (const run of runs) {
        const tasks = await prisma.jobTask.findMany({ where: { instanceId: run.id } })
        expect(tasks.map((t) => t.workerId).sort()).toEqual(['worker-a', 'worker-b'])
        expect(tasks.every((t) => t.status === 'succeeded' && t.result === 'HTTP 200: ok')).toBe(true)
        expect(JSON.parse(run.result ?? '{}')).toEqual({ workers: 2, succeeded: 2 })
      }
      // Once per worker per tick: never a third call, never a missing one.
      expect(hits.get('broadcast')).toBe(2 * runs.length)
    } finally {
      const exited = new Promise((r) => b.once('exit', r))
      b.kill('SIGKILL')
      await exited
      await cleanup(prefix, a)
    }
  })

  it('MapReduce: one sub-task per item across workers, taskRetryNum retries a sub-task, reduce gives the result', async () => {
    const prefix = prefixOf()
    const a = await boot(prefix, { WORKER_ID: 'mr-a' })
    const b = await boot(prefix, { WORKER_ID: 'mr-b' })
    await waitFor(async () => a.jobs && b.jobs)
    const urls = [0, 1, 2, 3, 4, 5].map((i) => target(`mr-${i}`, i === 3 ? '&fail=1&ms=50' : '&ms=50'))
    const job = await createJob({
      enable: 0,
      timeExpressionType: 1,
      timeExpression: null,
      executeType: 3,
      processorInfo: 'http-map',
      taskRetryNum: 1,
      jobParams: JSON.stringify({ urls }),
    })
    const run = await runNow(prefix, job)
    const done = await waitInstance(run.id, ['succeeded', 'failed'])
    expect(done).toMatchObject({ status: 'succeeded' })
    expect(JSON.parse(done.result ?? '{}')).toEqual({ total: 6, succeeded: 6 })
    const tasks = await prisma.jobTask.findMany({
      where: { instanceId: run.id },
      orderBy: { taskKey: 'asc' },
    })
    expect(tasks.map((t) => t.taskKey)).toEqual([
      'map-00000',
      'map-00001',
      'map-00002',
      'map-00003',
      'map-00004',
      'map-00005',
    ])
    expect(tasks.every((t) => t.status === 'succeeded')).toBe(true)
    expect(tasks[3]?.attempt).toBe(2)
    expect(hits.get('mr-3')).toBe(2)
    expect(hits.get('mr-0')).toBe(1)
    expect(done.log).toContain('已分发 6 个子任务')

    // Without retries a failing sub-task fails the run (reduce refuses), random dispatch pins tasks.
    const failing = await createJob({
      enable: 0,
      timeExpressionType: 1,
      timeExpression: null,
      executeType: 3,
      dispatchStrategy: 2,
      processorInfo: 'http-map',
      jobParams: JSON.stringify({ urls: [target('mrf-ok'), target('mrf-bad', '&fail=9')] }),
    })
    const bad = await runNow(prefix, failing)
    const ended = await waitInstance(bad.id, ['succeeded', 'failed'])
    expect(ended).toMatchObject({ status: 'failed', result: '1/2 个子任务失败' })
    const badTasks = await prisma.jobTask.findMany({ where: { instanceId: bad.id } })
    expect(badTasks.every((t) => t.workerId === 'mr-a' || t.workerId === 'mr-b')).toBe(true)
    expect(hits.get('mrf-bad')).toBe(1)

    // The dispatch strategy decides the queue: health first (1) puts every sub-task on the shared queue,
    // taken by whichever worker has a free slot; random (2) puts each on the own queue of a live worker
    // drawn at dispatch, which is the worker that runs it.
    const delivered = async (name: string) => {
      const q = new Queue(name, { connection: redis, prefix })
      const jobs = await q.getJobs(['completed', 'failed'])
      await q.close()
      return new Set(jobs.map((j) => (j.data as { taskId: string }).taskId))
    }
    const shared = await delivered(JOB_TASK_QUEUE)
    const own = {
      'mr-a': await delivered(workerTaskQueue('mr-a')),
      'mr-b': await delivered(workerTaskQueue('mr-b')),
    }
    for (const task of tasks) {
      expect(shared.has(String(task.id))).toBe(true)
      expect(own['mr-a'].has(String(task.id)) || own['mr-b'].has(String(task.id))).toBe(false)
    }
    for (const task of badTasks) {
      expect(shared.has(String(task.id))).toBe(false)
      expect(own[task.workerId as 'mr-a' | 'mr-b'].has(String(task.id))).toBe(true)
    }
    await cleanup(prefix, a, b)
  })

  it('alerts: the threshold of failures within the window notifies the users (notice and SMS), then stays silent', async () => {
    const prefix = prefixOf()
    const smsHits: string[] = []
    const signatures: boolean[] = []
    const sms = http.createServer((req, res) => {
      let body = ''
      req.on('data', (c) => {
        body += c
      })
      req.on('end', () => {
        smsHits.push(body)
        // Signed with the plain secret: the worker opened the sealed one (decision 026).
        signatures.push(
          req.headers.authorization ===
            tc3Authorization({
              secretId: 'id',
              secretKey: 'key',
              service: TENCENT_SMS.SERVICE,
              host: req.headers.host ?? '',
              action: 'SendSms',
              payload: body,
              timestamp: Number(req.headers['x-tc-timestamp']),
            }),
        )
        const phones = (JSON.parse(body).PhoneNumberSet ?? []) as string[]
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            Response: { RequestId: 'r1', SendStatusSet: phones.map((p) => ({ PhoneNumber: p, Code: 'Ok' })) },
          }),
        )
      })
    })
    await new Promise<void>((r) => sms.listen(0, '127.0.0.1', r))
    const smsPort = (sms.address() as { port: number }).port
    const userId = nextId()
    await prisma.user.create({
      data: {
        id: userId,
        account: `alert-${userId}`,
        realName: '值班员',
        phone: '13800000001',
        password: 'x',
      },
    } as Parameters<PrismaClient['user']['create']>[0])
    // A second alert user in another tenant (no SMS config there): that tenant gets its own notice.
    const otherId = nextId()
    await prisma.user.create({
      data: { id: otherId, tenantId: '424242', account: `alert-${otherId}`, password: 'x' },
    } as Parameters<PrismaClient['user']['create']>[0])
    await prisma.sms.updateMany({ data: { status: 1 } })
    await prisma.sms.create({
      data: {
        id: nextId(),
        category: 4,
        smsCode: `alert-${userId}`,
        templateId: '100',
        accessKey: 'id',
        // Sealed at rest under the data key the worker runs with (the development key in tests).
        secretKey: createSecretBox(Buffer.from(DEV_DATA_KEY, 'base64')).seal('key'),
        appId: '1400',
        signName: '有色',
        endpoint: `http://127.0.0.1:${smsPort}`,
        status: 2,
      },
    })
    const w = await boot(prefix, { SMS_ALLOWED_HOSTS: `127.0.0.1:${smsPort}` })
    const job = await createJob({
      enable: 0,
      timeExpressionType: 1,
      timeExpression: null,
      alertThreshold: 2,
      statisticWindowLen: 60,
      silenceWindowLen: 60,
      notifyUserIds: `${userId},${otherId}`,
      jobName: `告警测试-${userId}`,
      jobParams: JSON.stringify({ url: target('alert', '&fail=99'), method: 'GET' }),
    })
    const title = `任务告警: 告警测试-${userId}`
    const alerts = () => prisma.notice.findMany({ where: { title, tenantId: '000000' } })
    await waitInstance((await runNow(prefix, job)).id, ['failed'])
    await sleep(300)
    expect(await alerts()).toHaveLength(0)
    await waitInstance((await runNow(prefix, job)).id, ['failed'])
    const sent = await waitFor(async () => {
      const n = await alerts()
      return n.length === 1 && n
    })
    // Addressed to the alert's users of each tenant, one notice per tenant: nobody else reads them.
    expect(sent[0]).toMatchObject({ category: 6, status: 1, tenantId: '000000', recipientIds: [userId] })
    expect(sent[0]?.content).toContain('60 秒内失败 2 次')
    expect(sent[0]?.content).toContain('已通知: 值班员')
    // The other tenant's notice follows the first tenant's (and its SMS) in the same alert.
    expect(
      await waitFor(async () => {
        const rows = await prisma.notice.findMany({
          where: { title, tenantId: '424242' },
          select: { recipientIds: true },
        })
        return rows.length > 0 && rows
      }),
    ).toEqual([{ recipientIds: [otherId] }])
    await waitFor(async () => smsHits.length === 1)
    expect(signatures).toEqual([true])
    expect(JSON.parse(smsHits[0] ?? '{}')).toMatchObject({
      PhoneNumberSet: ['+8613800000001'],
      TemplateId: '100',
      TemplateParamSet: [`告警测试-${userId}`.slice(0, 20), '2'],
    })
    // Silent for the silence window, however many more failures.
    for (let i = 0; i < 3; i++) {
      await waitInstance((await runNow(prefix, job)).id, ['failed'])
    }
    await sleep(300)
    expect(await alerts()).toHaveLength(1)
    expect(smsHits).toHaveLength(1)
    // After the silence (shortened here), the failures since the last alert count again.
    await redis.del(`${prefix}:job:alert:silence:${job}`)
    await waitInstance((await runNow(prefix, job)).id, ['failed'])
    await waitFor(async () => (await alerts()).length === 2)
    await cleanup(prefix, w)
    sms.close()
  })

  it('a worker killed mid-run: the log lines its attempt wrote are kept in the run', async () => {
    const prefix = prefixOf()
    const fast = { JOB_LOCK_DURATION_MS: '2000', JOB_STALLED_INTERVAL_MS: '1000' }
    const job = await createJob({
      enable: 0,
      timeExpressionType: 1,
      timeExpression: null,
      jobParams: JSON.stringify({ url: target('killed-log', '&ms=3000'), method: 'GET' }),
    })
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
        WORKER_ID: 'doomed-log',
        ...fast,
      },
    })
    try {
      const run = await runNow(prefix, job)
      await waitFor(async () => hits.get('killed-log') === 1, 30_000)
      // Within the flush delay the lines written so far are in the row, while the run still runs.
      const flushed = await waitFor(async () => {
        const r = await prisma.jobInstance.findUnique({ where: { id: run.id } })
        return r?.status === 'running' && Boolean(r.log) && r
      }, 2000)
      expect(flushed.log).toContain('第 1 次尝试, 执行节点 doomed-log')
      child.kill('SIGKILL')
      await new Promise((r) => child.once('exit', r))
      const w = await boot(prefix, { ...fast, WORKER_ID: 'heir' })
      const done = await waitInstance(run.id, ['succeeded'], 30_000)
      expect(done.log).toContain('第 1 次尝试, 执行节点 doomed-log')
      expect(done.log).toContain('第 2 次尝试, 执行节点 heir')
      expect(done.log?.indexOf('doomed-log')).toBeLessThan(done.log?.indexOf('heir') ?? 0)
      await cleanup(prefix, w)
    } finally {
      child.kill('SIGKILL')
    }
  })

  it('working-day calendar: a CRON job with "only" skips a holiday, with "shift" moves its fires to the next working day', async () => {
    const prefix = prefixOf()
    // Today (in China) becomes a holiday, tomorrow an adjusted working day.
    const today = chinaDateOf(new Date())
    const tomorrow = shiftDate(today, 1)
    await prisma.workCalendarDay.deleteMany({ where: { day: { in: [new Date(today), new Date(tomorrow)] } } })
    await prisma.workCalendarDay.createMany({
      data: [
        { day: new Date(today), year: Number(today.slice(0, 4)), kind: 1, name: '测试假日' },
        { day: new Date(tomorrow), year: Number(tomorrow.slice(0, 4)), kind: 2, name: '测试调休' },
      ],
    })
    const w = await boot(prefix)
    const only = await createJob({
      extra: '{"workingDay":"only"}',
      jobParams: JSON.stringify({ url: target('wd-only'), method: 'GET' }),
    })
    const shift = await createJob({
      timeExpression: '*/2 * * * * ?',
      extra: '{"workingDay":"shift"}',
      jobParams: JSON.stringify({ url: target('wd-shift'), method: 'GET' }),
    })
    const plain = await createJob({ jobParams: JSON.stringify({ url: target('wd-plain'), method: 'GET' }) })
    await w.jobs?.scheduler.reconcile([String(only), String(shift), String(plain)])
    await waitFor(async () => (await instances(plain)).filter((i) => i.status === 'succeeded').length >= 3)
    const shifted = await waitFor(async () => {
      const r = await instances(shift)
      return r.length >= 2 && r
    })
    await prisma.jobInfo.updateMany({ where: { id: { in: [only, plain] } }, data: { enable: 0 } })
    await w.jobs?.scheduler.reconcile([String(only), String(plain)])
    expect(await instances(only)).toHaveLength(0)
    expect(hits.get('wd-only')).toBeUndefined()
    expect(hits.get('wd-shift')).toBeUndefined()
    // The same time of day, one day later, waiting.
    for (const r of shifted) {
      expect(r.status).toBe('waiting')
      expect(chinaDateOf(r.plannedTime)).toBe(tomorrow)
      expect((r.plannedTime.getTime() - Date.now()) / 86_400_000).toBeGreaterThan(0.9)
    }
    // Pausing cancels the shifted runs.
    await prisma.jobInfo.update({ where: { id: shift }, data: { enable: 0 } })
    await w.jobs?.scheduler.reconcile([String(shift)])
    await sleep(300)
    expect((await instances(shift)).every((r) => r.status === 'stopped')).toBe(true)
    await prisma.workCalendarDay.deleteMany({ where: { day: { in: [new Date(today), new Date(tomorrow)] } } })
    await cleanup(prefix, w)
  })

  it('a gap in the leader heartbeat while another worker was live is no downtime: nothing recorded missed', async () => {
    const prefix = prefixOf()
    const id = await createJob({ jobParams: JSON.stringify({ url: target('gap'), method: 'GET' }) })
    await prisma.jobInfo.update({ where: { id }, data: { updateTime: new Date(Date.now() - 60_000) } })
    // The leader's heartbeat stopped 10 s ago, but a worker was consuming runs until just now.
    await redis.set(`${prefix}:job:alive`, String(Date.now() - 10_000))
    const other = async () => {
      await redis.zadd(`${prefix}:job:workers`, Date.now(), 'other-worker')
    }
    await other()
    const beating = setInterval(() => void other(), 200)
    const w = await boot(prefix)
    await waitFor(async () => w.jobs?.isLeader())
    clearInterval(beating)
    await waitFor(async () => (await instances(id)).some((r) => r.status === 'succeeded'))
    expect(await prisma.jobInstance.count({ where: { jobInfoId: id, status: 'missed' } })).toBe(0)
    await prisma.jobInfo.update({ where: { id }, data: { enable: 0 } })
    await w.jobs?.scheduler.reconcile([String(id)])
    await cleanup(prefix, w)
  })
})
