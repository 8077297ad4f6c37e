import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { renderAgreement } from '../src/modules/appraise/documents/agreement.document.ts'
import { renderMeetingNotice } from '../src/modules/appraise/documents/meeting-notice.document.ts'
import { renderNotice } from '../src/modules/appraise/documents/notice.document.ts'
import { renderReport } from '../src/modules/appraise/documents/report.document.ts'
import {
  sampleExtras,
  sampleInput,
  sampleMeeting,
  sampleNotice,
  samplePanel,
  sampleReport,
  sampleTerms,
} from './docs-sample.ts'

/**
 * `pnpm docs:preview [dir]`: renders every Word document of a realistic sample application to .docx,
 * and, when LibreOffice is installed, to PDF and one PNG per page, for people to look at (decision 027).
 */
const out = path.resolve(process.argv[2] ?? 'docs-preview')
fs.mkdirSync(out, { recursive: true })
const input = sampleInput()
const documents: [string, () => Promise<Buffer>][] = [
  ['评价通知', () => renderNotice(input, sampleNotice)],
  ['评价协议书', () => renderAgreement(input, sampleTerms)],
  ['评价会议通知', () => renderMeetingNotice(input, sampleMeeting, sampleMeeting.sendDate ?? '')],
  ['评价报告', () => renderReport(input, sampleReport(input), sampleExtras, samplePanel)],
]
const files: string[] = []
for (const [name, make] of documents) {
  const file = path.join(out, `${name}.docx`)
  fs.writeFileSync(file, await make())
  files.push(file)
}
console.log(`docx: ${files.length} documents in ${out}`)

const soffice = ['soffice', 'libreoffice'].find((bin) => spawnSync(bin, ['--version']).status === 0)
if (!soffice) {
  console.log(
    'LibreOffice is not installed: no PDF or PNG (apt-get install -y libreoffice-writer-nogui poppler-utils fonts-noto-cjk)',
  )
  process.exit(0)
}
execFileSync(soffice, ['--headless', '--convert-to', 'pdf', '--outdir', out, ...files], { stdio: 'ignore' })
const pdftoppm = spawnSync('pdftoppm', ['-v']).status === 0
for (const file of files) {
  const pdf = file.replace(/\.docx$/, '.pdf')
  if (pdftoppm && fs.existsSync(pdf)) {
    execFileSync('pdftoppm', ['-png', '-r', '70', pdf, pdf.replace(/\.pdf$/, '')])
  }
}
console.log(
  `pdf${pdftoppm ? ' and png pages' : ''}: ${fs.readdirSync(out).filter((f) => !f.endsWith('.docx')).length} files in ${out}`,
)
