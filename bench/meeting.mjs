// Meeting budgets (issue 14, decision 018): room allocation for 5,000 registrants ≤ 1 s; the invoicing
// export of 50,000 rows ≤ 5 s with flat memory.
// Creates its own database (MEETING_BENCH_DB, default ysjs_bench_meeting; dropped and re-created),
// migrates and seeds it, inserts the registrations with SQL, builds the API in this process (through
// tsx, as the tests do) and measures:
//   1. the pure allocation function on 5,000 registrants (median of 5 runs);
//   2. GET /registeredmeeting/IntelligentAllocation end to end (load, allocate, write 5,000 rows, answer);
//   3. GET /registeredmeeting/exportInvoicingExcel over HTTP for 5,000 and 50,000 rows, reading the stream:
//      a timed download, then one with the retained heap sampled (forced collection every 250 ms).
//   node bench/meeting.mjs [registrants=5000] [invoicing rows=50000]
// Env: DATABASE_URL (admin connection; default postgres@127.0.0.1), REDIS_URL (default 127.0.0.1:6379).
import { execFileSync, spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const requireApi = createRequire(path.join(root, 'apps/api/package.json'))
const pg = requireApi('pg')
// The API is TypeScript run through tsx (as the tests run it): the script re-runs itself under tsx's loader.
if (!process.env.MEETING_BENCH_TSX) {
  const { status } = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      pathToFileURL(requireApi.resolve('tsx')).href,
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit', env: { ...process.env, MEETING_BENCH_TSX: '1' } },
  )
  process.exit(status ?? 1)
}

const GUESTS = Number(process.argv[2] ?? 5_000)
const ROWS = Number(process.argv[3] ?? 50_000)
const DB = process.env.MEETING_BENCH_DB ?? 'ysjs_bench_meeting'
const adminUrl = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres')
const benchUrl = new URL(adminUrl)
benchUrl.pathname = `/${DB}`

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
const ALLOC_MEETING = 9_000_001
const EXPORT_MEETING = 9_000_002
const SMALL_EXPORT = 9_000_003
for (const id of [ALLOC_MEETING, EXPORT_MEETING, SMALL_EXPORT]) {
  await db.query(
    `INSERT INTO ysjs_meeting (id, tenant_id, name, start_time, end_time, address, meeting_status, shelves, price_items)
     VALUES ($1, '000000', $2, '2026-05-11 01:00:00+00', '2026-05-13 10:00:00+00', '长沙', 2, 1,
             '[{"itemName":"会务费","itemType":1,"price":"800.00"}]')`,
    [id, `基准会议${id}`],
  )
}
/** Registrations of a meeting, generated in SQL (deterministic: random() is seeded). */
const insert = async (meetingId, count, firstId) => {
  await db.query('SELECT setseed(0.42)')
  await db.query(
    `INSERT INTO ysjs_registered_meeting (id, tenant_id, meeting_id, name, sex, unit_name, phone, arrival_time,
        departure_time, arrival_station, room_wish, invoice_title, tax_number, invoice_type, price, invoice_no,
        invoice_amount, invoice_status, pay_status)
     SELECT $2::bigint + g, '000000', $1, '参会' || g, 1 + (random() * 1)::int, '单位' || (random() * 400)::int,
            (13000000000 + g)::text,
            timestamptz '2026-05-10 00:00:00+00' + (random() * 72) * interval '1 hour',
            timestamptz '2026-05-13 00:00:00+00' + (random() * 48) * interval '1 hour',
            (ARRAY['长沙南站','黄花机场','长沙站'])[1 + (random() * 2)::int],
            CASE WHEN random() < 0.15 THEN 1 ELSE 2 END, '某某有限公司' || g, '914300' || g, 1, 1200.50,
            'FP' || g, 1200.50, 1, (random() * 1)::int
     FROM generate_series(1, $3::int) g`,
    [meetingId, firstId, count],
  )
}
await insert(ALLOC_MEETING, GUESTS, 100_000_000)
await insert(EXPORT_MEETING, ROWS, 200_000_000)
await insert(SMALL_EXPORT, 5_000, 300_000_000)
await db.end()

const { buildApp } = await import(pathToFileURL(path.join(root, 'apps/api/src/app.ts')).href)
const { allocateRooms } = await import(
  pathToFileURL(path.join(root, 'apps/api/src/modules/meeting/room-allocation.ts')).href
)
const app = await buildApp({
  env: {
    DATABASE_URL: benchUrl.toString(),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `bench:${randomBytes(4).toString('hex')}:`,
    LOG_LEVEL: 'warn',
    CAPTCHA_ENABLED: 'false',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
    NODE_ENV: 'test',
  },
})
const figures = {}
/**
 * CPU time this process (the API and the client reading the download) spent since `start`: on a
 * machine shared with other work, wall time measures the contention as much as the code.
 */
const cpuMs = (start) => {
  const { user, system } = process.cpuUsage(start)
  return Math.round((user + system) / 1000)
}
try {
  const login = await app.inject({
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
  const token = login.json().access_token
  const headers = { 'blade-auth': `bearer ${token}` }

  // 1. The pure function.
  const guests = Array.from({ length: GUESTS }, (_, i) => ({
    id: BigInt(i + 1),
    name: `客${i}`,
    sex: (i * 7) % 11 === 0 ? null : 1 + (i % 2),
    unitName: `单位${(i * 13) % 400}`,
    roomWish: i % 7 === 0 ? 1 : 2,
    arrivalTime: new Date(Date.UTC(2026, 4, 9 + (i % 3), i % 24)),
    departureTime: new Date(Date.UTC(2026, 4, 12 + (i % 2), i % 24)),
    manualHouseNo: i % 97 === 0 ? `M${i % 5}` : null,
  }))
  const window = { from: new Date(Date.UTC(2026, 4, 9, 16)), to: new Date(Date.UTC(2026, 4, 13, 16)) }
  const pure = []
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now()
    allocateRooms(guests, window, 2)
    pure.push(performance.now() - t0)
  }
  figures.roomAllocationPureMs = pure.sort((a, b) => a - b)[2]

  // 2. End to end through the API (three runs: the first warms Prisma's statement cache).
  const e2e = []
  const e2eCpu = []
  let answer
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now()
    const cpu0 = process.cpuUsage()
    const res = await app.inject({
      method: 'GET',
      url: `/api/ysjs-meeting/registeredmeeting/IntelligentAllocation?meetingId=${ALLOC_MEETING}&betweenOne=2026-05-10&betweenTwo=2026-05-13&bedCount=2`,
      headers,
    })
    e2e.push(performance.now() - t0)
    e2eCpu.push(cpuMs(cpu0))
    answer = res.json()
    if (answer.code !== 200) {
      throw new Error(`allocation failed: ${res.body.slice(0, 300)}`)
    }
  }
  figures.roomAllocationApiMs = e2e.map((ms) => Math.round(ms))
  figures.roomAllocationApiCpuMs = e2eCpu
  figures.rooms = answer.data.rooms.length
  figures.unallocated = answer.data.unallocated.length

  // 3. The export, streamed over HTTP, with the heap sampled while it runs.
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  /**
   * One timed download, then one with the heap measured after a forced collection every 250 ms: the
   * retained heap (what stays reachable) is what must not grow with the rows; the heap before a
   * collection also holds garbage waiting to be collected.
   */
  const download = async (meetingId) => {
    const res = await fetch(
      `${address}/api/ysjs-meeting/registeredmeeting/exportInvoicingExcel?meetingId=${meetingId}`,
      {
        headers,
      },
    )
    let bytes = 0
    for await (const chunk of res.body) {
      bytes += chunk.length
    }
    return { status: res.status, bytes }
  }
  const exportRun = async (meetingId) => {
    const t0 = performance.now()
    const cpu0 = process.cpuUsage()
    const { status, bytes } = await download(meetingId)
    const ms = performance.now() - t0
    const cpu = cpuMs(cpu0)
    global.gc()
    const base = process.memoryUsage().heapUsed
    let peak = base
    const timer = setInterval(() => {
      global.gc()
      peak = Math.max(peak, process.memoryUsage().heapUsed)
    }, 250)
    await download(meetingId)
    clearInterval(timer)
    return {
      status,
      ms: Math.round(ms),
      cpuMs: cpu,
      mb: +(bytes / 1e6).toFixed(2),
      retainedHeapPeakAboveBaseMb: +((peak - base) / 1e6).toFixed(1),
    }
  }
  figures.export5k = await exportRun(SMALL_EXPORT)
  figures.export50k = await exportRun(EXPORT_MEETING)
} finally {
  await app.close()
  const drop = new pg.Client({ connectionString: adminUrl.toString() })
  await drop.connect()
  await drop.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`)
  await drop.end()
}

console.log(
  `room allocation, ${GUESTS} registrants: pure function ${figures.roomAllocationPureMs.toFixed(1)} ms (median of 5); ` +
    `API end to end ${figures.roomAllocationApiMs.join(' / ')} ms, CPU ${figures.roomAllocationApiCpuMs.join(' / ')} ms (${figures.rooms} rooms, ${figures.unallocated} unallocated) — budget 1000 ms`,
)
for (const [name, r] of [
  ['5,000', figures.export5k],
  [ROWS.toLocaleString('en'), figures.export50k],
]) {
  console.log(
    `invoicing export, ${name} rows: HTTP ${r.status}, ${r.ms} ms (CPU ${r.cpuMs} ms), ${r.mb} MB, retained heap peak +${r.retainedHeapPeakAboveBaseMb} MB — budget 5000 ms, flat memory`,
  )
}
console.log(JSON.stringify(figures))

// Budgets: the warm end-to-end allocation (median of the three runs), the 50,000-row export, and flat
// memory (the 50,000-row export retains no more than 10 MB beyond what the 5,000-row one does).
const apiMedian = [...figures.roomAllocationApiMs].sort((a, b) => a - b)[1]
const over = [
  apiMedian > 1000 && `room allocation ${apiMedian} ms > 1000 ms`,
  figures.export50k.status !== 200 && `export answered ${figures.export50k.status}`,
  figures.export50k.ms > 5000 && `export ${figures.export50k.ms} ms > 5000 ms`,
  figures.export50k.retainedHeapPeakAboveBaseMb > figures.export5k.retainedHeapPeakAboveBaseMb + 10 &&
    'export memory grows with the rows',
].filter(Boolean)
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(
      ' ',
    )} on ${os.cpus().length} cores — ${over.length ? `OVER BUDGET: ${over.join('; ')}` : 'within budget'}`,
)
process.exit(over.length ? 1 : 0)
