import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { strToU8, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createImportGate } from '../src/lib/import-gate.ts'
import { readXlsxRows } from '../src/lib/xlsx.ts'
import { assertZipWithin, ZipMsg } from '../src/lib/zip-guard.ts'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { countFiles } from './helpers/fuzz.ts'
import { multipartFile } from './helpers/multipart.ts'

/**
 * Issue 22: a spreadsheet that eats the server. The probe's 4.4 MB xlsx held 900,000 rows; loading it
 * whole cost the API about a gigabyte. Generated here: a minimal xlsx whose one sheet repeats a row
 * (tiny compressed, huge inflated), and an archive of zeros (a plain zip bomb).
 */
const sheetXml = (rows: number, cells = 1, numbered = true) => {
  const row = (r: number) =>
    `<row r="${r}">${Array.from({ length: cells }, (_, i) => `<c r="${String.fromCharCode(65 + i)}${r}" t="inlineStr"><is><t>专家${i}</t></is></c>`).join('')}</row>`
  // A bomb repeats one row (its numbers do not matter: it must be refused before any is read).
  const body = numbered ? Array.from({ length: rows }, (_, i) => row(i + 1)).join('') : row(2).repeat(rows)
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`
}
const xlsxOf = (sheet: string) =>
  Buffer.from(
    zipSync(
      {
        '[Content_Types].xml': strToU8(
          '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
        ),
        '_rels/.rels': strToU8(
          '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        ),
        'xl/workbook.xml': strToU8(
          '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
        ),
        'xl/_rels/workbook.xml.rels': strToU8(
          '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
        ),
        'xl/worksheets/sheet1.xml': strToU8(sheet),
      },
      { level: 6 },
    ),
  )

let t: TTestApp
let admin: string
let storage: string
beforeAll(async () => {
  storage = await fs.mkdtemp(path.join(os.tmpdir(), 'ysjs-bomb-'))
  t = await createTestApp({ STORAGE_DIR: storage })
  admin = (await login(t.app, 'admin')).access_token
})
afterAll(async () => {
  await t.close()
  await fs.rm(storage, { recursive: true, force: true })
})

const upload = (url: string, name: string, content: Buffer) => {
  const body = multipartFile('file', name, content)
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...auth(admin), ...body.headers },
    payload: body.payload,
  })
}

describe('a spreadsheet bomb', () => {
  it('is refused by the expert import while it inflates, before any row is parsed', async () => {
    // 120,000 rows (the template takes 5,000): 8 MB of XML in about 30 KB.
    const bomb = xlsxOf(sheetXml(120_000, 1, false))
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024)
    const experts = await t.app.prisma.expertBasic.count()
    const before = process.memoryUsage().rss
    const started = Date.now()
    const res = await upload('/api/blade-expert/expertBasic/import', '专家.xlsx', bomb)
    expect(res.json()).toMatchObject({ code: 400, msg: ZipMsg.TOO_LARGE })
    // Bounded work: no workbook of 600,000 rows was ever built in memory.
    expect(process.memoryUsage().rss - before).toBeLessThan(300 * 1024 * 1024)
    expect(Date.now() - started).toBeLessThan(20_000)
    expect(await t.app.prisma.expertBasic.count()).toBe(experts)
  }, 120_000)

  it('reads a sheet as a stream and stops at the row cap', async () => {
    const many = xlsxOf(sheetXml(8_000, 2))
    const { rows, header } = await readXlsxRows(many, ['a', 'b'], 100)
    expect(header).toEqual(['专家0', '专家1'])
    expect(rows).toHaveLength(101)
    expect(rows[0]).toEqual({ row: 2, values: { a: '专家0', b: '专家1' } })
  }, 120_000)

  it('bounds what any zip-based upload inflates to (docx, xlsx) and stores none of it', async () => {
    const zeros = Buffer.from(
      zipSync({ 'word/document.xml': new Uint8Array(24 * 1024 * 1024) }, { level: 9 }),
    )
    expect(zeros.length).toBeLessThan(1024 * 1024)
    expect(() => assertZipWithin(zeros)).toThrow(ZipMsg.TOO_LARGE)
    for (const name of ['报告.docx', '表格.xlsx']) {
      const res = await upload('/api/ysjs-resource/oss/endpoint/put-file-attach', name, zeros)
      expect(res.json(), name).toMatchObject({ code: 400, msg: ZipMsg.TOO_LARGE })
    }
    expect(await countFiles(storage)).toBe(0)
    expect(await t.app.prisma.attach.count()).toBe(0)
    // An ordinary docx-sized archive passes.
    const normal = Buffer.from(zipSync({ 'word/document.xml': strToU8('<w:document/>'.repeat(1000)) }))
    const ok = await upload('/api/ysjs-resource/oss/endpoint/put-file-attach', '正常.docx', normal)
    expect(ok.json().code, ok.body).toBe(200)
  }, 120_000)
})

describe('imports per instance', () => {
  it('run at most IMPORT_CONCURRENCY at once; one more is refused at once, not queued', async () => {
    const gate = createImportGate(1)
    let release: () => void = () => undefined
    const first = gate.run(() => new Promise<string>((resolve) => (release = () => resolve('done'))))
    let drained = false
    await expect(
      gate.run(
        async () => 'second',
        async () => {
          drained = true
        },
      ),
    ).rejects.toMatchObject({ code: 429, message: '当前导入任务较多,请稍后再试' })
    expect(drained).toBe(true)
    release()
    expect(await first).toBe('done')
    expect(await gate.run(async () => 'after')).toBe('after')
    expect(gate.running()).toBe(0)
  })
})
