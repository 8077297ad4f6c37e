// Issue 27: a year of data. `pnpm bench:scale` (= node bench/scale.mjs); build the API first
// (`pnpm --filter @ysjs/api build`). Creates its own database (SCALE_BENCH_DB, default ysjs_bench_scale:
// dropped and re-created, migrated, seeded), fills it with SQL — SCALE_ROWS (1,000,000) notices,
// applications, registrations of one meeting, job runs of one job and usual-log rows, and SCALE_LOG_ROWS
// (10,000,000) API-log rows spread over a year — then runs every list scenario with autocannon
// (SCALE_CONNECTIONS = 50 connections, SCALE_DURATION = 10 s after a 2 s warm-up) against the built API,
// and prunes one day of the API log through the worker's own prune while a writer keeps inserting.
// Prints a table, the load average before and after, and exits non-zero when a list's p99 is over
// 150 ms or any answer was an error. SCALE_KEEP=1 keeps the database (a re-run with SCALE_REUSE=1
// skips the load).
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { ensureWebSocket, freshDatabase, pg, root, startApi } from './api-process.mjs'

await ensureWebSocket()

const requireApi = createRequire(path.join(root, 'apps/api/package.json'))
const autocannon = requireApi('autocannon')

const DB = process.env.SCALE_BENCH_DB ?? 'ysjs_bench_scale'
const ROWS = Number(process.env.SCALE_ROWS ?? 1_000_000)
const LOG_ROWS = Number(process.env.SCALE_LOG_ROWS ?? 10_000_000)
const CONNECTIONS = Number(process.env.SCALE_CONNECTIONS ?? 50)
const DURATION = Number(process.env.SCALE_DURATION ?? 10)
const WARMUP = Number(process.env.SCALE_WARMUP ?? 2)
const ONLY = process.env.SCALE_ONLY ? process.env.SCALE_ONLY.split(',') : null
const P99_BUDGET_MS = 150
const MEETING = 1980000000000000001n
const JOB = 1980000000000000002n
const DAY_S = 86_400
/** Now as the UTC wall time that `timestamp` columns hold (Prisma's convention), whatever the server's zone. */
const NOW = "(now() AT TIME ZONE 'UTC')"

const log = (...a) => console.log('[scale]', ...a)
const load = () =>
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(', ')}`

const dbUrl = () => {
  const url = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres')
  url.pathname = `/${DB}`
  return url.toString()
}

/** The year of data, in SQL: ids far from the seed's, times spread evenly back from now. */
const fill = async (url) => {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  const step = (rows, days) => `${(days * DAY_S) / rows} * interval '1 second'`
  const timed = async (what, sql) => {
    const t0 = performance.now()
    await c.query(sql)
    log(`${what}: ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  }
  await timed(
    `${ROWS} notices (1 % about 铜冶炼)`,
    `INSERT INTO blade_notice (id, tenant_id, title, category, release_time, content, create_time, status, is_deleted)
     SELECT 2000000000000000000 + i, '000000',
       CASE WHEN i % 100 = 0 THEN '关于铜冶炼技术交流会的通知 ' || i ELSE '通知公告 第' || i || '号' END,
       1 + i % 3, ${NOW} - i * ${step(ROWS, 365)}, '<p>通知内容</p>', ${NOW} - i * ${step(ROWS, 365)}, 1,
       CASE WHEN i % 200 = 7 THEN 1 ELSE 0 END
     FROM generate_series(1, ${ROWS}) i`,
  )
  await timed(
    `${ROWS} applications (1 % named 铜冶炼…, a third never changed)`,
    `INSERT INTO ysjs_appraise_results (id, tenant_id, name, status, create_time, update_time, is_deleted)
     SELECT 2100000000000000000 + i, '000000',
       CASE WHEN i % 100 = 0 THEN '高效铜冶炼工艺 ' || i ELSE '成果 ' || i END, i % 5,
       ${NOW} - i * ${step(ROWS, 365)}, CASE WHEN i % 3 = 0 THEN NULL ELSE ${NOW} - i * ${step(ROWS, 300)} END, 0
     FROM generate_series(1, ${ROWS}) i`,
  )
  await c.query(
    `INSERT INTO ysjs_meeting (id, tenant_id, name, start_time, end_time, address, create_time, status, is_deleted)
     VALUES ($1, '000000', '年度有色金属技术大会', ${NOW}, ${NOW} + interval '3 days', '长沙', ${NOW}, 1, 0)`,
    [MEETING],
  )
  await timed(
    `${ROWS} registrations of one meeting (1 % named 王志强…)`,
    `INSERT INTO ysjs_registered_meeting (id, tenant_id, meeting_id, name, unit_name, phone, create_time, is_deleted)
     SELECT 2200000000000000000 + i, '000000', ${MEETING},
       CASE WHEN i % 100 = 0 THEN '王志强' || i ELSE '代表' || i END, '单位' || (i % 5000), '138' || lpad(i::text, 8, '0'),
       ${NOW} - i * ${step(ROWS, 60)}, 0
     FROM generate_series(1, ${ROWS}) i`,
  )
  await c.query(
    `INSERT INTO blade_job_info (id, job_name, enable, time_expression_type, time_expression, processor_type, processor_info)
     VALUES ($1, 'scale-bench', 0, 2, '* * * * * ?', 1, 'http-call')`,
    [JOB],
  )
  await timed(
    `${ROWS} runs of one job`,
    `INSERT INTO blade_job_instance (id, job_info_id, planned_time, start_time, end_time, status, attempt, create_time)
     SELECT 2300000000000000000 + i, ${JOB}, now() - i * ${step(ROWS, 365)}, now() - i * ${step(ROWS, 365)},
       now() - i * ${step(ROWS, 365)} + interval '1 second', 'succeeded', 1, ${NOW} - i * ${step(ROWS, 365)}
     FROM generate_series(1, ${ROWS}) i`,
  )
  await timed(
    `${ROWS} usual-log rows`,
    `INSERT INTO blade_log_usual (id, tenant_id, service_id, log_level, log_id, log_data, method, request_uri, create_time)
     SELECT 2400000000000000000 + i, '000000', 'ysjs-api', CASE WHEN i % 10 = 0 THEN 'warn' ELSE 'info' END,
       'bench', '日志内容 ' || i, 'GET', '/api/ysjs-desk/notice/list', ${NOW} - i * ${step(ROWS, 365)}
     FROM generate_series(1, ${ROWS}) i`,
  )
  // In chunks of a million: one statement of ten million rows holds its snapshot for minutes.
  for (let from = 1; from <= LOG_ROWS; from += 1_000_000) {
    const to = Math.min(LOG_ROWS, from + 999_999)
    await timed(
      `API-log rows ${from}–${to} of ${LOG_ROWS}`,
      `INSERT INTO blade_log_api (id, tenant_id, service_id, type, title, method, request_uri, remote_ip, create_by, time, status, create_time)
       SELECT 2500000000000000000 + i, '000000', 'ysjs-api', '1', '接口调用', CASE WHEN i % 7 = 0 THEN 'POST' ELSE 'GET' END,
         CASE WHEN i % 100 = 0 THEN '/api/ysjs-meeting/registeredmeeting/pageByMeetingId' ELSE '/api/ysjs-desk/notice/list' END,
         '127.0.0.1', 'admin', '12', CASE WHEN i % 50 = 0 THEN 500 ELSE 200 END, ${NOW} - i * ${step(LOG_ROWS, 365)}
       FROM generate_series(${from}, ${to}) i`,
    )
  }
  await timed('VACUUM ANALYZE', 'VACUUM ANALYZE')
  await c.end()
}

const scenarios = (base) => {
  const notice = `${base}/api/ysjs-desk/notice/list`
  const results = `${base}/api/ysjs-appraise/results/list`
  const reg = `${base}/api/ysjs-meeting/registeredmeeting/pageByMeetingId?meetingId=${MEETING}`
  const jobs = `${base}/api/ysjs-job/job-instance/list?jobInfoId=${JOB}`
  const api = `${base}/api/ysjs-log/api/list`
  const usual = `${base}/api/ysjs-log/usual/list`
  const day = (n) => {
    const d = new Date(Date.now() + 8 * 3600_000 - n * DAY_S * 1000)
    return d.toISOString().slice(0, 10)
  }
  return [
    ['notices, first page', `${notice}?current=1&size=10`],
    ['notices, page 50,000', `${notice}?current=50000&size=10`],
    ['notices, title 铜冶炼 (1 %)', `${notice}?current=1&size=10&title=${encodeURIComponent('铜冶炼')}`],
    ['notices, sorted by create time', `${notice}?current=1&size=10&ascs=create_time`],
    [
      'notices, page far past the end',
      `${notice}?current=900000&size=10&title=${encodeURIComponent('铜冶炼')}`,
    ],
    ['applications, first page', `${results}?current=1&size=10`],
    ['applications, page 50,000', `${results}?current=50000&size=10`],
    ['applications, name 铜冶炼 (1 %)', `${results}?current=1&size=10&name=${encodeURIComponent('铜冶炼')}`],
    ['registrations, first page', `${reg}&current=1&size=10`],
    ['registrations, page 50,000', `${reg}&current=50000&size=10`],
    ['registrations, name 王志强 (1 %)', `${reg}&current=1&size=10&name=${encodeURIComponent('王志强')}`],
    ['job runs, first page', `${jobs}&current=1&size=10`],
    ['job runs, page 50,000', `${jobs}&current=50000&size=10`],
    ['API log, first page', `${api}?current=1&size=10`],
    ['API log, page 50,000', `${api}?current=50000&size=10`],
    [
      'API log, one day',
      `${api}?current=1&size=10&createTime_datege=${day(30)}%2000:00:00&createTime_datele=${day(30)}%2023:59:59`,
    ],
    ['API log, status 500', `${api}?current=1&size=10&status_equal=500`],
    ['usual log, first page', `${usual}?current=1&size=10`],
  ].filter(([name]) => !ONLY || ONLY.some((o) => name.includes(o)))
}

const cannon = (opts) =>
  new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, pipelining: 1, timeout: 10, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    )
  })

/** One day of API-log rows pruned by the worker's own code while a writer keeps inserting. */
const prune = (url) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/scale-prune.ts')], {
      cwd: path.join(root, 'apps/worker'),
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (d) => {
      out += d
    })
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)))
        : reject(new Error(`prune exited ${code}`)),
    )
  })

const main = async () => {
  log(`node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model}, ${load()}`)
  const url = dbUrl()
  let drop = async () => {}
  if (process.env.SCALE_REUSE === '1') {
    log(`reusing ${DB}`)
  } else {
    log(`database ${DB}: reset, migrate, seed`)
    const db = await freshDatabase(DB)
    drop = db.drop
    await fill(url)
  }
  const sizes = new pg.Client({ connectionString: url })
  await sizes.connect()
  const { rows } = await sizes.query(
    `SELECT relname, n_live_tup::bigint AS n, pg_size_pretty(pg_total_relation_size(relid)) AS size FROM pg_stat_user_tables
     WHERE relname IN ('blade_notice','ysjs_appraise_results','ysjs_registered_meeting','blade_job_instance','blade_log_usual','blade_log_api')`,
  )
  await sizes.end()
  for (const r of rows) {
    log(`${r.relname}: ${Number(r.n).toLocaleString('en')} rows, ${r.size} with indexes`)
  }
  const api = await startApi(url)
  const results = []
  let failed = false
  try {
    for (const [name, target] of scenarios(api.base)) {
      const check = await fetch(target, { headers: api.headers })
      const body = await check.json()
      if (!check.ok || body.code !== 200) {
        throw new Error(`${name}: ${check.status} ${JSON.stringify(body).slice(0, 300)}`)
      }
      const shape = `${body.data.records.length} rows of ${body.data.total}${body.data.totalExact === false ? ' (estimate)' : ''}`
      await cannon({ url: target, headers: api.headers, duration: WARMUP })
      const r = await cannon({ url: target, headers: api.headers, duration: DURATION })
      const errors = r.non2xx + r.errors + r.timeouts
      const row = {
        name,
        shape,
        reqPerSec: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors,
        ok: r.latency.p99 <= P99_BUDGET_MS && errors === 0,
      }
      failed ||= !row.ok
      results.push(row)
      log(`${name}: ${shape}; ${row.reqPerSec} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${errors}`)
    }
  } finally {
    await api.stop()
  }
  let pruned = null
  if (!ONLY || ONLY.includes('prune')) {
    pruned = await prune(url)
    log(`prune: ${JSON.stringify(pruned)}`)
  }
  console.log(
    `\n| scenario (${CONNECTIONS} connections, ${DURATION} s) | answer | req/s | p50 ms | p99 ms | errors | p99 ≤ ${P99_BUDGET_MS} ms |`,
  )
  console.log('|:--|:--|--:|--:|--:|--:|:-:|')
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.shape} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.ok ? 'yes' : 'NO'} |`,
    )
  }
  if (pruned) {
    console.log(
      `\nprune of one day of the API log: ${pruned.deleted} rows in ${pruned.ms} ms (${pruned.batches} batches); ` +
        `a writer inserted ${pruned.writes} rows meanwhile, slowest insert ${pruned.maxWriteMs} ms`,
    )
  }
  console.log(`\n${execFileSync('uptime').toString().trim()}`)
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true })
  fs.writeFileSync(
    path.join(root, 'bench/results/scale-latest.json'),
    JSON.stringify(
      { rows: ROWS, logRows: LOG_ROWS, connections: CONNECTIONS, results, pruned, load: os.loadavg() },
      null,
      2,
    ),
  )
  if (process.env.SCALE_KEEP !== '1') {
    await drop()
  }
  process.exit(failed ? 1 : 0)
}

main().catch((err) => {
  console.error(err)
  process.exit(2)
})
