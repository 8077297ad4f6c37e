// xlsx export of 50,000 rows through the real API: creates its own database (EXPORT_BENCH_DB, default
// ysjs_bench_export, dropped and re-created), migrates and seeds it, inserts the experts, starts the built
// API (apps/api/dist/server.js; `pnpm --filter @ysjs/api build` first), logs in as admin and downloads
// GET /api/blade-expert/expertBasic/export (the generic streamed export of lib/xlsx.ts) to nowhere.
// Prints the time to the first byte and to the last, the file size, and the API process's peak resident
// memory (VmHWM) before and after the export, so the difference is what the export cost.
//   node bench/xlsx-export.mjs [rows=50000] [runs=3]
// Env: DATABASE_URL (admin connection, default postgres@127.0.0.1), BENCH_REDIS_URL (redis://127.0.0.1:6379).
import { execFileSync, spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const pg = createRequire(path.join(root, 'apps/api/package.json'))('pg')
const ROWS = Number(process.argv[2] ?? 50_000)
const RUNS = Number(process.argv[3] ?? 3)
const DB = process.env.EXPORT_BENCH_DB ?? 'ysjs_bench_export'
const adminUrl = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres')
const benchUrl = new URL(adminUrl)
benchUrl.pathname = `/${DB}`
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const serverJs = path.join(root, 'apps/api/dist/server.js')
if (!fs.existsSync(serverJs)) {
  throw new Error('apps/api/dist/server.js missing: run `pnpm --filter @ysjs/api build` first')
}

const admin = new pg.Client({ connectionString: adminUrl.toString() })
await admin.connect()
await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`)
await admin.query(`CREATE DATABASE ${DB}`)
await admin.end()
const env = { ...process.env, DATABASE_URL: benchUrl.toString() }
execFileSync('pnpm', ['db:migrate'], { cwd: root, env, stdio: 'ignore' })
execFileSync('pnpm', ['db:seed'], { cwd: root, env, stdio: 'ignore' })

const db = new pg.Client({ connectionString: benchUrl.toString() })
await db.connect()
const seeded = Date.now()
await db.query(
  `INSERT INTO blade_expert_basic (id, tenant_id, name, sex, birty, work_unit, position, level, profession,
     direction, educational, degree, mobile_phone, email, address, introduction, create_time)
   SELECT 2000000 + g, '000000', '专家' || g, g % 2, date '1960-01-01' + (g % 12000),
     (ARRAY['中南大学冶金与环境学院','北京矿冶研究总院','江西铜业股份有限公司','昆明理工大学','东北大学材料学院'])[1 + g % 5],
     '研究员', (ARRAY['教授','研究员','高级工程师','正高级工程师'])[1 + g % 4],
     (ARRAY['有色金属冶金','选矿工程','材料加工','稀土冶金'])[1 + g % 4], '铜铅锌冶炼与综合回收',
     '博士研究生', '博士', '138' || lpad((g % 100000000)::text, 8, '0'), 'expert' || g || '@example.cn',
     '湖南省长沙市岳麓区麓山南路932号', repeat('长期从事有色金属冶炼新工艺研究。', 4), now() - g * interval '1 minute'
   FROM generate_series(1, $1) g`,
  [ROWS],
)
console.log(`seeded ${ROWS} experts in ${Date.now() - seeded} ms`)
await db.end()

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })
const port = await freePort()
const api = spawn(process.execPath, [serverJs], {
  cwd: root,
  env: {
    ...env,
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(48).toString('base64'),
    CAPTCHA_ENABLED: 'false',
    HOST: '127.0.0.1',
    PORT: String(port),
    REDIS_URL,
    REDIS_PREFIX: `bench:${randomBytes(4).toString('hex')}:`,
    RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '',
    S3_ENDPOINT: '',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
})
const base = `http://127.0.0.1:${port}`
/** Peak and current resident memory of the API process, from /proc (Linux). */
const memory = () => {
  const status = fs.readFileSync(`/proc/${api.pid}/status`, 'utf8')
  const kb = (key) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0)
  return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 }
}
try {
  const deadline = Date.now() + 120_000
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        break
      }
    } catch {}
    if (Date.now() > deadline) {
      throw new Error('API not healthy after 120 s')
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  const md5 = (s) => createHash('md5').update(s).digest('hex')
  const login = await fetch(
    `${base}/api/ysjs-auth/oauth/token?tenantId=000000&username=admin&password=${md5('admin')}&grant_type=password&scope=all`,
    {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'tenant-id': '000000',
      },
    },
  )
  const token = (await login.json()).access_token
  // Warm the list path (Prisma, JIT) with one page, so the first export is not charged for it.
  await (
    await fetch(`${base}/api/blade-expert/expertBasic/list?size=10`, {
      headers: { 'blade-auth': `bearer ${token}` },
    })
  ).text()
  const before = memory()
  console.log(
    `API after start and one list call: rss ${before.rssMb.toFixed(0)} MB, peak ${before.peakMb.toFixed(0)} MB`,
  )
  const results = []
  for (let run = 1; run <= RUNS; run++) {
    const started = performance.now()
    const res = await fetch(`${base}/api/blade-expert/expertBasic/export`, {
      headers: { 'blade-auth': `bearer ${token}` },
    })
    if (!res.ok) {
      throw new Error(`export answered ${res.status}: ${await res.text()}`)
    }
    let bytes = 0
    let firstByte = 0
    for await (const chunk of res.body) {
      if (!firstByte) {
        firstByte = performance.now() - started
      }
      bytes += chunk.length
    }
    const total = performance.now() - started
    const after = memory()
    results.push({ run, firstByte, total, bytes, peakMb: after.peakMb })
    console.log(
      `run ${run}: ${ROWS} rows, first byte ${firstByte.toFixed(0)} ms, complete ${(total / 1000).toFixed(2)} s, ` +
        `${(bytes / 1024 / 1024).toFixed(1)} MB xlsx, API peak rss ${after.peakMb.toFixed(0)} MB ` +
        `(+${(after.peakMb - before.peakMb).toFixed(0)} MB over the peak before exporting)`,
    )
  }
  const best = Math.min(...results.map((r) => r.total))
  console.log(
    `\nexport of ${ROWS} rows: best ${(best / 1000).toFixed(2)} s, median ${(results.map((r) => r.total).sort((a, b) => a - b)[Math.floor(RUNS / 2)] / 1000).toFixed(2)} s; ` +
      `API peak rss ${Math.max(...results.map((r) => r.peakMb)).toFixed(0)} MB (before: ${before.peakMb.toFixed(0)} MB)`,
  )
} finally {
  api.kill('SIGTERM')
  await new Promise((r) => setTimeout(r, 500))
  const cleanup = new pg.Client({ connectionString: adminUrl.toString() })
  await cleanup.connect()
  await cleanup.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`)
  await cleanup.end()
}
