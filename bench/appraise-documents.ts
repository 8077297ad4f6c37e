// Appraisal documents and the `download all` zip (issue 12 budgets), without a server:
//  1. renders a full 评价报告 (the API's docx builders: fields, five rich-text sections, the indicator
//     table, 10 units, 20 people) N times and prints p50/p95/max — budget p95 ≤ 150 ms;
//  2. streams a zip of 20 attachments of 5 MB each (random bytes, on disk) with the same one-entry-at-a-
//     time appending as documents.service.ts, into a sink that only counts bytes, sampling the heap and
//     RSS: the zip (~100 MB) must never be held in memory.
//   pnpm --filter @ysjs/api exec tsx ../../bench/appraise-documents.ts [renders=200]
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { fileURLToPath } from 'node:url'
import {
  fields,
  heading,
  para,
  renderDocx,
  richParas,
  table,
  title,
} from '../apps/api/src/modules/appraise/docx-builders.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const archiver = createRequire(path.join(root, 'apps/api/package.json'))(
  'archiver',
) as typeof import('archiver')
const RENDERS = Number(process.argv[2] ?? 200)

const lorem = '本成果针对铜冶炼过程能耗高、金属回收率低的问题，开发了富氧强化熔炼与连续吹炼工艺，'
const rich = `<p>${lorem.repeat(6)}</p><p>${lorem.repeat(4)}</p>`
const report = () =>
  renderDocx({
    issuer: '中国有色金属工业协会科技成果转化服务中心',
    title: '评价报告',
    blocks: [
      title('科技成果评价报告'),
      fields([
        ['协议编号', 'YS20260001'],
        ['成果名称', '高效铜冶炼新工艺'],
        ['成果类型', '新工艺'],
        ['委托评价单位', '江西铜业集团有限公司'],
        ['委托日期', '2026-11-01'],
        ['评价形式', '会议形式'],
        ['评价机构', '中国有色金属工业协会'],
        ['评价完成日期', '2026-12-01'],
        ['起止时间', '2026-11-01 至 2026-12-01'],
      ]),
      ...[
        '一、项目来源',
        '二、评价基本过程陈述',
        '三、技术简要说明',
        '四、技术资料目录及来源',
        '六、分项评价结论',
      ].flatMap((h) => [heading(h), ...richParas(rich)]),
      heading('五、评价指标及得分'),
      table(
        ['序号', '评价指标', '权重', '得分'],
        [
          '技术创新程度',
          '技术经济指标的先进程度',
          '技术难度和复杂程度',
          '成熟程度和应用情况',
          '经济社会效益',
        ].map((n, i) => [String(i + 1), n, '20', (80 + i).toFixed(1)]),
      ),
      para('综合得分：82.0    评价等级：国际先进'),
      heading('七、完成单位'),
      table(
        ['序号', '单位名称', '邮政编码', '详细通讯地址', '联系人', '联系电话'],
        Array.from({ length: 10 }, (_v, i) => [
          String(i + 1),
          `单位${i}`,
          '410083',
          '湖南省长沙市麓山南路932号',
          '张三丰',
          '0731-88876543',
        ]),
      ),
      heading('八、主要研制人员'),
      table(
        ['序号', '姓名', '性别', '出生年月', '技术职称', '文化程度', '工作单位', '主要贡献'],
        Array.from({ length: 20 }, (_v, i) => [
          String(i + 1),
          `李四${i}`,
          '男',
          '1975-06',
          '正高级工程师',
          '博士研究生',
          '中南大学',
          '工艺设计与试验',
        ]),
      ),
    ],
  })

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

// 1. document generation
for (let i = 0; i < 10; i++) {
  await report()
}
const times: number[] = []
let size = 0
for (let i = 0; i < RENDERS; i++) {
  const t0 = performance.now()
  size = (await report()).length
  times.push(performance.now() - t0)
}
times.sort((a, b) => a - b)
console.log(
  `report docx (${(size / 1024).toFixed(1)} KB) x${RENDERS}: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms, max ${times[times.length - 1]!.toFixed(1)} ms (budget p95 150 ms)`,
)

// 2. zip streaming
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'appraise-zip-'))
const FILES = 20
const FILE_MB = 5
try {
  const chunk = randomBytes(1024 * 1024)
  for (let i = 0; i < FILES; i++) {
    const fd = fs.openSync(path.join(dir, `附件${i}.pdf`), 'w')
    for (let m = 0; m < FILE_MB; m++) {
      chunk[0] = (chunk[0]! + 1) % 256
      fs.writeSync(fd, chunk)
    }
    fs.closeSync(fd)
  }
  global.gc?.()
  const base = process.memoryUsage()
  let peakHeap = base.heapUsed
  let peakRss = base.rss
  const sampler = setInterval(() => {
    const m = process.memoryUsage()
    peakHeap = Math.max(peakHeap, m.heapUsed)
    peakRss = Math.max(peakRss, m.rss)
  }, 5)
  const archive = archiver('zip', { zlib: { level: 6 } })
  let written = 0
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      written += chunk.length
      done()
    },
  })
  const queue = Array.from({ length: FILES }, (_v, i) => path.join(dir, `附件${i}.pdf`))
  const next = () => {
    const file = queue.shift()
    if (!file) {
      void archive.finalize()
      return
    }
    archive.append(fs.createReadStream(file), { name: `附件/检测报告/${path.basename(file)}` })
  }
  archive.on('entry', next)
  archive.append('档案记录', { name: '档案记录.txt' })
  const t0 = performance.now()
  await pipeline(archive, sink)
  clearInterval(sampler)
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1)
  console.log(
    `download all: ${FILES} files x ${FILE_MB} MB → zip ${mb(written)} MB in ${((performance.now() - t0) / 1000).toFixed(2)} s; ` +
      `heap +${mb(peakHeap - base.heapUsed)} MB (peak ${mb(peakHeap)}), RSS +${mb(peakRss - base.rss)} MB (peak ${mb(peakRss)})`,
  )
} finally {
  fs.rmSync(dir, { recursive: true, force: true })
}
