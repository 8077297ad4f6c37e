// Knowledge-base keyword search on 100,000 entries through the real endpoint: creates its own database
// (KMS_BENCH_DB, default ysjs_bench_kms, dropped and re-created), migrates and seeds it, inserts the
// entries with generated Chinese metallurgy text (their search bigrams computed as the API does), starts
// the built API (apps/api/dist/server.js; `pnpm --filter @ysjs/api build` first) and times
// GET /api/ysjs-kms/main/list?keyword=… (first page of 10 with its total: the management screen's call)
// and main/portal-list for a set of keywords, one request at a time. Prints p50/p99 per keyword and over
// all keywords of two or more characters (the budget), the one-character keyword apart (it has no bigram
// and is matched without the index), and the query plan.
//   node bench/kms-search.mjs [entries=100000] [runs per keyword=30]
// Env: DATABASE_URL (admin connection, default postgres@127.0.0.1), BENCH_REDIS_URL (redis://127.0.0.1:6379).
import { ensureWebSocket, freshDatabase, percentile as pct, pg, startApi } from './api-process.mjs'

await ensureWebSocket()
const ENTRIES = Number(process.argv[2] ?? 100_000)
const RUNS = Number(process.argv[3] ?? 30)
const database = await freshDatabase(process.env.KMS_BENCH_DB ?? 'ysjs_bench_kms')

/** The keyword index of packages/shared/src/kms/kms.ts (`bigramsOf`), repeated for a plain-node script. */
const bigramsOf = (text) => {
  const chars = Array.from(text.toLowerCase().replace(/\s+/g, ' '))
  const out = new Set()
  for (let i = 0; i + 1 < chars.length; i++) {
    const gram = chars[i] + chars[i + 1]
    if (gram.trim().length === 2) {
      out.add(gram)
    }
  }
  return [...out]
}

const WORDS = (
  '铜 铝 铅 锌 镍 钴 锡 锑 钨 钼 钛 镁 稀土 锂 金 银 铂 钯 冶炼 浸出 萃取 电解 焙烧 熔炼 精炼 选矿 浮选 磁选 重选 ' +
  '湿法 火法 尾矿 废渣 烟气 脱硫 回收 综合利用 节能 减排 合金 粉末 冶金 加工 轧制 挤压 铸造 热处理 表面 涂层 ' +
  '催化 材料 电池 正极 负极 前驱体 提纯 高纯 靶材 箔材 线材 管材 板带 装备 自动化 智能 检测 分析 标准 工艺 技术 ' +
  '研究 应用 开发 优化 设计 系统 方法 装置 过程 控制 模拟 实验 工业 试验 成果 转化 推广'
).split(' ')
let seed = 42
const rand = (n) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
  return seed % n
}
const phrase = (n) => Array.from({ length: n }, () => WORDS[rand(WORDS.length)]).join('')

const db = new pg.Client({ connectionString: database.url })
await db.connect()
const TENANT = '000000'
const CATALOGS = 50
await db.query(
  `INSERT INTO kms_catalog (id, tenant_id, catalog_name, parent_id, sort)
   SELECT g, $1, '目录' || g, 0, g FROM generate_series(1, ${CATALOGS}) g`,
  [TENANT],
)
const started = Date.now()
const BATCH = 2000
for (let from = 0; from < ENTRIES; from += BATCH) {
  const cols = { id: [], title: [], catalog: [], summary: [], text: [], grams: [], shelves: [], date: [] }
  for (let i = from; i < Math.min(ENTRIES, from + BATCH); i++) {
    const title = phrase(4 + rand(4))
    const summary = phrase(10 + rand(10))
    const text = phrase(40 + rand(60))
    cols.id.push(String(1_000_000 + i))
    cols.title.push(title)
    cols.catalog.push(String(1 + rand(CATALOGS)))
    cols.summary.push(summary)
    cols.text.push(text)
    cols.grams.push(`{${bigramsOf(`${title}\n${summary}\n${text}`).join(',')}}`)
    cols.shelves.push(rand(4) === 0 ? 0 : 1)
    cols.date.push(new Date(Date.UTC(2015, 0, 1) + rand(3650) * 86_400_000).toISOString())
  }
  await db.query(
    `INSERT INTO kms_main (id, tenant_id, title, catalog_id, summary, content, content_text, search_grams, shelves, publish_date)
     SELECT id, $1, title, catalog_id, summary, '<p>' || txt || '</p>', txt, grams::text[], shelves, publish_date
     FROM unnest($2::bigint[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::text[], $8::int[], $9::timestamp[])
       AS t(id, title, catalog_id, summary, txt, grams, shelves, publish_date)`,
    [TENANT, cols.id, cols.title, cols.catalog, cols.summary, cols.text, cols.grams, cols.shelves, cols.date],
  )
}
await db.query('ANALYZE kms_main')
console.log(`seeded ${ENTRIES} entries in ${((Date.now() - started) / 1000).toFixed(1)} s`)

await db.end()

const KEYWORDS = [
  '钽铌',
  '湿法冶炼',
  '稀土萃取',
  '铜电解',
  '高纯靶材',
  '尾矿综合利用',
  '锂电池正极',
  '不存在的词汇组合',
  '钨',
]
const api = await startApi(database.url)
const time = async (url) => {
  const t0 = performance.now()
  const res = await fetch(url, { headers: api.headers })
  const body = await res.json()
  if (body.code !== 200) {
    throw new Error(`${url} answered ${JSON.stringify(body)}`)
  }
  return { ms: performance.now() - t0, total: body.data.total }
}
try {
  const all = { list: [], portal: [] }
  console.log('keyword              matches  list p50  list p99  portal p50  portal p99 (ms)')
  for (const kw of KEYWORDS) {
    const q = `keyword=${encodeURIComponent(kw)}&current=1&size=10`
    // One untimed call each: the first query of a keyword warms its index pages.
    await time(`${api.base}/api/ysjs-kms/main/list?${q}`)
    await time(`${api.base}/api/ysjs-kms/main/portal-list?${q}`)
    const list = []
    const portal = []
    let matches = 0
    for (let i = 0; i < RUNS; i++) {
      const l = await time(`${api.base}/api/ysjs-kms/main/list?${q}`)
      list.push(l.ms)
      matches = l.total
      portal.push((await time(`${api.base}/api/ysjs-kms/main/portal-list?${q}`)).ms)
    }
    if (Array.from(kw).length >= 2) {
      all.list.push(...list)
      all.portal.push(...portal)
    }
    console.log(
      `${kw.padEnd(12, '　')} ${String(matches).padStart(8)} ${pct(list, 50).toFixed(1).padStart(9)} ${pct(list, 99).toFixed(1).padStart(9)} ${pct(portal, 50).toFixed(1).padStart(11)} ${pct(portal, 99).toFixed(1).padStart(11)}${Array.from(kw).length < 2 ? '  (one character: no bigram, not indexed)' : ''}`,
    )
  }
  console.log(
    `keywords of two or more characters, ${ENTRIES} entries: main/list p50 ${pct(all.list, 50).toFixed(1)} ms, ` +
      `p99 ${pct(all.list, 99).toFixed(1)} ms; portal-list p50 ${pct(all.portal, 50).toFixed(1)} ms, ` +
      `p99 ${pct(all.portal, 99).toFixed(1)} ms (${RUNS} requests each, one at a time)`,
  )
  const plan = new pg.Client({ connectionString: database.url })
  await plan.connect()
  const kw = '稀土萃取'
  const like = `%${kw}%`
  const rows = await plan.query(
    `EXPLAIN SELECT m.id FROM kms_main m WHERE m.tenant_id = $1 AND m.is_deleted = 0
       AND m.search_grams @> $2::text[]
       AND (lower(m.title) LIKE $3 OR lower(coalesce(m.summary, '')) LIKE $3 OR lower(coalesce(m.content_text, '')) LIKE $3)
     ORDER BY CASE WHEN lower(m.title) LIKE $3 THEN 0 WHEN lower(coalesce(m.summary, '')) LIKE $3 THEN 1 ELSE 2 END,
       coalesce(m.publish_date, m.create_time) DESC, m.id DESC LIMIT 10`,
    [TENANT, bigramsOf(kw), like],
  )
  console.log(`plan of the list query for ${kw}:\n${rows.rows.map((r) => r['QUERY PLAN']).join('\n')}`)
  await plan.end()
} finally {
  await api.stop()
  await database.drop()
}
