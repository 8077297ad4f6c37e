// Export budgets (issues 25 and 27, decision 028): the meeting invoicing export of 1,000,000 rows with
// the API's resident memory within 150 MiB of its idle size, and of 50,000 rows within 5 s.
// Creates its own database (EXPORT_BENCH_DB, default ysjs_bench_xlsx; dropped and re-created), migrates
// and seeds it, inserts two meetings' registrations with SQL, starts the built API in a child process
// (apps/api/dist/server.js: `pnpm --filter @ysjs/api build` first) and downloads
// GET /registeredmeeting/exportInvoicingExcel over HTTP, reading the stream as a browser does, while the
// API's resident memory (VmRSS from /proc) is sampled every 100 ms. Prints the time to the first byte
// and to the last, the file size, and the resident memory idle (after start, one small export and a
// collection), the peak during the export and after it; then the 50,000-row export time (best of 3).
//   pnpm bench:export [rows=1000000] [small=50000]
// Env: DATABASE_URL (admin connection, default postgres@127.0.0.1), BENCH_REDIS_URL (redis://127.0.0.1:6379).
import os from 'node:os'
import { ensureWebSocket, freshDatabase, pg, startApi } from './api-process.mjs'

await ensureWebSocket()
const ROWS = Number(process.argv[2] ?? 1_000_000)
const SMALL = Number(process.argv[3] ?? 50_000)
const BUDGET_MIB = 150
const BUDGET_SMALL_MS = 5_000
const database = await freshDatabase(process.env.EXPORT_BENCH_DB ?? 'ysjs_bench_xlsx')

const BIG_MEETING = 9_100_001
const SMALL_MEETING = 9_100_002
const db = new pg.Client({ connectionString: database.url })
await db.connect()
const seeded = Date.now()
for (const [id, count, firstId] of [
  [BIG_MEETING, ROWS, 400_000_000],
  [SMALL_MEETING, SMALL, 300_000_000],
]) {
  await db.query(
    `INSERT INTO ysjs_meeting (id, tenant_id, name, start_time, end_time, address, meeting_status, shelves, price_items)
     VALUES ($1, '000000', $2, '2026-05-11 01:00:00+00', '2026-05-13 10:00:00+00', '长沙', 2, 1,
             '[{"itemName":"会务费","itemType":1,"price":"800.00"}]')`,
    [id, `2026 有色金属科技成果转化大会（${count} 人）`],
  )
  await db.query(
    `INSERT INTO ysjs_registered_meeting (id, tenant_id, meeting_id, name, sex, unit_name, phone, arrival_time,
        departure_time, arrival_station, room_wish, invoice_title, tax_number, invoice_type, price, invoice_no,
        invoice_amount, invoice_status, pay_status)
     SELECT $2::bigint + g, '000000', $1, '参会代表' || g, 1 + g % 2,
            (ARRAY['中南大学冶金与环境学院','北京矿冶研究总院','江西铜业股份有限公司','昆明理工大学'])[1 + g % 4],
            (13000000000 + g)::text, timestamptz '2026-05-10 00:00:00+00' + (g % 72) * interval '1 hour',
            timestamptz '2026-05-13 00:00:00+00' + (g % 48) * interval '1 hour', '长沙南站', 2,
            '某某有色金属有限公司' || g, '91430000' || lpad(g::text, 10, '0'), 1, 1200.50, 'FP' || g, 1200.50,
            1 + g % 3, g % 2
     FROM generate_series(1, $3::int) g`,
    [id, firstId, count],
  )
}
await db.query('ANALYZE ysjs_registered_meeting')
console.log(`seeded ${ROWS} + ${SMALL} registrations in ${((Date.now() - seeded) / 1000).toFixed(0)} s`)
await db.end()

const api = await startApi(database.url)
const url = (meetingId) =>
  `${api.base}/api/ysjs-meeting/registeredmeeting/exportInvoicingExcel?meetingId=${meetingId}`

/** Downloads an export to nowhere, sampling the API's resident memory every 100 ms. */
const download = async (meetingId) => {
  let sampling = true
  let peak = 0
  let heapUsed = 0
  let heapTotal = 0
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, api.resident().rssMb)
      const heap = await api.heapMb()
      heapUsed = Math.max(heapUsed, heap.used)
      heapTotal = Math.max(heapTotal, heap.total)
      await new Promise((r) => setTimeout(r, 100))
    }
  })()
  const started = performance.now()
  const res = await fetch(url(meetingId), { headers: api.headers })
  if (!res.ok) {
    throw new Error(`export answered ${res.status}: ${await res.text()}`)
  }
  let bytes = 0
  let firstByte = 0
  for await (const chunk of res.body) {
    firstByte ||= performance.now() - started
    bytes += chunk.length
  }
  const total = performance.now() - started
  sampling = false
  await sampler
  return {
    firstByte,
    total,
    bytes,
    peak,
    heapUsed,
    heapTotal,
    rows: Number(res.headers.get('x-export-rows')),
  }
}

try {
  // Warm up (JIT, pools) with one small export, then let the idle process settle.
  await download(SMALL_MEETING)
  const idleHeap = await api.retainedHeapMb()
  await new Promise((r) => setTimeout(r, 1000))
  const idle = api.resident().rssMb
  console.log(
    `API resident memory idle: ${idle.toFixed(0)} MiB (load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  )
  const big = await download(BIG_MEETING)
  await new Promise((r) => setTimeout(r, 1000))
  const after = api.resident().rssMb
  const afterHeap = await api.retainedHeapMb()
  const over = big.peak - idle
  console.log(
    `${big.rows} rows: first byte ${big.firstByte.toFixed(0)} ms, complete ${(big.total / 1000).toFixed(1)} s, ` +
      `${(big.bytes / 1024 / 1024).toFixed(1)} MiB xlsx; resident memory before ${idle.toFixed(0)} MiB, ` +
      `peak during ${big.peak.toFixed(0)} MiB (+${over.toFixed(0)} MiB), after ${after.toFixed(0)} MiB — ` +
      `budget +${BUDGET_MIB} MiB: ${over <= BUDGET_MIB ? 'within' : 'OVER'}`,
  )
  console.log(
    `V8 heap: ${idleHeap.toFixed(0)} MiB live idle; during the export at most ${big.heapUsed.toFixed(0)} MiB used ` +
      `of ${big.heapTotal.toFixed(0)} MiB reserved; ${afterHeap.toFixed(0)} MiB live after it (collected)`,
  )
  const times = []
  for (let i = 0; i < 3; i++) {
    times.push((await download(SMALL_MEETING)).total)
  }
  const best = Math.min(...times)
  console.log(
    `${SMALL} rows: ${times.map((t) => (t / 1000).toFixed(2)).join(' / ')} s (best ${(best / 1000).toFixed(2)} s) — ` +
      `budget ${BUDGET_SMALL_MS / 1000} s: ${best <= BUDGET_SMALL_MS ? 'within' : 'OVER'}`,
  )
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  )
} finally {
  await api.stop()
  await database.drop()
}
