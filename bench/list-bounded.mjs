// The hand-written lists that moved to bounded totals (issue 27, decision 031): flow to-do, surveys,
// a survey's fillings, users, the expert picker and knowledge entries. Creates its own database
// (LIST_BENCH_DB, default ysjs_bench_lists: dropped, migrated, seeded), fills `rows` rows in each with
// SQL, builds the API in this process (through tsx, as the tests do) and asks each list, one request at
// a time: the first page (bounded total), a later page with searchCount=false, and, for comparison,
// the exact COUNT(*) over the same rows that each of these pages ran before. Prints p50/p99 and the
// load average. Asserts nothing; drops the database at the end.
//   node bench/list-bounded.mjs [rows=200000] [runs=40]
import { spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const requireApi = createRequire(path.join(root, 'apps/api/package.json'))
if (!process.env.LIST_BENCH_TSX) {
  const { status } = spawnSync(
    process.execPath,
    [
      '--import',
      pathToFileURL(requireApi.resolve('tsx')).href,
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit', env: { ...process.env, LIST_BENCH_TSX: '1' } },
  )
  process.exit(status ?? 1)
}
const { freshDatabase, pg } = await import(pathToFileURL(path.join(root, 'bench/api-process.mjs')).href)

const ROWS = Number(process.argv[2] ?? 200_000)
const RUNS = Number(process.argv[3] ?? 40)
const DB = process.env.LIST_BENCH_DB ?? 'ysjs_bench_lists'
const ADMIN = 1123598821738675201n
const SURVEY = 1980000000000000000n
const log = (...a) => console.log('[lists]', ...a)
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]
}

log(`${os.cpus().length} cores, load average ${load()}; database ${DB}: reset, migrate, seed`)
const db = await freshDatabase(DB)
const c = new pg.Client({ connectionString: db.url })
await c.connect()
const fill = async (what, sql) => {
  const t0 = performance.now()
  await c.query(sql)
  log(`${what}: ${((performance.now() - t0) / 1000).toFixed(1)} s`)
}
const at = `timestamp '2026-01-01' + i * interval '1 second'`
await fill(
  `${ROWS} users (two tenants)`,
  `INSERT INTO blade_user (id, tenant_id, account, password, real_name, name, create_time, status, is_deleted)
   SELECT 1981000000000000000 + i, CASE WHEN i % 2 = 0 THEN '000000' ELSE '200000' END, 'bulk' || i, 'x',
     '用户' || i, '用户' || i, ${at}, 1, 0 FROM generate_series(1, ${2 * ROWS}) i`,
)
await fill(
  `${ROWS} surveys`,
  `INSERT INTO ysjs_survey (id, tenant_id, name, code, start_date, end_date, create_time, is_deleted)
   SELECT ${SURVEY} + i, '000000', '问卷 ' || i, 'WJ' || i, date '2026-01-01', date '2026-12-31', ${at}, 0
   FROM generate_series(0, ${ROWS}) i`,
)
await fill(
  `${ROWS} fillings of one survey`,
  `INSERT INTO ysjs_survey_example (id, tenant_id, survey_id, owner_key, user_id, firm_name, status, create_time, update_time)
   SELECT 1982000000000000000 + i, '000000', ${SURVEY}, 'u' || i, ${ADMIN}, '单位 ' || i, 3, ${at}, ${at}
   FROM generate_series(1, ${ROWS}) i`,
)
await c.query(
  `INSERT INTO blade_flow_instance (id, tenant_id, definition_id, business_key, start_user_id, start_user, status, start_time)
   VALUES (1983000000000000000, '000000', 'bulk:1:1', 'bulk:1', ${ADMIN}, 'admin', 1, timestamp '2026-01-01')`,
)
await fill(
  `${ROWS} open tasks of the administrator`,
  `INSERT INTO blade_flow_task (id, tenant_id, instance_id, definition_id, execution_id, task_definition_key, name,
     assignee, status, create_time)
   SELECT 1984000000000000000 + i, '000000', 1983000000000000000, 'bulk:1:1', 'e' || i, 'approve', '审批 ' || i,
     'taskUser_${ADMIN}', 1, ${at} FROM generate_series(1, ${ROWS}) i`,
)
await fill(
  `${ROWS} experts`,
  `INSERT INTO blade_expert_basic (id, tenant_id, name, create_time, is_deleted)
   SELECT 1985000000000000000 + i, '000000', '专家' || lpad(i::text, 7, '0'), ${at}, 0 FROM generate_series(1, ${ROWS}) i`,
)
await fill(
  `${ROWS} knowledge entries`,
  `INSERT INTO kms_main (id, tenant_id, title, catalog_id, search_grams, shelves, create_time, is_deleted)
   SELECT 1986000000000000000 + i, '000000', '知识条目 ' || i, 1, '{}', 1, ${at}, 0 FROM generate_series(1, ${ROWS}) i`,
)
await fill('VACUUM ANALYZE', 'VACUUM ANALYZE')

const { buildApp } = await import(pathToFileURL(path.join(root, 'apps/api/src/app.ts')).href)
const app = await buildApp({
  env: {
    DATABASE_URL: db.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `bench:${randomBytes(4).toString('hex')}:`,
    LOG_LEVEL: 'warn',
    CAPTCHA_ENABLED: 'false',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
    NODE_ENV: 'test',
  },
})
try {
  const res = await app.inject({
    method: 'POST',
    url: '/api/ysjs-auth/oauth/token',
    query: {
      grant_type: 'password',
      username: 'admin',
      password: createHash('md5').update('admin').digest('hex'),
      scope: 'all',
    },
    headers: {
      authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'tenant-id': '000000',
    },
  })
  const headers = { 'blade-auth': `bearer ${res.json().access_token}` }
  const lists = [
    [
      'flow to-do',
      '/api/ysjs-flow/work/todo-list?',
      `SELECT count(*) FROM blade_flow_task WHERE tenant_id = '000000' AND status = 1 AND assignee = 'taskUser_${ADMIN}'`,
    ],
    [
      'surveys',
      '/api/ysjs-evaluation/survey/list?',
      `SELECT count(*) FROM ysjs_survey WHERE tenant_id = '000000' AND is_deleted = 0`,
    ],
    [
      'a survey’s fillings',
      `/api/ysjs-evaluation/example/list?surveyId=${SURVEY}&`,
      `SELECT count(*) FROM ysjs_survey_example WHERE tenant_id = '000000' AND survey_id = ${SURVEY}`,
    ],
    [
      'users (platform administrator)',
      '/api/ysjs-system/user/page?',
      `SELECT count(*) FROM blade_user WHERE is_deleted = 0`,
    ],
    [
      'expert picker',
      '/api/blade-expert/expertBasic/options?',
      `SELECT count(*) FROM blade_expert_basic WHERE tenant_id = '000000' AND is_deleted = 0`,
    ],
    [
      'knowledge entries',
      '/api/ysjs-kms/main/list?',
      `SELECT count(*) FROM kms_main WHERE tenant_id = '000000' AND is_deleted = 0`,
    ],
  ]
  const time = async (fn) => {
    const t0 = performance.now()
    await fn()
    return performance.now() - t0
  }
  const get = async (url) => {
    const r = await app.inject({ method: 'GET', url, headers })
    if (r.statusCode !== 200 || r.json().code !== 200) {
      throw new Error(`${url}: ${r.body.slice(0, 300)}`)
    }
    return r.json().data
  }
  const rowsOut = []
  for (const [name, url, countSql] of lists) {
    const first = await get(`${url}current=1&size=10`)
    const firstMs = []
    const noCountMs = []
    const countMs = []
    for (let i = 0; i < RUNS; i++) {
      firstMs.push(await time(() => get(`${url}current=1&size=10`)))
      noCountMs.push(await time(() => get(`${url}current=5&size=10&searchCount=false`)))
      countMs.push(await time(() => c.query(countSql)))
    }
    rowsOut.push(
      `| ${name} | ${first.total}${first.totalExact ? '' : ' (bound)'} | ${pct(firstMs, 50).toFixed(1)} / ${pct(firstMs, 99).toFixed(1)} | ${pct(noCountMs, 50).toFixed(1)} / ${pct(noCountMs, 99).toFixed(1)} | ${pct(countMs, 50).toFixed(1)} / ${pct(countMs, 99).toFixed(1)} |`,
    )
  }
  console.log(
    `\nLists at ${ROWS.toLocaleString('en')} rows, one request at a time, ${RUNS} runs (load average ${load()})`,
  )
  console.log(
    '| list | total answered | first page p50 / p99 ms | searchCount=false p50 / p99 ms | exact COUNT(*) it ran before p50 / p99 ms |',
  )
  console.log('|---|---|---|---|---|')
  for (const r of rowsOut) {
    console.log(r)
  }
} finally {
  await app.close()
  await c.end()
  await db.drop()
}
