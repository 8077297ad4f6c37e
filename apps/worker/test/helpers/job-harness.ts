import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { createPrisma, nextId, type PrismaClient } from '@ysjs/db'
import { JOB_RUN_QUEUE, JobTrigger, jobRunKey } from '@ysjs/shared/job'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { cloneDatabase, ensureTemplate } from '../../../../scripts/test-db.mjs'
import { startWorker } from '../../src/worker.ts'

/**
 * What the scheduled-job tests share: a cloned database, Redis, a local HTTP target counting its hits
 * (`?k=<key>&ms=<delay>&fail=<first n fail>`), workers in this process or as real child processes.
 */
export const createJobHarness = async (name: string) => {
  const base = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
  const db = await cloneDatabase(await ensureTemplate(base), base, name)
  const prisma: PrismaClient = createPrisma({ url: db.url, max: 4 })
  // The seeded housekeeping jobs are not what these tests watch.
  await prisma.jobInfo.updateMany({ data: { enable: 0 } })
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null })
  const hits = new Map<string, number>()
  const flaky = new Map<string, number>()
  const server = http.createServer((req, res) => {
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
  const port = (server.address() as { port: number }).port
  const children = new Set<ChildProcess>()

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
  const workerEnv = (prefix: string, extra: Record<string, string>) => ({
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl,
    WORKER_HEALTH_PORT: '0',
    QUEUE_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    JOB_LEADER_TTL_MS: '1500',
    JOB_HTTP_ALLOWED_HOSTS: `127.0.0.1:${port}`,
    ...extra,
  })
  const boot = (prefix: string, extra: Record<string, string> = {}) => startWorker(workerEnv(prefix, extra))
  type TWorker = Awaited<ReturnType<typeof boot>>

  const h = {
    db,
    prisma,
    redis,
    hits,
    sleep,
    waitFor,
    boot,
    prefixOf: () => `test-jobw-${randomBytes(3).toString('hex')}`,
    /** A real worker process (`src/main.ts`), so killing it kills its runs, connections and timers. */
    spawnWorker(prefix: string, extra: Record<string, string> = {}) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: new URL('../..', import.meta.url).pathname,
        stdio: 'ignore',
        env: { ...process.env, ...workerEnv(prefix, extra) },
      })
      children.add(child)
      child.once('exit', () => children.delete(child))
      return child
    },
    async kill(child: ChildProcess) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGKILL')
        await exited
      }
    },
    /** The live-worker set a broadcast reads (heartbeats), e.g. to wait for a child process. */
    liveWorkers: (prefix: string) => redis.zrange(`${prefix}:job:workers`, '0', '-1'),
    leaderOf: (prefix: string) => redis.get(`${prefix}:job:leader`),
    async cleanup(prefix: string, ...workers: TWorker[]) {
      for (const w of workers) {
        await w.close()
      }
      const keys = await redis.keys(`${prefix}:*`)
      if (keys.length) {
        await redis.del(...keys)
      }
    },
    target: (key: string, query = '') => `http://127.0.0.1:${port}/t?k=${key}${query}`,
    async createJob(fields: Record<string, unknown>) {
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
    },
    instances: (jobInfoId: bigint) =>
      prisma.jobInstance.findMany({ where: { jobInfoId }, orderBy: { plannedTime: 'asc' } }),
    /** Enqueues one run as the API does (a waiting row, then the run under its run key). */
    async runNow(prefix: string, jobInfoId: bigint, opts: { attempts?: number } = {}) {
      const plannedMs = Date.now()
      const id = nextId()
      await prisma.jobInstance.create({
        data: {
          id,
          jobInfoId,
          plannedTime: new Date(plannedMs),
          trigger: JobTrigger.MANUAL,
          status: 'waiting',
        },
      })
      const q = new Queue(JOB_RUN_QUEUE, { connection: redis, prefix })
      await q.add(
        'run',
        { jobInfoId: String(jobInfoId), plannedMs, trigger: JobTrigger.MANUAL },
        {
          jobId: jobRunKey(String(jobInfoId), plannedMs),
          attempts: opts.attempts ?? 1,
          backoff: { type: 'fixed', delay: 200 },
        },
      )
      await q.close()
      return { id, plannedMs }
    },
    waitInstance: (id: bigint, statuses: string[], ms = 15_000) =>
      waitFor(async () => {
        const r = await prisma.jobInstance.findUnique({ where: { id } })
        return r && statuses.includes(r.status) && r
      }, ms),
    async close() {
      for (const child of children) {
        await h.kill(child)
      }
      server.close()
      redis.disconnect()
      await prisma.$disconnect()
      await db.drop()
    },
  }
  return h
}
export type TJobHarness = Awaited<ReturnType<typeof createJobHarness>>
