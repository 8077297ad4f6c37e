// Appraisal document budgets (issue 12, decision 017): each document generated in ≤ 150 ms at p95, end to
// end through the real services; `download all` of an application with 20 attachments streamed without
// buffering the zip.
// Creates its own database (APPRAISE_BENCH_DB, default ysjs_bench_appraise; dropped and re-created),
// migrates and seeds it, builds the API in this process (through tsx, as the tests do), takes one
// application through the seeded users (10 units, 20 people, two experts scored) and measures:
//   1. POST notice/createNoticeFile, results/haveMeeting, report/createReportFile and GET results/protocol
//      (the application touched before each, so the agreement is made again), each N times: the database
//      reads, the docx rendering, the storage write and the transaction, answered to the caller;
//   2. GET results/download?type=all over HTTP with 20 attachments of 5 MB, read as a stream into a sink
//      that only counts bytes: timed once, then again with the heap sampled after a forced collection
//      every 100 ms.
//   node bench/appraise-documents.mjs [runs=50]
// Env: DATABASE_URL (admin connection; default postgres@127.0.0.1), REDIS_URL (default 127.0.0.1:6379).
import { execFileSync, spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const requireApi = createRequire(path.join(root, 'apps/api/package.json'))
const pg = requireApi('pg')
if (!process.env.APPRAISE_BENCH_TSX) {
  const { status } = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      pathToFileURL(requireApi.resolve('tsx')).href,
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit', env: { ...process.env, APPRAISE_BENCH_TSX: '1' } },
  )
  process.exit(status ?? 1)
}

const RUNS = Number(process.argv[2] ?? 50)
const FILES = 20
const FILE_MB = 5
const DB = process.env.APPRAISE_BENCH_DB ?? 'ysjs_bench_appraise'
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

// Generated documents go through the upload service: lift the per-user upload rate and daily volume,
// which would otherwise refuse the repeated generations of a benchmark.
{
  const seed = new pg.Client({ connectionString: benchUrl.toString() })
  await seed.connect()
  for (const [i, key, value] of [
    [1, 'upload.userPerMinute', '1000000'],
    [2, 'upload.userDailyMb', '1000000'],
  ]) {
    await seed.query(
      'INSERT INTO blade_param (id, param_name, param_key, param_value) VALUES ($1, $2, $2, $3)',
      [9_100_000 + i, key, value],
    )
  }
  await seed.end()
}

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'appraise-bench-'))
const { buildApp } = await import(pathToFileURL(path.join(root, 'apps/api/src/app.ts')).href)
const app = await buildApp({
  env: {
    DATABASE_URL: benchUrl.toString(),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `bench:${randomBytes(4).toString('hex')}:`,
    STORAGE_DIR: storageDir,
    LOG_LEVEL: 'warn',
    CAPTCHA_ENABLED: 'false',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
    NODE_ENV: 'test',
  },
})

const P = '/api/ysjs-appraise'
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
const tokens = {}
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
  tokens[account] = res.json().access_token
}
const call = async (account, method, url, payload) => {
  const res = await app.inject({
    method,
    url,
    payload,
    headers: { 'blade-auth': `bearer ${tokens[account]}` },
  })
  if (
    res.statusCode !== 200 ||
    (String(res.headers['content-type']).includes('json') && res.json().code !== 200)
  ) {
    throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`)
  }
  return res
}
const json = async (...args) => (await call(...args)).json().data

const figures = {}
const db = new pg.Client({ connectionString: benchUrl.toString() })
await db.connect()
try {
  for (const account of ['member', 'appraiser', 'expert1', 'expert2']) {
    await login(account)
  }
  const lorem = '本成果针对铜冶炼过程能耗高、金属回收率低的问题，开发了富氧强化熔炼与连续吹炼工艺，'
  const rich = `<p>${lorem.repeat(6)}</p><p>${lorem.repeat(4)}</p>`
  const units = Array.from({ length: 10 }, (_v, i) => ({
    unitName: `有色金属研究单位${i}`,
    postcode: '410083',
    address: '湖南省长沙市麓山南路932号',
    name: '张三丰',
    phone: '0731-88876543',
  }))
  const saved = await json('member', 'POST', `${P}/results/saveResultsVO`, {
    name: '高效铜冶炼新工艺',
    firstParty: '江西铜业集团有限公司',
    signingLocation: '北京',
    signingDate: '2026-11-01',
    resultsSource: rich,
    outcomeType: 3,
    synopsis: rich,
    appraiseType: '会议形式',
    meetingType: 2,
    meetingTime: '2026-12-01 09:30:00',
    meetingVenue: '北京',
    unitEntityList: units,
    peopleEntityList: Array.from({ length: 20 }, (_v, i) => ({
      name: `李四光${i}`,
      sex: 1,
      birthTime: '1975-06',
      jobName: 1,
      educationalLevel: 1,
      workUnit: units[i % 10].unitName,
      contribution: '工艺设计与试验',
    })),
    principal: {
      unitName: '江西铜业集团有限公司',
      dutyNumber: '91360000158260213X',
      legalPerson: '郑高清',
      address: '江西省南昌市高新区昌东大道7666号',
      agent: '王五',
      phone: '13912345678',
      name: '赵六',
      cardNumber: '中国工商银行南昌分行',
      postcode: '330096',
      accountNumber: '1502200000000000000',
      fax: '0791-82710000',
      personMail: 'zhaoliu@jxcc.com',
    },
  })
  const id = saved.id
  await call('member', 'POST', `${P}/results/submit`, { id, status: 1 })
  await call('appraiser', 'POST', `${P}/results/audit`, { id, pass: true })
  const number = (await json('appraiser', 'GET', `${P}/results/detail?id=${id}`)).agreementNumber
  const experts = (await json('appraiser', 'GET', `${P}/basic/candidates?resultsId=${id}&size=200`)).records
    .filter((e) => ['王建国', '李秀英'].includes(e.name))
    .map((e) => e.id)
  await call('appraiser', 'POST', `${P}/basic/push`, { resultsId: id, expertIds: experts })

  const notice = {
    resultsId: id,
    agreementNumber: number,
    name: '高效铜冶炼新工艺',
    unit: '中国有色金属工业协会',
    evaluationDate: '2026-12-01',
    sendDate: '2026-11-23',
    meetingType: 2,
    contact: '周工程师',
    phone: '010-68888888',
    list: ['江西铜业集团有限公司', '铜陵有色金属集团'],
  }
  const meeting = {
    resultsId: id,
    meetingTime: '2026-12-01 09:30:00',
    meetingType: 2,
    meetingNo: '2026-评-018',
    direct: '周工程师',
    meetingAgenda: rich,
    enterpriseList: ['江西铜业集团有限公司', '铜陵有色金属集团'],
    leaders: [{ name: '李四光', workUnit: '中南大学', technical: 1 }],
  }
  await call('appraiser', 'POST', `${P}/notice/createNoticeFile`, notice)
  for (const [account, score] of [
    ['expert1', 88],
    ['expert2', 83.5],
  ]) {
    const indexes = await json(account, 'GET', `${P}/index/selectByResultsId?resultsId=${id}`)
    await call(account, 'POST', `${P}/index/score`, {
      resultsId: id,
      opinion: '技术先进，建议推广',
      scores: indexes.records.map((i) => ({ indexId: i.id, score })),
    })
  }
  const report = {
    ...(await json('appraiser', 'GET', `${P}/report/detail?resultsId=${id}`)),
    statement: rich,
    reportDictionaryEntityListOne: rich,
    sources: rich,
    reportDictionaryEntityListTwo: rich,
    list: ['江西铜业集团有限公司', '铜陵有色金属集团'],
  }

  // 1. Documents end to end.
  const touch = () => db.query('UPDATE ysjs_appraise_results SET update_time = now() WHERE id = $1', [id])
  const documents = {
    notice: () => call('appraiser', 'POST', `${P}/notice/createNoticeFile`, notice),
    meeting: () => call('appraiser', 'POST', `${P}/results/haveMeeting`, meeting),
    report: () => call('appraiser', 'POST', `${P}/report/createReportFile`, report),
    protocol: () => call('appraiser', 'GET', `${P}/results/protocol?id=${id}`),
  }
  for (const [kind, make] of Object.entries(documents)) {
    for (let i = 0; i < 5; i++) {
      await touch()
      await make()
    }
    const times = []
    let size = 0
    for (let i = 0; i < RUNS; i++) {
      await touch()
      const t0 = performance.now()
      size = (await make()).rawPayload.length
      times.push(performance.now() - t0)
    }
    times.sort((a, b) => a - b)
    figures[kind] = {
      kb: +(size / 1024).toFixed(1),
      p50: +pct(times, 50).toFixed(1),
      p95: +pct(times, 95).toFixed(1),
      max: +times[times.length - 1].toFixed(1),
    }
  }

  // 2. download all, streamed over HTTP.
  const chunk = randomBytes(1024 * 1024)
  for (let i = 0; i < FILES; i++) {
    const body = Buffer.concat([Buffer.from('%PDF-1.4\n'), ...Array.from({ length: FILE_MB }, () => chunk)])
    const boundary = `----bench${i}`
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="检测报告${i}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const res = await app.inject({
      method: 'POST',
      url: `${P}/attach/put-object?resultsId=${id}&assortId=13`,
      payload,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'blade-auth': `bearer ${tokens.appraiser}`,
      },
    })
    if (res.json().code !== 200) {
      throw new Error(`upload ${i}: ${res.body}`)
    }
  }
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address()
  const download = () =>
    new Promise((resolve, reject) => {
      http
        .get(
          `http://127.0.0.1:${port}${P}/results/download?resultsId=${id}&type=all`,
          { headers: { 'blade-auth': `bearer ${tokens.appraiser}` } },
          (res) => {
            let bytes = 0
            res.on('data', (c) => {
              bytes += c.length
            })
            res.on('end', () => resolve({ status: res.statusCode, bytes, type: res.headers['content-type'] }))
            res.on('error', reject)
          },
        )
        .on('error', reject)
    })
  // Timed alone: the heap sampler below forces a full collection every 100 ms, which slows the
  // server it shares this process with.
  const t0 = performance.now()
  const zip = await download()
  const ms = Math.round(performance.now() - t0)
  global.gc?.()
  const base = process.memoryUsage().heapUsed
  let peak = base
  const sampler = setInterval(() => {
    global.gc?.()
    peak = Math.max(peak, process.memoryUsage().heapUsed)
  }, 100)
  await download()
  clearInterval(sampler)
  figures.downloadAll = {
    status: zip.status,
    type: zip.type,
    files: FILES,
    mb: +(zip.bytes / 1e6).toFixed(1),
    ms,
    retainedHeapPeakAboveBaseMb: +((peak - base) / 1e6).toFixed(1),
  }
} finally {
  await db.end()
  await app.close()
  fs.rmSync(storageDir, { recursive: true, force: true })
  const drop = new pg.Client({ connectionString: adminUrl.toString() })
  await drop.connect()
  await drop.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`)
  await drop.end()
}

for (const kind of ['notice', 'meeting', 'report', 'protocol']) {
  const f = figures[kind]
  console.log(
    `${kind} docx (${f.kb} KB) end to end x${RUNS}: p50 ${f.p50} ms, p95 ${f.p95} ms, max ${f.max} ms — budget p95 150 ms`,
  )
}
const z = figures.downloadAll
console.log(
  `download all: HTTP ${z.status} ${z.type}, ${z.files} files x ${FILE_MB} MB → ${z.mb} MB in ${z.ms} ms; retained heap peak +${z.retainedHeapPeakAboveBaseMb} MB (the zip is never held in memory)`,
)
console.log(JSON.stringify(figures))
process.exit(0)
