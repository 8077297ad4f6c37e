// Workflow budgets (issue 10, decision 015):
//   1. leave start + complete: N leaves applied for through the API (start-process), each followed by the
//      first approval (complete-task), C instances in flight: instances per second, and p50/p99 latency
//      of each call and of the pair;
//   2. resume after a restart: 10,000 instances waiting on a timer while the worker is down (their
//      delayed wake-ups lost from Redis, the timers already due): time from the worker's start until
//      every instance has moved past its timer, and the boot-time reschedule on its own.
// Creates its own database (FLOW_BENCH_DB, default ysjs_bench_flow; dropped and re-created), migrates and
// seeds it, builds the API in this process (through tsx, as the tests do) and starts one real worker
// process (apps/worker through tsx) on a queue prefix of its own. Prints the figures; asserts nothing.
//   node bench/flow.mjs [leaves=300] [in flight=8] [waiting instances=10000]
// Env: DATABASE_URL (admin connection; default postgres@127.0.0.1), REDIS_URL (default 127.0.0.1:6379),
// FLOW_WORKER_CONCURRENCY (the worker's, default its own: 8), FLOW_BENCH_CPU_PROF (a folder: the worker's
// V8 CPU profile is written there when it stops).
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const requireApi = createRequire(path.join(root, 'apps/api/package.json'))
const requireWorker = createRequire(path.join(root, 'apps/worker/package.json'))
const pg = requireApi('pg')
// The API is TypeScript run through tsx (as the tests run it): the script re-runs itself under tsx's loader.
if (!process.env.FLOW_BENCH_TSX) {
  const { status } = spawnSync(
    process.execPath,
    [
      '--import',
      pathToFileURL(requireApi.resolve('tsx')).href,
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit', env: { ...process.env, FLOW_BENCH_TSX: '1' } },
  )
  process.exit(status ?? 1)
}
const { Queue } = requireWorker('bullmq')
const { Redis } = requireWorker('ioredis')

const LEAVES = Number(process.argv[2] ?? 300)
const IN_FLIGHT = Number(process.argv[3] ?? 8)
const WAITING = Number(process.argv[4] ?? 10_000)
const DB = process.env.FLOW_BENCH_DB ?? 'ysjs_bench_flow'
const adminUrl = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres')
const benchUrl = new URL(adminUrl)
benchUrl.pathname = `/${DB}`
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const prefix = `bench-flow-${randomBytes(3).toString('hex')}`
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
const ms = (v) => `${v.toFixed(0)} ms`
const log = (...args) => console.log('[flow bench]', ...args)

const admin = new pg.Client({ connectionString: adminUrl.toString() })
await admin.connect()
await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`)
await admin.query(`CREATE DATABASE ${DB}`)
await admin.end()
const env = { ...process.env, DATABASE_URL: benchUrl.toString() }
execFileSync('pnpm', ['--filter', '@ysjs/db', 'migrate'], { cwd: root, env, stdio: 'ignore' })
execFileSync('pnpm', ['db:seed'], { cwd: root, env, stdio: 'ignore' })
const db = new pg.Client({ connectionString: benchUrl.toString() })
await db.connect()
const redis = new Redis(redisUrl, { maxRetriesPerRequest: null })

let worker = null
let workerOut = ''
const startWorker = async () => {
  workerOut = ''
  // FLOW_BENCH_CPU_PROF=<dir>: the worker writes a V8 CPU profile there when it stops (where a step's time goes).
  const prof = process.env.FLOW_BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.FLOW_BENCH_CPU_PROF}`]
    : []
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'apps/worker'),
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: benchUrl.toString(),
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: prefix,
      WORKER_HEALTH_PORT: '0',
      LOG_LEVEL: 'info',
      WORKER_ID: 'bench-flow-worker',
    },
  })
  child.stdout.on('data', (d) => {
    workerOut = (workerOut + d).slice(-200_000)
  })
  worker = child
  return child
}
const waitFor = async (re, timeoutMs) => {
  const until = Date.now() + timeoutMs
  for (;;) {
    const m = re.exec(workerOut)
    if (m) {
      return m
    }
    if (Date.now() > until || worker?.exitCode !== null) {
      throw new Error(`worker: no ${re} in time: ${workerOut.slice(-2000)}`)
    }
    await sleep(50)
  }
}
const stopWorker = async () => {
  if (worker && worker.exitCode === null) {
    const w = worker
    w.kill('SIGTERM')
    await Promise.race([new Promise((r) => w.once('exit', r)), sleep(35_000)])
    w.kill('SIGKILL')
  }
  worker = null
}

const { buildApp } = await import(pathToFileURL(path.join(root, 'apps/api/src/app.ts')).href)
const app = await buildApp({
  env: {
    DATABASE_URL: benchUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `bench:${randomBytes(4).toString('hex')}:`,
    QUEUE_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    CAPTCHA_ENABLED: 'false',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
    NODE_ENV: 'test',
  },
})
const figures = {}
try {
  const login = async (account) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/ysjs-auth/oauth/token',
      query: {
        grant_type: 'password',
        username: account,
        password: createHash('md5').update(account).digest('hex'),
        scope: 'all',
      },
      headers: {
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'tenant-id': '000000',
      },
    })
    const body = res.json()
    return { headers: { 'blade-auth': `bearer ${body.access_token}` }, id: String(body.user_id) }
  }
  const applicant = await login('admin')
  const hr = await login('hr')
  const call = async (who, method, url, payload) => {
    const res = await app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) })
    const body = res.json()
    if (body.code !== 200) {
      throw new Error(`${method} ${url}: ${res.body}`)
    }
    return body
  }
  const leaveDef = (
    await call(applicant, 'GET', '/api/ysjs-flow/work/start-list?size=100')
  ).data.records.find((d) => d.key === 'Leave')

  await startWorker()
  await waitFor(/"msg":"flow timers rescheduled"/, 120_000)

  // 1. Start + complete.
  const startMs = []
  const completeMs = []
  const pairMs = []
  const apply = async (i) => {
    const reason = `bench-${i}`
    const t0 = performance.now()
    await call(applicant, 'POST', '/api/ysjs-desk/process/leave/start-process', {
      processDefinitionId: leaveDef.id,
      taskUser: hr.id,
      startTime: '2026-03-02 09:00:00',
      endTime: '2026-03-03 09:00:00',
      reason,
    })
    const t1 = performance.now()
    const { rows } = await db.query(
      `SELECT t.id FROM blade_process_leave l JOIN blade_flow_task t ON t.instance_id = l.process_instance_id::bigint
        WHERE l.reason = $1 AND t.status = 1`,
      [reason],
    )
    const t2 = performance.now()
    await call(hr, 'POST', '/api/ysjs-flow/work/complete-task', {
      taskId: String(rows[0].id),
      flag: 'ok',
      comment: '同意',
    })
    const t3 = performance.now()
    startMs.push(t1 - t0)
    completeMs.push(t3 - t2)
    pairMs.push(t1 - t0 + (t3 - t2))
  }
  // Warm-up (JIT, the definition's parse cache), not measured.
  for (let i = 0; i < 20; i++) {
    await apply(`warm-${i}`)
  }
  startMs.length = 0
  completeMs.length = 0
  pairMs.length = 0
  let next = 0
  const began = performance.now()
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < LEAVES) {
        await apply(next++)
      }
    }),
  )
  const wallS = (performance.now() - began) / 1000
  for (const a of [startMs, completeMs, pairMs]) {
    a.sort((x, y) => x - y)
  }
  figures.startComplete = {
    leaves: LEAVES,
    inFlight: IN_FLIGHT,
    instancesPerSecond: LEAVES / wallS,
    startP50: pct(startMs, 50),
    startP99: pct(startMs, 99),
    completeP50: pct(completeMs, 50),
    completeP99: pct(completeMs, 99),
    pairP50: pct(pairMs, 50),
    pairP99: pct(pairMs, 99),
  }
  log(`start + complete: ${LEAVES} leaves in ${wallS.toFixed(1)} s`)

  // 2. Resume after a restart. One instance waits on a 1 s timer (the seeded leave's first task with a
  // timer boundary event); its saved state is copied to WAITING - 1 more instances with SQL.
  const TIMED = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="bench">
  <process id="BenchTimed" name="超时升级" isExecutable="true">
    <startEvent id="start"/>
    <userTask id="approve" name="审批" flowable:assignee="\${taskUser}"/>
    <boundaryEvent id="timeout" attachedToRef="approve"><timerEventDefinition><timeDuration xsi:type="tFormalExpression">PT1S</timeDuration></timerEventDefinition></boundaryEvent>
    <userTask id="escalated" name="超时处理" flowable:assignee="\${taskUser}"/>
    <endEvent id="end"/>
    <sequenceFlow id="a" sourceRef="start" targetRef="approve"/>
    <sequenceFlow id="b" sourceRef="approve" targetRef="end"/>
    <sequenceFlow id="c" sourceRef="timeout" targetRef="escalated"/>
    <sequenceFlow id="d" sourceRef="escalated" targetRef="end"/>
  </process>
</definitions>`
  const model = await call(applicant, 'POST', '/api/ysjs-flow/model/submit', {
    name: '超时升级',
    modelKey: 'BenchTimed',
    xml: TIMED,
  })
  await call(applicant, 'POST', '/api/ysjs-flow/model/deploy', { modelId: model.data, category: 'flow_1' })
  const timedDef = (
    await call(applicant, 'GET', '/api/ysjs-flow/manager/list?mode=1&size=100')
  ).data.records.find((d) => d.key === 'BenchTimed')
  await call(applicant, 'POST', '/api/ysjs-desk/process/leave/start-process', {
    processDefinitionId: timedDef.id,
    taskUser: hr.id,
    startTime: '2026-03-02 09:00:00',
    endTime: '2026-03-03 09:00:00',
    reason: 'bench-timed',
  })
  await stopWorker()
  const timers = new Queue('flow-timer', { connection: redis, prefix })
  await timers.obliterate({ force: true })
  await timers.close()
  const [template] = (
    await db.query(
      `SELECT i.id FROM blade_flow_instance i WHERE i.definition_id = $1 AND i.status = 1 AND i.timer_due IS NOT NULL`,
      [timedDef.id],
    )
  ).rows
  const BASE = 8_000_000_000_000_000_000n
  const copies = WAITING - 1
  const t0 = performance.now()
  await db.query('BEGIN')
  await db.query(
    `INSERT INTO blade_flow_instance (id, tenant_id, definition_id, business_key, start_user_id, start_user, state, variables,
       status, version, timer_due, start_time)
     SELECT $2::bigint + g, tenant_id, definition_id, NULL, start_user_id, start_user, state, variables, status, 0, timer_due, start_time
       FROM blade_flow_instance, generate_series(1, $3::int) g WHERE id = $1`,
    [template.id, String(BASE), copies],
  )
  await db.query(
    `INSERT INTO blade_flow_task (id, tenant_id, instance_id, definition_id, execution_id, task_definition_key, name,
       assignee, candidate_users, candidate_groups, status, create_time)
     SELECT $2::bigint + g * 10, t.tenant_id, $2::bigint + g, t.definition_id, t.execution_id, t.task_definition_key,
       t.name, t.assignee, t.candidate_users, t.candidate_groups, t.status, t.create_time
       FROM blade_flow_task t, generate_series(1, $3::int) g WHERE t.instance_id = $1 AND t.status = 1`,
    [template.id, String(BASE + 100_000_000n), copies],
  )
  await db.query(
    `INSERT INTO blade_flow_history (id, tenant_id, instance_id, activity_id, activity_name, activity_type, execution_id,
       assignee, comment, start_time, end_time, seq)
     SELECT $2::bigint + g * 100 + h.seq, h.tenant_id, $3::bigint + g, h.activity_id, h.activity_name, h.activity_type,
       h.execution_id, h.assignee, h.comment, h.start_time, h.end_time, h.seq
       FROM blade_flow_history h, generate_series(1, $4::int) g WHERE h.instance_id = $1`,
    [template.id, String(BASE + 200_000_000n), String(BASE), copies],
  )
  await db.query('COMMIT')
  log(
    `${WAITING} instances waiting on a timer (${copies} copied in ${ms(performance.now() - t0)}); timers due`,
  )
  await sleep(1500)

  const waitingCount = async () =>
    Number(
      (
        await db.query(
          `SELECT count(*) AS n FROM blade_flow_instance WHERE definition_id = $1 AND status = 1 AND timer_due IS NOT NULL`,
          [timedDef.id],
        )
      ).rows[0].n,
    )
  const before = await waitingCount()
  const bootAt = performance.now()
  await startWorker()
  const rescheduled = await waitFor(/"count":(\d+),"ms":(\d+)[^\n]*"msg":"flow timers rescheduled"/, 600_000)
  const rescheduledMs = performance.now() - bootAt
  let left = before
  let lastLog = 0
  while (left > 0) {
    await sleep(250)
    left = await waitingCount()
    if (performance.now() - lastLog > 10_000) {
      lastLog = performance.now()
      log(`resuming: ${before - left} of ${before} past their timer`)
    }
    if (performance.now() - bootAt > 1_800_000) {
      throw new Error(`resume did not finish: ${left} left`)
    }
  }
  const resumedMs = performance.now() - bootAt
  const escalated = Number(
    (
      await db.query(
        `SELECT count(*) AS n FROM blade_flow_task t JOIN blade_flow_instance i ON i.id = t.instance_id
          WHERE i.definition_id = $1 AND t.task_definition_key = 'escalated' AND t.status = 1`,
        [timedDef.id],
      )
    ).rows[0].n,
  )
  figures.resume = {
    waiting: before,
    rescheduled: Number(rescheduled[1]),
    /** The reschedule itself (reading timer_due, adding the delayed jobs), as the worker logs it. */
    rescheduleMs: Number(rescheduled[2]),
    /** From spawning the worker (tsx compiling it included) until its reschedule was done. */
    bootAndRescheduleMs: rescheduledMs,
    allResumedMs: resumedMs,
    perSecond: before / (resumedMs / 1000),
    escalatedTasks: escalated,
  }
} finally {
  await stopWorker()
  await app.close()
  await db.end()
  let cursor = '0'
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000)
    cursor = next
    if (keys.length) {
      await redis.del(...keys)
    }
  } while (cursor !== '0')
  redis.disconnect()
  const drop = new pg.Client({ connectionString: adminUrl.toString() })
  await drop.connect()
  await drop.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`)
  await drop.end()
}

const s = figures.startComplete
const r = figures.resume
console.log(`\nWorkflow on ${os.cpus().length} cores (API in this process, one worker process)`)
console.log(
  `| leave start + complete | ${s.leaves} leaves, ${s.inFlight} in flight | ${s.instancesPerSecond.toFixed(1)} instances/s |`,
)
console.log(`|   start-process        | p50 ${ms(s.startP50)} | p99 ${ms(s.startP99)} |`)
console.log(`|   complete-task        | p50 ${ms(s.completeP50)} | p99 ${ms(s.completeP99)} |`)
console.log(`|   start + complete     | p50 ${ms(s.pairP50)} | p99 ${ms(s.pairP99)} |`)
console.log(
  `| resume after restart   | ${r.waiting} waiting on a due timer | reschedule ${ms(r.rescheduleMs)} (${r.rescheduled} wake-ups; boot included ${ms(r.bootAndRescheduleMs)}) | all past their timer ${(r.allResumedMs / 1000).toFixed(1)} s (${r.perSecond.toFixed(0)}/s), ${r.escalatedTasks} escalation tasks |`,
)
console.log(JSON.stringify(figures))
