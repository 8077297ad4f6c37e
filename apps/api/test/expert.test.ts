import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { EXPERT_IMPORT_COLUMNS, ExpertMsg, KmsMsg, UploadMsg } from '@ysjs/shared'
import ExcelJS from 'exceljs'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { holdTable, settled } from './helpers/locks.ts'
import { multipartFile } from './helpers/multipart.ts'
import { createTenant, createUser, tokenOf, unique } from './helpers/system.ts'
import { columnOf, readExport, shapeOf } from './helpers/xlsx.ts'

const E = '/api/blade-expert'
const EXPERT = `${E}/expertBasic`
const UNIT = `${E}/unitTable`
const LINK = `${E}/unitAssociation`
const PERSON = `${E}/persionTable`
const PROJECT = `${E}/projectBasic`
const MAIN = '/api/ysjs-kms/main'
const MAIN_EXPERT = '/api/ysjs-kms/blade-kms_main_expert'
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(300, 7),
])
const JPG = (size: number) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 3)])

let t: TTestApp
let storageDir: string
let admin: string
beforeAll(async () => {
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ysjs-expert-'))
  t = await createTestApp({ STORAGE_DIR: storageDir })
  admin = (await login(t.app, 'admin')).access_token
})
afterAll(async () => {
  await t.close()
  await fs.rm(storageDir, { recursive: true, force: true })
})

const call = async (method: 'GET' | 'POST', url: string, payload?: object, token = admin) => {
  const res = await t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) })
  return { status: res.statusCode, ...res.json() }
}
const upload = async (
  name: string,
  body: Buffer,
  url = '/api/ysjs-resource/oss/endpoint/put-file?purpose=avatar',
) => {
  const form = multipartFile('file', name, body)
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...auth(admin), ...form.headers },
    payload: form.payload,
  })
  return { status: res.statusCode, ...res.json() }
}
const createExpert = async (over: Record<string, unknown> = {}, token = admin) => {
  const name = unique('专家')
  expect(await call('POST', `${EXPERT}/submit`, { name, ...over }, token)).toMatchObject({ code: 200 })
  const page = await call('GET', `${EXPERT}/list?name=${encodeURIComponent(name)}`, undefined, token)
  return page.data.records[0] as Record<string, string | number | null>
}
const countTree = (nodes: { children?: unknown[] }[]): number =>
  nodes.reduce((n, node) => n + 1 + countTree((node.children ?? []) as { children?: unknown[] }[]), 0)
/** The header row and the data rows of an export (the title and notes above them left out). */
const xlsxRows = async (body: Buffer) => {
  const x = await readExport(body)
  return [x.header, ...x.rows]
}
/** A wire date-time (China time) as the sheet's zone-less date cell. */
const wallDate = (text: unknown) => {
  const [d, t = '00:00:00'] = String(text).split(' ')
  return new Date(`${d}T${t}Z`)
}

describe('expertBasic', () => {
  it('saves an expert with every field optional, a photo and a login account, lists, filters and removes', async () => {
    expect(await call('POST', `${EXPERT}/submit`, {})).toMatchObject({ code: 200 })
    const photo = await upload('me.png', PNG)
    expect(photo).toMatchObject({ code: 200 })
    const user = await createUser(t.app.prisma, { tenantId: '000000', roleId: '1', deptId: '1' })
    const row = await createExpert({
      sex: '1',
      birty: '1968-05-01',
      workUnit: '中南大学冶金学院',
      profession: '有色金属冶金',
      direction: '铜冶炼',
      level: '教授',
      isSupervisor: 1,
      isSciences: '0',
      mobilePhone: '13800138000',
      email: 'li@csu.edu.cn',
      pictureUrl: photo.data.link,
      userId: String(user.id),
    })
    expect(row).toMatchObject({
      sex: 1,
      birty: '1968-05-01',
      isSupervisor: 1,
      isSciences: 0,
      isEngineering: 0,
      pictureUrl: photo.data.link,
      userId: String(user.id),
      userAccount: user.account,
    })
    const filtered = await call(
      'GET',
      `${EXPERT}/list?workUnit=${encodeURIComponent('冶金')}&level=教授&size=100`,
    )
    expect(filtered.data.records.map((r: { id: string }) => r.id)).toContain(row.id)
    // Clearing a field ('') clears it in the row; fields the update leaves out are kept (decision 025).
    expect(
      await call('POST', `${EXPERT}/submit`, { id: row.id, name: row.name, workUnit: '' }),
    ).toMatchObject({
      msg: '操作成功',
      code: 200,
    })
    const detail = (await call('GET', `${EXPERT}/detail?id=${row.id}`)).data
    expect(detail).toMatchObject({ workUnit: null, userId: String(user.id), isSupervisor: 1 })
    // A missing or wrong-typed id answers the platform's words (it answered zod's 无效输入).
    expect(await call('GET', `${EXPERT}/detail`)).toMatchObject({ code: 400, msg: '缺少必要的请求参数: id' })
    expect(await call('POST', `${EXPERT}/update`, { name: 'x' })).toMatchObject({
      code: 400,
      msg: '缺少必要的请求参数: id',
    })
    expect(await call('POST', `${EXPERT}/update`, { id: { a: 1 }, name: 'x' })).toMatchObject({
      code: 400,
      msg: '请求参数类型错误: id',
    })
    expect(await call('POST', `${EXPERT}/remove?ids=${row.id}`)).toMatchObject({ code: 200, msg: '操作成功' })
    expect((await call('GET', `${EXPERT}/detail?id=${row.id}`)).code).toBe(400)
  })

  it('checks phone, email, sex, switches, photo and the login account with the messages', async () => {
    const bad = async (body: object, msg: string) =>
      expect(await call('POST', `${EXPERT}/submit`, body)).toMatchObject({ code: 400, msg })
    await bad({ mobilePhone: '12345' }, ExpertMsg.PHONE_INVALID)
    await bad({ email: 'not-mail' }, ExpertMsg.EMAIL_INVALID)
    await bad({ sex: 2 }, '性别只能是 0 或 1')
    await bad({ birty: '2023-02-31' }, ExpertMsg.DATE_INVALID)
    await bad({ birty: '2023-13-01' }, ExpertMsg.DATE_INVALID)
    await bad({ isEngineering: 3 }, '请输入 0 到 1 之间的整数')
    await bad({ pictureUrl: '/upload/a.gif' }, ExpertMsg.PICTURE)
    // Only the platform's stored files of the caller's tenant: never a link to elsewhere.
    await bad({ pictureUrl: 'https://evil.example/me.png' }, ExpertMsg.PICTURE_MISSING)
    await bad(
      { pictureUrl: '/api/ysjs-resource/oss/file/upload/730999/env/20240101/0f0e.png' },
      ExpertMsg.PICTURE_MISSING,
    )
    await bad({ userId: '12345' }, ExpertMsg.USER_MISSING)
    const user = await createUser(t.app.prisma, { tenantId: '000000', roleId: '1', deptId: '1' })
    await createExpert({ userId: String(user.id) })
    await bad({ userId: String(user.id) }, ExpertMsg.USER_TAKEN)
    // The photo upload keeps the spec's rule: jpg/png at most 500kb.
    expect(await upload('big.jpg', JPG(501 * 1024))).toMatchObject({ code: 400, msg: UploadMsg.AVATAR })
  })

  it('picks experts and login accounts: searched on the server, paged, never capped', async () => {
    const workUnit = unique('北京矿冶研究总院')
    const row = await createExpert({ workUnit })
    const options = await call('GET', `${EXPERT}/options?keyword=${encodeURIComponent(String(row.name))}`)
    expect(options.data).toMatchObject({ total: 1, records: [{ id: row.id, name: row.name, workUnit }] })
    // The keyword matches the work unit too; `ids` names the experts a form already holds.
    expect((await call('GET', `${EXPERT}/options?keyword=${encodeURIComponent(workUnit)}`)).data.total).toBe(
      1,
    )
    expect((await call('GET', `${EXPERT}/options?ids=${row.id}`)).data.records).toEqual([
      expect.objectContaining({ id: row.id }),
    ])
    // 600 experts (the old picker stopped at 500): every one is reached by paging or by its name.
    const prefix = unique('翻页专家')
    await t.app.prisma.expertBasic.createMany({
      data: Array.from({ length: 600 }, (_, i) => ({
        id: BigInt(9_300_000_000 + i),
        tenantId: '000000',
        name: `${prefix}${String(i).padStart(3, '0')}`,
      })),
    })
    const page = async (current: number) =>
      (
        await call(
          'GET',
          `${EXPERT}/options?keyword=${encodeURIComponent(prefix)}&size=100&current=${current}`,
        )
      ).data
    expect((await page(1)).total).toBe(600)
    expect((await page(6)).records.map((r: { name: string }) => r.name).at(-1)).toBe(`${prefix}599`)
    expect(
      (await call('GET', `${EXPERT}/options?keyword=${encodeURIComponent(`${prefix}577`)}`)).data.records,
    ).toEqual([expect.objectContaining({ name: `${prefix}577` })])
    expect((await call('GET', `${EXPERT}/options?size=1001`)).code).toBe(400)
    expect((await call('GET', `${EXPERT}/options?ids=1,abc`)).code).toBe(400)
    const accounts = await call('GET', `${EXPERT}/accounts?keyword=admin`)
    expect(accounts.data.map((a: { account: string }) => a.account)).toContain('admin')
  })
})

describe('xlsx export and import', () => {
  it('exports the whole filtered list, not a page, as xlsx', async () => {
    const unitName = unique('导出单位')
    for (let i = 0; i < 12; i++) {
      await createExpert({ workUnit: unitName, profession: i % 2 ? '选矿' : '冶炼' })
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `${EXPERT}/export?workUnit=${encodeURIComponent(unitName)}&profession=${encodeURIComponent('冶炼')}&size=2`,
      headers: auth(admin),
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('专家库'))
    const x = await readExport(res.rawPayload)
    expect(x.title).toBe('专家库')
    expect(x.notes).toEqual([`筛选条件：工作单位：${unitName}；专业：冶炼`])
    expect(shapeOf(x, ['创建时间'])).toEqual({
      sheetName: '专家库',
      frozen: 3,
      autoFilter: 'A3:O3',
      headerBold: true,
      orientation: 'landscape',
      fitToWidth: 1,
      printTitlesRow: '3:3',
      columns: {
        创建时间: { types: ['date'], formats: ['yyyy-mm-dd hh:mm'] },
      },
    })
    const rows = await xlsxRows(res.rawPayload)
    expect(rows[0]).toContain('姓名')
    expect(rows).toHaveLength(7)
    expect(rows.slice(1).every((r) => r.includes(unitName) && r.includes('冶炼'))).toBe(true)
    // Every column holds the row's value (the export reads only the fields its columns need).
    const user = await createUser(t.app.prisma, { tenantId: '000000', roleId: '1', deptId: '1' })
    const full = await createExpert({
      sex: 1,
      birty: '1962-08-09',
      workUnit: unique('全字段单位'),
      position: '院长',
      level: '教授',
      profession: '有色金属冶金',
      direction: '真空冶金',
      educational: '博士研究生',
      degree: '博士',
      mobilePhone: '13912345678',
      email: 'full@kmust.edu.cn',
      address: '昆明市一二一大街',
      userId: String(user.id),
      englishName: 'Dai',
      introduction: '不导出的简介',
    })
    const one = await t.app.inject({
      method: 'GET',
      url: `${EXPERT}/export?name=${encodeURIComponent(String(full.name))}`,
      headers: auth(admin),
    })
    const oneX = await readExport(one.rawPayload)
    expect(shapeOf(oneX, ['性别', '出生日期']).columns).toEqual({
      性别: { types: ['string'], formats: [''] },
      出生日期: { types: ['date'], formats: ['yyyy-mm-dd'] },
    })
    expect((await xlsxRows(one.rawPayload))[1]).toEqual([
      full.name,
      '男',
      new Date('1962-08-09T00:00:00Z'),
      full.workUnit,
      '院长',
      '教授',
      '有色金属冶金',
      '真空冶金',
      '博士研究生',
      '博士',
      '13912345678',
      'full@kmust.edu.cn',
      '昆明市一二一大街',
      user.account,
      wallDate(full.createTime),
    ])
    const title = unique('导出项目')
    expect(
      await call('POST', '/api/ysjs-trading/project/submit', {
        title,
        technologyType: 1,
        industryType: 1,
        collaborationMode: 1,
        source: '国家重点研发计划',
        intentPrice: '120.5',
        ascription: '中南大学',
        content: '<p>不导出的正文</p>',
      }),
    ).toMatchObject({ code: 200 })
    const project = (await call('GET', `/api/ysjs-trading/project/list?title=${encodeURIComponent(title)}`))
      .data.records[0]
    const projects = await t.app.inject({
      method: 'GET',
      url: `/api/ysjs-trading/project/export?title=${encodeURIComponent(title)}`,
      headers: auth(admin),
    })
    expect((await xlsxRows(projects.rawPayload))[1]).toEqual([
      title,
      project.technologyTypeName,
      project.industryTypeName,
      project.collaborationModeName,
      '国家重点研发计划',
      120.5,
      '中南大学',
      wallDate(project.createTime),
    ])
    expect(shapeOf(await readExport(projects.rawPayload), ['意向价格(万元)']).columns).toEqual({
      '意向价格(万元)': { types: ['number'], formats: ['0.00'] },
    })
    expect(project.technologyTypeName).not.toBe('')
    // A bad filter is refused with the envelope before anything is streamed.
    const refused = await call('GET', `${EXPERT}/export?sex=abc`)
    expect(refused).toMatchObject({ code: 400 })
  })

  it('writes labels for codes and dictionary keys, and text that looks like a formula as text', async () => {
    const unitName = unique('标签单位')
    expect(await call('POST', `${UNIT}/submit`, { unitName, nature: '2' })).toMatchObject({ code: 200 })
    const unit = (await call('GET', `${UNIT}/list?unitName=${encodeURIComponent(unitName)}`)).data.records[0]
    expect(await call('POST', `${PERSON}/submit`, { unitId: unit.id, name: '李工', sex: 2 })).toMatchObject({
      code: 200,
    })
    const units = await readExport(
      (
        await t.app.inject({
          method: 'GET',
          url: `${UNIT}/export?unitName=${encodeURIComponent(unitName)}`,
          headers: auth(admin),
        })
      ).rawPayload,
    )
    expect(units.sheet.name).toBe('单位库')
    expect(units.rows[0]![columnOf(units, '单位性质') - 1]).toBe('科研院所')
    const people = await readExport(
      (await t.app.inject({ method: 'GET', url: `${PERSON}/export?unitId=${unit.id}`, headers: auth(admin) }))
        .rawPayload,
    )
    expect(people.rows.map((r) => r[columnOf(people, '性别') - 1])).toEqual(['女'])

    const workUnit = unique('公式单位')
    const formulas = ['=1+2', '+SUM(1,2)', '-3+4', '@SUM(1)', '=HYPERLINK("http://x.example","y")']
    for (const [i, text] of formulas.entries()) {
      await createExpert({ workUnit, direction: text, address: text, sex: i % 2 })
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `${EXPERT}/export?workUnit=${encodeURIComponent(workUnit)}`,
      headers: auth(admin),
    })
    const x = await readExport(res.rawPayload)
    expect(x.rows.map((r) => r[columnOf(x, '研究方向') - 1]).sort()).toEqual([...formulas].sort())
    expect(new Set(x.rows.map((r) => r[columnOf(x, '性别') - 1]))).toEqual(new Set(['女', '男']))
    // No cell of the file is a formula: each such text is an inline string.
    const xml = new TextDecoder().decode(
      unzipSync(new Uint8Array(res.rawPayload))['xl/worksheets/sheet1.xml'],
    )
    expect(xml).not.toMatch(/<f[ >]/)
    expect(xml.match(/t="inlineStr"/g)?.length).toBe(formulas.length * 2)
    for (const row of x.cells) {
      expect(row.getCell(columnOf(x, '研究方向')).formula).toBeUndefined()
    }
  })

  it('exports every list of the issue, each with every row of its list', async () => {
    // The lists are the app's own `GET …/list` routes under the issue's prefixes, so a list added
    // later without an export fails here. (`portal-list` and `lazy-list` are views of these lists.)
    const prefixes = ['/api/blade-expert/', '/api/ysjs-kms/', '/api/ysjs-trading/', '/api/ysjs-deal/']
    const lists = t.app.routeAccess
      .filter(
        (r) =>
          r.method === 'GET' &&
          r.url.endsWith('/list') &&
          (prefixes.some((p) => r.url.startsWith(p)) || r.url.startsWith('/api/ysjs-appraise/equity/')),
      )
      .map((r) => r.url.slice(0, -'/list'.length))
    expect(lists.length).toBeGreaterThanOrEqual(13)
    const exports = new Set(t.app.routeAccess.filter((r) => r.method === 'GET').map((r) => r.url))
    // Every list holds a row, so the comparison of counts below means something.
    await createExpert()
    const labelName = unique('导出标签')
    await call('POST', '/api/ysjs-kms/label/submit', { labelName })
    for (const base of lists) {
      expect(exports.has(`${base}/export`), `${base}/export`).toBe(true)
      const res = await t.app.inject({ method: 'GET', url: `${base}/export`, headers: auth(admin) })
      expect(res.statusCode, `${base} ${res.body}`).toBe(200)
      expect(res.headers['content-type'], base).toContain('spreadsheetml')
      const rows = await xlsxRows(res.rawPayload)
      expect(rows[0]!.length, base).toBeGreaterThanOrEqual(2)
      const list = await call('GET', `${base}/list?size=1`)
      // The catalog list is a tree (no page): its export has one row per catalog.
      const total = Array.isArray(list.data) ? countTree(list.data) : list.data.total
      expect(rows.length - 1, base).toBe(total)
    }
    const labels = await xlsxRows(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/ysjs-kms/label/export?labelName=${encodeURIComponent(labelName)}`,
          headers: auth(admin),
        })
      ).rawPayload,
    )
    expect(labels.map((r) => r[0])).toEqual(['标签名称', labelName])
  })

  it('reads an export by keyset: more than one batch, ties and empty sort values, in the list order', async () => {
    const workUnit = unique('批量单位')
    const same = new Date('2024-01-01T00:00:00Z')
    // 2,300 experts: one batch is 1,000 rows; most share one creation time and a third have no level.
    await t.app.prisma.expertBasic.createMany({
      data: Array.from({ length: 2300 }, (_, i) => ({
        id: BigInt(9_100_000_000 + i),
        tenantId: '000000',
        name: `批量${String(i).padStart(4, '0')}`,
        workUnit,
        level: i % 3 ? `职称${i % 7}` : null,
        createTime: i % 10 ? same : new Date(same.getTime() + i * 1000),
      })),
    })
    const names = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${EXPERT}/export?workUnit=${encodeURIComponent(workUnit)}${query}`,
        headers: auth(admin),
      })
      return (await xlsxRows(res.rawPayload)).slice(1).map((r) => r[0])
    }
    const listed = async (query: string) => {
      const out: unknown[] = []
      for (let current = 1; current <= 3; current++) {
        const page = await call(
          'GET',
          `${EXPERT}/list?workUnit=${encodeURIComponent(workUnit)}&size=1000&current=${current}${query}`,
        )
        out.push(...page.data.records.map((r: { name: string }) => r.name))
      }
      return out
    }
    for (const query of ['', '&ascs=level', '&descs=level', '&ascs=create_time']) {
      const exported = await names(query)
      expect(exported, query).toHaveLength(2300)
      expect(new Set(exported).size, query).toBe(2300)
      expect(exported, query).toEqual(await listed(query))
    }
  })

  it('imports the template: bad rows reported by row number, good rows kept', async () => {
    const template = await t.app.inject({
      method: 'GET',
      url: `${EXPERT}/import-template`,
      headers: auth(admin),
    })
    expect(template.statusCode).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(template.rawPayload as never)
    const sheet = book.worksheets[0]!
    // The template's header is its first row (the import reads it back), frozen and filtered.
    expect(shapeOf(await readExport(template.rawPayload))).toMatchObject({
      sheetName: '专家导入模板',
      frozen: 1,
      autoFilter: 'A1:N1',
      headerBold: true,
      orientation: 'landscape',
    })
    const unitName = unique('导入单位')
    const good1 = unique('导入甲')
    const good2 = unique('导入乙')
    sheet.addRow([
      good1,
      1,
      '1970-01-02',
      unitName,
      '',
      '研究员',
      '冶金',
      '',
      '',
      '',
      '13900001111',
      'a@b.cn',
    ])
    sheet.addRow([unique('坏甲'), 1, '', unitName, '', '', '', '', '', '', '123'])
    sheet.addRow([good2, 0, '', unitName])
    sheet.addRow([unique('坏乙'), 5, '', unitName])
    sheet.addRow([unique('坏丙'), '', 'yesterday', unitName])
    sheet.addRow([unique('坏丁'), 9, '1980-02-30', unitName, '', '', '', '', '', '', '', 'no-mail'])
    const body = Buffer.from(await book.xlsx.writeBuffer())
    const form = multipartFile('file', '专家.xlsx', body)
    const res = await t.app.inject({
      method: 'POST',
      url: `${EXPERT}/import`,
      headers: { ...auth(admin), ...form.headers },
      payload: form.payload,
    })
    // The message first, so a refusal says why.
    expect([res.json().code, res.json().msg]).toEqual([200, expect.any(String)])
    expect(res.json()).toMatchObject({
      code: 200,
      data: {
        total: 6,
        imported: 2,
        errors: [
          { row: 3, message: `手机: ${ExpertMsg.PHONE_INVALID}` },
          { row: 5, message: '性别(0女 1男): 性别只能是 0 或 1' },
          { row: 6, message: `出生日期(yyyy-MM-dd): ${ExpertMsg.DATE_INVALID}` },
          // Every problem of a row at once.
          {
            row: 7,
            message: `性别(0女 1男): 性别只能是 0 或 1; 出生日期(yyyy-MM-dd): ${ExpertMsg.DATE_INVALID}; 邮箱: ${ExpertMsg.EMAIL_INVALID}`,
          },
        ],
      },
    })
    const kept = await call('GET', `${EXPERT}/list?workUnit=${encodeURIComponent(unitName)}&size=100`)
    expect(kept.data.records.map((r: { name: string }) => r.name).sort()).toEqual([good1, good2].sort())
    expect(kept.data.records.find((r: { name: string }) => r.name === good1)).toMatchObject({
      birty: '1970-01-02',
      sex: 1,
      mobilePhone: '13900001111',
    })
  })

  it('refuses a file that is not an xlsx template', async () => {
    const send = async (name: string, body: Buffer) => {
      const form = multipartFile('file', name, body)
      const res = await t.app.inject({
        method: 'POST',
        url: `${EXPERT}/import`,
        headers: { ...auth(admin), ...form.headers },
        payload: form.payload,
      })
      return res.json()
    }
    expect(await send('a.csv', Buffer.from('x'))).toMatchObject({ code: 400, msg: ExpertMsg.IMPORT_FILE })
    expect(await send('a.xlsx', Buffer.from('not a zip'))).toMatchObject({ code: 400 })
    const empty = new ExcelJS.Workbook()
    empty.addWorksheet('Sheet1').addRow(EXPERT_IMPORT_COLUMNS.map(([, header]) => header))
    expect(await send('a.xlsx', Buffer.from(await empty.xlsx.writeBuffer()))).toMatchObject({
      code: 400,
      msg: ExpertMsg.IMPORT_EMPTY,
    })
    // Columns are read by position: a sheet laid out otherwise is refused, nothing is written.
    const name = unique('错表头')
    for (const headers of [
      ['姓名', '工作单位'],
      EXPERT_IMPORT_COLUMNS.map(([, header]) => header).reverse(),
      [],
    ]) {
      const other = new ExcelJS.Workbook()
      const sheet = other.addWorksheet('Sheet1')
      sheet.addRow(headers.length ? headers : [name])
      sheet.addRow([name, '中南大学'])
      expect(await send('a.xlsx', Buffer.from(await other.xlsx.writeBuffer()))).toMatchObject({
        code: 400,
        msg: ExpertMsg.IMPORT_HEADER,
      })
    }
    expect((await call('GET', `${EXPERT}/list?name=${encodeURIComponent(name)}`)).data.total).toBe(0)
  })
})

describe('units, links, people and projects', () => {
  it('keeps unit names unique and units in use', async () => {
    const unitName = unique('单位')
    expect(await call('POST', `${UNIT}/submit`, { unitName, phone: '010-62345678' })).toMatchObject({
      code: 200,
    })
    expect(await call('POST', `${UNIT}/submit`, { unitName })).toMatchObject({
      code: 400,
      msg: ExpertMsg.UNIT_EXISTS,
    })
    expect(await call('POST', `${UNIT}/submit`, {})).toMatchObject({ code: 400, msg: ExpertMsg.UNIT_NAME })
    const unit = (await call('GET', `${UNIT}/list?unitName=${encodeURIComponent(unitName)}`)).data.records[0]
    const options = await call('GET', `${UNIT}/options?keyword=${encodeURIComponent(unitName)}`)
    expect(options.data).toMatchObject({ total: 1, records: [{ id: unit.id, unitName }] })
    expect((await call('GET', `${UNIT}/options?ids=${unit.id}`)).data.records).toEqual([
      { id: unit.id, unitName },
    ])
    // The 51st unit (the old picker stopped at 50) is found by its name and on its page.
    const many = unique('选择单位')
    await t.app.prisma.expertUnit.createMany({
      data: Array.from({ length: 60 }, (_, i) => ({
        id: BigInt(9_400_000_000 + i),
        tenantId: '000000',
        unitName: `${many}${String(i).padStart(2, '0')}`,
      })),
    })
    const unitPage = await call(
      'GET',
      `${UNIT}/options?keyword=${encodeURIComponent(many)}&size=20&current=3`,
    )
    expect(unitPage.data.total).toBe(60)
    expect(unitPage.data.records.map((r: { unitName: string }) => r.unitName)).toEqual(
      Array.from({ length: 20 }, (_, i) => `${many}${40 + i}`),
    )
    expect(
      (await call('GET', `${UNIT}/options?keyword=${encodeURIComponent(`${many}55`)}`)).data.records,
    ).toEqual([expect.objectContaining({ unitName: `${many}55` })])

    const expert = await createExpert()
    expect(
      await call('POST', `${LINK}/submit`, {
        expertId: expert.id,
        unitId: unit.id,
        role: '首席专家',
        startDate: '2020-01-01',
        endDate: '2019-01-01',
      }),
    ).toMatchObject({ code: 400, msg: ExpertMsg.PERIOD })
    expect(
      await call('POST', `${LINK}/submit`, {
        expertId: expert.id,
        unitId: unit.id,
        role: '首席专家',
        startDate: '2020-01-01',
      }),
    ).toMatchObject({ code: 200 })
    expect(
      await call('POST', `${LINK}/submit`, { expertId: expert.id, unitId: unit.id, startDate: '2021-02-29' }),
    ).toMatchObject({ code: 400, msg: ExpertMsg.DATE_INVALID })
    expect(await call('POST', `${LINK}/submit`, { expertId: '1', unitId: unit.id })).toMatchObject({
      code: 400,
      msg: ExpertMsg.EXPERT_MISSING,
    })
    const links = await call('GET', `${LINK}/list?expertId=${expert.id}`)
    expect(links.data.records[0]).toMatchObject({
      expertName: expert.name,
      unitName,
      startDate: '2020-01-01',
      endDate: null,
    })

    expect(
      await call('POST', `${PERSON}/submit`, { unitId: unit.id, name: '王工', email: 'x' }),
    ).toMatchObject({
      code: 400,
      msg: ExpertMsg.EMAIL_INVALID,
    })
    expect(await call('POST', `${PERSON}/submit`, { unitId: unit.id, name: '王工' })).toMatchObject({
      code: 200,
    })
    expect((await call('GET', `${PERSON}/list?unitId=${unit.id}`)).data.records[0]).toMatchObject({
      unitName,
    })

    expect(await call('POST', `${UNIT}/remove?ids=${unit.id}`)).toMatchObject({
      code: 400,
      msg: ExpertMsg.UNIT_IN_USE,
    })
  })

  it('a unit removal and a row referring to it written meanwhile: never a removed unit in use', async () => {
    // [table the reference writes, reference, live referring rows]
    const cases: [
      string,
      (unitId: string) => Promise<{ code: number; msg: string }>,
      () => Promise<number>,
    ][] = []
    const expert = await createExpert()
    const person = unique('并发人员')
    cases.push([
      'blade_persion_table',
      (unitId) => call('POST', `${PERSON}/submit`, { unitId, name: person }),
      () => t.app.prisma.expertPerson.count({ where: { name: person, isDeleted: 0 } }),
    ])
    cases.push([
      'blade_unit_association',
      (unitId) => call('POST', `${LINK}/submit`, { expertId: expert.id, unitId }),
      () =>
        t.app.prisma.expertUnitAssociation.count({
          where: { expertId: BigInt(String(expert.id)), isDeleted: 0 },
        }),
    ])
    const projectName = unique('并发项目')
    cases.push([
      'blade_project_unit',
      (unitId) => call('POST', `${PROJECT}/submit`, { projectName, leader: '张三', unitList: [{ unitId }] }),
      async () => {
        const project = await t.app.prisma.expertProject.findFirst({ where: { projectName, isDeleted: 0 } })
        return project ? t.app.prisma.expertProjectUnit.count({ where: { projectId: project.id } }) : 0
      },
    ])
    // Removal first: stopped between its count and its write (the test holds the unit table), the
    // reference sent then. Reference first: stopped before its write (the test holds its table), the
    // removal sent then (decision 030).
    for (const [table, refer, referring] of cases) {
      for (const first of ['removal', 'reference'] as const) {
        const unitName = unique('并发单位')
        await call('POST', `${UNIT}/submit`, { unitName })
        const unit = (await call('GET', `${UNIT}/list?unitName=${encodeURIComponent(unitName)}`)).data
          .records[0]
        const remove = () => call('POST', `${UNIT}/remove?ids=${unit.id}`)
        const hold = await holdTable(t.app.prisma, first === 'removal' ? 'blade_unit_table' : table)
        let one: Promise<{ code: number; msg: string }>
        let two: Promise<{ code: number; msg: string }>
        try {
          one = first === 'removal' ? remove() : refer(unit.id)
          await hold.untilWaiting(1)
          two = first === 'removal' ? refer(unit.id) : remove()
          const isDone = settled(two)
          await hold.until(async () => isDone() || (await hold.waiting()) >= 2)
        } finally {
          await hold.release()
        }
        const [x, y] = await Promise.all([one!, two!])
        const [r, a] = first === 'removal' ? [x, y] : [y, x]
        const live = await t.app.prisma.expertUnit.count({ where: { id: BigInt(unit.id), isDeleted: 0 } })
        const label = `${table}, ${first} first`
        if (r.code === 200) {
          expect(a, label).toMatchObject({ code: 400, msg: ExpertMsg.UNIT_MISSING })
          expect({ live, referring: await referring() }, label).toEqual({ live: 0, referring: 0 })
        } else {
          expect(r, label).toMatchObject({ code: 400, msg: ExpertMsg.UNIT_IN_USE })
          expect(a, label).toMatchObject({ code: 200 })
          expect(live, label).toBe(1)
        }
        // Undone for the next case.
        await t.app.prisma.expertPerson.updateMany({ where: { name: person }, data: { isDeleted: 1 } })
        await t.app.prisma.expertUnitAssociation.updateMany({
          where: { expertId: BigInt(String(expert.id)) },
          data: { isDeleted: 1 },
        })
        await t.app.prisma.expertProject.updateMany({ where: { projectName }, data: { isDeleted: 1 } })
      }
    }
  })

  it('saves a project with its unit and people rows in one transaction and removes one row', async () => {
    const names = [unique('甲单位'), unique('乙单位')]
    const units: string[] = []
    for (const unitName of names) {
      await call('POST', `${UNIT}/submit`, { unitName })
      units.push(
        (await call('GET', `${UNIT}/list?unitName=${encodeURIComponent(unitName)}`)).data.records[0].id,
      )
    }
    const projectName = unique('项目')
    const body = {
      projectName,
      leader: '张三',
      startDate: '2024-01-01',
      endDate: '2025-12-31',
      unitList: [
        { unitId: units[0], role: '牵头' },
        { unitId: units[1], role: '参与' },
      ],
      peopleList: [
        { name: '李四', workUnit: names[0], duty: '技术负责' },
        { name: '王五', workUnit: names[1] },
      ],
    }
    expect(
      await call('POST', `${PROJECT}/submit`, { ...body, unitList: [body.unitList[0], body.unitList[0]] }),
    ).toMatchObject({
      code: 400,
      msg: ExpertMsg.UNIT_TWICE,
    })
    expect(await call('POST', `${PROJECT}/submit`, { ...body, unitList: [{ unitId: '1' }] })).toMatchObject({
      code: 400,
      msg: ExpertMsg.UNIT_MISSING,
    })
    expect(
      await call('POST', `${PROJECT}/submit`, { ...body, peopleList: [{ name: '赵六', personId: '1' }] }),
    ).toMatchObject({ code: 400, msg: ExpertMsg.PERSON_MISSING })
    expect(await call('POST', `${PROJECT}/submit`, { ...body, endDate: '2025-02-29' })).toMatchObject({
      code: 400,
      msg: ExpertMsg.DATE_INVALID,
    })
    // The refused saves wrote nothing, not even the project.
    expect(
      (await call('GET', `${PROJECT}/list?projectName=${encodeURIComponent(projectName)}`)).data.total,
    ).toBe(0)
    expect(await call('POST', `${PROJECT}/submit`, {})).toMatchObject({
      code: 400,
      msg: ExpertMsg.PROJECT_NAME,
    })
    const saved = await call('POST', `${PROJECT}/submit`, body)
    expect(saved).toMatchObject({ code: 200 })
    const id = saved.data.id
    const detail = (await call('GET', `${PROJECT}/detailProject?id=${id}`)).data
    expect(detail).toMatchObject({
      projectName,
      startDate: '2024-01-01',
      unitList: [
        { unitId: units[0], unitName: names[0], role: '牵头' },
        { unitId: units[1], unitName: names[1], role: '参与' },
      ],
      peopleList: [{ name: '李四', duty: '技术负责' }, { name: '王五' }],
    })
    expect(await call('POST', `${PROJECT}/removeUnit?ids=${detail.unitList[1].id}`)).toMatchObject({
      code: 200,
      msg: '操作成功',
    })
    expect(await call('POST', `${PROJECT}/removePerson?ids=${detail.peopleList[0].id}`)).toMatchObject({
      code: 200,
    })
    const after = (await call('GET', `${PROJECT}/detailProject?id=${id}`)).data
    expect(after.unitList.map((u: { unitName: string }) => u.unitName)).toEqual([names[0]])
    expect(after.peopleList.map((p: { name: string }) => p.name)).toEqual(['王五'])
    // Saving without the lists keeps the rows.
    expect(await call('POST', `${PROJECT}/submit`, { id, projectName: '改名' })).toMatchObject({ code: 200 })
    expect((await call('GET', `${PROJECT}/detailProject?id=${id}`)).data).toMatchObject({
      projectName: '改名',
      unitList: [{ unitName: names[0] }],
    })
    // A partial update (decision 030): the fields it does not carry keep their values too; a required
    // one cannot be emptied, and the period holds for the stored record with the patch applied.
    expect((await call('GET', `${PROJECT}/detailProject?id=${id}`)).data).toMatchObject({
      leader: '张三',
      startDate: '2024-01-01',
      endDate: '2025-12-31',
    })
    expect(await call('POST', `${PROJECT}/submit`, { id, projectName: '' })).toMatchObject({
      code: 400,
      msg: ExpertMsg.PROJECT_NAME,
    })
    expect(await call('POST', `${PROJECT}/submit`, { id, endDate: '2023-12-31' })).toMatchObject({
      code: 400,
      msg: ExpertMsg.PERIOD,
    })
    expect(await call('POST', `${PROJECT}/submit`, { id, leader: '' })).toMatchObject({ code: 200 })
    expect((await call('GET', `${PROJECT}/detailProject?id=${id}`)).data).toMatchObject({
      projectName: '改名',
      leader: null,
      startDate: '2024-01-01',
    })
    expect(await call('POST', `${PROJECT}/remove?ids=${id}`)).toMatchObject({ code: 200 })
    expect((await call('GET', `${PROJECT}/detailProject?id=${id}`)).code).toBe(400)
  })
})

describe('knowledge entry experts', () => {
  const createEntry = async (title: string) => {
    const catalogName = unique('目录')
    await call('POST', '/api/ysjs-kms/catalog/submit', { catalogName, sort: 1 })
    const catalog = (
      await call('GET', `/api/ysjs-kms/catalog/list?catalogName=${encodeURIComponent(catalogName)}`)
    ).data[0]
    const saved = await call('POST', `${MAIN}/submit`, { title, catalogId: catalog.id, shelves: 1 })
    expect(saved).toMatchObject({ code: 200 })
    return saved.data.id as string
  }

  it('associates experts with an entry, answers them in the detail, and edits one link', async () => {
    const mainId = await createEntry(unique('铜冶炼烟气制酸'))
    const [a, b] = [await createExpert(), await createExpert()]
    expect(await call('POST', `${MAIN}/expertAssociate`, { mainId, expertIds: [b.id, a.id] })).toMatchObject({
      code: 200,
    })
    expect((await call('GET', `${MAIN}/detail?id=${mainId}`)).data.experts).toEqual([
      { id: b.id, name: b.name },
      { id: a.id, name: a.name },
    ])
    expect(await call('POST', `${MAIN}/expertAssociate`, { mainId, expertIds: `${a.id},1` })).toMatchObject({
      code: 400,
      msg: ExpertMsg.EXPERT_MISSING,
    })
    expect(await call('POST', `${MAIN}/expertAssociate`, { mainId: '1', expertIds: [a.id] })).toMatchObject({
      code: 400,
      msg: KmsMsg.ENTRY_MISSING,
    })
    const links = await call('GET', `${MAIN_EXPERT}/list?mainId=${mainId}`)
    expect(links.data.records.map((r: { expertName: string }) => r.expertName)).toEqual([b.name, a.name])
    const link = links.data.records[0]
    expect((await call('GET', `${MAIN_EXPERT}/detail?id=${link.id}`)).data).toMatchObject({
      mainId,
      expertId: b.id,
      expertName: b.name,
    })
    expect(await call('POST', `${MAIN_EXPERT}/submit`, { mainId, expertId: a.id })).toMatchObject({
      code: 400,
      msg: '该专家已关联此知识条目',
    })
    expect(await call('POST', `${MAIN_EXPERT}/remove?ids=${link.id}`)).toMatchObject({ code: 200 })
    const c = await createExpert()
    expect(await call('POST', `${MAIN_EXPERT}/submit`, { mainId, expertId: c.id, sort: 9 })).toMatchObject({
      code: 200,
    })
    expect((await call('GET', `${MAIN}/detail?id=${mainId}`)).data.experts).toEqual([
      { id: a.id, name: a.name },
      { id: c.id, name: c.name },
    ])
    // The entry editor saves them too; leaving expertIds out keeps them.
    const entry = (await call('GET', `${MAIN}/detail?id=${mainId}`)).data
    expect(
      await call('POST', `${MAIN}/submit`, {
        id: mainId,
        title: entry.title,
        catalogId: entry.catalogId,
        expertIds: [c.id],
      }),
    ).toMatchObject({ code: 200 })
    expect((await call('GET', `${MAIN}/detail?id=${mainId}`)).data.experts).toEqual([
      { id: c.id, name: c.name },
    ])
    expect(
      await call('POST', `${MAIN}/submit`, { id: mainId, title: entry.title, catalogId: entry.catalogId }),
    ).toMatchObject({ code: 200 })
    expect((await call('GET', `${MAIN}/detail?id=${mainId}`)).data.experts).toHaveLength(1)
    // None: an empty list clears them.
    expect(await call('POST', `${MAIN}/expertAssociate`, { mainId, expertIds: [] })).toMatchObject({
      code: 200,
    })
    expect((await call('GET', `${MAIN}/detail?id=${mainId}`)).data.experts).toEqual([])
  })

  it('removing an expert unlinks them from their units and knowledge entries', async () => {
    const mainId = await createEntry(unique('稀土萃取分离'))
    const [gone, kept] = [await createExpert(), await createExpert()]
    const unitName = unique('链接单位')
    await call('POST', `${UNIT}/submit`, { unitName })
    const unit = (await call('GET', `${UNIT}/list?unitName=${encodeURIComponent(unitName)}`)).data.records[0]
    for (const expert of [gone, kept]) {
      expect(await call('POST', `${LINK}/submit`, { expertId: expert.id, unitId: unit.id })).toMatchObject({
        code: 200,
      })
    }
    await call('POST', `${MAIN}/expertAssociate`, { mainId, expertIds: [gone.id, kept.id] })
    expect(await call('POST', `${EXPERT}/remove?ids=${gone.id}`)).toMatchObject({ code: 200 })
    const names = (page: { data: { records: { expertName: string }[] } }) =>
      page.data.records.map((r) => r.expertName)
    expect(names(await call('GET', `${LINK}/list?unitId=${unit.id}`))).toEqual([kept.name])
    expect(names(await call('GET', `${MAIN_EXPERT}/list?mainId=${mainId}`))).toEqual([kept.name])
    expect((await call('GET', `${MAIN}/detail?id=${mainId}`)).data.experts).toEqual([
      { id: kept.id, name: kept.name },
    ])
    // The unit is still in use by the remaining link; once that expert goes too, it can be removed.
    expect(await call('POST', `${UNIT}/remove?ids=${unit.id}`)).toMatchObject({ msg: ExpertMsg.UNIT_IN_USE })
    expect(await call('POST', `${EXPERT}/remove?ids=${kept.id}`)).toMatchObject({ code: 200 })
    expect(await call('POST', `${UNIT}/remove?ids=${unit.id}`)).toMatchObject({ code: 200 })
  })
})

describe('tenant isolation and permissions', () => {
  it("keeps another tenant's experts, units and projects out of reach", async () => {
    const expert = await createExpert()
    const tenantId = unique('').slice(0, 6).padStart(6, '6')
    const codes = [
      'expert_basic',
      'expert_basic_add',
      'expert_basic_edit',
      'expert_basic_delete',
      'expert_unit',
      'expert_unit_add',
      'kms_main',
      'kms_main_expert',
      'expert_project',
      'expert_project_edit',
    ]
    const other = await createTenant(t.app.prisma, { tenantId, codes })
    const user = await createUser(t.app.prisma, { tenantId, roleId: other.roleId, deptId: other.deptId })
    const token = await tokenOf(t.app, tenantId, user.account)
    expect((await call('GET', `${EXPERT}/list`, undefined, token)).data.total).toBe(0)
    expect((await call('GET', `${EXPERT}/detail?id=${expert.id}`, undefined, token)).code).toBe(400)
    expect((await call('GET', `${EXPERT}/options`, undefined, token)).data).toMatchObject({
      total: 0,
      records: [],
    })
    const exported = await t.app.inject({ method: 'GET', url: `${EXPERT}/export`, headers: auth(token) })
    expect(await xlsxRows(exported.rawPayload)).toHaveLength(1)
    await call('POST', `${EXPERT}/remove?ids=${expert.id}`, undefined, token)
    expect((await call('GET', `${EXPERT}/detail?id=${expert.id}`)).data.id).toBe(expert.id)
    // Another tenant's project and its saved rows: neither read nor removed.
    const unitName = unique('隔离单位')
    await call('POST', `${UNIT}/submit`, { unitName })
    const unit = (await call('GET', `${UNIT}/list?unitName=${encodeURIComponent(unitName)}`)).data.records[0]
    const project = await call('POST', `${PROJECT}/submit`, {
      projectName: unique('隔离项目'),
      unitList: [{ unitId: unit.id }],
      peopleList: [{ name: '孙七' }],
    })
    const rows = (await call('GET', `${PROJECT}/detailProject?id=${project.data.id}`)).data
    expect((await call('GET', `${PROJECT}/detailProject?id=${project.data.id}`, undefined, token)).code).toBe(
      400,
    )
    await call('POST', `${PROJECT}/removeUnit?ids=${rows.unitList[0].id}`, undefined, token)
    await call('POST', `${PROJECT}/removePerson?ids=${rows.peopleList[0].id}`, undefined, token)
    expect(
      await call('POST', `${PROJECT}/submit`, { id: project.data.id, projectName: '改' }, token),
    ).toMatchObject({ code: 400 })
    expect((await call('GET', `${PROJECT}/detailProject?id=${project.data.id}`)).data).toMatchObject({
      projectName: rows.projectName,
      unitList: [{ id: rows.unitList[0].id }],
      peopleList: [{ id: rows.peopleList[0].id }],
    })
    // A login account of another tenant cannot be linked.
    const admins = await call('GET', `${EXPERT}/accounts?keyword=admin`)
    const adminId = admins.data.find((a: { account: string }) => a.account === 'admin').id
    expect(await call('POST', `${EXPERT}/submit`, { userId: adminId }, token)).toMatchObject({
      code: 400,
      msg: ExpertMsg.USER_MISSING,
    })
  })

  it('needs the menu permissions', async () => {
    const tenantId = unique('').slice(0, 6).padStart(6, '5')
    const other = await createTenant(t.app.prisma, { tenantId, codes: ['expert_basic'] })
    const user = await createUser(t.app.prisma, { tenantId, roleId: other.roleId, deptId: other.deptId })
    const token = await tokenOf(t.app, tenantId, user.account)
    expect((await call('GET', `${EXPERT}/list`, undefined, token)).code).toBe(200)
    expect((await call('POST', `${EXPERT}/submit`, {}, token)).status).toBe(403)
    expect((await call('GET', `${EXPERT}/import-template`, undefined, token)).status).toBe(403)
    expect((await call('GET', `${UNIT}/export`, undefined, token)).status).toBe(403)
    expect((await call('GET', `${PROJECT}/list`, undefined, token)).status).toBe(403)
    expect(
      (await call('POST', `${MAIN}/expertAssociate`, { mainId: '1', expertIds: [] }, token)).status,
    ).toBe(403)
  })
})
