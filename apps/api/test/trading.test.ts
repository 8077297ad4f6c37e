import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { DealMsg, EquityMsg, TradingProjectMsg } from '@ysjs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { multipartFile } from './helpers/multipart.ts'
import { createTenant, createUser, tokenOf, unique } from './helpers/system.ts'
import { readExport, shapeOf } from './helpers/xlsx.ts'

const PROJECT = '/api/ysjs-trading/project'
const DEAL = '/api/ysjs-deal/deal'
const EQUITY = '/api/ysjs-appraise/equity'

let t: TTestApp
let storageDir: string
let admin: string
/** A file admin's tenant uploaded with put-file-attach: what deal and IP attachments must link to. */
let stored: { link: string; originalName: string }
const uploadAttachment = async (token: string, name = '合同.pdf') => {
  const file = multipartFile('file', name, Buffer.from('%PDF-1.4 test'), 'application/pdf')
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ysjs-resource/oss/endpoint/put-file-attach',
    payload: file.payload,
    headers: { ...file.headers, ...auth(token) },
  })
  expect(res.json()).toMatchObject({ code: 200 })
  return res.json().data as { link: string; originalName: string; attachId: string }
}
beforeAll(async () => {
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ysjs-trading-'))
  t = await createTestApp({ STORAGE_DIR: storageDir })
  admin = (await login(t.app, 'admin')).access_token
  stored = await uploadAttachment(admin)
})
afterAll(async () => {
  await t.close()
  await fs.rm(storageDir, { recursive: true, force: true })
})

const call = async (method: 'GET' | 'POST', url: string, payload?: object, token = admin) => {
  const res = await t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) })
  return { status: res.statusCode, ...res.json() }
}

const projectBody = (over: Record<string, unknown> = {}) => ({
  title: '高纯铜连续挤压技术',
  technologyType: '2',
  technicalSource: '1',
  source: '国家重点研发计划',
  industryType: '1',
  projectCountry: '1',
  intentPrice: '120.5',
  collaborationMode: '1',
  patentSituation: '1',
  projectPhase: '4',
  ascription: '中南大学',
  content: '<p>成熟<b>工艺</b></p><script>alert(1)</script>',
  isSecret: '1',
  ...over,
})

const createProject = async (over: Record<string, unknown> = {}, token = admin) => {
  const title = unique('项目')
  expect(await call('POST', `${PROJECT}/submit`, projectBody({ title, ...over }), token)).toMatchObject({
    code: 200,
  })
  const page = await call('GET', `${PROJECT}/list?title=${encodeURIComponent(title)}`, undefined, token)
  return page.data.records[0] as Record<string, string>
}

describe('trading project', () => {
  it('creates, lists with the dictionary names, shows, edits and removes', async () => {
    const row = await createProject()
    expect(row).toMatchObject({
      technologyType: 2,
      technologyTypeName: '新工艺',
      industryTypeName: '铜',
      collaborationModeName: '技术转让',
      intentPrice: '120.50',
      isSecret: 1,
    })
    // Rich text is sanitised on the server.
    expect(row.content).toBe('<p>成熟<b>工艺</b></p>')
    const filtered = await call('GET', `${PROJECT}/list?technologyType_equal=2&size=100`)
    expect(filtered.data.records.map((r: { id: string }) => r.id)).toContain(row.id)

    expect(
      await call('POST', `${PROJECT}/submit`, { ...projectBody(), id: row.id, title: '改名' }),
    ).toMatchObject({ code: 200 })
    expect((await call('GET', `${PROJECT}/detail?id=${row.id}`)).data).toMatchObject({ title: '改名' })
    // Emptied optional fields ('') are cleared, not kept (null would keep them: decision 025).
    expect(
      await call('POST', `${PROJECT}/submit`, {
        ...projectBody(),
        id: row.id,
        intentPrice: '',
        projectPhase: '',
        ascription: '',
      }),
    ).toMatchObject({ code: 200 })
    expect((await call('GET', `${PROJECT}/detail?id=${row.id}`)).data).toMatchObject({
      intentPrice: null,
      projectPhase: null,
      ascription: null,
    })
    expect(await call('POST', `${PROJECT}/remove?ids=${row.id}`)).toMatchObject({ code: 200 })
    expect(await call('GET', `${PROJECT}/detail?id=${row.id}`)).toMatchObject({
      code: 400,
      msg: '数据不存在',
    })
  })

  it('refuses a secret project (isSecret 2) with 不接受保密项目, on create and on edit', async () => {
    const refused = await call('POST', `${PROJECT}/submit`, projectBody({ isSecret: 2 }))
    expect(refused).toMatchObject({ status: 400, code: 400, msg: TradingProjectMsg.SECRET })
    expect(TradingProjectMsg.SECRET).toBe('不接受保密项目')
    const row = await createProject()
    const edit = await call('POST', `${PROJECT}/submit`, { ...projectBody(), id: row.id, isSecret: '2' })
    expect(edit).toMatchObject({ code: 400, msg: '不接受保密项目' })
    expect((await call('GET', `${PROJECT}/detail?id=${row.id}`)).data.isSecret).toBe(1)
    // Left out, it is a public project.
    const { isSecret: _omit, ...noSecret } = projectBody({ title: unique('默认') })
    expect(await call('POST', `${PROJECT}/submit`, noSecret)).toMatchObject({ code: 200 })
  })

  it.each([
    ['title', '', TradingProjectMsg.TITLE],
    ['technologyType', '', TradingProjectMsg.TECHNOLOGY_TYPE],
    ['industryType', 'x', TradingProjectMsg.INDUSTRY_TYPE],
    ['collaborationMode', '', TradingProjectMsg.COLLABORATION_MODE],
    ['intentPrice', '1.234', '意向价格格式不正确,最多两位小数'],
  ])('refuses a bad %s with its message', async (field, value, msg) => {
    expect(await call('POST', `${PROJECT}/submit`, projectBody({ [field]: value }))).toMatchObject({
      status: 400,
      msg,
    })
  })
})

const dealBody = (projectId: string, over: Record<string, unknown> = {}) => ({
  projectId,
  contractNo: unique('HT'),
  buyerUnit: '江西铜业股份有限公司',
  sellerUnit: '中南大学',
  amount: '1250000.5',
  signingDate: '2026-03-15',
  dealStatus: '2',
  fileAttach: stored.link,
  fileName: '合同.pdf',
  ...over,
})

describe('deal', () => {
  it('creates, lists with the project title and status name, edits and removes', async () => {
    const project = await createProject()
    const body = dealBody(project.id!)
    expect(await call('POST', `${DEAL}/submit`, body)).toMatchObject({ code: 200 })
    const page = await call('GET', `${DEAL}/list?contractNo=${body.contractNo}`)
    const row = page.data.records[0]
    expect(row).toMatchObject({
      projectId: project.id,
      projectTitle: project.title,
      amount: '1250000.50',
      signingDate: '2026-03-15',
      dealStatus: 2,
      dealStatusName: '已签约',
    })
    const byProject = await call('GET', `${DEAL}/list?projectId_equal=${project.id}`)
    expect(byProject.data.total).toBe(1)
    // The export: 合同金额 a number a SUM adds up (0.00), 签订日期 a date, the status by its name.
    const exported = await readExport(
      (
        await t.app.inject({
          method: 'GET',
          url: `${DEAL}/export?contractNo=${body.contractNo}`,
          headers: auth(admin),
        })
      ).rawPayload,
    )
    expect(shapeOf(exported, ['合同金额(元)', '签订日期'])).toMatchObject({
      sheetName: '交易管理',
      frozen: 3,
      columns: {
        '合同金额(元)': { types: ['number'], formats: ['0.00'] },
        签订日期: { types: ['date'], formats: ['yyyy-mm-dd'] },
      },
    })
    expect(exported.notes).toEqual([`筛选条件：合同编号：${body.contractNo}`])
    expect(exported.rows[0]!.slice(4, 7)).toEqual([1250000.5, new Date('2026-03-15T00:00:00Z'), '已签约'])
    expect(
      await call('POST', `${DEAL}/submit`, { ...body, id: row.id, dealStatus: 4, amount: 99 }),
    ).toMatchObject({ code: 200 })
    expect((await call('GET', `${DEAL}/detail?id=${row.id}`)).data).toMatchObject({
      dealStatusName: '已完成',
      amount: '99.00',
      fileAttach: body.fileAttach,
    })
    expect(
      await call('POST', `${DEAL}/submit`, { ...body, id: row.id, fileAttach: '', fileName: '' }),
    ).toMatchObject({ code: 200 })
    expect((await call('GET', `${DEAL}/detail?id=${row.id}`)).data).toMatchObject({
      fileAttach: null,
      fileName: null,
    })
    // A project with a live deal cannot be removed; once the deal is gone, it can.
    expect(await call('POST', `${PROJECT}/remove?ids=${project.id}`)).toMatchObject({
      status: 400,
      msg: TradingProjectMsg.HAS_DEALS,
    })
    expect(await call('POST', `${DEAL}/remove?ids=${row.id}`)).toMatchObject({ code: 200 })
    expect((await call('GET', `${DEAL}/list?contractNo=${body.contractNo}`)).data.total).toBe(0)
    expect(await call('POST', `${PROJECT}/remove?ids=${project.id}`)).toMatchObject({ code: 200 })
  })

  it('keeps the contract number unique among live deals', async () => {
    const project = await createProject()
    const body = dealBody(project.id!)
    expect(await call('POST', `${DEAL}/submit`, body)).toMatchObject({ code: 200 })
    expect(await call('POST', `${DEAL}/submit`, body)).toMatchObject({
      code: 400,
      msg: DealMsg.CONTRACT_NO_EXISTS,
    })
  })

  it('refuses a project that does not exist, the same buyer and seller and a bad file type', async () => {
    const project = await createProject()
    expect(await call('POST', `${DEAL}/submit`, dealBody('123'))).toMatchObject({
      code: 400,
      msg: DealMsg.PROJECT_MISSING,
    })
    expect(
      await call('POST', `${DEAL}/submit`, dealBody(project.id!, { buyerUnit: '甲', sellerUnit: '甲' })),
    ).toMatchObject({ code: 400, msg: DealMsg.SAME_PARTY })
    expect(
      await call('POST', `${DEAL}/submit`, dealBody(project.id!, { fileAttach: 'http://x/a.exe' })),
    ).toMatchObject({ code: 400, msg: EquityMsg.FILE_TYPE })
  })

  it('takes only links to files the tenant stored, for deals and intellectual property', async () => {
    const project = await createProject()
    const forged = '/api/ysjs-resource/oss/file/upload/000000/env/20240101/0f0e0d0c.pdf'
    for (const link of ['https://evil.example/contract.pdf', '/x/upload/000000/a.pdf', forged]) {
      expect(await call('POST', `${DEAL}/submit`, dealBody(project.id!, { fileAttach: link }))).toMatchObject(
        {
          status: 400,
          msg: EquityMsg.FILE_MISSING,
        },
      )
      expect(await call('POST', `${EQUITY}/submit`, equityBody({ fileAttach: link }))).toMatchObject({
        status: 400,
        msg: EquityMsg.FILE_MISSING,
      })
    }
    // A removed attachment is no longer a stored file.
    const gone = await uploadAttachment(admin, '作废.pdf')
    await t.app.prisma.attach.updateMany({ where: { id: BigInt(gone.attachId) }, data: { isDeleted: 1 } })
    expect(await call('POST', `${EQUITY}/add`, equityBody({ fileAttach: gone.link }))).toMatchObject({
      status: 400,
      msg: EquityMsg.FILE_MISSING,
    })
    expect(await call('POST', `${DEAL}/submit`, dealBody(project.id!))).toMatchObject({ code: 200 })
    // The stored link opens with the token (the screens add it), not without.
    const opened = await t.app.inject({
      method: 'GET',
      url: `${stored.link}?blade-auth=${encodeURIComponent(`bearer ${admin}`)}`,
    })
    expect(opened.statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: stored.link })).statusCode).toBe(401)
  })

  it.each([
    ['projectId', '', DealMsg.PROJECT],
    ['contractNo', ' ', DealMsg.CONTRACT_NO],
    ['buyerUnit', '', DealMsg.BUYER],
    ['sellerUnit', '', DealMsg.SELLER],
    ['amount', '', '请输入合同金额'],
    ['amount', '-1', '合同金额格式不正确,最多两位小数'],
    ['amount', '1.001', '合同金额格式不正确,最多两位小数'],
    ['signingDate', '2026-13-45', DealMsg.SIGNING_DATE],
    ['signingDate', '2023-02-29', DealMsg.SIGNING_DATE],
    ['signingDate', '2024-04-31', DealMsg.SIGNING_DATE],
    ['dealStatus', '', DealMsg.STATUS],
    ['dealStatus', '9', DealMsg.STATUS],
  ])('refuses a bad %s (%s) with its message', async (field, value, msg) => {
    expect(await call('POST', `${DEAL}/submit`, dealBody('1', { [field]: value }))).toMatchObject({
      status: 400,
      msg,
    })
  })
})

/** IP records belong to an appraisal application the caller may edit (decision 017): a new draft. */
const newResults = async (token = admin) => {
  const saved = await call(
    'POST',
    '/api/ysjs-appraise/results/saveResultsVO',
    { name: unique('成果') },
    token,
  )
  expect(saved).toMatchObject({ code: 200 })
  return saved.data.id as string
}
let resultsOfBody = ''
beforeAll(async () => {
  resultsOfBody = await newResults()
})

const equityBody = (over: Record<string, unknown> = {}) => ({
  resultsId: resultsOfBody,
  type: '1',
  name: '一种高纯铜的制备方法',
  country: '1',
  accreditNo: 'ZL202310000001.X',
  accreditTime: '2024-06-18',
  certificateNo: '第6543210号',
  obligee: '中南大学',
  inventor: '张三;李四',
  isEffective: '1',
  fileAttach: stored.link,
  fileName: '证书.pdf',
  ...over,
})

describe('intellectual property (equity)', () => {
  it('stores a record with a file uploaded through put-file-attach and finds it by result', async () => {
    const file = multipartFile('file', '专利证书.pdf', Buffer.from('%PDF-1.4 test'), 'application/pdf')
    const up = (
      await t.app.inject({
        method: 'POST',
        url: '/api/ysjs-resource/oss/endpoint/put-file-attach',
        payload: file.payload,
        headers: { ...file.headers, ...auth(admin) },
      })
    ).json()
    expect(up).toMatchObject({ code: 200 })
    expect(up.data.attachId).toMatch(/^\d+$/)
    const resultsId = await newResults()
    const body = equityBody({ resultsId, fileAttach: up.data.link, fileName: up.data.originalName })
    expect(await call('POST', `${EQUITY}/submit`, body)).toMatchObject({ code: 200 })
    expect(await call('POST', `${EQUITY}/add`, { ...body, name: '第二项' })).toMatchObject({ code: 200 })

    const found = await call('GET', `${EQUITY}/findByResultsId?resultsId=${resultsId}`)
    expect(found.data).toHaveLength(2)
    expect(found.data[0]).toMatchObject({
      resultsId,
      typeName: '发明专利',
      countryName: '中国',
      accreditTime: '2024-06-18',
      isEffective: 1,
      fileAttach: up.data.link,
      fileName: '专利证书.pdf',
    })
    const list = await call('GET', `${EQUITY}/list?resultsId_equal=${resultsId}&name=第二`)
    expect(list.data.total).toBe(1)
    const id = list.data.records[0].id
    expect(await call('POST', `${EQUITY}/submit`, { ...body, id, isEffective: 2 })).toMatchObject({
      code: 200,
    })
    expect((await call('GET', `${EQUITY}/detail?id=${id}`)).data.isEffective).toBe(2)
    expect(await call('POST', `${EQUITY}/remove?ids=${id}`)).toMatchObject({ code: 200 })
    expect((await call('GET', `${EQUITY}/findByResultsId?resultsId=${resultsId}`)).data).toHaveLength(1)
  })

  it.each([
    ['resultsId', '', EquityMsg.RESULTS],
    ['type', '', EquityMsg.TYPE],
    ['name', '', EquityMsg.NAME],
    ['country', '', EquityMsg.COUNTRY],
    ['accreditNo', '', EquityMsg.ACCREDIT_NO],
    ['accreditTime', '', EquityMsg.ACCREDIT_TIME],
    ['accreditTime', '2024/06/18', EquityMsg.ACCREDIT_TIME],
    ['certificateNo', '', EquityMsg.CERTIFICATE_NO],
    ['obligee', '', EquityMsg.OBLIGEE],
    ['inventor', '', EquityMsg.INVENTOR],
    ['isEffective', '', EquityMsg.IS_EFFECTIVE],
    ['isEffective', '3', EquityMsg.IS_EFFECTIVE],
    ['fileAttach', '', EquityMsg.FILE],
    ['fileAttach', 'http://x/a.zip', EquityMsg.FILE_TYPE],
  ])('refuses a bad %s (%s) with its message', async (field, value, msg) => {
    expect(await call('POST', `${EQUITY}/submit`, equityBody({ [field]: value }))).toMatchObject({
      status: 400,
      msg,
    })
    if (value === '') {
      // Left out entirely, the field answers the same prompt.
      const without: Record<string, unknown> = equityBody()
      delete without[field]
      expect(await call('POST', `${EQUITY}/add`, without)).toMatchObject({ status: 400, msg })
    }
  })

  it('answers the spec messages word for word', async () => {
    // Literal texts of spec section 5, not the constants the code uses: a changed constant fails here.
    expect(
      await call('POST', `${EQUITY}/submit`, equityBody({ fileAttach: 'http://x/a.zip' })),
    ).toMatchObject({
      status: 400,
      msg: '附件格式只能是 pdf、doc、docx、xls、xlsx、jpg、png',
    })
    expect(await call('POST', `${EQUITY}/submit`, equityBody({ type: '' }))).toMatchObject({
      status: 400,
      msg: '请选择知识产权类别',
    })
    expect(await call('POST', `${EQUITY}/submit`, equityBody({ fileAttach: '' }))).toMatchObject({
      status: 400,
      msg: '请上传附件',
    })
    expect(await call('POST', `${EQUITY}/submit`, equityBody({ resultsId: '' }))).toMatchObject({
      status: 400,
      msg: '请选择所属成果',
    })
  })
})

describe('tenant isolation and permissions', () => {
  it("keeps another tenant's projects, deals and records out of reach", async () => {
    const project = await createProject()
    const deal = dealBody(project.id!)
    expect(await call('POST', `${DEAL}/submit`, deal)).toMatchObject({ code: 200 })
    const resultsId = await newResults()
    expect(await call('POST', `${EQUITY}/submit`, equityBody({ resultsId }))).toMatchObject({ code: 200 })
    const dealRow = (await call('GET', `${DEAL}/list?contractNo=${deal.contractNo}`)).data.records[0]

    const tenantId = unique('').slice(0, 6).padStart(6, '7')
    const codes = [
      'trading_project',
      'trading_project_add',
      'trading_project_edit',
      'trading_project_delete',
      'deal',
      'deal_add',
      'deal_edit',
      'deal_delete',
      'appraise_equity',
      'appraise_equity_add',
      'appraise_equity_edit',
      'appraise_equity_delete',
    ]
    const other = await createTenant(t.app.prisma, { tenantId, codes })
    const user = await createUser(t.app.prisma, { tenantId, roleId: other.roleId, deptId: other.deptId })
    const token = await tokenOf(t.app, tenantId, user.account)

    expect((await call('GET', `${PROJECT}/list`, undefined, token)).data.total).toBe(0)
    expect(await call('GET', `${PROJECT}/detail?id=${project.id}`, undefined, token)).toMatchObject({
      code: 400,
      msg: '数据不存在',
    })
    // A deal cannot name another tenant's project; the same contract number is free in this tenant.
    expect(await call('POST', `${DEAL}/submit`, deal, token)).toMatchObject({
      code: 400,
      msg: DealMsg.PROJECT_MISSING,
    })
    const own = await createProject({}, token)
    // Nor link a file of another tenant: its own upload is fine.
    expect(await call('POST', `${DEAL}/submit`, { ...deal, projectId: own.id }, token)).toMatchObject({
      code: 400,
      msg: EquityMsg.FILE_MISSING,
    })
    const theirs = await uploadAttachment(token)
    expect(
      await call('POST', `${DEAL}/submit`, { ...deal, projectId: own.id, fileAttach: theirs.link }, token),
    ).toMatchObject({ code: 200 })
    expect((await call('GET', `${DEAL}/list`, undefined, token)).data.total).toBe(1)
    expect(await call('GET', `${DEAL}/detail?id=${dealRow.id}`, undefined, token)).toMatchObject({
      code: 400,
    })
    // Another tenant's application is unknown here.
    expect(
      await call('GET', `${EQUITY}/findByResultsId?resultsId=${resultsId}`, undefined, token),
    ).toMatchObject({ code: 400, msg: '成果不存在' })
    expect((await call('GET', `${EQUITY}/list`, undefined, token)).data.total).toBe(0)
    // Removing another tenant's rows changes nothing.
    await call('POST', `${PROJECT}/remove?ids=${project.id}`, undefined, token)
    await call('POST', `${DEAL}/remove?ids=${dealRow.id}`, undefined, token)
    expect((await call('GET', `${PROJECT}/detail?id=${project.id}`)).data.id).toBe(project.id)
    expect((await call('GET', `${DEAL}/detail?id=${dealRow.id}`)).data.id).toBe(dealRow.id)
  })

  it('needs the menu permissions', async () => {
    const tenantId = unique('').slice(0, 6).padStart(6, '8')
    const other = await createTenant(t.app.prisma, { tenantId, codes: ['trading_project'] })
    const user = await createUser(t.app.prisma, { tenantId, roleId: other.roleId, deptId: other.deptId })
    const token = await tokenOf(t.app, tenantId, user.account)
    expect((await call('GET', `${PROJECT}/list`, undefined, token)).code).toBe(200)
    expect((await call('POST', `${PROJECT}/submit`, projectBody(), token)).status).toBe(403)
    expect((await call('GET', `${DEAL}/list`, undefined, token)).status).toBe(403)
    expect((await call('GET', `${EQUITY}/findByResultsId?resultsId=1`, undefined, token)).status).toBe(403)
    expect((await call('POST', `${EQUITY}/add`, equityBody(), token)).status).toBe(403)
  })
})
