// Every xlsx export of a realistic sample, written to a folder for people to look at (issue 25):
// creates its own database (EXPORTS_PREVIEW_DB, default ysjs_exports_preview; dropped and re-created),
// migrates and seeds it, fills it through the API (experts, units, people, projects, trading projects,
// deals, knowledge entries, a report design) and SQL (intellectual property, a meeting's registrations
// with invoices issued, returned and reissued, questionnaire fillings: drafts and submitted), then calls
// every export route of the app (each `GET …/export`, the invoicing and questionnaire exports, the
// import template) and writes each file. When LibreOffice is installed (`soffice`), each file is also
// turned into a PDF and the PDF's pages into PNG images (`pdftoppm`, poppler-utils).
//   pnpm exports:preview [folder=exports-preview]
// Env: DATABASE_URL (admin connection; default postgres@127.0.0.1), REDIS_URL (default 127.0.0.1:6379).
import { execFileSync, spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const requireApi = createRequire(path.join(root, 'apps/api/package.json'))
// The API is TypeScript run through tsx (as the tests run it): the script re-runs itself under tsx.
if (!process.env.EXPORTS_PREVIEW_TSX) {
  const { status } = spawnSync(
    process.execPath,
    [
      '--import',
      pathToFileURL(requireApi.resolve('tsx')).href,
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit', env: { ...process.env, EXPORTS_PREVIEW_TSX: '1' } },
  )
  process.exit(status ?? 1)
}
const pg = requireApi('pg')

const out = path.resolve(process.argv[2] ?? path.join(root, 'exports-preview'))
const DB = process.env.EXPORTS_PREVIEW_DB ?? 'ysjs_exports_preview'
const adminUrl = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres')
const dbUrl = new URL(adminUrl)
dbUrl.pathname = `/${DB}`

const admin = new pg.Client({ connectionString: adminUrl.toString() })
await admin.connect()
await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`)
await admin.query(`CREATE DATABASE ${DB}`)
await admin.end()
const env = { ...process.env, DATABASE_URL: dbUrl.toString() }
execFileSync('pnpm', ['db:migrate'], { cwd: root, env, stdio: 'ignore' })
execFileSync('pnpm', ['db:seed'], { cwd: root, env, stdio: 'ignore' })

const { buildApp } = await import(pathToFileURL(path.join(root, 'apps/api/src/app.ts')).href)
const app = await buildApp({
  env: {
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `preview:${randomBytes(4).toString('hex')}:`,
    LOG_LEVEL: 'warn',
    CAPTCHA_ENABLED: 'false',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
    NODE_ENV: 'test',
  },
})
const login = await app.inject({
  method: 'POST',
  url: '/api/ysjs-auth/oauth/token',
  query: {
    grant_type: 'password',
    username: 'admin',
    password: createHash('md5').update('admin').digest('hex'),
    tenantId: '000000',
    scope: 'all',
  },
  headers: {
    authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
    'tenant-id': '000000',
  },
})
const headers = { 'blade-auth': `bearer ${login.json().access_token}` }
const call = async (method, url, payload) => {
  const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) })
  const body = res.json()
  if (body.code !== 200) {
    throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
  }
  return body.data
}
const db = new pg.Client({ connectionString: dbUrl.toString() })
await db.connect()
const pick = (list, i) => list[i % list.length]

// ── The sample ────────────────────────────────────────────────────────────────────────────────────
const UNITS = [
  '中南大学',
  '北京矿冶研究总院',
  '江西铜业股份有限公司',
  '昆明理工大学',
  '株洲冶炼集团股份有限公司',
]
const NAMES = [
  '王建国',
  '李秀英',
  '张伟',
  '刘洋',
  '陈静',
  '杨帆',
  '赵磊',
  '黄丽',
  '周杰',
  '吴敏',
  '徐强',
  '孙燕',
]
for (const [i, unitName] of UNITS.entries()) {
  await call('POST', '/api/blade-expert/unitTable/submit', {
    unitName,
    creditCode: `91430000${String(7000000000 + i)}`,
    nature: String((i % 4) + 1),
    address: pick(
      ['湖南省长沙市岳麓区麓山南路932号', '北京市丰台区南四环西路188号', '江西省贵溪市冶金大道15号'],
      i,
    ),
    contact: pick(NAMES, i),
    phone: `0731-8883${String(1000 + i)}`,
  })
}
const units = (await call('GET', '/api/blade-expert/unitTable/list?size=100')).records
for (const [i, name] of NAMES.entries()) {
  await call('POST', '/api/blade-expert/expertBasic/submit', {
    name,
    sex: i % 2,
    birty: `19${60 + i}-0${(i % 9) + 1}-1${i % 9}`,
    workUnit: pick(UNITS, i),
    position: pick(['院长', '总工程师', '教授', '研究室主任'], i),
    level: pick(['教授', '研究员', '正高级工程师', '高级工程师'], i),
    profession: pick(['有色金属冶金', '选矿工程', '材料加工', '稀土冶金'], i),
    direction: pick(
      ['铜铅锌冶炼与综合回收，重点研究复杂多金属矿的清洁冶炼工艺及其产业化', '真空冶金', '=湿法冶金'],
      i,
    ),
    educational: '博士研究生',
    degree: '博士',
    mobilePhone: `139${String(10000000 + i * 7919).padStart(8, '0')}`,
    email: `expert${i}@csu.edu.cn`,
    address: pick(['湖南省长沙市岳麓区麓山南路932号', '昆明市一二一大街文昌路68号'], i),
  })
  if (i < 6) {
    await call('POST', '/api/blade-expert/persionTable/submit', {
      unitId: pick(units, i).id,
      name: `${name}助理`,
      sex: (i % 2) + 1,
      position: '科研秘书',
      title: '工程师',
      phone: `0731-8883${String(2000 + i)}`,
    })
  }
  if (i < 5) {
    await call('POST', '/api/blade-expert/projectBasic/submit', {
      projectName: pick(['高纯铜短流程制备技术', '锂电池废料中有价金属回收', '稀土永磁材料晶界扩散工艺'], i),
      projectNo: `2026YFB${String(3000 + i)}`,
      source: '国家重点研发计划',
      leader: name,
      startDate: '2025-01-01',
      endDate: '2027-12-31',
    })
  }
}
for (let i = 0; i < 6; i++) {
  await call('POST', '/api/ysjs-trading/project/submit', {
    title:
      pick(
        ['铜冶炼烟气制酸余热回收技术', '高效浮选药剂及其应用', '铝电解槽节能技术', '钨钼二次资源清洁回收'],
        i,
      ) + (i > 3 ? `（第${i}期）` : ''),
    technologyType: (i % 3) + 1,
    industryType: (i % 3) + 1,
    collaborationMode: (i % 3) + 1,
    source: '中南大学冶金与环境学院',
    intentPrice: String(80 + i * 35.5),
    ascription: pick(UNITS, i),
    content: '<p>技术成熟度高，已完成中试。</p>',
  })
}
const projects = (await call('GET', '/api/ysjs-trading/project/list?size=100')).records
for (let i = 0; i < 5; i++) {
  await call('POST', '/api/ysjs-deal/deal/submit', {
    projectId: pick(projects, i).id,
    contractNo: `HT-2026-${String(101 + i)}`,
    buyerUnit: pick(UNITS, i + 2),
    sellerUnit: pick(UNITS, i),
    amount: String(150000 + i * 88888.8),
    signingDate: `2026-0${i + 3}-1${i}`,
    dealStatus: (i % 5) + 1,
    remark: i === 0 ? '分三期付款：签约后支付40%，中试验收后支付40%，投产后支付20%。' : '',
  }).catch((err) => console.warn(`deal ${i}: ${err.message}`))
}
const catalog = await call('POST', '/api/ysjs-kms/catalog/submit', {
  catalogName: '冶金工艺',
  parentId: '0',
  sort: 1,
})
void catalog
const catalogId = (await call('GET', '/api/ysjs-kms/catalog/lazy-list?parentId=0'))[0]?.id
for (const labelName of ['铜冶炼', '节能减排', '资源回收']) {
  await call('POST', '/api/ysjs-kms/label/submit', { labelName })
}
for (let i = 0; i < 4; i++) {
  await call('POST', '/api/ysjs-kms/main/submit', {
    title: pick(['闪速熔炼工艺要点', '铜电解精炼常见问题', '赤泥综合利用综述', '锌浸出渣处理'], i),
    catalogId,
    summary: '介绍工艺原理、关键参数与生产实践中的常见问题及处理办法，适合工艺技术人员参考。',
    source: '有色金属工业协会',
    publishDate: `2026-0${i + 1}-15`,
    content: '<p>正文</p>',
  })
}
// Intellectual property needs an appraisal's result and a file: written straight to its table.
for (let i = 0; i < 4; i++) {
  await db.query(
    `INSERT INTO ysjs_appraise_equity (id, tenant_id, results_id, type, name, country, accredit_no, accredit_time,
       certificate_no, obligee, inventor, is_effective, file_attach)
     VALUES ($1, '000000', 1, $2, $3, 1, $4, $5, $6, $7, $8, $9, 'upload/x.pdf')`,
    [
      9_300_000 + i,
      (i % 3) + 1,
      pick(['一种铜阳极泥的处理方法', '高纯铟的制备装置', '稀土萃取分离工艺'], i),
      `ZL2024100${i}1234.5`,
      `2024-0${i + 2}-20`,
      `第${5000000 + i}号`,
      pick(UNITS, i),
      `${pick(NAMES, i)}；${pick(NAMES, i + 1)}`,
      (i % 2) + 1,
    ],
  )
}
// A meeting with 200 registrations asking for invoices: issued, returned, reissued, not yet.
const MEETING = 9_200_001
await db.query(
  `INSERT INTO ysjs_meeting (id, tenant_id, name, start_time, end_time, address, meeting_status, shelves, price_items)
   VALUES ($1, '000000', '2026 中国有色金属科技成果转化大会', '2026-05-11 01:00:00+00', '2026-05-13 10:00:00+00',
           '长沙国际会议中心', 2, 1, '[{"itemName":"会务费","itemType":1,"price":"800.00"}]')`,
  [MEETING],
)
await db.query(
  `INSERT INTO ysjs_registered_meeting (id, tenant_id, meeting_id, name, sex, unit_name, phone, arrival_time,
      departure_time, arrival_station, room_wish, invoice_title, tax_number, invoice_type, price, invoice_no,
      invoice_amount, invoice_status, pay_status)
   SELECT 9200000000 + g, '000000', $1, (ARRAY['王建国','李秀英','张伟','刘洋','陈静'])[1 + g % 5] || g, 1 + g % 2,
          (ARRAY['中南大学','北京矿冶研究总院','江西铜业股份有限公司','昆明理工大学'])[1 + g % 4],
          (13800000000 + g)::text, timestamptz '2026-05-10 00:00:00+00', timestamptz '2026-05-13 08:00:00+00',
          '长沙南站', 2, (ARRAY['中南大学','北京矿冶研究总院','江西铜业股份有限公司','昆明理工大学'])[1 + g % 4],
          '91430000' || lpad(g::text, 10, '0'), 1 + g % 2, 800 + (g % 3) * 400,
          CASE WHEN g % 4 = 0 THEN NULL ELSE 'FP' || (26000000 + g) END,
          CASE WHEN g % 4 = 0 THEN NULL ELSE 800 + (g % 3) * 400 END, g % 4, g % 2
   FROM generate_series(1, 200) g`,
  [MEETING],
)
// Questionnaire fillings of the seeded survey: submitted ones and drafts, with their company forms.
const survey = (await db.query(`SELECT id FROM ysjs_survey WHERE tenant_id = '000000' ORDER BY id LIMIT 1`))
  .rows[0]
if (survey) {
  const questions = (
    await db.query(
      `SELECT q.id, q.type, (SELECT min(o.id) FROM ysjs_survey_option o WHERE o.question_id = q.id) AS option
       FROM ysjs_survey_question q WHERE q.survey_id = $1 ORDER BY q.id LIMIT 8`,
      [survey.id],
    )
  ).rows
  for (let i = 0; i < 6; i++) {
    const example = 9_400_000 + i
    const owner = `p${i}`
    const submitted = i < 4
    await db.query(
      `INSERT INTO ysjs_survey_example (id, tenant_id, survey_id, owner_key, firm_name, user_id, status, submit_time)
       VALUES ($1, '000000', $2, $3, $4, 1123598821738675201, $5, $6)`,
      [
        example,
        survey.id,
        owner,
        `dept-${i}`,
        submitted ? 3 : 1,
        submitted ? new Date(Date.UTC(2026, 3, 10 + i, 2)) : null,
      ],
    )
    await db.query(
      `INSERT INTO blade_company (id, tenant_id, survey_id, owner_key, name, address, contact, phone, email, province_name)
       VALUES ($1, '000000', $2, $3, $4, '湖南省长沙市', $5, '0731-88830000', '410083', '湖南省')`,
      [example, survey.id, owner, pick(UNITS, i), pick(NAMES, i)],
    )
    for (const [n, q] of questions.entries()) {
      await db.query(
        `INSERT INTO ysjs_survey_answer (id, tenant_id, example_id, survey_id, question_id, option_id, input_text)
         VALUES ($1, '000000', $2, $3, $4, $5, $6)`,
        [
          example * 100 + n,
          example,
          survey.id,
          q.id,
          q.option,
          q.option ? null : `第${i + 1}家单位的回答：研发投入逐年增加`,
        ],
      )
    }
  }
}
await db.end()
const report = await call('POST', '/api/ysjs-report/report/rest/submit', {
  name: '交易项目清单',
  definition: {
    source: 'view:trading_project',
    columns: ['title', 'technologyType', 'createTime'],
    filters: [],
    groupBy: [],
    aggregates: [],
    chart: { type: 'none' },
  },
}).catch((err) => {
  console.warn(`report design: ${err.message}`)
  return null
})

// ── Every export ──────────────────────────────────────────────────────────────────────────────────
const exportsOf = app.routeAccess
  .filter((r) => r.method === 'GET' && r.url.endsWith('/export') && !r.url.includes(':'))
  .map((r) => r.url)
const extra = {
  '/api/ysjs-meeting/registeredmeeting/exportInvoicingExcel': `meetingId=${MEETING}`,
  '/api/ysjs-evaluation/survey/export': survey ? `id=${survey.id}` : null,
  '/api/ysjs-report/report/rest/export': report?.id ? `id=${report.id}` : null,
  '/api/blade-expert/expertBasic/import-template': '',
}
fs.rmSync(out, { recursive: true, force: true })
fs.mkdirSync(out, { recursive: true })
const written = []
for (const url of new Set([...exportsOf, ...Object.keys(extra)])) {
  const query = extra[url]
  if (query === null) {
    continue
  }
  const res = await app.inject({ method: 'GET', url: query ? `${url}?${query}` : url, headers })
  if (res.statusCode !== 200 || !String(res.headers['content-type']).includes('spreadsheetml')) {
    console.warn(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`)
    continue
  }
  const name = url.replace(/^\/api\//, '').replace(/[/]/g, '_')
  const file = path.join(out, `${name}.xlsx`)
  fs.writeFileSync(file, res.rawPayload)
  written.push(file)
}
await app.close()
console.log(`${written.length} exports written to ${out}`)

const has = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0
if (has('soffice')) {
  for (const file of written) {
    spawnSync('soffice', ['--headless', '--convert-to', 'pdf', '--outdir', out, file], { stdio: 'ignore' })
    const pdf = file.replace(/\.xlsx$/, '.pdf')
    if (fs.existsSync(pdf) && has('pdftoppm')) {
      spawnSync('pdftoppm', ['-png', '-r', '80', '-l', '3', pdf, pdf.replace(/\.pdf$/, '')], {
        stdio: 'ignore',
      })
    }
  }
  console.log(`PDF${has('pdftoppm') ? ' and PNG pages' : ''} written beside them (LibreOffice)`)
} else {
  console.log('LibreOffice (soffice) not installed: xlsx only')
}
process.exit(0)
