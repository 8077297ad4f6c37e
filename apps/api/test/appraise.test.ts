import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { nextId } from '@ysjs/db'
import {
  AppraiseMeetingMsg,
  AppraiseReportMsg,
  DEFAULT_INDEX_SET,
  DEFAULT_ISSUER,
  GRADE_THRESHOLDS_PARAM,
  gradeOf,
  NoticeMsg,
  parseGradeThresholds,
  ResultsMsg,
  resultsEventLabel,
  RESULTS_STATUS as S,
  weightedTotal,
} from '@ysjs/shared'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { holdTable, settled } from './helpers/locks.ts'
import { multipartFile } from './helpers/multipart.ts'
import { createTenant, createUser, tokenOf, unique } from './helpers/system.ts'

const P = '/api/ysjs-appraise'
let t: TTestApp
let storageDir: string
const tok: Record<'member' | 'appraiser' | 'expert1' | 'expert2' | 'admin', string> = {
  member: '',
  appraiser: '',
  expert1: '',
  expert2: '',
  admin: '',
}

beforeAll(async () => {
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ysjs-appraise-'))
  t = await createTestApp({ STORAGE_DIR: storageDir, RATE_LIMIT_AUTH_PER_MINUTE: '100000' })
  for (const account of Object.keys(tok) as (keyof typeof tok)[]) {
    tok[account] = (await login(t.app, account)).access_token
  }
})
afterAll(async () => {
  await t.close()
  await fs.rm(storageDir, { recursive: true, force: true })
})

type TAns = {
  status: number
  code: number
  msg: string
  // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely in the assertions
  data: any
  headers: Record<string, unknown>
  raw: Buffer
}
const call = async (
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  token = tok.member,
): Promise<TAns> => {
  const res = await t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) })
  const isJson = String(res.headers['content-type'] ?? '').includes('json')
  const body = (isJson ? res.json() : { code: res.statusCode, msg: '', data: null }) as Omit<
    TAns,
    'status' | 'headers' | 'raw'
  >
  return {
    ...body,
    status: res.statusCode,
    headers: res.headers as Record<string, unknown>,
    raw: res.rawPayload,
  }
}

const unit = (over: Record<string, unknown> = {}) => ({
  unitName: '中南大学',
  postcode: '410083',
  address: '湖南省长沙市麓山南路932号',
  name: '张三丰',
  phone: '0731-88876543',
  ...over,
})
const person = (over: Record<string, unknown> = {}) => ({
  name: '李四光',
  sex: 1,
  birthTime: '1975-06',
  jobName: 1,
  educationalLevel: 1,
  workUnit: '中南大学',
  contribution: '工艺设计与试验',
  ...over,
})
const principal = {
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
}
const fullBody = (over: Record<string, unknown> = {}) => ({
  name: unique('高效铜冶炼新工艺'),
  firstParty: '江西铜业集团有限公司',
  signingLocation: '北京',
  signingDate: '2026-11-01',
  resultsSource: '<p>国家重点研发计划</p>',
  outcomeType: 3,
  synopsis: '<p>一种<b>高效</b>铜冶炼工艺</p><script>alert(1)</script>',
  appraiseType: '会议形式',
  meetingType: 2,
  meetingTime: '2026-12-01 09:30:00',
  meetingVenue: '北京',
  unitEntityList: [unit()],
  peopleEntityList: [person()],
  principal,
  ...over,
})

/** Each zip entry's DOS time (the wall clock it was written with), read from the central directory. */
const zipEntryTimes = (raw: Buffer) => {
  const times = new Map<string, { hour: number; minute: number }>()
  for (let i = raw.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])), at = raw.readUInt32LE(i + 16); ; ) {
    if (raw.readUInt32LE(at) !== 0x02014b50) {
      break
    }
    const time = raw.readUInt16LE(at + 12)
    const nameLength = raw.readUInt16LE(at + 28)
    const name = raw.toString('utf8', at + 46, at + 46 + nameLength)
    times.set(name, { hour: time >> 11, minute: (time >> 5) & 63 })
    at += 46 + nameLength + raw.readUInt16LE(at + 30) + raw.readUInt16LE(at + 32)
    i = at
  }
  return times
}

const docXml = (raw: Buffer) => {
  const files = unzipSync(new Uint8Array(raw))
  return Buffer.from(files['word/document.xml']!).toString('utf8')
}

/**
 * What every generated document is (issue 12): A4, SimSun (宋体) with FangSong headings, the tenant's
 * name as issuer in the header and in the signature, page numbers in the footer, real tables with fixed
 * column widths and a repeated header row, headings kept with what follows them.
 */
const expectDocLayout = async (raw: Buffer, signed = true) => {
  const issuer = DEFAULT_ISSUER.fullName
  const files = unzipSync(new Uint8Array(raw))
  const text = (name: string) => Buffer.from(files[name]!).toString('utf8')
  const doc = text('word/document.xml')
  expect(doc).toMatch(/<w:pgSz w:w="11906" w:h="16838"/)
  // 宋体 is the default font and the table text's style; headings are in 仿宋.
  const styles = text('word/styles.xml')
  expect(styles).toMatch(/<w:docDefaults>.*w:eastAsia="宋体"/s)
  expect(styles).toMatch(/w:styleId="TableText".*w:eastAsia="宋体"/s)
  expect(doc).toContain('w:eastAsia="仿宋"')
  expect(doc).toContain('<w:pStyle w:val="TableText"/>')
  expect(doc).toContain('<w:tbl>')
  expect(doc).toContain('<w:tblLayout w:type="fixed"/>')
  expect(doc).toContain('<w:tblHeader/>')
  expect(doc).toContain('<w:keepNext/>')
  if (signed) {
    expect(doc).toContain(issuer)
    // Decision 027: sealed by the centre, dated in 年月日, never the seed tenant's name.
    expect(doc).toContain('（盖章）')
    expect(doc).toMatch(/\d{4}年\d{1,2}月\d{1,2}日/)
  }
  for (const name of Object.keys(files).filter((f) => f.endsWith('.xml'))) {
    expect(text(name), name).not.toContain('管理组')
  }
  expect(doc).not.toMatch(/\d{2}:\d{2}:\d{2}/)
  const headers = Object.keys(files).filter((f) => /^word\/header\d*\.xml$/.test(f))
  expect(headers.some((h) => text(h).includes(issuer))).toBe(true)
  const footers = Object.keys(files).filter((f) => /^word\/footer\d*\.xml$/.test(f))
  expect(footers.some((f) => text(f).includes('PAGE') && text(f).includes('NUMPAGES'))).toBe(true)
}

/** A draft saved and submitted by the member, accepted by the appraiser. */
const accepted = async () => {
  const saved = await call('POST', `${P}/results/saveResultsVO`, fullBody())
  expect(saved).toMatchObject({ code: 200 })
  const id = saved.data.id as string
  expect((await call('POST', `${P}/results/submit`, { id, status: S.PENDING })).msg).toBe('操作成功')
  expect(await call('POST', `${P}/results/audit`, { id, pass: true }, tok.appraiser)).toMatchObject({
    code: 200,
  })
  return { id, name: saved.data.name as string }
}

const noticeForm = (resultsId: string, agreementNumber: string, name: string) => ({
  resultsId,
  agreementNumber,
  name,
  unit: '中国有色金属工业协会',
  evaluationDate: '2026-12-01',
  sendDate: '2026-11-23',
  meetingType: 2,
  contact: '周工程师',
  phone: '010-68888888',
  list: ['江西铜业集团有限公司', '铜陵有色金属集团'],
})

describe('application: save, detail and the messages of spec section 5', () => {
  it('saves a draft with its rows in one call, answers string ids and the defaults', async () => {
    const saved = await call('POST', `${P}/results/saveResultsVO`, { name: '草稿成果' })
    expect(saved).toMatchObject({ code: 200 })
    expect(saved.data).toMatchObject({
      status: S.DRAFT,
      statusName: '草稿',
      appraiseType: '会议形式',
      meetingVenue: '北京',
      canEdit: true,
      unitEntityList: [],
      principal: null,
    })
    expect(saved.data.signingDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(typeof saved.data.id).toBe('string')

    const full = await call('POST', `${P}/results/saveResultsVO`, { ...fullBody(), id: saved.data.id })
    expect(full.data.synopsis).toBe('<p>一种<b>高效</b>铜冶炼工艺</p>')
    expect(full.data.unitEntityList).toHaveLength(1)
    const unitId = full.data.unitEntityList[0].id
    expect(full.data.peopleEntityList[0]).toMatchObject({ workUnit: unitId, workUnitName: '中南大学' })

    // Rows added, changed and removed to match the body.
    const again = await call('POST', `${P}/results/saveResultsVO`, {
      ...fullBody(),
      id: saved.data.id,
      unitEntityList: [
        { ...unit({ unitName: '北京科技大学' }), id: unitId },
        unit({ unitName: '江西理工大学' }),
      ],
      peopleEntityList: [person({ workUnit: unitId }), person({ name: '王二小', workUnit: '江西理工大学' })],
    })
    expect(again).toMatchObject({ code: 200 })
    expect(
      again.data.unitEntityList.map((u: { id: string; unitName: string }) => [u.id === unitId, u.unitName]),
    ).toEqual([
      [true, '北京科技大学'],
      [false, '江西理工大学'],
    ])
    expect(again.data.peopleEntityList.map((p: { workUnitName: string }) => p.workUnitName)).toEqual([
      '北京科技大学',
      '江西理工大学',
    ])
    const detail = await call('GET', `${P}/results/detailResultsVO?id=${saved.data.id}`)
    expect(detail.data.unitEntityList).toHaveLength(2)
    expect(detail.data.principal).toMatchObject({ phone: '13912345678' })
  })

  it('checks on a draft only what is filled, on submit everything', async () => {
    const draft = (body: object) => call('POST', `${P}/results/saveResultsVO`, { name: '校验', ...body })
    const cases: [object, string][] = [
      [{ unitEntityList: [{ postcode: '12' }] }, '邮政编码格式不正确'],
      [{ unitEntityList: [{ unitName: '甲' }] }, '公司名称格式不正确'],
      [{ unitEntityList: [{ address: '甲' }] }, '详细通讯地址格式不正确'],
      [{ unitEntityList: [{ phone: '123' }] }, '联系电话格式不正确'],
      [{ unitEntityList: [{ name: 'x' }] }, '联系人格式不正确'],
      [{ peopleEntityList: [{ name: 'a' }] }, '姓名格式不正确'],
      [{ peopleEntityList: [{ birthTime: '1975' }] }, ResultsMsg.BIRTH_TIME],
      [{ peopleEntityList: [{ workUnit: '不存在的单位' }] }, ResultsMsg.WORK_UNIT],
      [{ principal: { phone: '12345' } }, '请输入正确的联系电话'],
      [{ principal: { postcode: 'abc' } }, ResultsMsg.P_POSTCODE_BAD],
      [{ signingDate: '2026/11/01' }, ResultsMsg.SIGNING_DATE],
      // Real calendar days only: these used to reach the database (500) or roll over to March.
      [{ signingDate: '2026-13-01' }, ResultsMsg.SIGNING_DATE],
      [{ signingDate: '2026-01-32' }, ResultsMsg.SIGNING_DATE],
      [{ signingDate: '2026-02-30' }, ResultsMsg.SIGNING_DATE],
      [{ meetingTime: '2026-02-29 09:30:00' }, ResultsMsg.MEETING_TIME],
      [{ meetingTime: '2026-12-01 24:00:00' }, ResultsMsg.MEETING_TIME],
      [{ peopleEntityList: [{ birthTime: '1975-13' }] }, ResultsMsg.BIRTH_TIME],
      [{ agreementNumber: 'A'.repeat(13) }, '长度不能超过12个字符'],
    ]
    for (const [body, msg] of cases) {
      expect(await draft(body), JSON.stringify(body)).toMatchObject({ code: 400, msg })
    }
    // Empty rows and fields are fine in a draft.
    expect(await draft({ unitEntityList: [{}], peopleEntityList: [{}], principal: {} })).toMatchObject({
      code: 200,
    })

    // On submit every field is required, each with its own message, in the form's order.
    const submitMissing = async (over: Record<string, unknown>, msg: string) => {
      const saved = await call('POST', `${P}/results/saveResultsVO`, fullBody(over))
      expect(saved.code).toBe(200)
      expect(
        await call('POST', `${P}/results/submit`, { id: saved.data.id, status: S.PENDING }),
        msg,
      ).toMatchObject({
        code: 400,
        msg,
      })
    }
    await submitMissing({ resultsSource: '' }, ResultsMsg.RESULTS_SOURCE)
    // Editor markup that shows nothing is empty.
    await submitMissing({ resultsSource: '<p></p>' }, ResultsMsg.RESULTS_SOURCE)
    await submitMissing({ synopsis: '<p><br></p><p>&nbsp;</p>' }, ResultsMsg.SYNOPSIS)
    await submitMissing({ outcomeType: null }, ResultsMsg.OUTCOME_TYPE)
    await submitMissing({ synopsis: '' }, ResultsMsg.SYNOPSIS)
    await submitMissing({ meetingTime: '' }, ResultsMsg.MEETING_TIME)
    await submitMissing({ unitEntityList: [], peopleEntityList: [] }, ResultsMsg.UNITS)
    await submitMissing({ peopleEntityList: [] }, ResultsMsg.PEOPLE)
    await submitMissing({ unitEntityList: [unit({ postcode: '' })] }, ResultsMsg.POSTCODE)
    await submitMissing({ peopleEntityList: [person({ contribution: '' })] }, ResultsMsg.CONTRIBUTION)
    await submitMissing({ peopleEntityList: [person({ jobName: '' })] }, ResultsMsg.JOB_NAME)
    await submitMissing(
      { peopleEntityList: [person({ educationalLevel: null })] },
      ResultsMsg.EDUCATIONAL_LEVEL,
    )
    await submitMissing({ peopleEntityList: [person({ birthTime: '' })] }, ResultsMsg.BIRTH_TIME)
    await submitMissing({ peopleEntityList: [person({ workUnit: '' })] }, ResultsMsg.WORK_UNIT)
    await submitMissing({ unitEntityList: [unit({ address: '' })] }, ResultsMsg.ADDRESS)
    await submitMissing({ name: '' }, ResultsMsg.NAME)
    // A new application takes the defaults (会议形式, 北京); emptied later, they are missing.
    const withDefaults = await call(
      'POST',
      `${P}/results/saveResultsVO`,
      fullBody({ appraiseType: '', meetingVenue: '' }),
    )
    expect(withDefaults.data).toMatchObject({ appraiseType: '会议形式', meetingVenue: '北京' })
    for (const [field, msg] of [
      ['appraiseType', ResultsMsg.APPRAISE_TYPE],
      ['meetingVenue', ResultsMsg.MEETING_VENUE],
    ] as const) {
      const id = withDefaults.data.id
      await call('POST', `${P}/results/saveResultsVO`, { ...fullBody(), id, [field]: '' })
      expect(await call('POST', `${P}/results/submit`, { id, status: S.PENDING }), msg).toMatchObject({
        code: 400,
        msg,
      })
      await call('POST', `${P}/results/saveResultsVO`, { ...fullBody(), id })
    }
    await submitMissing({ principal: { ...principal, fax: '' } }, ResultsMsg.P_FAX)
    await submitMissing({ principal: { ...principal, phone: '' } }, '请输入联系电话')
    await submitMissing({ principal: null }, ResultsMsg.P_UNIT_NAME)
    // Every field of the unit rows, the person rows and the principal group (spec section 5).
    for (const [key, msg] of [
      ['unitName', '请输入公司名称'],
      ['name', '请输入联系人'],
      ['phone', '请输入联系电话'],
    ] as const) {
      // (a person's unit is named by the unit's name in the same body: left empty with it)
      await submitMissing(
        { unitEntityList: [unit({ [key]: '' })], peopleEntityList: [person({ workUnit: '' })] },
        msg,
      )
    }
    await submitMissing({ peopleEntityList: [person({ name: '' })] }, '请输入姓名')
    for (const [key, msg] of [
      ['unitName', '请输入单位名称'],
      ['dutyNumber', '请输入纳税登记号'],
      ['legalPerson', '请输入法定代表人'],
      ['address', '请输入通讯地址'],
      ['agent', '请输入委托代理人'],
      ['phone', '请输入联系电话'],
      ['name', '请输入联系人'],
      ['cardNumber', '请输入开户银行'],
      ['postcode', '请输入邮编'],
      ['accountNumber', '请输入账号'],
      ['fax', '请输入传真'],
    ] as const) {
      await submitMissing({ principal: { ...principal, [key]: '' } }, msg)
    }
    // The signing date defaults to today on a new application; cleared later, it is missing.
    const cleared = await call('POST', `${P}/results/saveResultsVO`, fullBody())
    await call('POST', `${P}/results/saveResultsVO`, { ...fullBody(), id: cleared.data.id, signingDate: '' })
    expect(
      await call('POST', `${P}/results/submit`, { id: cleared.data.id, status: S.PENDING }),
    ).toMatchObject({ code: 400, msg: ResultsMsg.SIGNING_DATE })
  })
})

describe('status machine, audit and history', () => {
  it('refuses every transition outside the table, with a clear message', async () => {
    const saved = await call('POST', `${P}/results/saveResultsVO`, fullBody())
    const id = saved.data.id
    // Draft: only the applicant's submit leads on.
    for (const to of [S.ACCEPTED, S.EVALUATING, S.SCORED, S.REPORTED, S.ARCHIVED]) {
      const res = await call('POST', `${P}/results/submit`, { id, status: to }, tok.appraiser)
      expect(res.code, `0 → ${to}`).toBe(400)
    }
    expect((await call('POST', `${P}/results/submit`, { id, status: S.ARCHIVED }, tok.appraiser)).msg).toBe(
      '当前状态为草稿，不能变更为已归档',
    )
    // Experts come after acceptance.
    expect(
      await call('POST', `${P}/basic/push`, { resultsId: id, expertIds: ['1'] }, tok.appraiser),
    ).toMatchObject({ code: 400, msg: '成果受理后才能推送专家' })
    // The staff cannot submit on the applicant's behalf.
    expect(await call('POST', `${P}/results/submit`, { id, status: S.PENDING }, tok.appraiser)).toMatchObject(
      {
        code: 400,
        msg: '只有申请人可以提交该成果',
      },
    )
    expect(await call('POST', `${P}/results/submit`, { id, status: S.PENDING })).toMatchObject({ code: 200 })
    // Pending: the applicant neither edits nor accepts it.
    expect(await call('POST', `${P}/results/saveResultsVO`, { ...fullBody(), id })).toMatchObject({
      code: 400,
      msg: '当前状态不能修改该成果',
    })
    expect(await call('POST', `${P}/results/audit`, { id, pass: true })).toMatchObject({ code: 403 })
    expect(await call('POST', `${P}/results/submit`, { id, status: S.ACCEPTED })).toMatchObject({ code: 403 })
    expect(
      await call('POST', `${P}/results/submit`, { id, status: S.EVALUATING }, tok.appraiser),
    ).toMatchObject({
      code: 400,
      msg: '当前状态为待审核，不能变更为评价中',
    })
    // A refusal needs an opinion; then the applicant edits and resubmits.
    expect(await call('POST', `${P}/results/audit`, { id, pass: false }, tok.appraiser)).toMatchObject({
      code: 400,
      msg: ResultsMsg.AUDIT_OPINION,
    })
    expect(
      await call('POST', `${P}/results/audit`, { id, pass: false, opinion: '请补充检测报告' }, tok.appraiser),
    ).toMatchObject({ code: 200 })
    const returned = await call('GET', `${P}/results/detail?id=${id}`)
    expect(returned.data).toMatchObject({ status: S.RETURNED, statusName: '已退回', canEdit: true })
    expect(await call('POST', `${P}/results/saveResultsVO`, { ...fullBody(), id })).toMatchObject({
      code: 200,
    })
    expect(await call('POST', `${P}/results/submit`, { id, status: S.PENDING })).toMatchObject({ code: 200 })
    const audits = await call('GET', `${P}/results/auditPage?size=200`, undefined, tok.appraiser)
    expect(audits.data.records.map((r: { id: string }) => r.id)).toContain(id)

    expect(
      await call('POST', `${P}/results/audit`, { id, pass: true, opinion: '同意受理' }, tok.appraiser),
    ).toMatchObject({
      code: 200,
    })
    const acceptedRow = (await call('GET', `${P}/results/detail?id=${id}`)).data
    const year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear()
    expect(acceptedRow).toMatchObject({ status: S.ACCEPTED, canEdit: false })
    expect(acceptedRow.agreementNumber).toMatch(new RegExp(`^YS${year}\\d{4}$`))
    // Staff still edit it, but the accepted agreement's number stays.
    expect(
      await call(
        'POST',
        `${P}/results/saveResultsVO`,
        { ...fullBody(), id, agreementNumber: 'ZZ-1' },
        tok.appraiser,
      ),
    ).toMatchObject({ code: 200, data: { agreementNumber: acceptedRow.agreementNumber } })
    // Accepted: only a notice moves it on; the status call cannot.
    expect(
      await call('POST', `${P}/results/submit`, { id, status: S.EVALUATING }, tok.appraiser),
    ).toMatchObject({
      code: 400,
      msg: '该状态由系统在相应操作完成后自动变更',
    })
    // Only drafts can be removed.
    expect(await call('POST', `${P}/results/remove?ids=${id}`, undefined, tok.appraiser)).toMatchObject({
      code: 400,
      msg: '只能删除草稿状态的成果',
    })

    // Every transition is a history row with user, time and opinion.
    const dossier = await call('GET', `${P}/results/dossier?resultsId=${id}`)
    const steps = dossier.data
      .filter((e: { kind: string }) => e.kind === 'status')
      .map((e: { fromStatus: number; toStatus: number; content: string; userName: string }) => [
        e.fromStatus,
        e.toStatus,
        e.content,
        e.userName,
      ])
    expect(steps).toEqual([
      [0, 0, '创建', '会员单位'],
      [0, 1, '提交', '会员单位'],
      [1, 9, '请补充检测报告', '评价中心'],
      [9, 1, '提交', '会员单位'],
      [1, 2, '同意受理', '评价中心'],
    ])
  })

  it('numbers acceptances in sequence and keeps a typed number unique per tenant', async () => {
    const a = await accepted()
    const b = await accepted()
    const na = (await call('GET', `${P}/results/detail?id=${a.id}`)).data.agreementNumber
    const nb = (await call('GET', `${P}/results/detail?id=${b.id}`)).data.agreementNumber
    expect(Number(nb.slice(6))).toBe(Number(na.slice(6)) + 1)
    const saved = await call('POST', `${P}/results/saveResultsVO`, fullBody())
    await call('POST', `${P}/results/submit`, { id: saved.data.id, status: S.PENDING })
    expect(
      await call(
        'POST',
        `${P}/results/audit`,
        { id: saved.data.id, pass: true, agreementNumber: na },
        tok.appraiser,
      ),
    ).toMatchObject({ code: 400, msg: ResultsMsg.AGREEMENT_NUMBER_TAKEN })
    expect(
      await call(
        'POST',
        `${P}/results/audit`,
        { id: saved.data.id, pass: true, agreementNumber: 'ZD-001' },
        tok.appraiser,
      ),
    ).toMatchObject({ code: 200 })

    // Typed numbers of another shape sort above the series but do not move it (they used to reset it,
    // and every later acceptance then failed on 协议编号已存在).
    const year = na.slice(2, 6)
    const typedAccept = async (agreementNumber: string) => {
      const draft = await call('POST', `${P}/results/saveResultsVO`, fullBody())
      await call('POST', `${P}/results/submit`, { id: draft.data.id, status: S.PENDING })
      expect(
        await call(
          'POST',
          `${P}/results/audit`,
          { id: draft.data.id, pass: true, agreementNumber },
          tok.appraiser,
        ),
        agreementNumber,
      ).toMatchObject({ code: 200 })
    }
    await typedAccept(`YS${year}A01`)
    await typedAccept(`YS${year}1`)
    await typedAccept(`YS${year}99999`)
    const c = await accepted()
    const nc = (await call('GET', `${P}/results/detail?id=${c.id}`)).data.agreementNumber
    expect(nc).toBe(`YS${year}${String(Number(nb.slice(6)) + 1).padStart(4, '0')}`)
    // A typed number of the series' shape is part of it: the next one follows it.
    const next = Number(nc.slice(6)) + 5
    await typedAccept(`YS${year}${String(next).padStart(4, '0')}`)
    const d = await accepted()
    expect((await call('GET', `${P}/results/detail?id=${d.id}`)).data.agreementNumber).toBe(
      `YS${year}${String(next + 1).padStart(4, '0')}`,
    )
    // Two acceptances at once: both get numbers, different ones.
    const drafts = await Promise.all([1, 2].map(() => call('POST', `${P}/results/saveResultsVO`, fullBody())))
    for (const draft of drafts) {
      await call('POST', `${P}/results/submit`, { id: draft.data.id, status: S.PENDING })
    }
    const answers = await Promise.all(
      drafts.map((draft) =>
        call('POST', `${P}/results/audit`, { id: draft.data.id, pass: true }, tok.appraiser),
      ),
    )
    expect(answers.map((a) => a.code)).toEqual([200, 200])
    const numbers = await Promise.all(
      drafts.map(
        async (draft) => (await call('GET', `${P}/results/detail?id=${draft.data.id}`)).data.agreementNumber,
      ),
    )
    expect(new Set(numbers).size).toBe(2)
  })

  it('posts and lists messages; applicants see only their own applications', async () => {
    const saved = await call('POST', `${P}/results/saveResultsVO`, fullBody())
    const id = saved.data.id
    expect(await call('POST', `${P}/results/message`, { resultsId: id, content: '' })).toMatchObject({
      code: 400,
      msg: ResultsMsg.MESSAGE,
    })
    expect(
      await call('POST', `${P}/results/message`, { resultsId: id, content: '请问何时评审？' }),
    ).toMatchObject({
      code: 200,
    })
    expect(
      await call('POST', `${P}/results/message`, { resultsId: id, content: '下周安排' }, tok.appraiser),
    ).toMatchObject({
      code: 200,
    })
    const list = await call('GET', `${P}/results/message?resultsId=${id}`)
    expect(list.data.map((m: { content: string }) => m.content)).toEqual(['请问何时评审？', '下周安排'])

    // Another applicant of the same tenant neither lists nor reads it.
    const member = await t.app.prisma.role.findFirstOrThrow({ where: { roleAlias: 'member' } })
    const other = await createUser(t.app.prisma, {
      tenantId: '000000',
      roleId: String(member.id),
      deptId: '1123598813738675201',
    })
    const otherToken = await tokenOf(t.app, '000000', other.account)
    expect((await call('GET', `${P}/results/list`, undefined, otherToken)).data.total).toBe(0)
    expect(await call('GET', `${P}/results/detailResultsVO?id=${id}`, undefined, otherToken)).toMatchObject({
      code: 400,
      msg: '成果不存在',
    })
    const staffList = await call('GET', `${P}/results/list?size=200`, undefined, tok.appraiser)
    expect(staffList.data.records.map((r: { id: string }) => r.id)).toContain(id)
  })
})

describe('experts, scores and documents: the whole path from draft to archive', () => {
  it('pushes two experts, takes their scores, computes the total and grade, and issues the documents', async () => {
    const { id, name } = await accepted()
    const number = (await call('GET', `${P}/results/detail?id=${id}`)).data.agreementNumber as string

    // The push dialog lists the library's experts not yet pushed, with their accounts.
    const candidates = await call(
      'GET',
      `${P}/basic/candidates?resultsId=${id}&size=200`,
      undefined,
      tok.appraiser,
    )
    const seeded = candidates.data.records.filter((e: { name: string }) =>
      ['王建国', '李秀英'].includes(e.name),
    )
    expect(seeded).toHaveLength(2)
    expect(seeded.every((e: { hasAccount: boolean }) => e.hasAccount)).toBe(true)
    const ids = seeded.map((e: { id: string }) => e.id)
    expect(await call('POST', `${P}/basic/push`, { resultsId: id, expertIds: ids })).toMatchObject({
      code: 403,
    })
    expect(
      await call('POST', `${P}/basic/push`, { resultsId: id, expertIds: ids }, tok.appraiser),
    ).toMatchObject({
      code: 200,
    })
    const after = await call(
      'GET',
      `${P}/basic/candidates?resultsId=${id}&keyword=王建国`,
      undefined,
      tok.appraiser,
    )
    expect(after.data.total).toBe(0)

    // Each expert sees it in their own review list; others do not get in.
    const review = await call('GET', `${P}/results/reviewPage?size=200`, undefined, tok.expert1)
    expect(review.data.records.find((r: { id: string }) => r.id === id)).toMatchObject({ scored: false })
    expect(
      await call('GET', `${P}/index/selectByResultsId?resultsId=${id}`, undefined, tok.member),
    ).toMatchObject({
      code: 403,
    })
    const before = await call('GET', `${P}/results/reviewDetail?id=${id}`, undefined, tok.expert1)
    expect(before.data.principal).toMatchObject({ unitName: principal.unitName, phone: null, name: null })

    // The notice moves it to 评价中 and is a valid docx naming the application.
    const started = performance.now()
    const notice = await call(
      'POST',
      `${P}/notice/createNoticeFile`,
      noticeForm(id, number, name),
      tok.appraiser,
    )
    const noticeMs = performance.now() - started
    expect(notice.status).toBe(200)
    expect(notice.headers['content-type']).toContain('wordprocessingml.document')
    expect(String(notice.headers['content-disposition'])).toContain("filename*=UTF-8''")
    const noticeXml = docXml(notice.raw)
    expect(noticeXml).toContain(name)
    expect(noticeXml).toContain(number)
    // An offline meeting: the notice names the place, not an online-meeting number.
    expect(noticeXml).toContain('会议地点')
    expect(noticeXml).not.toContain('腾讯会议号')
    await expectDocLayout(notice.raw)
    // A loose ceiling against pathologies; the 150 ms p95 budget is measured by bench/appraise-documents.mjs.
    expect(noticeMs).toBeLessThan(5000)
    expect((await call('GET', `${P}/results/detail?id=${id}`)).data.status).toBe(S.EVALUATING)

    const indexes = await call('GET', `${P}/index/selectByResultsId?resultsId=${id}`, undefined, tok.expert1)
    expect(indexes.data.records.map((i: { name: string }) => i.name)).toEqual(
      DEFAULT_INDEX_SET.map((i) => i.name),
    )
    const scoreBody = (values: number[]) => ({
      resultsId: id,
      opinion: '技术先进，建议推广',
      scores: indexes.data.records.map((i: { id: string }, n: number) => ({
        indexId: i.id,
        score: values[n],
      })),
    })
    // Scores: 0 to 100, one decimal, every indicator.
    for (const bad of [
      [101, 90, 90, 90, 90],
      [89.55, 90, 90, 90, 90],
      [-1, 90, 90, 90, 90],
    ]) {
      expect(await call('POST', `${P}/index/score`, scoreBody(bad), tok.expert1)).toMatchObject({
        code: 400,
        msg: ResultsMsg.SCORE,
      })
    }
    const partial = scoreBody([90, 90, 90, 90, 90])
    partial.scores.pop()
    expect(await call('POST', `${P}/index/score`, partial, tok.expert1)).toMatchObject({ code: 400 })
    expect(
      await call(
        'POST',
        `${P}/index/score`,
        { ...scoreBody([90, 90, 90, 90, 90]), opinion: '' },
        tok.expert1,
      ),
    ).toMatchObject({
      code: 400,
      msg: ResultsMsg.OPINION,
    })
    // A user who is not pushed cannot score.
    expect(await call('POST', `${P}/index/score`, scoreBody([90, 90, 90, 90, 90]), tok.member)).toMatchObject(
      {
        code: 403,
      },
    )

    expect(
      await call('POST', `${P}/index/score`, scoreBody([95, 88.5, 80, 70, 60]), tok.expert1),
    ).toMatchObject({
      code: 200,
    })
    expect(
      await call('POST', `${P}/index/score`, scoreBody([95, 88.5, 80, 70, 60]), tok.expert1),
    ).toMatchObject({
      code: 400,
      msg: '您已提交评分，不能修改',
    })
    // Expert 2 never reads expert 1's scores, nor the means.
    const seen2 = await call('GET', `${P}/index/selectByResultsId?resultsId=${id}`, undefined, tok.expert2)
    for (const r of seen2.data.records) {
      expect(r).toMatchObject({ score: null, myScore: null, expertScores: [] })
    }
    expect(seen2.data).toMatchObject({ totalScore: null, grade: null, submitted: false })
    const seen1 = await call('GET', `${P}/index/selectByResultsId?resultsId=${id}`, undefined, tok.expert1)
    expect(seen1.data.records.map((r: { myScore: number }) => r.myScore)).toEqual([95, 88.5, 80, 70, 60])
    expect(seen1.data.submitted).toBe(true)
    const afterScore = await call('GET', `${P}/results/reviewDetail?id=${id}`, undefined, tok.expert1)
    expect(afterScore.data.principal).toMatchObject({ phone: principal.phone })
    expect((await call('GET', `${P}/results/detail?id=${id}`)).data.status).toBe(S.EVALUATING)

    expect(
      await call('POST', `${P}/index/score`, scoreBody([85, 90, 70, 80, 61]), tok.expert2),
    ).toMatchObject({
      code: 200,
    })
    // Means per indicator, weighted total (30/25/15/15/15), grade from the thresholds.
    const means = [90, 89.3, 75, 75, 60.5]
    const expected = weightedTotal(DEFAULT_INDEX_SET.map((i, n) => ({ weight: i.weight, score: means[n]! })))!
    expect(expected).toBe(80.9)
    const staffView = await call(
      'GET',
      `${P}/index/selectByResultsId?resultsId=${id}`,
      undefined,
      tok.appraiser,
    )
    expect(staffView.data.records.map((r: { score: number }) => r.score)).toEqual(means)
    // A page like its siblings' (records, total, size, current, pages); without size, one page of all.
    expect(staffView.data).toMatchObject({ total: 5, size: 5, current: 1, pages: 1 })
    for (const r of staffView.data.records) {
      expect(r).toMatchObject({
        id: expect.any(String),
        name: expect.any(String),
        meaning: expect.any(String),
      })
    }
    const second = await call(
      'GET',
      `${P}/index/selectByResultsId?resultsId=${id}&current=2&size=2`,
      undefined,
      tok.appraiser,
    )
    expect(second.data).toMatchObject({ total: 5, size: 2, current: 2, pages: 3, totalScore: expected })
    expect(second.data.records.map((r: { score: number }) => r.score)).toEqual(means.slice(2, 4))
    // Both have submitted: each still reads only their own scores, never the other's nor the means.
    for (const [token, mine] of [
      [tok.expert1, [95, 88.5, 80, 70, 60]],
      [tok.expert2, [85, 90, 70, 80, 61]],
    ] as const) {
      const seen = await call('GET', `${P}/index/selectByResultsId?resultsId=${id}`, undefined, token)
      expect(seen.data.records.map((r: { myScore: number }) => r.myScore)).toEqual(mine)
      expect(seen.data.records.every((r: { score: null; expertScores: [] }) => r.score === null)).toBe(true)
      expect(seen.data.records.every((r: { expertScores: [] }) => r.expertScores.length === 0)).toBe(true)
      expect(seen.data).toMatchObject({ totalScore: null, grade: null, submitted: true })
    }
    expect(staffView.data.records[0].expertScores).toHaveLength(2)
    expect(staffView.data).toMatchObject({ totalScore: expected, grade: '国际先进' })
    const scored = (await call('GET', `${P}/results/detail?id=${id}`)).data
    expect(scored).toMatchObject({ status: S.SCORED, totalScore: expected, grade: '国际先进' })
    // Scored: no more experts can be pushed, and the refusal says why.
    expect(
      await call('POST', `${P}/basic/push`, { resultsId: id, expertIds: ids }, tok.appraiser),
    ).toMatchObject({ code: 400, msg: '专家评分已完成，不能再推送专家' })

    // The report: prefilled from the application, then saved, rendered with the total, stored.
    const prefilled = await call('GET', `${P}/report/detail?resultsId=${id}`, undefined, tok.appraiser)
    expect(prefilled.data).toMatchObject({ saved: false, canEdit: true })
    expect(prefilled.data).toMatchObject({ reportNum: number, outcomeName: name, totalScore: expected })
    expect(prefilled.data).not.toHaveProperty('data')
    const reportForm = {
      ...prefilled.data,
      statement: '<p>2026年12月1日在北京召开评价会。</p>',
      sources: '<p>技术报告、检测报告</p>',
      reportDictionaryEntityListTwo: '<p>达到国际先进水平。</p>',
      list: ['江西铜业集团有限公司'],
    }
    expect(
      await call('POST', `${P}/report/createReportFile`, { ...reportForm, statement: '' }, tok.appraiser),
    ).toMatchObject({
      code: 400,
      msg: '请输入评价基本过程陈述',
    })
    // Every field of the report is required, its number is the agreement's, and the rows and principal
    // group it prints must be complete.
    for (const [over, msg] of [
      [{ reportNum: '' }, AppraiseReportMsg.REPORT_NUM],
      [{ reportNum: 'YS20269999' }, AppraiseReportMsg.REPORT_NUM_BOUND],
      [{ outcomeName: '' }, AppraiseReportMsg.OUTCOME_NAME],
      [{ projectSource: '' }, AppraiseReportMsg.PROJECT_SOURCE],
      [{ outcomeType: null }, AppraiseReportMsg.OUTCOME_TYPE],
      [{ firstParty: '' }, AppraiseReportMsg.FIRST_PARTY],
      [{ commissionDate: '' }, AppraiseReportMsg.COMMISSION_DATE],
      [{ appraiseType: '' }, AppraiseReportMsg.APPRAISE_TYPE],
      [{ appraiseUnit: '' }, AppraiseReportMsg.APPRAISE_UNIT],
      [{ completeDate: '' }, AppraiseReportMsg.COMPLETE_DATE],
      [{ times: [] }, AppraiseReportMsg.TIMES],
      [{ reportDictionaryEntityListOne: '' }, AppraiseReportMsg.TECHNICAL],
      [{ statement: '<p><br></p>' }, AppraiseReportMsg.STATEMENT],
      [{ sources: '' }, AppraiseReportMsg.SOURCES],
      [{ reportDictionaryEntityListTwo: '' }, AppraiseReportMsg.CONCLUSION],
      [{ list: [] }, AppraiseReportMsg.LIST],
      [{ list: ['  '] }, AppraiseReportMsg.LIST],
      [{ commissionDate: '2026-02-30' }, AppraiseReportMsg.COMMISSION_DATE],
      [{ completeDate: '2026-00-10' }, AppraiseReportMsg.COMPLETE_DATE],
      [{ times: ['2026-11-01', '2026-11-31'] }, AppraiseReportMsg.TIMES],
      [{ times: ['2026-12-01', '2026-11-01'] }, AppraiseReportMsg.TIMES],
    ] as const) {
      expect(
        await call('POST', `${P}/report/createReportFile`, { ...reportForm, ...over }, tok.appraiser),
        JSON.stringify(over),
      ).toMatchObject({ code: 400, msg })
    }
    const setRows = (where: object, data: object) =>
      t.app.prisma.$transaction([
        t.app.prisma.resultsPrincipal.updateMany({ where: { resultsId: BigInt(id) }, data: where }),
        t.app.prisma.resultsUnit.updateMany({ where: { resultsId: BigInt(id) }, data }),
      ])
    await setRows({ personMail: null }, {})
    expect(await call('POST', `${P}/report/createReportFile`, reportForm, tok.appraiser)).toMatchObject({
      code: 400,
      msg: AppraiseReportMsg.P_MAIL,
    })
    await setRows({ personMail: principal.personMail }, { isDeleted: 1 })
    expect(await call('POST', `${P}/report/createReportFile`, reportForm, tok.appraiser)).toMatchObject({
      code: 400,
      msg: ResultsMsg.UNITS,
    })
    await setRows({}, { isDeleted: 0 })
    // The meeting record is printed in the report.
    expect(
      await call(
        'POST',
        `${P}/results/haveMeeting`,
        {
          resultsId: id,
          meetingTime: '2026-12-01 09:30:00',
          meetingType: 1,
          meetingNo: '腾讯会议 123-456-789',
          direct: '周工程师',
          meetingAgenda: '<p>专家组质询并形成评价意见</p>',
          enterpriseList: ['江西铜业集团有限公司'],
          leaders: [{ name: '李四光', workUnit: '中南大学', technical: 1 }],
        },
        tok.appraiser,
      ),
    ).toMatchObject({ status: 200 })
    const t0 = performance.now()
    const report = await call('POST', `${P}/report/createReportFile`, reportForm, tok.appraiser)
    const reportMs = performance.now() - t0
    expect(report.status).toBe(200)
    const reportXml = docXml(report.raw)
    expect(reportXml).toContain(name)
    expect(reportXml).toContain(number)
    expect(reportXml).toContain('80.9')
    expect(reportXml).toContain('国际先进')
    await expectDocLayout(report.raw)
    // Decision 027: a cover page, weights in %, the panel with a line to sign, the centre's seal.
    expect(reportXml).toContain('<w:pageBreakBefore/>')
    expect(reportXml).toMatch(/>\d+%</)
    for (const text of ['评价专家组', '王建国', '签字', '专家组意见', DEFAULT_ISSUER.sealText]) {
      expect(reportXml).toContain(text)
    }
    // Total and grade close the indicator table.
    expect(reportXml).toMatch(/综合得分.*80\.9.*评价等级.*国际先进/s)
    for (const text of [
      '委托方（甲方）',
      principal.agent,
      principal.personMail,
      '腾讯会议 123-456-789',
      '专家组质询并形成评价意见',
    ]) {
      expect(reportXml).toContain(text)
    }
    expect(reportMs).toBeLessThan(5000)
    expect((await call('GET', `${P}/results/detail?id=${id}`)).data.status).toBe(S.REPORTED)
    // Spec section 3's report at the top level of data, with its linked records.
    const detail = (await call('GET', `${P}/report/detail?resultsId=${id}`, undefined, tok.appraiser)).data
    expect(detail).toMatchObject({
      saved: true,
      generated: true,
      canEdit: true,
      resultsId: id,
      reportNum: number,
      outcomeName: name,
      outcomeType: 3,
      statement: reportForm.statement,
      reportDictionaryEntityListOne: expect.any(String),
      sources: reportForm.sources,
      reportDictionaryEntityListTwo: '<p>达到国际先进水平。</p>',
      list: ['江西铜业集团有限公司'],
      totalScore: expected,
      results: { id, agreementNumber: number, name, outcomeType: 3 },
      principal: {
        unitName: principal.unitName,
        address: principal.address,
        agent: principal.agent,
        name: principal.name,
        phone: principal.phone,
        fax: principal.fax,
        postcode: principal.postcode,
        personMail: principal.personMail,
      },
      haveMeeting: {
        meetingType: 1,
        meetingNo: '腾讯会议 123-456-789',
        direct: '周工程师',
        meetingAgenda: '<p>专家组质询并形成评价意见</p>',
      },
      unitList: [expect.objectContaining({ unitName: '中南大学' })],
      peopleList: [expect.objectContaining({ workUnitName: '中南大学' })],
    })
    expect(detail.indexList.length).toBeGreaterThan(0)
    for (const item of detail.indexList) {
      expect(Object.keys(item).sort()).toEqual(['id', 'indexName', 'score', 'weight'])
      expect(item).toMatchObject({ indexName: expect.any(String), score: expect.any(Number) })
    }
    for (const gone of ['data', 'technical', 'conclusion']) {
      expect(detail).not.toHaveProperty(gone)
    }
    // What the forms sent before (technical, conclusion) is still taken and read under the spec's names.
    const old = await call(
      'POST',
      `${P}/report/submit`,
      { resultsId: id, technical: '<p>旧的技术说明</p>', conclusion: '<p>旧的评价结论</p>' },
      tok.appraiser,
    )
    expect(old.data).toMatchObject({
      reportDictionaryEntityListOne: '<p>旧的技术说明</p>',
      reportDictionaryEntityListTwo: '<p>旧的评价结论</p>',
    })
    // A report saved under the old names before the change reads under the spec's names too.
    await t.app.prisma.resultsForm.updateMany({
      where: { resultsId: BigInt(id), kind: 'report' },
      data: { data: { reportNum: number, technical: '<p>存量说明</p>', conclusion: '<p>存量结论</p>' } },
    })
    expect(
      (await call('GET', `${P}/report/detail?resultsId=${id}`, undefined, tok.appraiser)).data,
    ).toMatchObject({
      reportDictionaryEntityListOne: '<p>存量说明</p>',
      reportDictionaryEntityListTwo: '<p>存量结论</p>',
    })

    // The agreement, the stored report and everything as a zip with the dossier.
    const protocol = await call('GET', `${P}/results/protocol?id=${id}`)
    const protocolXml = docXml(protocol.raw)
    expect(protocolXml).toContain(name)
    expect(protocolXml).toContain(principal.dutyNumber)
    await expectDocLayout(protocol.raw)
    // Decision 027: 乙方 in full like 甲方; the terms from the seeded 协议模板, its list as Word numbering
    // with bold runs; the fee in figures and capitals; 以下无正文 before the parties' sealed signatures.
    for (const text of [
      DEFAULT_ISSUER.bankAccount,
      DEFAULT_ISSUER.address,
      '30,000.00元（人民币叁万元整）',
      '一式肆份',
      '（以下无正文）',
      '甲方（盖章）',
      '乙方（盖章）',
    ]) {
      expect(protocolXml).toContain(text)
    }
    expect(protocolXml).toMatch(/<w:numPr><w:ilvl w:val="0"\/><w:numId w:val="\d+"\/><\/w:numPr>/)
    expect(protocolXml).toMatch(
      /<w:b\/>(<w:bCs\/>)?<w:sz w:val="24"\/>(<w:szCs w:val="24"\/>)?<\/w:rPr><w:t xml:space="preserve">真实、完整、合法</,
    )
    expect(protocolXml.indexOf('（以下无正文）')).toBeLessThan(protocolXml.indexOf('甲方（盖章）'))
    const numbering = Buffer.from(unzipSync(new Uint8Array(protocol.raw))['word/numbering.xml']!).toString(
      'utf8',
    )
    expect(numbering).toContain('w:val="decimal"')
    expect(numbering).toContain('w:val="bullet"')
    // Read again while the application is unchanged: the stored file, not a new one each time.
    const again = await call('GET', `${P}/results/download?resultsId=${id}&type=protocol`)
    expect(docXml(again.raw)).toContain(number)
    expect(
      await t.app.prisma.resultsAttach.count({ where: { resultsId: BigInt(id), kind: 'protocol' } }),
    ).toBe(1)
    const upload = multipartFile('file', '检测报告.pdf', Buffer.from('%PDF-1.4\n%test\n'), 'application/pdf')
    const put = await t.app.inject({
      method: 'POST',
      url: `${P}/attach/put-object?resultsId=${id}&assortId=13`,
      headers: { ...auth(tok.appraiser), ...upload.headers },
      payload: upload.payload,
    })
    expect(put.json()).toMatchObject({ code: 200 })
    const files = await call('GET', `${P}/attach/findByResultsId?resultsId=${id}&assortId=13`)
    expect(files.data.map((f: { name: string }) => f.name)).toEqual(['检测报告.pdf'])

    // APPRAISE_DOC_DIR=<dir> keeps the documents for a look in Word or LibreOffice.
    const keep = process.env.APPRAISE_DOC_DIR
    if (keep) {
      await fs.writeFile(path.join(keep, 'notice.docx'), notice.raw)
      await fs.writeFile(path.join(keep, 'report.docx'), report.raw)
      await fs.writeFile(path.join(keep, 'protocol.docx'), protocol.raw)
    }
    const stored = await call('GET', `${P}/results/download?resultsId=${id}&type=report`)
    expect(docXml(stored.raw)).toContain('80.9')
    const all = await call('GET', `${P}/results/download?resultsId=${id}&type=all`)
    expect(all.headers['content-type']).toContain('application/zip')
    const zip = unzipSync(new Uint8Array(all.raw))
    const names = Object.keys(zip)
    expect(names).toEqual(
      expect.arrayContaining([
        '档案记录.txt',
        '附件/检测报告/检测报告.pdf',
        `文书/评价报告-${number}.docx`,
        `文书/评价通知-${number}.docx`,
      ]),
    )
    // Entry times are China time (decision 027): the dossier's entry is stamped with the hour in Beijing.
    const entryTimes = zipEntryTimes(all.raw)
    const beijingHour = (new Date().getUTCHours() + 8) % 24
    expect([beijingHour, (beijingHour + 23) % 24]).toContain(entryTimes.get('档案记录.txt')!.hour)
    const dossier = Buffer.from(zip['档案记录.txt']!).toString('utf8')
    for (const text of ['提交', '推送专家 王建国', '专家提交评分', '生成评价报告', '上传附件 检测报告.pdf']) {
      expect(dossier).toContain(text)
    }
    // The same entries as the dossier page, in time order: when, who, kind, what.
    const lines = dossier.split('\r\n')
    expect(lines).toContain('时间\t操作人\t类型\t内容')
    const entries = (await call('GET', `${P}/results/dossier?resultsId=${id}`)).data
    const rows = lines.slice(lines.indexOf('时间\t操作人\t类型\t内容') + 1)
    expect(rows).toHaveLength(entries.length)
    expect(rows.map((l) => l.split('\t').slice(1, 3))).toEqual(
      entries.map((e: { userName: string; kind: string }) => [e.userName, resultsEventLabel(e.kind)]),
    )
    expect(rows).toContainEqual(
      expect.stringMatching(/\t评价中心\t状态变更\t已评分 → 已出具报告：生成评价报告$/),
    )
    expect(rows).toContainEqual(expect.stringMatching(/\t王建国\t专家评分\t专家提交评分$/))

    // Archive closes the machine; it is the centre's step, refused to the applicant by name.
    expect(await call('POST', `${P}/results/submit`, { id, status: S.ARCHIVED })).toMatchObject({
      code: 403,
      msg: '只有评价中心人员可以归档',
    })
    expect(
      await call('POST', `${P}/results/submit`, { id, status: S.ARCHIVED }, tok.appraiser),
    ).toMatchObject({ code: 200 })
    expect((await call('GET', `${P}/results/detail?id=${id}`)).data.statusName).toBe('已归档')
    // Archived: not even staff add files any more.
    const late = multipartFile('file', '补充材料.pdf', Buffer.from('%PDF-1.4\n%late\n'), 'application/pdf')
    const refused = await t.app.inject({
      method: 'POST',
      url: `${P}/attach/put-object?resultsId=${id}&assortId=17`,
      headers: { ...auth(tok.appraiser), ...late.headers },
      payload: late.payload,
    })
    expect(refused.json()).toMatchObject({ code: 400, msg: '当前状态不能修改该成果' })
    expect(
      await call('POST', `${P}/results/submit`, { id, status: S.REPORTED }, tok.appraiser),
    ).toMatchObject({ code: 400 })
  })

  it('checks the notice form messages and the indicator configuration', async () => {
    const { id, name } = await accepted()
    const form = noticeForm(id, 'YS-X', name)
    const cases: [object, string][] = [
      [{ agreementNumber: '' }, NoticeMsg.AGREEMENT_NUMBER],
      [{ name: '' }, NoticeMsg.NAME],
      [{ sendDate: '' }, NoticeMsg.SEND_DATE],
      [{ meetingType: '' }, NoticeMsg.MEETING_TYPE],
      [{ meetingType: 3 }, NoticeMsg.MEETING_TYPE],
      [{ contact: '' }, NoticeMsg.CONTACT],
      [{ unit: '' }, NoticeMsg.UNIT],
      [{ evaluationDate: '' }, NoticeMsg.EVALUATION_DATE],
      [{ evaluationDate: '2026-02-30' }, NoticeMsg.EVALUATION_DATE],
      [{ sendDate: '2026-13-01' }, NoticeMsg.SEND_DATE],
      [{ meetingType: 1 }, NoticeMsg.MEETING_CODE],
      [{ contact: 'x' }, NoticeMsg.CONTACT_BAD],
      [{ phone: '12' }, NoticeMsg.PHONE_BAD],
      [{ phone: '' }, NoticeMsg.PHONE],
    ]
    for (const [over, msg] of cases) {
      expect(
        await call('POST', `${P}/notice/createNoticeFile`, { ...form, ...over }, tok.appraiser),
      ).toMatchObject({
        code: 400,
        msg,
      })
    }
    expect(
      await call('GET', `${P}/results/defaultConfig?resultsId=${id}`, undefined, tok.appraiser),
    ).toMatchObject({
      // Spec section 3's achievement indicator: id, name, score, meaning (a template's: no id, no score).
      data: DEFAULT_INDEX_SET.map((i) => ({
        id: null,
        name: i.name,
        score: null,
        meaning: i.meaning,
        weight: i.weight,
      })),
    })
    const indexList = [
      { name: '创新性', weight: 60, meaning: '' },
      { name: '先进性', weight: 40 },
    ]
    expect(await call('POST', `${P}/cofig/saves`, { resultsId: id, indexList }, tok.appraiser)).toMatchObject(
      { code: 200 },
    )
    const config = await call('GET', `${P}/results/defaultConfig?resultsId=${id}`, undefined, tok.appraiser)
    expect(config.data.map((i: { name: string }) => i.name)).toEqual(['创新性', '先进性'])
    const saved = await t.app.prisma.resultsIndex.findMany({
      where: { resultsId: BigInt(id) },
      orderBy: { sort: 'asc' },
    })
    expect(config.data).toEqual([
      { id: String(saved[0]!.id), name: '创新性', score: null, meaning: '', weight: 60 },
      { id: String(saved[1]!.id), name: '先进性', score: null, meaning: '', weight: 40 },
    ])
  })
})

describe('tenant isolation', () => {
  it("keeps another tenant's staff out of the applications and their documents", async () => {
    const { id } = await accepted()
    const tenantId = unique('').slice(0, 6).padStart(6, '8')
    const codes = (await t.app.prisma.menu.findMany({ where: { code: { startsWith: 'appraise' } } })).map(
      (m) => m.code,
    )
    const other = await createTenant(t.app.prisma, { tenantId, codes })
    const user = await createUser(t.app.prisma, { tenantId, roleId: other.roleId, deptId: other.deptId })
    const token = await tokenOf(t.app, tenantId, user.account)
    expect((await call('GET', `${P}/results/list`, undefined, token)).data.total).toBe(0)
    for (const url of [
      `${P}/results/detailResultsVO?id=${id}`,
      `${P}/results/protocol?id=${id}`,
      `${P}/results/download?resultsId=${id}&type=all`,
      `${P}/notice/detail?resultsId=${id}`,
    ]) {
      expect(await call('GET', url, undefined, token), url).toMatchObject({ code: 400, msg: '成果不存在' })
    }
    expect(await call('POST', `${P}/results/audit`, { id, pass: false, opinion: 'x' }, token)).toMatchObject({
      code: 400,
      msg: '成果不存在',
    })
    // An expert record of the other tenant cannot be pushed here.
    const foreign = nextId()
    await t.app.prisma.expertBasic.create({ data: { id: foreign, tenantId, name: '外租户专家' } })
    expect(
      await call('POST', `${P}/basic/push`, { resultsId: id, expertIds: [String(foreign)] }, tok.appraiser),
    ).toMatchObject({ code: 400, msg: '专家不存在' })
    expect((await t.app.prisma.results.findUniqueOrThrow({ where: { id: BigInt(id) } })).status).toBe(
      S.ACCEPTED,
    )
  })
})

describe('grade rules', () => {
  it('weights, rounds and grades by the thresholds', () => {
    expect(
      weightedTotal([
        { weight: 1, score: 90 },
        { weight: 1, score: 85 },
      ]),
    ).toBe(87.5)
    expect(
      weightedTotal([
        { weight: 30, score: 100 },
        { weight: 70, score: null },
      ]),
    ).toBeNull()
    expect([95, 90, 89.9, 80, 70, 60, 59.9].map((n) => gradeOf(n))).toEqual([
      '国际领先',
      '国际领先',
      '国际先进',
      '国际先进',
      '国内领先',
      '国内先进',
      '国内一般',
    ])
    const custom = parseGradeThresholds('0:一般, 75:先进')!
    expect(gradeOf(80, custom)).toBe('先进')
    expect(parseGradeThresholds('abc')).toBeNull()
  })
})

describe('sub-records as calls of their own: unit, people, principal, assort', () => {
  const otherMember = async () => {
    const member = await t.app.prisma.role.findFirstOrThrow({ where: { roleAlias: 'member' } })
    const other = await createUser(t.app.prisma, {
      tenantId: '000000',
      roleId: String(member.id),
      deptId: '1123598813738675201',
    })
    return tokenOf(t.app, '000000', other.account)
  }

  it('an application saved with only its id and a name keeps its fields, rows and principal (decision 030)', async () => {
    const saved = await call('POST', `${P}/results/saveResultsVO`, fullBody())
    const id = saved.data.id as string
    const before = (await call('GET', `${P}/results/detailResultsVO?id=${id}`)).data
    const name = unique('改名成果')
    expect(await call('POST', `${P}/results/saveResultsVO`, { id, name })).toMatchObject({ code: 200 })
    const after = (await call('GET', `${P}/results/detailResultsVO?id=${id}`)).data
    const { name: _old, updateTime: _t1, ...kept } = before
    const { name: changed, updateTime: _t2, ...rest } = after
    expect(changed).toBe(name)
    expect(rest).toEqual(kept)
    expect(after.unitEntityList).toHaveLength(1)
    expect(after.peopleEntityList).toHaveLength(1)
    // '' clears an optional field of a draft; null keeps it.
    expect(await call('POST', `${P}/results/saveResultsVO`, { id, meetingVenue: null })).toMatchObject({
      code: 200,
    })
    expect((await call('GET', `${P}/results/detailResultsVO?id=${id}`)).data).toMatchObject({
      meetingVenue: '北京',
    })
  })

  it('a unit or person row updated with one field keeps the rest; emptying a required one answers its message (decision 030)', async () => {
    const saved = await call('POST', `${P}/results/saveResultsVO`, fullBody())
    const id = saved.data.id as string
    const unitRow = saved.data.unitEntityList[0]
    const personRow = saved.data.peopleEntityList[0]
    expect(await call('POST', `${P}/unit/submit`, { id: unitRow.id, phone: '0731-88870000' })).toMatchObject({
      code: 200,
      data: { ...unit(), phone: '0731-88870000' },
    })
    expect((await call('GET', `${P}/unit/detail?id=${unitRow.id}`)).data).toMatchObject({
      ...unit(),
      phone: '0731-88870000',
      resultsId: id,
    })
    expect(await call('POST', `${P}/unit/submit`, { id: unitRow.id, unitName: '' })).toMatchObject({
      code: 400,
      msg: ResultsMsg.UNIT_NAME,
    })
    expect(
      await call('POST', `${P}/people/submit`, { id: personRow.id, contribution: '总体设计' }),
    ).toMatchObject({
      code: 200,
    })
    expect((await call('GET', `${P}/people/detail?id=${personRow.id}`)).data).toMatchObject({
      name: '李四光',
      birthTime: '1975-06',
      workUnit: unitRow.id,
      contribution: '总体设计',
    })
    expect(await call('POST', `${P}/people/submit`, { id: personRow.id, name: '' })).toMatchObject({
      code: 400,
      msg: ResultsMsg.PERSON_NAME,
    })
  })

  it('lists, reads, adds, changes and removes unit and person rows while the application is editable', async () => {
    const saved = await call('POST', `${P}/results/saveResultsVO`, fullBody())
    const id = saved.data.id as string
    const firstUnit = saved.data.unitEntityList[0].id as string

    // A unit added on its own, checked like a row of the agreement form.
    for (const [over, msg] of [
      [{ unitName: '' }, ResultsMsg.UNIT_NAME],
      [{ postcode: '41008' }, ResultsMsg.POSTCODE_BAD],
      [{ phone: '' }, ResultsMsg.PHONE],
    ] as const) {
      expect(await call('POST', `${P}/unit/submit`, unit({ resultsId: id, ...over })), msg).toMatchObject({
        code: 400,
        msg,
      })
    }
    const added = await call('POST', `${P}/unit/submit`, unit({ resultsId: id, unitName: '北京科技大学' }))
    expect(added).toMatchObject({ code: 200, data: { unitName: '北京科技大学', sort: 2, canEdit: true } })
    const changed = await call('POST', `${P}/unit/submit`, {
      ...unit({ resultsId: id, unitName: '北京科技大学冶金学院' }),
      id: added.data.id,
    })
    expect(changed.data).toMatchObject({ id: added.data.id, unitName: '北京科技大学冶金学院' })
    expect((await call('GET', `${P}/unit/detail?id=${added.data.id}`)).data).toMatchObject({
      resultsId: id,
      resultsName: saved.data.name,
    })
    const units = await call('GET', `${P}/unit/list?resultsId=${id}`)
    expect(units.data.records.map((u: { unitName: string }) => u.unitName)).toEqual([
      '中南大学',
      '北京科技大学冶金学院',
    ])
    expect((await call('GET', `${P}/unit/list?keyword=冶金学院&size=200`)).data.records).toHaveLength(1)

    // A person names a unit of the same application by id.
    const other = await call('POST', `${P}/results/saveResultsVO`, fullBody())
    expect(
      await call(
        'POST',
        `${P}/people/submit`,
        person({ resultsId: id, workUnit: other.data.unitEntityList[0].id }),
      ),
    ).toMatchObject({ code: 400, msg: ResultsMsg.WORK_UNIT })
    for (const [over, msg] of [
      [{ jobName: '' }, ResultsMsg.JOB_NAME],
      [{ educationalLevel: null }, ResultsMsg.EDUCATIONAL_LEVEL],
      [{ birthTime: '1975-13' }, ResultsMsg.BIRTH_TIME],
      [{ sex: 3 }, ResultsMsg.SEX],
    ] as const) {
      expect(
        await call('POST', `${P}/people/submit`, person({ resultsId: id, workUnit: added.data.id, ...over })),
        msg,
      ).toMatchObject({ code: 400, msg })
    }
    const newcomer = await call(
      'POST',
      `${P}/people/submit`,
      person({ resultsId: id, name: '王二小', workUnit: added.data.id }),
    )
    expect(newcomer.data).toMatchObject({ name: '王二小', workUnitName: '北京科技大学冶金学院' })
    const people = await call('GET', `${P}/people/list?resultsId=${id}`)
    expect(people.data.total).toBe(2)
    expect((await call('GET', `${P}/people/detail?id=${newcomer.data.id}`)).data.resultsName).toBe(
      saved.data.name,
    )

    // Removing a unit (spec's project/unit/remove) clears the unit of its people.
    expect(await call('POST', `${P}/project/unit/remove?ids=${added.data.id}`)).toMatchObject({
      code: 200,
      msg: '操作成功',
    })
    expect((await call('GET', `${P}/people/detail?id=${newcomer.data.id}`)).data.workUnit).toBeNull()
    expect(await call('POST', `${P}/people/remove?ids=${newcomer.data.id}`)).toMatchObject({ code: 200 })
    const vo = await call('GET', `${P}/results/detailResultsVO?id=${id}`)
    expect(vo.data.unitEntityList.map((u: { id: string }) => u.id)).toEqual([firstUnit])
    expect(vo.data.peopleEntityList).toHaveLength(1)

    // Another applicant neither reads nor writes them.
    const stranger = await otherMember()
    expect((await call('GET', `${P}/unit/list?size=200`, undefined, stranger)).data.total).toBe(0)
    expect(await call('GET', `${P}/unit/detail?id=${firstUnit}`, undefined, stranger)).toMatchObject({
      code: 400,
      msg: '成果不存在',
    })
    expect(await call('POST', `${P}/unit/submit`, unit({ resultsId: id }), stranger)).toMatchObject({
      code: 400,
      msg: '成果不存在',
    })
    expect(
      await call('POST', `${P}/project/unit/remove?ids=${firstUnit}`, undefined, stranger),
    ).toMatchObject({
      code: 400,
      msg: '成果不存在',
    })

    // Submitted: the applicant can no longer change the rows.
    expect(await call('POST', `${P}/results/submit`, { id, status: S.PENDING })).toMatchObject({ code: 200 })
    for (const [url, body] of [
      [`${P}/unit/submit`, unit({ resultsId: id })],
      [`${P}/people/submit`, person({ resultsId: id, workUnit: firstUnit })],
      [`${P}/principal/submit`, { ...principal, resultsId: id }],
      [`${P}/project/unit/remove?ids=${firstUnit}`, undefined],
    ] as const) {
      expect(await call('POST', url, body), url).toMatchObject({ code: 400, msg: '当前状态不能修改该成果' })
    }
    // Staff without the applications menu's edit rights read the rows through their own menus.
    const staffUnits = await call('GET', `${P}/unit/list?resultsId=${id}`, undefined, tok.appraiser)
    expect(staffUnits.data.records[0]).toMatchObject({ unitName: '中南大学', canEdit: true })
  })

  it('keeps one principal group per application, with the spec messages', async () => {
    const saved = await call('POST', `${P}/results/saveResultsVO`, { name: unique('委托方') })
    const id = saved.data.id as string
    expect(
      await call('POST', `${P}/principal/submit`, { ...principal, dutyNumber: '', resultsId: id }),
    ).toMatchObject({ code: 400, msg: ResultsMsg.P_DUTY_NUMBER })
    expect(
      await call('POST', `${P}/principal/submit`, { ...principal, phone: '1234', resultsId: id }),
    ).toMatchObject({ code: 400, msg: ResultsMsg.P_PHONE_BAD })
    const first = await call('POST', `${P}/principal/submit`, { ...principal, resultsId: id })
    expect(first.data).toMatchObject({ unitName: principal.unitName, resultsName: saved.data.name })
    const second = await call('POST', `${P}/principal/submit`, {
      ...principal,
      unitName: '铜陵有色金属集团',
      resultsId: id,
    })
    expect(second.data.id).toBe(first.data.id)
    const list = await call('GET', `${P}/principal/list?resultsId=${id}`)
    expect(list.data.records.map((p: { unitName: string }) => p.unitName)).toEqual(['铜陵有色金属集团'])
    expect((await call('GET', `${P}/principal/detail?id=${first.data.id}`)).data.dutyNumber).toBe(
      principal.dutyNumber,
    )
    expect(await call('POST', `${P}/principal/remove?ids=${first.data.id}`)).toMatchObject({ code: 200 })
    expect((await call('GET', `${P}/results/detailResultsVO?id=${id}`)).data.principal).toBeNull()
  })

  it('answers the attachment categories 12-17 at /api/ysjs-appraise/assort and files uploads under them', async () => {
    const list = await call('GET', `${P}/assort/list?size=50`)
    expect(list.data.records.map((a: { id: string; name: string }) => [a.id, a.name]).slice(0, 6)).toEqual([
      ['12', '科技查新报告'],
      ['13', '检测报告'],
      ['14', '应用证明'],
      ['15', '论文专著'],
      ['16', '审批文件'],
      ['17', '其他资料'],
    ])
    expect((await call('GET', `${P}/assort/detail?id=13`)).data).toMatchObject({ name: '检测报告' })
    // Another category of the tree is not one of these.
    expect(await call('GET', `${P}/assort/detail?id=11`)).toMatchObject({ code: 400, msg: '附件分类不存在' })
    expect(await call('POST', `${P}/assort/submit`, { name: '鉴定证书' })).toMatchObject({ code: 403 })

    const name = unique('鉴定证书')
    // The categories are shared by every tenant: the platform's to write (issue 22), not the staff's.
    expect(await call('POST', `${P}/assort/submit`, { name }, tok.appraiser)).toMatchObject({ code: 403 })
    expect(await call('POST', `${P}/assort/submit`, { name }, tok.admin)).toMatchObject({ code: 200 })
    const added = (await call('GET', `${P}/assort/list?keyword=${encodeURIComponent(name)}`)).data.records[0]
    expect(added).toMatchObject({ name, parentId: '11', files: 0 })

    const saved = await call('POST', `${P}/results/saveResultsVO`, { name: unique('附件分类') })
    const upload = (assortId: string) => {
      const file = multipartFile('file', '证书.pdf', Buffer.from('%PDF-1.4\n%test\n'), 'application/pdf')
      return t.app.inject({
        method: 'POST',
        url: `${P}/attach/put-object?resultsId=${saved.data.id}&assortId=${assortId}`,
        headers: { ...auth(tok.member), ...file.headers },
        payload: file.payload,
      })
    }
    expect((await upload('11')).json()).toMatchObject({ code: 400, msg: '请选择附件分类' })
    expect((await upload(added.id)).json()).toMatchObject({ code: 200 })
    expect((await call('GET', `${P}/assort/detail?id=${added.id}`)).data.files).toBe(1)
    expect(await call('POST', `${P}/assort/remove?ids=${added.id}`, undefined, tok.admin)).toMatchObject({
      code: 400,
      msg: '该分类下有成果附件，不能删除',
    })
    const files = await call('GET', `${P}/attach/findByResultsId?resultsId=${saved.data.id}`)
    expect(await call('POST', `${P}/attach/remove?ids=${files.data[0].id}`)).toMatchObject({ code: 200 })
    expect(await call('POST', `${P}/assort/remove?ids=${added.id}`, undefined, tok.admin)).toMatchObject({
      code: 200,
    })
    expect((await call('GET', `${P}/assort/list?keyword=${encodeURIComponent(name)}`)).data.total).toBe(0)
  })

  it('a category removed while a file is filed under it: never removed with a live file (decision 030)', async () => {
    const name = unique('并发分类')
    expect(await call('POST', `${P}/assort/submit`, { name }, tok.admin)).toMatchObject({ code: 200 })
    const added = (await call('GET', `${P}/assort/list?keyword=${encodeURIComponent(name)}`)).data.records[0]
    const saved = await call('POST', `${P}/results/saveResultsVO`, { name: unique('并发附件') })
    const file = multipartFile('file', '证书.pdf', Buffer.from('%PDF-1.4\n%test\n'), 'application/pdf')
    // The removal is stopped between its count and its write; the file is filed meanwhile.
    const hold = await holdTable(t.app.prisma, 'blade_assort')
    let removed: Promise<TAns>
    let filed: Promise<{ code: number; msg: string }>
    try {
      removed = call('POST', `${P}/assort/remove?ids=${added.id}`, undefined, tok.admin)
      await hold.untilWaiting(1)
      filed = t.app
        .inject({
          method: 'POST',
          url: `${P}/attach/put-object?resultsId=${saved.data.id}&assortId=${added.id}`,
          headers: { ...auth(tok.member), ...file.headers },
          payload: file.payload,
        })
        .then((res) => res.json())
      const isDone = settled(filed)
      await hold.until(async () => isDone() || (await hold.waiting()) >= 2)
    } finally {
      await hold.release()
    }
    const [r, f] = await Promise.all([removed!, filed!])
    const category = await t.app.prisma.assort.findUniqueOrThrow({ where: { id: BigInt(added.id) } })
    const files = await t.app.prisma.resultsAttach.count({
      where: { assortId: BigInt(added.id), isDeleted: 0 },
    })
    if (r.code === 200) {
      expect(f).toMatchObject({ code: 400, msg: '请选择附件分类' })
      expect({ deleted: category.isDeleted, files }).toEqual({ deleted: 1, files: 0 })
    } else {
      expect(r).toMatchObject({ code: 400, msg: '该分类下有成果附件，不能删除' })
      expect(f).toMatchObject({ code: 200 })
      expect({ deleted: category.isDeleted, files }).toEqual({ deleted: 0, files: 1 })
    }
  })
})

describe('forms: 暂存 of the notice, report and meeting forms, and the meeting form', () => {
  const meetingForm = (resultsId: string, over: Record<string, unknown> = {}) => ({
    resultsId,
    meetingTime: '2026-12-01 09:30:00',
    meetingType: 2,
    meetingNo: '2026-评-018',
    direct: '周工程师',
    meetingAgenda: '<p>一、项目汇报</p><p>二、专家质询</p><img src="x" onerror="alert(1)">',
    enterpriseList: ['江西铜业集团有限公司'],
    leaders: [{ name: '李四光', workUnit: '中南大学', technical: 1 }],
    sendDate: '2026-11-30',
    ...over,
  })

  it('saves drafts checking only what is filled, keeps them, and prefills the rest', async () => {
    const { id, name } = await accepted()
    const number = (await call('GET', `${P}/results/detail?id=${id}`)).data.agreementNumber as string
    expect(
      await call('POST', `${P}/notice/submit`, { resultsId: id, contact: '周工程师' }, tok.member),
    ).toMatchObject({ code: 403 })
    for (const [over, msg] of [
      [{ contact: 'x' }, NoticeMsg.CONTACT_BAD],
      [{ phone: '12' }, NoticeMsg.PHONE_BAD],
      [{ sendDate: '2026-02-30' }, NoticeMsg.SEND_DATE],
      [{ agreementNumber: 'A'.repeat(13) }, '长度不能超过12个字符'],
    ] as const) {
      expect(
        await call('POST', `${P}/notice/submit`, { resultsId: id, ...over }, tok.appraiser),
        msg,
      ).toMatchObject({ code: 400, msg })
    }
    // Empty fields are fine in a draft (even the meeting type), and nothing is generated.
    const draft = await call(
      'POST',
      `${P}/notice/submit`,
      { resultsId: id, contact: '周工程师', phone: '', meetingType: '' },
      tok.appraiser,
    )
    expect(draft).toMatchObject({ code: 200, data: { saved: true, generated: false, canEdit: true } })
    expect(draft.data).toMatchObject({ contact: '周工程师', agreementNumber: number, name })
    const again = await call('GET', `${P}/notice/detail?resultsId=${id}`, undefined, tok.appraiser)
    // Spec section 3's evaluation notice at the top level of data, the form's facts beside it.
    expect(Object.keys(again.data).sort()).toEqual(
      [
        ...['agreementNumber', 'name', 'unit', 'evaluationDate', 'sendDate', 'meetingType', 'meetingCode'],
        ...['contact', 'phone', 'list', 'id', 'resultsId', 'saved', 'generated', 'canEdit', 'updateTime'],
      ].sort(),
    )
    expect(again.data).toMatchObject({ contact: '周工程师', meetingType: 2, list: [], resultsId: id })
    expect((await call('GET', `${P}/results/detail?id=${id}`)).data.status).toBe(S.ACCEPTED)
    // The report's draft waits for the scores like the report itself.
    expect(
      await call('POST', `${P}/report/submit`, { resultsId: id, statement: '<p>x</p>' }, tok.appraiser),
    ).toMatchObject({ code: 400, msg: '专家评分完成后才能生成评价报告' })
  })

  it('prefills the meeting form, saves it as a draft, checks every message and answers the meeting notice', async () => {
    const draftApp = await call('POST', `${P}/results/saveResultsVO`, fullBody())
    // Not accepted yet: the staff read it but cannot fill it in.
    const early = await call(
      'GET',
      `${P}/have/detail?resultsId=${draftApp.data.id}`,
      undefined,
      tok.appraiser,
    )
    expect(early.data).toMatchObject({ saved: false, canEdit: false })
    expect(
      await call('POST', `${P}/results/haveMeeting`, meetingForm(draftApp.data.id), tok.appraiser),
    ).toMatchObject({ code: 400, msg: '成果受理后才能填写评价会' })
    // The applicant has no meeting menu.
    expect(await call('GET', `${P}/have/detail?resultsId=${draftApp.data.id}`)).toMatchObject({ code: 403 })

    const { id, name } = await accepted()
    const prefilled = await call('GET', `${P}/have/detail?resultsId=${id}`, undefined, tok.appraiser)
    expect(prefilled.data).toMatchObject({ saved: false, generated: false, canEdit: true })
    expect(prefilled.data).toMatchObject({
      projectName: name,
      meetingType: 2,
      meetingTime: '2026-12-01 09:30:00',
      unitList: [expect.objectContaining({ unitName: '中南大学' })],
    })
    expect((await call('GET', `${P}/have/findAll?resultsId=${id}`, undefined, tok.appraiser)).data).toEqual(
      [],
    )

    expect(
      await call('POST', `${P}/have/submit`, { resultsId: id, leaders: [{ name: 'x' }] }, tok.appraiser),
    ).toMatchObject({ code: 400, msg: '姓名格式不正确' })
    const draft = await call(
      'POST',
      `${P}/have/submit`,
      { resultsId: id, meetingNo: '2026-评-018', leaders: [{ name: '李四光' }], enterpriseList: [] },
      tok.appraiser,
    )
    expect(draft).toMatchObject({ code: 200, data: { saved: true, canEdit: true } })
    expect(draft.data).toMatchObject({ meetingNo: '2026-评-018', leaders: [{ name: '李四光' }] })
    const all = await call('GET', `${P}/have/findAll?resultsId=${id}`, undefined, tok.appraiser)
    expect(all.data).toHaveLength(1)
    // The meeting's fields (spec sections 2 and 3) at the top level of each item.
    expect(all.data[0]).toMatchObject({
      canEdit: true,
      saved: true,
      meetingNo: '2026-评-018',
      meetingType: 2,
      meetingTime: '2026-12-01 09:30:00',
      direct: '',
      meetingAgenda: '',
      leaders: [{ name: '李四光' }],
      projectName: name,
    })
    expect(all.data[0]).not.toHaveProperty('data')

    // Every field is required on generation, with the spec's messages.
    const cases: [Record<string, unknown>, string][] = [
      [{ meetingTime: '' }, AppraiseMeetingMsg.MEETING_TIME],
      [{ meetingTime: '2026-02-30 09:30:00' }, AppraiseMeetingMsg.MEETING_TIME],
      [{ meetingType: 3 }, AppraiseMeetingMsg.MEETING_TYPE],
      [{ meetingNo: '' }, AppraiseMeetingMsg.MEETING_NO],
      [{ direct: ' ' }, AppraiseMeetingMsg.DIRECT],
      [{ meetingAgenda: '' }, AppraiseMeetingMsg.AGENDA],
      [{ meetingAgenda: '<p> </p>' }, AppraiseMeetingMsg.AGENDA],
      [{ enterpriseList: [] }, AppraiseMeetingMsg.ENTERPRISES],
      [{ leaders: [] }, AppraiseMeetingMsg.LEADERS],
      [{ leaders: [{ workUnit: '中南大学', technical: 1 }] }, AppraiseMeetingMsg.LEADER_NAME],
      [{ leaders: [{ name: '李', workUnit: '中南大学', technical: 1 }] }, AppraiseMeetingMsg.LEADER_NAME_BAD],
      [{ leaders: [{ name: '李四光', technical: 1 }] }, AppraiseMeetingMsg.LEADER_UNIT],
      [{ leaders: [{ name: '李四光', workUnit: '甲', technical: 1 }] }, AppraiseMeetingMsg.LEADER_UNIT_BAD],
      [{ leaders: [{ name: '李四光', workUnit: '中南大学' }] }, AppraiseMeetingMsg.LEADER_TECHNICAL],
    ]
    for (const [over, msg] of cases) {
      expect(
        await call('POST', `${P}/results/haveMeeting`, meetingForm(id, over), tok.appraiser),
        JSON.stringify(over),
      ).toMatchObject({ code: 400, msg })
    }
    const made = await call('POST', `${P}/results/haveMeeting`, meetingForm(id), tok.appraiser)
    expect(made.status).toBe(200)
    expect(made.headers['content-type']).toContain('wordprocessingml.document')
    const xml = docXml(made.raw)
    expect(xml).toContain(name)
    expect(xml).toContain('中南大学')
    await expectDocLayout(made.raw)
    // Decision 027: an in-person meeting prints its venue and no meeting number; an addressee and a
    // covering paragraph; the time without seconds; the agenda numbered; dated the day it is sent.
    expect(xml).toContain('会议地点')
    expect(xml).not.toContain('线上会议号')
    expect(xml).toContain('、各位评价专家：')
    expect(xml).toContain('2026年12月1日 上午9:30')
    expect(xml).toMatch(/<w:numPr>.*一、项目汇报/s)
    expect(xml).toContain('2026年11月30日')
    const online = docXml(
      (await call('POST', `${P}/results/haveMeeting`, meetingForm(id, { meetingType: 1 }), tok.appraiser))
        .raw,
    )
    expect(online).toContain('线上会议号')
    expect(online).toContain('2026-评-018')
    expect(online).not.toContain('会议地点')
    await call('POST', `${P}/results/haveMeeting`, meetingForm(id), tok.appraiser)
    const saved = await call('GET', `${P}/have/detail?resultsId=${id}`, undefined, tok.appraiser)
    expect(saved.data).toMatchObject({ saved: true, generated: true })
    // The agenda was sanitised before it was stored.
    expect(saved.data.meetingAgenda).not.toContain('onerror')
    const stored = await call('GET', `${P}/results/download?resultsId=${id}&type=meeting`)
    expect(docXml(stored.raw)).toContain('会议地点')
  })
})

describe('intellectual property of an application (equity)', () => {
  const EQ = `${P}/equity`
  /** The record's file: an attachment really stored in the tenant (a bare link is refused). */
  let certificate = ''
  beforeAll(async () => {
    const file = multipartFile('file', '证书.pdf', Buffer.from('%PDF-1.4\n%cert\n'), 'application/pdf')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-resource/oss/endpoint/put-file-attach',
      headers: { ...auth(tok.member), ...file.headers },
      payload: file.payload,
    })
    certificate = res.json().data.link
  })
  const ip = (resultsId: string, over: Record<string, unknown> = {}) => ({
    resultsId,
    type: 1,
    name: unique('一种高纯铜的制备方法'),
    country: 1,
    accreditNo: 'ZL202310000001.X',
    accreditTime: '2024-06-18',
    certificateNo: '第6543210号',
    obligee: '中南大学',
    inventor: '张三;李四',
    isEffective: 1,
    fileAttach: certificate,
    fileName: '证书.pdf',
    ...over,
  })

  it('keeps applicants to their own applications and checks the application on every write', async () => {
    const mine = (await call('POST', `${P}/results/saveResultsVO`, fullBody())).data.id as string
    const member = await t.app.prisma.role.findFirstOrThrow({ where: { roleAlias: 'member' } })
    const other = await createUser(t.app.prisma, {
      tenantId: '000000',
      roleId: String(member.id),
      deptId: '1123598813738675201',
    })
    const stranger = await tokenOf(t.app, '000000', other.account)
    const theirs = (await call('POST', `${P}/results/saveResultsVO`, fullBody(), stranger)).data.id as string

    const patent = ip(mine)
    expect(await call('POST', `${EQ}/submit`, patent)).toMatchObject({ code: 200 })
    expect(await call('POST', `${EQ}/add`, ip(mine, { type: 2, name: '软件著作权' }))).toMatchObject({
      code: 200,
    })
    // No typing of ids that are not applications the caller may edit.
    expect(await call('POST', `${EQ}/submit`, ip('9000000000000000001'))).toMatchObject({
      code: 400,
      msg: '成果不存在',
    })
    expect(await call('POST', `${EQ}/submit`, ip(theirs))).toMatchObject({ code: 400, msg: '成果不存在' })

    // assortId narrows the application's records to one category.
    const byType = await call('GET', `${EQ}/findByResultsId?resultsId=${mine}&assortId=1`)
    expect(byType.data.map((r: { name: string }) => r.name)).toEqual([patent.name])
    expect((await call('GET', `${EQ}/findByResultsId?resultsId=${mine}`)).data).toHaveLength(2)
    const row = (
      await call('GET', `${EQ}/list?resultsId_equal=${mine}&name=${encodeURIComponent(patent.name)}`)
    ).data.records[0]
    expect(row).toMatchObject({ resultsId: mine, resultsName: expect.stringContaining('高效铜冶炼新工艺') })

    // The other applicant sees none of it and cannot change it.
    const theirList = await call('GET', `${EQ}/list?size=200`, undefined, stranger)
    expect(theirList.data.records.map((r: { id: string }) => r.id)).not.toContain(row.id)
    expect(await call('GET', `${EQ}/findByResultsId?resultsId=${mine}`, undefined, stranger)).toMatchObject({
      code: 400,
      msg: '成果不存在',
    })
    expect((await call('GET', `${EQ}/detail?id=${row.id}`, undefined, stranger)).code).toBe(400)
    expect(await call('POST', `${EQ}/submit`, { ...ip(theirs), id: row.id }, stranger)).toMatchObject({
      code: 400,
    })
    await call('POST', `${EQ}/remove?ids=${row.id}`, undefined, stranger)
    expect((await call('GET', `${EQ}/detail?id=${row.id}`)).data.name).toBe(patent.name)
    const exported = await t.app.inject({ method: 'GET', url: `${EQ}/export`, headers: auth(stranger) })
    expect(exported.rawPayload.includes(Buffer.from(patent.name))).toBe(false)

    // Staff read every application's records.
    const staff = await call('GET', `${EQ}/list?size=200`, undefined, tok.appraiser)
    expect(staff.data.records.map((r: { id: string }) => r.id)).toContain(row.id)

    // Submitted: the applicant can no longer change them.
    expect(await call('POST', `${P}/results/submit`, { id: mine, status: S.PENDING })).toMatchObject({
      code: 200,
    })
    expect(await call('POST', `${EQ}/submit`, { ...patent, id: row.id, name: '改名' })).toMatchObject({
      code: 400,
      msg: '当前状态不能修改该成果',
    })
    expect(await call('POST', `${EQ}/remove?ids=${row.id}`)).toMatchObject({
      code: 400,
      msg: '当前状态不能修改该成果',
    })
  })
})

describe('experts: pushes follow the expert record', () => {
  it('refuses experts without an account, resolves the account at read time and lets staff withdraw a push', async () => {
    const { id } = await accepted()
    const expertRole = await t.app.prisma.role.findFirstOrThrow({ where: { roleAlias: 'expert' } })
    const newExpertUser = async () => {
      const user = await createUser(t.app.prisma, {
        tenantId: '000000',
        roleId: String(expertRole.id),
        deptId: '1123598813738675201',
      })
      return { id: BigInt(user.id), token: await tokenOf(t.app, '000000', user.account) }
    }
    const first = await newExpertUser()
    const second = await newExpertUser()
    const withAccount = nextId()
    const withoutAccount = nextId()
    await t.app.prisma.expertBasic.createMany({
      data: [
        { id: withAccount, tenantId: '000000', name: unique('赵专家'), userId: first.id },
        { id: withoutAccount, tenantId: '000000', name: '钱无账号' },
      ],
    })
    expect(
      await call(
        'POST',
        `${P}/basic/push`,
        { resultsId: id, expertIds: [String(withAccount), String(withoutAccount)] },
        tok.appraiser,
      ),
    ).toMatchObject({ code: 400, msg: '专家钱无账号没有登录账号，不能推送' })
    expect(
      await call(
        'POST',
        `${P}/basic/push`,
        { resultsId: id, expertIds: [String(withAccount)] },
        tok.appraiser,
      ),
    ).toMatchObject({ code: 200 })
    const pushed = await call('GET', `${P}/basic/list?resultsId=${id}&size=10`, undefined, tok.appraiser)
    expect(pushed.data).toMatchObject({
      total: 1,
      records: [{ expertId: String(withAccount), hasAccount: true }],
    })

    const reviews = async (token: string) =>
      (await call('GET', `${P}/results/reviewPage?size=200`, undefined, token)).data.records.map(
        (r: { id: string }) => r.id,
      )
    expect(await reviews(first.token)).toContain(id)
    // Before scoring an expert reads neither addresses nor contact people.
    const before = await call('GET', `${P}/results/reviewDetail?id=${id}`, undefined, first.token)
    expect(before.data.units[0]).toMatchObject({
      unitName: '中南大学',
      address: null,
      name: null,
      phone: null,
    })
    expect(before.data.principal).toMatchObject({ address: null, phone: null })

    // The account is relinked in the expert library: the review goes with it.
    await t.app.prisma.expertBasic.update({ where: { id: withAccount }, data: { userId: second.id } })
    expect(await reviews(first.token)).not.toContain(id)
    expect(await reviews(second.token)).toContain(id)
    expect(
      await call('GET', `${P}/index/selectByResultsId?resultsId=${id}`, undefined, first.token),
    ).toMatchObject({ code: 403, msg: '您不是该成果的评审专家' })
    expect(
      (await call('GET', `${P}/index/selectByResultsId?resultsId=${id}`, undefined, second.token)).data
        .records,
    ).toHaveLength(5)
    // An expert reads neither the application's staff view nor its dossier.
    expect(await call('GET', `${P}/results/detail?id=${id}`, undefined, second.token)).toMatchObject({
      code: 403,
    })
    expect(await call('GET', `${P}/results/dossier?resultsId=${id}`, undefined, second.token)).toMatchObject({
      code: 403,
    })

    // Withdrawing: the applicant may not, staff may (not scored yet), the expert loses the review.
    const pushId = pushed.data.records[0].id
    expect(await call('POST', `${P}/basic/remove?ids=${pushId}`)).toMatchObject({ code: 403 })
    expect(await call('POST', `${P}/basic/remove?ids=${pushId}`, undefined, tok.appraiser)).toMatchObject({
      code: 200,
    })
    expect(await reviews(second.token)).not.toContain(id)
    expect((await call('GET', `${P}/basic/list?resultsId=${id}`, undefined, tok.appraiser)).data.total).toBe(
      0,
    )

    // A scored push stays.
    await call('POST', `${P}/basic/push`, { resultsId: id, expertIds: [String(withAccount)] }, tok.appraiser)
    const indexes = await call('GET', `${P}/index/selectByResultsId?resultsId=${id}`, undefined, second.token)
    expect(
      await call(
        'POST',
        `${P}/index/score`,
        {
          resultsId: id,
          opinion: '同意',
          scores: indexes.data.records.map((i: { id: string }) => ({ indexId: i.id, score: 80 })),
        },
        second.token,
      ),
    ).toMatchObject({ code: 200 })
    const scoredPush = (await call('GET', `${P}/basic/list?resultsId=${id}`, undefined, tok.appraiser)).data
      .records[0]
    expect(scoredPush.scored).toBe(true)
    expect(
      await call('POST', `${P}/basic/remove?ids=${scoredPush.id}`, undefined, tok.appraiser),
    ).toMatchObject({
      code: 400,
      msg: '该专家已提交评分，不能移除',
    })
    const after = await call('GET', `${P}/results/reviewDetail?id=${id}`, undefined, second.token)
    expect(after.data.units[0]).toMatchObject({ address: '湖南省长沙市麓山南路932号', name: '张三丰' })
  })
})

describe('indicator templates (评价配置) and the lists of the sub-record menus', () => {
  it('keeps templates per outcome type and gives an application the one of its type', async () => {
    const C = `${P}/cofig`
    expect(await call('GET', `${C}/list`)).toMatchObject({ code: 403 })
    expect(
      await call('POST', `${C}/submit`, { name: '', indexList: [{ name: 'a', weight: 1 }] }, tok.appraiser),
    ).toMatchObject({ code: 400, msg: '请输入模板名称' })
    expect(await call('POST', `${C}/submit`, { name: '新工艺', indexList: [] }, tok.appraiser)).toMatchObject(
      {
        code: 400,
        msg: ResultsMsg.INDEX_SET,
      },
    )
    expect(
      await call(
        'POST',
        `${C}/submit`,
        { name: '新工艺', outcomeType: 3, indexList: [{ name: '创新性', weight: 0 }] },
        tok.appraiser,
      ),
    ).toMatchObject({ code: 400, msg: ResultsMsg.INDEX_WEIGHT })
    const name = unique('新工艺指标')
    expect(
      await call(
        'POST',
        `${C}/submit`,
        {
          name,
          outcomeType: 3,
          indexList: [
            { name: '工艺创新性', weight: 50, meaning: '与同类工艺相比的创新' },
            { name: '节能降耗效果', weight: 50, meaning: '能耗与回收率' },
          ],
        },
        tok.appraiser,
      ),
    ).toMatchObject({ code: 200 })
    const listed = await call(
      'GET',
      `${C}/list?keyword=${encodeURIComponent(name)}`,
      undefined,
      tok.appraiser,
    )
    expect(listed.data.records[0]).toMatchObject({ name, outcomeType: 3, outcomeTypeName: '新工艺' })
    const templateId = listed.data.records[0].id
    expect(
      (await call('GET', `${C}/detail?id=${templateId}`, undefined, tok.appraiser)).data.indexList,
    ).toEqual([
      { name: '工艺创新性', weight: 50, meaning: '与同类工艺相比的创新' },
      { name: '节能降耗效果', weight: 50, meaning: '能耗与回收率' },
    ])
    // An update writes only what it carries (decision 030): a remark alone keeps the name, type and set.
    expect(
      await call('POST', `${C}/submit`, { id: templateId, remark: '部分更新' }, tok.appraiser),
    ).toMatchObject({ code: 200 })
    expect((await call('GET', `${C}/detail?id=${templateId}`, undefined, tok.appraiser)).data).toMatchObject({
      name,
      outcomeType: 3,
      remark: '部分更新',
      indexList: [
        { name: '工艺创新性', weight: 50 },
        { name: '节能降耗效果', weight: 50 },
      ],
    })
    expect(await call('POST', `${C}/submit`, { id: templateId, name: '' }, tok.appraiser)).toMatchObject({
      code: 400,
      msg: '请输入模板名称',
    })

    // An application of outcome type 3 (fullBody) gets it; another type gets the default set.
    const { id } = await accepted()
    const config = await call('GET', `${P}/results/defaultConfig?resultsId=${id}`, undefined, tok.appraiser)
    expect(config.data.map((i: { name: string }) => i.name)).toEqual(['工艺创新性', '节能降耗效果'])
    const other = await call(
      'GET',
      `${P}/results/defaultConfig?resultsId=${id}&type=1`,
      undefined,
      tok.appraiser,
    )
    expect(other.data.map((i: { name: string }) => i.name)).toEqual(DEFAULT_INDEX_SET.map((i) => i.name))
    expect(
      await call('GET', `${P}/results/defaultConfig?resultsId=${id}&type=abc`, undefined, tok.appraiser),
    ).toMatchObject({ code: 400, msg: ResultsMsg.OUTCOME_TYPE })
    // Pushing experts fixes the application's set from the template.
    const experts = await call(
      'GET',
      `${P}/basic/candidates?resultsId=${id}&keyword=王建国`,
      undefined,
      tok.appraiser,
    )
    await call(
      'POST',
      `${P}/basic/push`,
      { resultsId: id, expertIds: [experts.data.records[0].id] },
      tok.appraiser,
    )
    const indexes = await call('GET', `${P}/index/selectByResultsId?resultsId=${id}`, undefined, tok.expert1)
    expect(indexes.data.records.map((i: { name: string; weight: number }) => [i.name, i.weight])).toEqual([
      ['工艺创新性', 50],
      ['节能降耗效果', 50],
    ])
    // Changing the template later leaves the application's set as it is.
    expect(
      await call(
        'POST',
        `${C}/submit`,
        { id: templateId, name, outcomeType: 3, indexList: [{ name: '只有一项', weight: 1 }] },
        tok.appraiser,
      ),
    ).toMatchObject({ code: 200 })
    expect(
      (await call('GET', `${P}/results/defaultConfig?resultsId=${id}`, undefined, tok.appraiser)).data,
    ).toHaveLength(2)
    expect(await call('POST', `${C}/remove?ids=${templateId}`, undefined, tok.appraiser)).toMatchObject({
      code: 200,
    })
    expect(
      (await call('GET', `${C}/list?keyword=${encodeURIComponent(name)}`, undefined, tok.appraiser)).data
        .total,
    ).toBe(0)
  })

  it('lists uploaded files across the applications the caller reads', async () => {
    const saved = await call('POST', `${P}/results/saveResultsVO`, { name: unique('附件列表') })
    const file = multipartFile('file', '查新报告.pdf', Buffer.from('%PDF-1.4\n%test\n'), 'application/pdf')
    await t.app.inject({
      method: 'POST',
      url: `${P}/attach/put-object?resultsId=${saved.data.id}&assortId=12`,
      headers: { ...auth(tok.member), ...file.headers },
      payload: file.payload,
    })
    const mine = await call('GET', `${P}/attach/list?resultsId=${saved.data.id}`)
    expect(mine.data.records).toEqual([
      expect.objectContaining({
        name: '查新报告.pdf',
        assortName: '科技查新报告',
        resultsName: saved.data.name,
        canEdit: true,
      }),
    ])
    const staff = await call(
      'GET',
      `${P}/attach/list?keyword=查新报告&assortId=12&size=200`,
      undefined,
      tok.appraiser,
    )
    expect(staff.data.records.map((r: { resultsId: string }) => r.resultsId)).toContain(saved.data.id)
    const member = await t.app.prisma.role.findFirstOrThrow({ where: { roleAlias: 'member' } })
    const other = await createUser(t.app.prisma, {
      tenantId: '000000',
      roleId: String(member.id),
      deptId: '1123598813738675201',
    })
    const stranger = await tokenOf(t.app, '000000', other.account)
    expect((await call('GET', `${P}/attach/list?size=200`, undefined, stranger)).data.total).toBe(0)
  })
})

describe('grade thresholds and removing drafts', () => {
  it('grades by the thresholds kept in the param appraise.gradeThresholds', async () => {
    const admin = tok.admin
    const key = GRADE_THRESHOLDS_PARAM
    const existing = await t.app.prisma.param.findFirst({ where: { paramKey: key, isDeleted: 0 } })
    const body = { paramName: '成果评价等级', paramKey: key, paramValue: '85:优秀, 75:良好, 0:合格' }
    expect(
      await call(
        'POST',
        '/api/ysjs-system/param/submit',
        existing ? { ...body, id: String(existing.id) } : body,
        admin,
      ),
    ).toMatchObject({ code: 200 })
    try {
      const { id } = await accepted()
      const experts = await call(
        'GET',
        `${P}/basic/candidates?resultsId=${id}&keyword=王建国`,
        undefined,
        tok.appraiser,
      )
      await call(
        'POST',
        `${P}/basic/push`,
        { resultsId: id, expertIds: [experts.data.records[0].id] },
        tok.appraiser,
      )
      const indexes = await call(
        'GET',
        `${P}/index/selectByResultsId?resultsId=${id}`,
        undefined,
        tok.expert1,
      )
      expect(
        await call(
          'POST',
          `${P}/index/score`,
          {
            resultsId: id,
            opinion: '同意',
            scores: indexes.data.records.map((i: { id: string }) => ({ indexId: i.id, score: 80 })),
          },
          tok.expert1,
        ),
      ).toMatchObject({ code: 200 })
      // 80 is 国际先进 by the defaults; the param makes it 良好.
      expect((await call('GET', `${P}/results/detail?id=${id}`)).data).toMatchObject({
        totalScore: 80,
        grade: '良好',
      })
    } finally {
      const row = await t.app.prisma.param.findFirstOrThrow({ where: { paramKey: key, isDeleted: 0 } })
      await call('POST', `/api/ysjs-system/param/remove?ids=${row.id}`, undefined, admin)
    }
  })

  it('removes a draft for its applicant, not another applicant’s nor a submitted one', async () => {
    const draft = (await call('POST', `${P}/results/saveResultsVO`, { name: unique('待删草稿') })).data.id
    const member = await t.app.prisma.role.findFirstOrThrow({ where: { roleAlias: 'member' } })
    const other = await createUser(t.app.prisma, {
      tenantId: '000000',
      roleId: String(member.id),
      deptId: '1123598813738675201',
    })
    const stranger = await tokenOf(t.app, '000000', other.account)
    await call('POST', `${P}/results/remove?ids=${draft}`, undefined, stranger)
    expect((await call('GET', `${P}/results/detail?id=${draft}`)).data.status).toBe(S.DRAFT)
    expect(await call('POST', `${P}/results/remove?ids=${draft}`)).toMatchObject({ code: 200 })
    expect(await call('GET', `${P}/results/detail?id=${draft}`)).toMatchObject({
      code: 400,
      msg: '成果不存在',
    })
    const list = await call('GET', `${P}/results/list?size=200`)
    expect(list.data.records.map((r: { id: string }) => r.id)).not.toContain(draft)
  })
})
