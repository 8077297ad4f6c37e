// Knowledge-base keyword search on 100,000 entries: creates its own database (KMS_BENCH_DB, default
// ysjs_bench_kms, dropped and re-created), applies the migrations, seeds the entries with generated
// Chinese metallurgy text, then runs the list query of /api/ysjs-kms/main/list (the same SQL as
// apps/api/src/modules/kms/kms.service.ts) for a set of keywords and prints p50/p99 and the plan.
//   node bench/kms-search.mjs [entries=100000] [runs per keyword=30]
// Env: DATABASE_URL (any database on the server, for the admin connection; default postgres@127.0.0.1).
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const pg = createRequire(path.join(root, 'apps/api/package.json'))('pg')
const ENTRIES = Number(process.argv[2] ?? 100_000)
const RUNS = Number(process.argv[3] ?? 30)
const DB = process.env.KMS_BENCH_DB ?? 'ysjs_bench_kms'
const adminUrl = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres')
const benchUrl = new URL(adminUrl)
benchUrl.pathname = `/${DB}`

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

/** The service's list query (management view, first page of 10), and its count. */
const search = async (keyword, portal = false) => {
  const kw = keyword.toLowerCase()
  const like = `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const where = `m.tenant_id = $1 AND m.is_deleted = 0 ${portal ? 'AND m.shelves = 1' : ''}
    AND m.search_grams @> $2::text[]
    AND (lower(m.title) LIKE $3 OR lower(coalesce(m.summary, '')) LIKE $3 OR lower(coalesce(m.content_text, '')) LIKE $3)`
  const rank = `CASE WHEN lower(m.title) LIKE $3 THEN 0 WHEN lower(coalesce(m.summary, '')) LIKE $3 THEN 1 ELSE 2 END`
  const params = [TENANT, bigramsOf(kw), like]
  const list = `SELECT m.id FROM kms_main m WHERE ${where} ORDER BY ${rank}, m.publish_date DESC NULLS LAST, m.id DESC LIMIT 10 OFFSET 0`
  const count = `SELECT count(*) AS n FROM kms_main m WHERE ${where}`
  return { list, count, params }
}

const KEYWORDS = [
  '钽铌',
  '湿法冶炼',
  '稀土萃取',
  '铜电解',
  '高纯靶材',
  '尾矿综合利用',
  '锂电池正极',
  '钨',
  '不存在的词汇组合',
]
const pct = (xs, p) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]
const all = []
console.log('keyword            matches   p50 ms   p99 ms')
for (const kw of KEYWORDS) {
  if (Array.from(kw).length < 2) {
    continue
  }
  const q = await search(kw)
  const times = []
  let matches = 0
  for (let i = 0; i < RUNS; i++) {
    const t0 = process.hrtime.bigint()
    await db.query(q.list, q.params)
    const counted = await db.query(q.count, q.params)
    times.push(Number(process.hrtime.bigint() - t0) / 1e6)
    matches = Number(counted.rows[0].n)
  }
  all.push(...times)
  console.log(
    `${kw.padEnd(12, '　')} ${String(matches).padStart(8)} ${pct(times, 50).toFixed(1).padStart(8)} ${pct(times, 99).toFixed(1).padStart(8)}`,
  )
}
console.log(
  `all keywords: p50 ${pct(all, 50).toFixed(1)} ms, p99 ${pct(all, 99).toFixed(1)} ms (list + count, ${RUNS} runs each)`,
)
const plan = await db.query(`EXPLAIN ${(await search('稀土萃取')).list}`, (await search('稀土萃取')).params)
console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'))
await db.end()
