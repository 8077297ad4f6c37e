// Scheduled jobs (issue 9): fire lateness with 1,000 active CRON schedules, and instances completed per
// minute. Creates its own database (JOBS_BENCH_DB, default ysjs_bench_jobs, dropped and re-created),
// applies the migrations, starts one real worker process (apps/worker, through tsx) on a Redis prefix of
// its own, then:
//   1. 1,000 enabled CRON jobs, job i firing every minute at second i % 60 (≈ 17 fires a second), with
//      the built-in `publish-notices` processor (one UPDATE) and online logs. After a warm-up, every run
//      planned in the measured window is read back: lateness = start − planned time (p50, p90, p99, max),
//      runs missing or doubled are counted.
//   2. Throughput: the schedules are removed, N runs of an API job are queued at once (as `run` does) and
//      the worker drains them: instances completed per minute, start of the first to end of the last.
//   node bench/jobs.mjs [measured seconds=120] [burst runs=3000]
// Env: DATABASE_URL (admin connection, default postgres@127.0.0.1), REDIS_URL, JOB_WORKER_CONCURRENCY.
import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const requireWorker = createRequire(path.join(root, 'apps/worker/package.json'))
const pg = requireWorker('pg')
const { Queue } = requireWorker('bullmq')
const { Redis } = requireWorker('ioredis')

const MEASURE_S = Number(process.argv[2] ?? 120)
const BURST = Number(process.argv[3] ?? 3000)
const SCHEDULES = 1000
const WARMUP_S = 30
const DB = process.env.JOBS_BENCH_DB ?? 'ysjs_bench_jobs'
const adminUrl = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres')
const benchUrl = new URL(adminUrl)
benchUrl.pathname = `/${DB}`
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const prefix = `bench-jobs-${randomBytes(3).toString('hex')}`
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

const admin = new pg.Client({ connectionString: adminUrl.toString() })
await admin.connect()
await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`)
await admin.query(`CREATE DATABASE ${DB}`)
await admin.end()
execFileSync('pnpm', ['--filter', '@ysjs/db', 'migrate'], {
  cwd: root,
  env: { ...process.env, DATABASE_URL: benchUrl.toString() },
  stdio: 'ignore',
})
const db = new pg.Client({ connectionString: benchUrl.toString() })
await db.connect()
const redis = new Redis(redisUrl, { maxRetriesPerRequest: null })

/** Fires of the schedules in [from, to): job g fires at second g % 60 of every minute. */
const expectedRuns = (from, to) => {
  let n = 0
  for (let t = from.getTime(); t < to.getTime(); t += 1000) {
    const second = new Date(t).getUTCSeconds()
    n += Math.floor(SCHEDULES / 60) + (second < SCHEDULES % 60 ? 1 : 0)
  }
  return n
}

let worker = null
const startWorker = async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'apps/worker'),
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: benchUrl.toString(),
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: prefix,
      WORKER_HEALTH_PORT: '0',
      LOG_LEVEL: 'info',
      WORKER_ID: 'bench-worker',
    },
  })
  let out = ''
  child.stdout.on('data', (d) => {
    out = (out + d).slice(-20_000)
  })
  worker = child
  const until = Date.now() + 600_000
  while (!/"msg":"job schedules reconciled"/.test(out)) {
    if (Date.now() > until || child.exitCode !== null) {
      throw new Error(`worker did not start: ${out.slice(-2000)}`)
    }
    await sleep(200)
  }
  return child
}
const stopWorker = async () => {
  if (worker && worker.exitCode === null) {
    worker.kill('SIGTERM')
    await Promise.race([new Promise((r) => worker.once('exit', r)), sleep(35_000)])
    worker.kill('SIGKILL')
  }
  worker = null
}
const clearRedis = async () => {
  let cursor = '0'
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000)
    cursor = next
    if (keys.length) {
      await redis.del(...keys)
    }
  } while (cursor !== '0')
}

try {
  // 1. Fire lateness with 1,000 active schedules.
  await db.query(
    `INSERT INTO blade_job_info (id, job_name, enable, time_expression_type, time_expression, execute_type,
       processor_type, processor_info, concurrency, create_time, update_time)
     SELECT 9000000 + g, 'bench ' || g, 1, 2, (g % 60) || ' * * * * ?', 1, 1, 'publish-notices', 5, now(), now()
     FROM generate_series(0, ${SCHEDULES - 1}) g`,
  )
  const booting = Date.now()
  worker = await startWorker()
  const bootMs = Date.now() - booting
  const from = new Date(Math.ceil((Date.now() + WARMUP_S * 1000) / 1000) * 1000)
  const to = new Date(from.getTime() + MEASURE_S * 1000)
  console.log(
    `worker up and ${SCHEDULES} schedules reconciled in ${bootMs} ms; measuring fires planned ${from.toISOString()} … ${to.toISOString()}`,
  )
  await sleep(to.getTime() - Date.now())
  // Every fire of the window ends (a backlog drains) before it is read, at most 5 minutes.
  for (const drainUntil = Date.now() + 300_000; Date.now() < drainUntil; ) {
    const open = (
      await db.query(
        `SELECT count(*)::int AS n FROM blade_job_instance
         WHERE planned_time >= $1 AND planned_time < $2 AND status IN ('succeeded', 'failed', 'stopped', 'missed')`,
        [from, to],
      )
    ).rows[0].n
    if (open >= expectedRuns(from, to)) {
      break
    }
    await sleep(1000)
  }
  const expected = expectedRuns(from, to)
  const rows = (
    await db.query(
      `SELECT extract(epoch FROM (start_time - planned_time)) * 1000 AS late, status
       FROM blade_job_instance WHERE planned_time >= $1 AND planned_time < $2`,
      [from, to],
    )
  ).rows
  const late = rows
    .filter((r) => r.late !== null)
    .map((r) => Number(r.late))
    .sort((a, b) => a - b)
  const byStatus = {}
  for (const r of rows) {
    byStatus[r.status] = (byStatus[r.status] ?? 0) + 1
  }
  const doubled = (
    await db.query(
      `SELECT count(*)::int AS n FROM (SELECT job_info_id, planned_time FROM blade_job_instance
       GROUP BY 1, 2 HAVING count(*) > 1) d`,
    )
  ).rows[0].n

  // 2. Throughput: no schedules, a burst of runs of one API job.
  await stopWorker()
  await clearRedis()
  await db.query('UPDATE blade_job_info SET enable = 0')
  await db.query(
    `INSERT INTO blade_job_info (id, job_name, enable, time_expression_type, execute_type, processor_type,
       processor_info, concurrency, create_time) VALUES (8000000, 'bench burst', 0, 1, 1, 1, 'publish-notices', 0, now())`,
  )
  worker = await startWorker()
  const runs = new Queue('job-run', { connection: redis, prefix })
  const base = Date.now()
  const queued = Date.now()
  // The worker writes each run's row itself (the run key makes it once).
  for (let i = 0; i < BURST; i += 500) {
    await runs.addBulk(
      Array.from({ length: Math.min(500, BURST - i) }, (_v, k) => ({
        name: 'run',
        data: { jobInfoId: '8000000', plannedMs: base + i + k, trigger: 2 },
        opts: { jobId: `run-8000000-${base + i + k}`, removeOnComplete: 1000, removeOnFail: 1000 },
      })),
    )
  }
  const queuedMs = Date.now() - queued
  const deadline = Date.now() + 15 * 60_000
  let done = 0
  while (Date.now() < deadline) {
    done = (
      await db.query(
        `SELECT count(*)::int AS n FROM blade_job_instance WHERE job_info_id = 8000000 AND status IN ('succeeded', 'failed')`,
      )
    ).rows[0].n
    if (done >= BURST) {
      break
    }
    await sleep(500)
  }
  const span = (
    await db.query(
      `SELECT extract(epoch FROM (max(end_time) - min(start_time))) * 1000 AS ms,
         count(*) FILTER (WHERE status = 'succeeded')::int AS ok
       FROM blade_job_instance WHERE job_info_id = 8000000`,
    )
  ).rows[0]
  await runs.close()

  const f = (n) => (Number.isFinite(n) ? `${Math.round(n)} ms` : '-')
  console.log('')
  console.log(`Scheduled jobs on ${(await import('node:os')).cpus().length} cores, one worker process`)
  console.log(
    `fire lateness, ${SCHEDULES} active CRON schedules (${MEASURE_S} s measured, ${rows.length} of ${expected} expected runs, ${doubled} doubled):`,
  )
  console.log(
    `  p50 ${f(pct(late, 50))}  p90 ${f(pct(late, 90))}  p99 ${f(pct(late, 99))}  max ${f(late.at(-1))}   statuses ${JSON.stringify(byStatus)}`,
  )
  const perMinute = (span.ok / Number(span.ms)) * 60_000
  console.log(
    `throughput: ${span.ok}/${BURST} runs succeeded in ${(Number(span.ms) / 1000).toFixed(1)} s (queued in ${queuedMs} ms) = ${Math.round(perMinute)} instances completed per minute`,
  )
} finally {
  await stopWorker()
  await clearRedis().catch(() => {})
  redis.disconnect()
  await db.end()
  const drop = new pg.Client({ connectionString: adminUrl.toString() })
  await drop.connect()
  await drop.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`)
  await drop.end()
}
