// xlsx export of 50,000 rows through the real API: creates its own database (EXPORT_BENCH_DB, default
// ysjs_bench_export, dropped and re-created), migrates and seeds it, inserts the experts, starts the built
// API (apps/api/dist/server.js; `pnpm --filter @ysjs/api build` first), logs in as admin and downloads
// GET /api/blade-expert/expertBasic/export (the generic streamed export of lib/xlsx.ts) to nowhere.
// Prints, per timed run, the time to the first byte and to the last, the file size and the API's peak
// resident memory; then one more export of each size (10,000 rows: one work unit of five; 50,000) with
// the heap that survives a forced collection sampled every 250 ms: flat memory means both peaks are
// about the same (the resident peak also holds garbage and V8's grown heap, and says little about that).
//   node bench/xlsx-export.mjs [rows=50000] [runs=3]
// Env: DATABASE_URL (admin connection, default postgres@127.0.0.1), BENCH_REDIS_URL (redis://127.0.0.1:6379).
import { ensureWebSocket, freshDatabase, pg, startApi } from './api-process.mjs'

await ensureWebSocket()
const ROWS = Number(process.argv[2] ?? 50_000)
const RUNS = Number(process.argv[3] ?? 3)
const database = await freshDatabase(process.env.EXPORT_BENCH_DB ?? 'ysjs_bench_export')

const db = new pg.Client({ connectionString: database.url })
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
await db.query('ANALYZE blade_expert_basic')
console.log(`seeded ${ROWS} experts in ${Date.now() - seeded} ms`)
await db.end()

const api = await startApi(database.url)
const URL_ALL = `${api.base}/api/blade-expert/expertBasic/export`
/** Downloads an export to nowhere; optionally samples the retained heap while it runs. */
const download = async (url, sample = false) => {
  let sampling = sample
  let heapPeak = 0
  const sampler = (async () => {
    while (sampling) {
      heapPeak = Math.max(heapPeak, await api.retainedHeapMb())
      await new Promise((r) => setTimeout(r, 250))
    }
  })()
  const started = performance.now()
  const res = await fetch(url, { headers: api.headers })
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
  sampling = false
  await sampler
  return { firstByte, total, bytes, heapPeak }
}
try {
  // Warm the list path (Prisma, JIT) with one page, so the first export is not charged for it.
  await (
    await fetch(`${api.base}/api/blade-expert/expertBasic/list?size=10`, { headers: api.headers })
  ).text()
  const before = api.resident()
  console.log(
    `API after start and one list call: rss ${before.rssMb.toFixed(0)} MB, peak ${before.peakMb.toFixed(0)} MB`,
  )
  const totals = []
  for (let run = 1; run <= RUNS; run++) {
    const r = await download(URL_ALL)
    const after = api.resident()
    totals.push(r.total)
    console.log(
      `run ${run}: ${ROWS} rows, first byte ${r.firstByte.toFixed(0)} ms, complete ${(r.total / 1000).toFixed(2)} s, ` +
        `${(r.bytes / 1024 / 1024).toFixed(1)} MB xlsx, API peak rss ${after.peakMb.toFixed(0)} MB ` +
        `(+${(after.peakMb - before.peakMb).toFixed(0)} MB over the peak before exporting)`,
    )
  }
  const sorted = totals.slice().sort((a, b) => a - b)
  console.log(
    `\nexport of ${ROWS} rows: best ${(sorted[0] / 1000).toFixed(2)} s, median ${(sorted[Math.floor(RUNS / 2)] / 1000).toFixed(2)} s; ` +
      `API peak rss ${api.resident().peakMb.toFixed(0)} MB (before: ${before.peakMb.toFixed(0)} MB)`,
  )
  const idle = await api.retainedHeapMb()
  const part = await download(`${URL_ALL}?workUnit=${encodeURIComponent('昆明理工大学')}`, true)
  const whole = await download(URL_ALL, true)
  console.log(
    `retained heap (after a forced collection, every 250 ms): idle ${idle.toFixed(1)} MB; ` +
      `peak while exporting ${ROWS / 5} rows ${part.heapPeak.toFixed(1)} MB, ${ROWS} rows ${whole.heapPeak.toFixed(1)} MB`,
  )
} finally {
  await api.stop()
  await database.drop()
}
