import { ArrangeMsg, MeetingMsg, Msg, RegisteredMsg, RoomMsg } from '@ysjs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { createRole, createTenant, createUser, grantCodes, loginAs } from './helpers/authority.ts'
import { unique } from './helpers/system.ts'
import { readExport, shapeOf } from './helpers/xlsx.ts'

const API = '/api/ysjs-meeting'
const MEETING = `${API}/meeting`
const REG = `${API}/registeredmeeting`

type THeaders = Record<string, string>
let t: TTestApp
let admin: THeaders
let member: THeaders
let memberId: bigint
let otherTenant: THeaders

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '1000000' })
  admin = auth((await login(t.app, 'admin')).access_token)
  const memberRole = await createRole(t.app, { alias: 'member', name: '会员', menuCodes: ['top_member'] })
  memberId = await createUser(t.app, { account: 'member1', roleIds: [memberRole] })
  member = await loginAs(t.app, 'member1')
  await createTenant(t.app, '300014')
  const all = await createRole(t.app, { tenantId: '300014', alias: 'admin', name: '管理员' })
  await grantCodes(t.app, all, ['meeting', 'top_member'])
  await createUser(t.app, { account: 'admin', tenantId: '300014', roleIds: [all], password: 'admin-b' })
  otherTenant = await loginAs(t.app, 'admin', '300014', 'admin-b')
})
afterAll(async () => {
  await t.close()
})

const call = async (method: 'GET' | 'POST', url: string, payload?: object, headers = admin) => {
  const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })
  return { status: res.statusCode, ...res.json() }
}

const meetingBody = (over: Record<string, unknown> = {}) => ({
  name: unique('有色金属年会'),
  startTime: '2026-05-11 09:00:00',
  endTime: '2026-05-12 18:00:00',
  address: '长沙',
  content: '年会',
  priceItems: [
    { itemName: '会务费', itemType: 1, price: '800' },
    { itemName: '单住', itemType: 2, price: 400 },
    { itemName: '合住', itemType: 3, price: '200.50' },
  ],
  ...over,
})

const createMeeting = async (over: Record<string, unknown> = {}) => {
  const body = meetingBody(over)
  expect(await call('POST', `${MEETING}/submit`, body)).toMatchObject({ code: 200 })
  const page = await call('GET', `${MEETING}/list?name=${encodeURIComponent(body.name)}`)
  return page.data.records[0] as Record<string, string> & { id: string }
}
/** A meeting open to registration: 报名中 and on the shelf. */
const openMeeting = async (over: Record<string, unknown> = {}) => {
  const m = await createMeeting(over)
  expect(await call('POST', `${MEETING}/UpdateStatusById?id=${m.id}&status=2`)).toMatchObject({ code: 200 })
  expect(await call('POST', `${MEETING}/UpdateShelvesById?id=${m.id}&shelves=1`)).toMatchObject({ code: 200 })
  return m
}

let phoneSeq = 13800000000
const regBody = (meetingId: string, over: Record<string, unknown> = {}) => ({
  meetingId,
  name: '张三丰',
  sex: 1,
  unitName: '中南大学',
  phone: String(phoneSeq++),
  position: '教授',
  arrivalTime: '2026-05-10 14:00:00',
  departureTime: '2026-05-12 10:00:00',
  arrivalStation: '长沙南站',
  roomWish: 2,
  invoiceTitle: '中南大学',
  taxNumber: '12430000444877024R',
  invoiceType: 1,
  ...over,
})
const register = async (meetingId: string, over: Record<string, unknown> = {}, headers = admin) => {
  const res = await call('POST', `${REG}/save`, regBody(meetingId, over), headers)
  expect(res, JSON.stringify(res)).toMatchObject({ code: 200 })
  return res.data.id as string
}

describe('meeting', () => {
  it('creates at 筹备中 and off the shelf, with its fee items; edits, lists and removes', async () => {
    const m = await createMeeting()
    expect(m).toMatchObject({
      status: 1,
      statusName: '筹备中',
      shelves: 0,
      open: false,
      meetingTypeName: '线下',
      startTime: '2026-05-11 09:00:00',
    })
    expect((await call('GET', `${MEETING}/listPrice?id=${m.id}`)).data).toEqual([
      { itemName: '会务费', itemType: 1, itemTypeName: '会务费', price: '800.00' },
      { itemName: '单住', itemType: 2, itemTypeName: '单住', price: '400.00' },
      { itemName: '合住', itemType: 3, itemTypeName: '合住', price: '200.50' },
    ])
    expect(
      await call('POST', `${MEETING}/update`, { ...meetingBody(), id: m.id, address: '北京' }),
    ).toMatchObject({
      code: 200,
    })
    expect((await call('GET', `${MEETING}/detail?id=${m.id}`)).data.address).toBe('北京')
    expect(await call('POST', `${MEETING}/remove?ids=${m.id}`)).toMatchObject({ code: 200 })
    expect(await call('GET', `${MEETING}/detail?id=${m.id}`)).toMatchObject({ code: 400 })
  })

  it.each([
    ['name', '', MeetingMsg.NAME],
    ['startTime', '2026-13-01', MeetingMsg.START_TIME],
    ['address', ' ', MeetingMsg.ADDRESS],
    ['endTime', '2026-05-01 09:00:00', MeetingMsg.END_BEFORE_START],
  ])('refuses a bad %s', async (field, value, msg) => {
    expect(await call('POST', `${MEETING}/submit`, meetingBody({ [field]: value }))).toMatchObject({
      code: 400,
      msg,
    })
  })

  it('moves its status forward only', async () => {
    const m = await createMeeting()
    const status = (s: number) => call('POST', `${MEETING}/UpdateStatusById?id=${m.id}&status=${s}`)
    // By permission: staff who may see and edit meetings but not change their status or shelf are refused.
    const role = await createRole(t.app, { alias: 'meetingEditor', name: '会议编辑', menuCodes: [] })
    await grantCodes(t.app, role, ['meeting_info', 'meeting_info_edit'], false)
    await createUser(t.app, { account: 'meetingEditor', roleIds: [role] })
    const editor = await loginAs(t.app, 'meetingEditor')
    expect((await call('GET', `${MEETING}/detail?id=${m.id}`, undefined, editor)).data.id).toBe(m.id)
    for (const url of [
      `${MEETING}/UpdateStatusById?id=${m.id}&status=2`,
      `${MEETING}/UpdateShelvesById?id=${m.id}&shelves=1`,
    ]) {
      expect(await call('POST', url, undefined, editor)).toMatchObject({ status: 403, code: 403 })
      expect(await call('POST', url, undefined, member)).toMatchObject({ status: 403, code: 403 })
    }
    expect(await status(2)).toMatchObject({ code: 200 })
    expect(await status(2)).toMatchObject({ code: 400, msg: MeetingMsg.STATUS_FORWARD })
    expect(await status(1)).toMatchObject({ code: 400, msg: MeetingMsg.STATUS_FORWARD })
    expect(await status(4)).toMatchObject({ code: 200 })
    expect(await status(6)).toMatchObject({ code: 400 })
    const detail = (await call('GET', `${MEETING}/detail?id=${m.id}`)).data
    expect(detail).toMatchObject({ status: 4, statusName: '进行中' })
    // `status` is the meeting's; the platform's row status is not on the wire to shadow it.
    expect(Object.keys(detail)).not.toContain('meetingStatus')
    expect(Object.keys(detail)).not.toContain('rowStatus')
    const byStatus = (s: number) =>
      call('GET', `${MEETING}/list?status_equal=${s}&name=${encodeURIComponent(String(m.name))}`)
    expect((await byStatus(4)).data.records.map((x: { id: string }) => x.id)).toEqual([m.id])
    expect((await byStatus(1)).data.records).toEqual([])
    expect(await call('POST', `${MEETING}/UpdateShelvesById?id=${m.id}&shelves=2`)).toMatchObject({
      code: 400,
    })
  })
})

describe('registration', () => {
  it('is refused until the meeting is 报名中 and on the shelf, and after it closes', async () => {
    const m = await createMeeting()
    const refused = { code: 400, msg: RegisteredMsg.NOT_OPEN }
    expect(await call('POST', `${REG}/save`, regBody(m.id))).toMatchObject(refused)
    await call('POST', `${MEETING}/UpdateStatusById?id=${m.id}&status=2`)
    expect(await call('POST', `${REG}/save`, regBody(m.id))).toMatchObject(refused)
    await call('POST', `${MEETING}/UpdateShelvesById?id=${m.id}&shelves=1`)
    expect(
      (await call('GET', `${MEETING}/listOpen`, undefined, member)).data.map((x: { id: string }) => x.id),
    ).toContain(m.id)
    await register(m.id)
    await call('POST', `${MEETING}/UpdateStatusById?id=${m.id}&status=3`)
    expect(await call('POST', `${REG}/save`, regBody(m.id))).toMatchObject(refused)
    // A meeting with registrations is not removed.
    expect(await call('POST', `${MEETING}/remove?ids=${m.id}`)).toMatchObject({
      code: 400,
      msg: MeetingMsg.HAS_REGISTRATIONS,
    })
  })

  it('refuses the same phone twice in a meeting, even when sent at once; another meeting takes it', async () => {
    const m = await openMeeting()
    const body = regBody(m.id)
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', `${REG}/save`, body)))
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.msg === RegisteredMsg.DUPLICATE)).toHaveLength(2)
    const other = await openMeeting()
    expect(await call('POST', `${REG}/save`, { ...body, meetingId: other.id })).toMatchObject({ code: 200 })
  })

  it('prices the registration from the fee items and the nights, and lists it per meeting', async () => {
    const m = await openMeeting()
    const shared = await register(m.id)
    const single = await register(m.id, { roomWish: 1, sex: 2, name: '李四娘', unitName: '有研院' })
    const detail = (await call('GET', `${REG}/detail?id=${shared}`)).data
    // 800 + 2 nights × 200.50
    expect(detail).toMatchObject({
      price: '1201.00',
      roomWishName: '合住',
      meetingName: m.name,
      payStatus: 0,
    })
    expect((await call('GET', `${REG}/detail?id=${single}`)).data.price).toBe('1600.00')
    const page = await call('GET', `${REG}/pageByMeetingId?meetingId=${m.id}&size=10`)
    expect(page.data.total).toBe(2)
    expect((await call('GET', `${REG}/pageByMeetingId?meetingId=${m.id}&unitName=有研`)).data.total).toBe(1)
    const stats = (await call('GET', `${REG}/statistics?meetingId=${m.id}`)).data
    expect(stats).toMatchObject({
      registered: 2,
      byArrivalDay: [{ day: '2026-05-10', count: 2 }],
      bySex: [
        { sex: 1, count: 1 },
        { sex: 2, count: 1 },
      ],
    })
    expect(
      await call('POST', `${REG}/update`, {
        ...regBody(m.id),
        id: shared,
        name: '张三',
        phone: '13900000001',
      }),
    ).toMatchObject({ code: 200 })
    expect((await call('GET', `${REG}/detail?id=${shared}`)).data.name).toBe('张三')
    expect(await call('POST', `${REG}/remove?ids=${single}`)).toMatchObject({ code: 200 })
    expect((await call('GET', `${REG}/pageByMeetingId?meetingId=${m.id}`)).data.total).toBe(1)
  })

  it('refuses bad registration input with its message', async () => {
    const m = await openMeeting()
    for (const [field, value, msg] of [
      ['name', '', RegisteredMsg.NAME],
      ['phone', '123', RegisteredMsg.PHONE_BAD],
      ['sex', 3, RegisteredMsg.SEX],
      ['departureTime', '2026-05-09 10:00:00', RegisteredMsg.DEPARTURE_BEFORE_ARRIVAL],
    ] as const) {
      expect(await call('POST', `${REG}/save`, regBody(m.id, { [field]: value }))).toMatchObject({
        code: 400,
        msg,
      })
    }
    // A stay is bounded by the meeting (11–12 May) and 7 days either side, so no fee grows without end.
    for (const [over, msg] of [
      [
        { arrivalTime: '9999-05-10 14:00:00', departureTime: '9999-05-12 10:00:00' },
        RegisteredMsg.ARRIVAL_WINDOW,
      ],
      [{ arrivalTime: '2026-05-03 23:59:59' }, RegisteredMsg.ARRIVAL_WINDOW],
      [{ departureTime: '9999-12-31 10:00:00' }, RegisteredMsg.DEPARTURE_WINDOW],
      [{ departureTime: '2026-05-19 18:00:01' }, RegisteredMsg.DEPARTURE_WINDOW],
    ] as const) {
      expect(await call('POST', `${REG}/save`, regBody(m.id, over)), JSON.stringify(over)).toMatchObject({
        code: 400,
        msg,
      })
    }
    const edge = await register(m.id, {
      arrivalTime: '2026-05-04 09:00:00',
      departureTime: '2026-05-19 18:00:00',
    })
    expect(
      await call('POST', `${REG}/update`, {
        ...regBody(m.id),
        id: edge,
        departureTime: '2027-01-01 10:00:00',
      }),
    ).toMatchObject({ code: 400, msg: RegisteredMsg.DEPARTURE_WINDOW })
    // The amounts a fee is computed from are bounded too.
    expect(
      await call(
        'POST',
        `${MEETING}/submit`,
        meetingBody({ priceItems: [{ itemName: '单住', itemType: 2, price: '100000.01' }] }),
      ),
    ).toMatchObject({ code: 400, msg: '费用金额不能超过100000元' })
    expect(
      await call('POST', `${MEETING}/submit`, meetingBody({ endTime: '2027-05-13 09:00:00' })),
    ).toMatchObject({ code: 400, msg: MeetingMsg.TOO_LONG })
    expect(await call('POST', `${REG}/updatePrice`, { id: edge, price: '100000000.01' })).toMatchObject({
      code: 400,
      msg: '费用不能超过100000000元',
    })
    // The calls asked for a meeting's rows say which field is missing or malformed.
    for (const url of [
      `${REG}/pageByMeetingId`,
      `${REG}/pageByMeetingId?meetingId=abc`,
      `${REG}/statistics`,
      `${REG}/exportInvoicingExcel?meetingId=`,
      `${REG}/allocationView?meetingId=1.5`,
      `${REG}/arrangeView`,
      `${REG}/IntelligentAllocation?betweenOne=2026-05-10&betweenTwo=2026-05-12`,
      `${REG}/IntelligentAllocationCar?meetingId=-1`,
    ]) {
      expect(await call('GET', url), url).toMatchObject({ status: 400, code: 400, msg: '请选择会议' })
    }
  })

  it('a member registers from the member centre, sees and cancels only their own', async () => {
    const m = await openMeeting()
    const mine = await register(m.id, {}, member)
    const staff = await register(m.id)
    expect(
      (await call('GET', `${REG}/mine`, undefined, member)).data.map((r: { id: string }) => r.id),
    ).toEqual([mine])
    expect(
      (await call('GET', `${API}/meetingRelational/detail?id=${mine}`, undefined, member)).data,
    ).toMatchObject({
      registered: { id: mine, createUser: String(memberId) },
      meeting: { id: m.id },
    })
    expect(await call('GET', `${API}/meetingRelational/detail?id=${staff}`, undefined, member)).toMatchObject(
      {
        code: 400,
      },
    )
    // Staff calls stay closed to the member.
    expect(await call('GET', `${REG}/pageByMeetingId?meetingId=${m.id}`, undefined, member)).toMatchObject({
      status: 403,
    })
    await call('POST', `${API}/meetingRelational/remove?ids=${mine},${staff}`, undefined, member)
    expect(
      (await call('GET', `${REG}/pageByMeetingId?meetingId=${m.id}`)).data.records.map(
        (r: { id: string }) => r.id,
      ),
    ).toEqual([staff])
    // Once registration has closed, a member no longer cancels (staff still remove).
    const kept = await register(m.id, {}, member)
    await call('POST', `${MEETING}/UpdateStatusById?id=${m.id}&status=3`)
    expect(
      await call('POST', `${API}/meetingRelational/remove?ids=${kept}`, undefined, member),
    ).toMatchObject({
      code: 400,
      msg: RegisteredMsg.CANCEL_CLOSED,
    })
    expect((await call('GET', `${REG}/detail?id=${kept}`)).data.id).toBe(kept)
  })

  it('a member lists and reads the meetings open to them through meeting/list and meeting/detail', async () => {
    const name = unique('会员可见会议')
    const open = await openMeeting({ name: `${name}-开放`, address: '昆明' })
    const preparing = await createMeeting({ name: `${name}-筹备` })
    const offShelf = await createMeeting({ name: `${name}-下架` })
    await call('POST', `${MEETING}/UpdateStatusById?id=${offShelf.id}&status=2`)
    const closed = await openMeeting({ name: `${name}-截止` })
    await call('POST', `${MEETING}/UpdateStatusById?id=${closed.id}&status=3`)
    const q = `name=${encodeURIComponent(name)}`
    const list = await call('GET', `${MEETING}/list?${q}`, undefined, member)
    expect(list).toMatchObject({ code: 200, data: { total: 1, current: 1, size: 10, pages: 1 } })
    expect(list.data.records).toEqual([
      expect.objectContaining({ id: open.id, name: `${name}-开放`, status: 2, shelves: 1, open: true }),
    ])
    // Filters as for staff: an open meeting not matching them is not listed.
    expect((await call('GET', `${MEETING}/list?${q}&address=长沙`, undefined, member)).data.total).toBe(0)
    expect((await call('GET', `${MEETING}/list?${q}&address=昆明`, undefined, member)).data.total).toBe(1)
    expect((await call('GET', `${MEETING}/list?${q}&status_equal=1`, undefined, member)).data.total).toBe(0)
    // Staff still list every meeting.
    expect((await call('GET', `${MEETING}/list?${q}`)).data.total).toBe(4)
    expect(await call('GET', `${MEETING}/detail?id=${open.id}`, undefined, member)).toMatchObject({
      code: 200,
      data: {
        id: open.id,
        priceItems: expect.arrayContaining([expect.objectContaining({ itemName: '会务费' })]),
      },
    })
    for (const other of [preparing, offShelf, closed]) {
      expect(
        await call('GET', `${MEETING}/detail?id=${other.id}`, undefined, member),
        other.name,
      ).toMatchObject({
        status: 400,
        code: 400,
        msg: Msg.RECORD_NOT_FOUND,
      })
    }
    // Reading is all: the member changes no meeting.
    expect(await call('POST', `${MEETING}/submit`, { ...meetingBody(), id: open.id }, member)).toMatchObject({
      status: 403,
    })
    expect(await call('POST', `${MEETING}/remove?ids=${open.id}`, undefined, member)).toMatchObject({
      status: 403,
    })
  })

  it('a member reads and changes their own registrations through detail, update and updateInvoicing, never another’s', async () => {
    const m = await openMeeting()
    const mine = await register(m.id, { roomWish: 2 }, member)
    const staff = await register(m.id)
    const detail = await call('GET', `${REG}/detail?id=${mine}`, undefined, member)
    expect(detail).toMatchObject({
      code: 200,
      data: { id: mine, meetingId: m.id, createUser: String(memberId) },
    })
    // Two nights shared (200.50 × 2) and the fee (800).
    expect(detail.data.price).toBe('1201.00')
    const refused = await call('GET', `${REG}/detail?id=${staff}`, undefined, member)
    expect(refused).toMatchObject({ code: 400, msg: RegisteredMsg.NOT_FOUND })
    expect(refused.data ?? {}).not.toHaveProperty('phone')

    // update: their own, while the meeting is open; the fee follows the new room wish.
    const body = { ...detail.data, ...regBody(m.id, { phone: detail.data.phone, roomWish: 1, name: '张三' }) }
    expect(await call('POST', `${REG}/update`, { ...body, id: mine }, member)).toMatchObject({ code: 200 })
    const changed = (await call('GET', `${REG}/detail?id=${mine}`, undefined, member)).data
    expect(changed).toMatchObject({ name: '张三', roomWish: 1, price: '1600.00' })
    const theirs = (await call('GET', `${REG}/detail?id=${staff}`)).data
    expect(
      await call('POST', `${REG}/update`, { ...regBody(m.id, { phone: theirs.phone }), id: staff }, member),
    ).toMatchObject({ code: 400, msg: RegisteredMsg.NOT_FOUND })
    expect((await call('GET', `${REG}/detail?id=${staff}`)).data.name).toBe(theirs.name)

    // updateInvoicing: their own invoice details; the invoice number stays the staff's.
    const invoice = {
      id: mine,
      invoiceTitle: '中南大学冶金学院',
      taxNumber: '12430000444877024R',
      invoiceType: 2,
    }
    expect(await call('POST', `${REG}/updateInvoicing`, invoice, member)).toMatchObject({ code: 200 })
    expect((await call('GET', `${REG}/detail?id=${mine}`, undefined, member)).data).toMatchObject({
      invoiceTitle: '中南大学冶金学院',
      invoiceType: 2,
      invoiceStatus: 0,
    })
    expect(
      await call('POST', `${REG}/updateInvoicing`, { ...invoice, invoiceNo: 'FP001' }, member),
    ).toMatchObject({ code: 400, msg: RegisteredMsg.INVOICE_NO_BY_STAFF })
    expect(
      await call('POST', `${REG}/updateInvoicing`, { ...invoice, id: staff, invoiceTitle: '别人的' }, member),
    ).toMatchObject({ code: 400, msg: RegisteredMsg.NOT_FOUND })
    expect((await call('GET', `${REG}/detail?id=${staff}`)).data.invoiceTitle).toBe(theirs.invoiceTitle)
    // Once staff issue the invoice, its details are no longer the member's to change.
    expect(await call('POST', `${REG}/updateInvoicing`, { ...invoice, invoiceNo: 'FP001' })).toMatchObject({
      code: 200,
    })
    expect(await call('POST', `${REG}/updateInvoicing`, invoice, member)).toMatchObject({
      code: 400,
      msg: RegisteredMsg.INVOICE_LOCKED,
    })
    const issued = (await call('GET', `${REG}/detail?id=${mine}`, undefined, member)).data
    expect(
      await call(
        'POST',
        `${REG}/update`,
        { ...body, ...invoice, invoiceTitle: '改过的抬头', id: mine },
        member,
      ),
    ).toMatchObject({ code: 400, msg: RegisteredMsg.INVOICE_LOCKED })
    // Other details still change while the meeting is open.
    expect(
      await call('POST', `${REG}/update`, { ...body, ...invoice, id: mine, position: '研究员' }, member),
    ).toMatchObject({ code: 200 })
    expect((await call('GET', `${REG}/detail?id=${mine}`, undefined, member)).data).toMatchObject({
      position: '研究员',
      invoiceTitle: issued.invoiceTitle,
      invoiceNo: 'FP001',
    })
    // Once registration has closed, the member no longer changes it (staff still do).
    await call('POST', `${MEETING}/UpdateStatusById?id=${m.id}&status=3`)
    expect(await call('POST', `${REG}/update`, { ...body, id: mine }, member)).toMatchObject({
      code: 400,
      msg: RegisteredMsg.UPDATE_CLOSED,
    })
    expect(await call('POST', `${REG}/update`, { ...body, id: mine, name: '张三丰' })).toMatchObject({
      code: 200,
    })
    // An account without the member centre is refused outright.
    const plainRole = await createRole(t.app, { alias: 'plain', name: '普通', menuCodes: [] })
    await createUser(t.app, { account: 'plain1', roleIds: [plainRole] })
    const plain = await loginAs(t.app, 'plain1')
    for (const url of [`${MEETING}/list`, `${MEETING}/detail?id=${m.id}`, `${REG}/detail?id=${mine}`]) {
      expect(await call('GET', url, undefined, plain), url).toMatchObject({ status: 403 })
    }
  })

  it('another tenant neither sees nor changes this tenant’s meetings and registrations', async () => {
    const m = await openMeeting()
    const id = await register(m.id)
    expect(await call('GET', `${MEETING}/detail?id=${m.id}`, undefined, otherTenant)).toMatchObject({
      code: 400,
    })
    expect(await call('GET', `${REG}/detail?id=${id}`, undefined, otherTenant)).toMatchObject({ code: 400 })
    expect(await call('POST', `${REG}/save`, regBody(m.id), otherTenant)).toMatchObject({
      code: 400,
      msg: RegisteredMsg.NOT_OPEN,
    })
    await call('POST', `${MEETING}/UpdateStatusById?id=${m.id}&status=5`, undefined, otherTenant)
    expect((await call('GET', `${MEETING}/detail?id=${m.id}`)).data.status).toBe(2)
  })
})

describe('fees and invoices', () => {
  it('sets price and payment, issues, returns and reissues invoices with their history, sums per meeting', async () => {
    const m = await openMeeting()
    const a = await register(m.id)
    const b = await register(m.id, { name: '王五哥' })
    await register(m.id, { invoiceTitle: '', taxNumber: '' })
    expect(await call('POST', `${REG}/updatePrice`, { id: a, price: '1000', payStatus: 1 })).toMatchObject({
      code: 200,
    })
    expect(await call('POST', `${REG}/updatePrice`, { id: a, price: '1.234' })).toMatchObject({ code: 400 })
    const invoice = (id: string, invoiceNo?: string) =>
      call('POST', `${REG}/updateInvoicing`, {
        id,
        invoiceTitle: '中南大学',
        taxNumber: '12430000444877024R',
        invoiceType: 2,
        ...(invoiceNo ? { invoiceNo } : {}),
      })
    expect(await invoice(a, 'FP001')).toMatchObject({ code: 200 })
    expect((await call('GET', `${REG}/detail?id=${a}`)).data).toMatchObject({
      invoiceStatus: 1,
      invoiceStatusName: '已开票',
      invoiceNo: 'FP001',
      invoiceAmount: '1000.00',
      invoiceTypeName: '增值税专用发票',
    })
    const ret = (id: string, action: number, invoiceNo?: string) =>
      call('POST', `${REG}/updateMeetingInvoicingReturn`, { id, action, reason: '抬头有误', invoiceNo })
    expect(await ret(b, 2)).toMatchObject({ code: 400, msg: RegisteredMsg.NOT_INVOICED })
    expect(await ret(a, 3, 'FP002')).toMatchObject({ code: 400, msg: RegisteredMsg.NOT_RETURNED })
    expect(await ret(a, 2)).toMatchObject({ code: 200 })
    expect(await ret(a, 3)).toMatchObject({ code: 400, msg: RegisteredMsg.INVOICE_NO })
    expect(await ret(a, 3, 'FP002')).toMatchObject({ code: 200 })
    expect(await ret(a, 2)).toMatchObject({ code: 200 })
    const history = (await call('GET', `${REG}/invoicingReturnList?id=${a}`)).data
    expect(
      history.map((h: { actionName: string; invoiceNo: string }) => [h.actionName, h.invoiceNo]),
    ).toEqual([
      ['已退回', 'FP001'],
      ['已重开', 'FP002'],
      ['已退回', 'FP002'],
    ])
    await ret(a, 3, 'FP003')
    await invoice(b, 'FP010')
    const fees = (await call('GET', `${MEETING}/listInvoicing?name=${encodeURIComponent(String(m.name))}`))
      .data.records[0]
    expect(fees).toMatchObject({
      registered: 3,
      due: '3402.00',
      paid: '1000.00',
      unpaid: '2402.00',
      invoiced: '2201.00',
      invoicedCount: 2,
      returnedCount: 0,
    })
  })

  it('exports every invoicing row as a valid xlsx whose rows and totals match the database', async () => {
    const m = await openMeeting()
    for (let i = 0; i < 25; i++) {
      await register(m.id, { name: `参会${String.fromCharCode(0x4e00 + i)}人` })
    }
    await register(m.id, { invoiceTitle: null, taxNumber: null, invoiceType: null })
    // Some invoices issued, one returned, one returned and reissued: only issued ones count.
    const ids = (await call('GET', `${REG}/pageByMeetingId?meetingId=${m.id}&size=10`)).data.records.map(
      (r: { id: string }) => r.id,
    ) as string[]
    for (const [i, id] of ids.slice(0, 5).entries()) {
      await call('POST', `${REG}/updatePrice`, { id, price: String(1000 + i * 111.11) })
      const issued = await call('POST', `${REG}/updateInvoicing`, {
        id,
        invoiceTitle: '中南大学',
        taxNumber: '12430000444877024R',
        invoiceType: 1,
        invoiceNo: `FP9${i}`,
      })
      expect(issued).toMatchObject({ code: 200 })
    }
    const ret = (id: string, action: number, invoiceNo?: string) =>
      call('POST', `${REG}/updateMeetingInvoicingReturn`, { id, action, reason: '抬头有误', invoiceNo })
    expect(await ret(ids[0]!, 2)).toMatchObject({ code: 200 })
    expect(await ret(ids[1]!, 2)).toMatchObject({ code: 200 })
    expect(await ret(ids[1]!, 3, 'FP99')).toMatchObject({ code: 200 })
    const res = await t.app.inject({
      method: 'GET',
      url: `${REG}/exportInvoicingExcel?meetingId=${m.id}`,
      headers: admin,
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    expect(String(res.headers['content-disposition'])).toContain('.xlsx')
    const x = await readExport(res.rawPayload)
    expect(x.header).toContain('发票抬头')
    expect(x.title).toBe(`${m.name} 开票信息`)
    expect(x.notes.join('')).toContain('其中已开票：只计开票状态为已开票、已重开的发票')
    expect(shapeOf(x, ['开票金额(元)', '应缴费用(元)'])).toEqual({
      sheetName: '开票信息',
      frozen: 4,
      autoFilter: 'A4:L4',
      headerBold: true,
      orientation: 'landscape',
      fitToWidth: 1,
      printTitlesRow: '4:4',
      columns: {
        '开票金额(元)': { types: ['number'], formats: ['0.00'] },
        '应缴费用(元)': { types: ['number'], formats: ['0.00'] },
      },
    })
    const body = x.rows.slice(0, -2)
    const db = await t.app.prisma.registeredMeeting.findMany({
      where: { meetingId: BigInt(m.id), isDeleted: 0, invoiceTitle: { not: null } },
      orderBy: { id: 'asc' },
    })
    expect(String(res.headers['x-export-rows'])).toBe(String(db.length))
    expect(body).toHaveLength(db.length)
    expect(body.map((r) => r[3])).toEqual(db.map((r) => r.phone))
    // 合计 is what the columns add up to (a SUM over the sheet gives the same), in bold.
    const [total, issued] = x.rows.slice(-2) as [unknown[], unknown[]]
    const sum = (col: number) =>
      body.reduce((s: number, r) => s + (typeof r[col] === 'number' ? r[col] : 0), 0)
    expect(total[0]).toBe('合计')
    expect(total[1]).toBe(`${db.length} 人`)
    expect(total[9]).toBeCloseTo(sum(9), 2)
    expect(total[9]).toBeCloseTo(
      db.reduce((s, r) => s + Number(r.price), 0),
      2,
    )
    expect(total[8]).toBeCloseTo(sum(8), 2)
    expect(x.cells.at(-2)!.getCell(1).font?.bold).toBe(true)
    // 其中已开票: the issued and reissued invoices, as in the database and as /feeSituation says.
    const counted = db.filter((r) => r.invoiceStatus === 1 || r.invoiceStatus === 3)
    expect(counted).toHaveLength(4)
    const invoiced = counted.reduce((s, r) => s + Number(r.invoiceAmount), 0)
    expect(issued[0]).toBe('其中已开票')
    // The label fits its column (the totals come after the widths are written).
    expect(x.sheet.getColumn(1).width).toBeGreaterThanOrEqual(12)
    expect(issued[1]).toBe('4 张')
    expect(issued[8]).toBeCloseTo(invoiced, 2)
    expect(issued[8]).not.toBeCloseTo(total[8] as number, 2)
    const fees = (await call('GET', `${MEETING}/listInvoicing?name=${encodeURIComponent(String(m.name))}`))
      .data.records[0]
    expect(Number(fees.invoiced)).toBeCloseTo(issued[8] as number, 2)
    expect(fees).toMatchObject({ invoicedCount: 4, returnedCount: 1 })
    // The returned invoice's row still shows its amount and its status.
    const returned = body.find((r) => r[3] === db.find((x) => x.invoiceStatus === 2)!.phone)!
    expect(returned.slice(8)).toEqual([1000, 1000, '未缴费', '已退回'])
    expect(await call('GET', `${REG}/exportInvoicingExcel?meetingId=1`)).toMatchObject({ code: 400 })
    expect(
      await call('GET', `${REG}/exportInvoicingExcel?meetingId=${m.id}`, undefined, otherTenant),
    ).toMatchObject({ code: 400 })
  })
})

describe('allocation', () => {
  it('allocates rooms for the window, keeps manual rooms, and shows the allocation', async () => {
    const m = await openMeeting()
    const men = [await register(m.id), await register(m.id), await register(m.id)]
    const woman = await register(m.id, { sex: 2 })
    const single = await register(m.id, { roomWish: 1 })
    const late = await register(m.id, {
      arrivalTime: '2026-05-18 10:00:00',
      departureTime: '2026-05-19 10:00:00',
    })
    expect(await call('POST', `${REG}/updateHouse`, { id: men[0], houseNo: '808' })).toMatchObject({
      code: 200,
    })
    const q = `meetingId=${m.id}&betweenOne=2026-05-10&betweenTwo=2026-05-12&bedCount=2`
    const result = (await call('GET', `${REG}/IntelligentAllocation?${q}`)).data
    const roomOf = (id: string) =>
      result.rooms.find((r: { occupants: { id: string }[] }) => r.occupants.some((o) => o.id === id))
    expect(roomOf(men[0]!)).toMatchObject({ houseNo: '808', manual: true })
    expect(roomOf(men[1]!).occupants.map((o: { id: string }) => o.id)).toEqual([men[1], men[2]])
    expect(roomOf(woman).occupants).toHaveLength(1)
    expect(roomOf(single)).toMatchObject({ single: true })
    expect(result.unallocated).toEqual([
      {
        id: late,
        name: '张三丰',
        unitName: '中南大学',
        sex: 1,
        roomWish: 2,
        reason: '住宿时间不在分配时段内',
      },
    ])
    expect((await call('GET', `${REG}/detail?id=${men[1]}`)).data.houseNo).toBe(roomOf(men[1]!).houseNo)
    // Same input, same output; and the view answers what was written, reasons included.
    expect((await call('GET', `${REG}/IntelligentAllocation?${q}`)).data).toEqual(result)
    const view = (await call('GET', `${REG}/allocationView?meetingId=${m.id}`)).data
    expect(view).toEqual({
      ...result,
      rooms: [...result.rooms].sort((a, b) => a.houseNo.localeCompare(b.houseNo)),
    })

    // Moves by hand keep the rules, with the reason when refused.
    const move = (id: string, houseNo: string) => call('POST', `${REG}/updateHouse`, { id, houseNo })
    const menRoom = roomOf(men[1]!).houseNo as string
    expect(await move(woman, menRoom)).toMatchObject({ code: 400, msg: RoomMsg.OTHER_SEX })
    expect(await move(single, roomOf(woman).houseNo)).toMatchObject({ code: 400, msg: RoomMsg.WANTS_SINGLE })
    expect(await move(men[0]!, roomOf(single).houseNo)).toMatchObject({ code: 400, msg: RoomMsg.SINGLE_ROOM })
    expect(await move(men[0]!, menRoom)).toMatchObject({ code: 400, msg: RoomMsg.FULL })
    expect(await move(men[2]!, '808')).toMatchObject({ code: 200 })
    const after = (await call('GET', `${REG}/allocationView?meetingId=${m.id}`)).data
    const room808 = after.rooms.find((r: { houseNo: string }) => r.houseNo === '808')
    expect(room808.occupants.map((o: { id: string; manual: boolean }) => [o.id, o.manual])).toEqual([
      [men[0], true],
      [men[2], true],
    ])
    // A bigger bed count on the next run lets a third man in.
    await call('GET', `${REG}/IntelligentAllocation?${q.replace('bedCount=2', 'bedCount=3')}`)
    expect(await move(men[1]!, '808')).toMatchObject({ code: 200 })
    expect(await move(men[1]!, '')).toMatchObject({ code: 200 })
    expect((await call('GET', `${REG}/detail?id=${men[1]}`)).data).toMatchObject({
      houseNo: null,
      houseManual: 0,
    })
    // A later window rooms the late stay and leaves the first window's rooms alone.
    const houseOf = async (id: string) => (await call('GET', `${REG}/detail?id=${id}`)).data.houseNo
    const kept = [await houseOf(woman), await houseOf(single)]
    expect(kept.every(Boolean)).toBe(true)
    const later = (
      await call(
        'GET',
        `${REG}/IntelligentAllocation?meetingId=${m.id}&betweenOne=2026-05-18&betweenTwo=2026-05-19`,
      )
    ).data
    expect(
      later.rooms.some((r: { occupants: { id: string }[] }) => r.occupants.some((o) => o.id === late)),
    ).toBe(true)
    expect([await houseOf(woman), await houseOf(single)]).toEqual(kept)
    expect(await houseOf(late)).not.toBe(null)
    expect(new Set([await houseOf(late), ...kept]).size).toBe(3)
    expect(
      await call('GET', `${REG}/IntelligentAllocation?${q.replace('bedCount=2', 'bedCount=0')}`),
    ).toMatchObject({
      code: 400,
      msg: RegisteredMsg.BED_COUNT,
    })
  })

  it('allocates cars by station and time: seats with the escort, kept manual trips, reasons for what is not covered', async () => {
    const m = await openMeeting()
    const role = await createRole(t.app, { alias: 'driver', name: '司机', menuCodes: [] })
    const d1 = await createUser(t.app, { account: 'driver1', roleIds: [role] })
    const d2 = await createUser(t.app, { account: 'driver2', roleIds: [role] })
    const car = (plateNo: string, seats: number, driverId: bigint | string) =>
      call('POST', `${API}/carMaintenance/submit`, { plateNo, seats, driverId: String(driverId) })
    expect(await car('湘A11111', 4, d1)).toMatchObject({ code: 200 })
    expect(await car('湘A22222', 2, d2)).toMatchObject({ code: 200 })
    expect(await car('湘A99999', 4, '1')).toMatchObject({ code: 400, msg: '司机不存在' })
    expect((await call('GET', `${API}/carMaintenance/list?plateNo=A11111`)).data.records[0]).toMatchObject({
      driverId: String(d1),
      driverName: 'driver1',
    })
    const escort = (name: string) =>
      call('POST', `${API}/escort/submit`, { name, sex: 1, phone: '13600000000' })
    expect(await escort('接站甲')).toMatchObject({ code: 200 })
    const group = await Promise.all(
      [0, 10, 20, 30, 40].map((min) =>
        register(m.id, { arrivalTime: `2026-05-10 09:${String(min).padStart(2, '0')}:00` }),
      ),
    )
    const far = await register(m.id, { arrivalTime: '2026-05-10 20:00:00', arrivalStation: '黄花机场' })
    const manual = await register(m.id, { arrivalTime: '2026-05-10 20:05:00', arrivalStation: '黄花机场' })
    const noStation = await register(m.id, { arrivalStation: '' })
    expect(await call('POST', `${REG}/updateCar`, { id: manual, carNo: '湘B00000' })).toMatchObject({
      code: 400,
      msg: ArrangeMsg.VEHICLE_NOT_FOUND,
    })
    expect(await call('POST', `${REG}/updateCar`, { id: noStation, carNo: '湘A22222' })).toMatchObject({
      code: 400,
      msg: ArrangeMsg.NO_ARRIVAL,
    })
    expect(await call('POST', `${REG}/updateCar`, { id: manual, carNo: '湘A22222' })).toMatchObject({
      code: 200,
    })
    const result = (await call('GET', `${REG}/IntelligentAllocationCar?meetingId=${m.id}`)).data
    type TTrip = {
      id: string
      plateNo: string
      driverName: string
      escortName: string | null
      manual: boolean
      capacity: number
      passengers: { id: string }[]
    }
    const trips = result.trips as TTrip[]
    // Five at 09:40: the 4-seater takes 3 and the escort, the 2-seater the other 2 without an escort;
    // at 20:00 the 4-seater again (its 09:40 trip is over), with the escort.
    expect(
      trips.map((x) => [x.plateNo, x.passengers.length, x.driverName, x.escortName, x.manual, x.capacity]),
    ).toEqual([
      ['湘A11111', 3, 'driver1', '接站甲', false, 3],
      ['湘A22222', 2, 'driver2', null, false, 2],
      ['湘A11111', 1, 'driver1', '接站甲', false, 3],
      ['湘A22222', 1, 'driver2', null, true, 2],
    ])
    expect(trips.flatMap((x) => x.passengers.map((p) => p.id)).sort()).toEqual([...group, far, manual].sort())
    expect(
      result.uncovered.map((u: { reason: string; passengers: unknown[] }) => [u.reason, u.passengers.length]),
    ).toEqual([
      ['无空闲接送人员', 2],
      ['未安排接送人员', 1],
    ])
    expect(result.unallocated).toEqual([{ id: noStation, name: '张三丰', reason: '缺少到达时间或到达站点' }])
    expect((await call('GET', `${REG}/detail?id=${far}`)).data.carNo).toBe('湘A11111')
    // The view after a reload answers the same, reasons included.
    expect((await call('GET', `${REG}/arrangeView?meetingId=${m.id}`)).data).toEqual(result)

    // Who is free: the manual trip holds its vehicle and driver like any other.
    const at = (time: string) => encodeURIComponent(`2026-05-10 ${time}`)
    const names = (list: { name: string }[]) => list.map((x) => x.name)
    expect((await call('GET', `${API}/escort/freeTimedetail?time=${at('10:00:00')}`)).data).toEqual([])
    expect(names((await call('GET', `${API}/escort/freeTimedetail?time=${at('15:00:00')}`)).data)).toEqual([
      '接站甲',
    ])
    expect((await call('GET', `${API}/user/list?driverTime=${at('10:00:00')}`)).data.records).toEqual([])
    expect(names((await call('GET', `${API}/user/list?driverTime=${at('15:00:00')}`)).data.records)).toEqual([
      'driver1',
      'driver2',
    ])
    expect((await call('GET', `${API}/user/list?driverTime=${at('21:30:00')}`)).data.records).toEqual([])
    const page = (await call('GET', `${API}/user/list`)).data
    // A page like every list (spec section 7): everyone on it unless a size is asked for.
    expect(page).toMatchObject({
      current: 1,
      total: page.records.length,
      size: page.records.length,
      pages: 1,
    })
    const everyone = page.records
    expect(everyone.find((u: { id: string }) => u.id === String(d1))).toMatchObject({
      plateNos: ['湘A11111'],
    })

    // Manual changes are refused rather than double-booking: a full trip, a busy vehicle, a busy driver.
    const late = await register(m.id, { arrivalTime: '2026-05-10 09:35:00' })
    expect(await call('POST', `${REG}/updateCar`, { id: late, carNo: '湘A22222' })).toMatchObject({
      code: 400,
      msg: ArrangeMsg.CAR_FULL,
    })
    const other = await openMeeting()
    const guest = await register(other.id, { arrivalTime: '2026-05-10 20:30:00', arrivalStation: '黄花机场' })
    expect(await call('POST', `${REG}/updateCar`, { id: guest, carNo: '湘A22222' })).toMatchObject({
      code: 400,
      msg: ArrangeMsg.CAR_BUSY,
    })
    // A third vehicle driven by driver1, who is on the 20:00 trip of the first meeting.
    expect(await car('湘A33333', 4, d1)).toMatchObject({ code: 200 })
    expect(await call('POST', `${REG}/updateCar`, { id: guest, carNo: '湘A33333' })).toMatchObject({
      code: 400,
      msg: ArrangeMsg.DRIVER_BUSY,
    })
    // The other meeting's allocation finds the vehicle free but no driver: both are on trips.
    const second = (await call('GET', `${REG}/IntelligentAllocationCar?meetingId=${other.id}`)).data
    expect(second.trips).toEqual([])
    expect(second.unallocated).toEqual([{ id: guest, name: '张三丰', reason: '无空闲司机' }])
    expect(second.uncovered).toMatchObject([
      { tripId: null, reason: '无空闲司机', passengers: [{ id: guest }] },
    ])

    // Per trip: a busy driver or escort is refused; an escort needs a seat; a change keeps the trip.
    const station2 = trips[1]!
    const pickup = (body: object) => call('POST', `${REG}/updatePickup`, body)
    expect(await pickup({ id: station2.id, driverId: String(d1) })).toMatchObject({
      code: 400,
      msg: ArrangeMsg.DRIVER_BUSY,
    })
    const escorts = (await call('GET', `${API}/escort/list?size=100`)).data.records as {
      id: string
      name: string
    }[]
    const jia = escorts.find((e) => e.name === '接站甲')!.id
    expect(await pickup({ id: station2.id, driverId: String(d2), escortId: jia })).toMatchObject({
      code: 400,
      msg: ArrangeMsg.ESCORT_BUSY,
    })
    expect(await escort('接站乙')).toMatchObject({ code: 200 })
    const yi = (await call('GET', `${API}/escort/list?name=${encodeURIComponent('接站乙')}`)).data.records[0]
      .id
    expect(await pickup({ id: station2.id, driverId: String(d2), escortId: yi })).toMatchObject({
      code: 400,
      msg: ArrangeMsg.ESCORT_NO_SEAT,
    })
    const evening = trips[2]!
    expect(await pickup({ id: evening.id, driverId: String(d1), escortId: yi })).toMatchObject({ code: 200 })
    expect(await pickup({ id: '1', driverId: String(d1) })).toMatchObject({
      code: 400,
      msg: ArrangeMsg.TRIP_NOT_FOUND,
    })
    expect(
      await call('POST', `${REG}/updatePickup`, { id: evening.id, driverId: String(d1) }, otherTenant),
    ).toMatchObject({
      code: 400,
      msg: ArrangeMsg.TRIP_NOT_FOUND,
    })
    // A new run keeps both trips changed by hand and their people.
    const again = (await call('GET', `${REG}/IntelligentAllocationCar?meetingId=${m.id}`)).data
      .trips as TTrip[]
    expect(again.filter((x) => x.manual).map((x) => [x.id, x.escortName])).toEqual([
      [evening.id, '接站乙'],
      [trips[3]!.id, null],
    ])
    // Removing the registrant of a manual trip frees its vehicle and driver.
    expect(await call('POST', `${REG}/remove?ids=${manual}`)).toMatchObject({ code: 200 })
    expect(await call('POST', `${REG}/updateCar`, { id: guest, carNo: '湘A22222' })).toMatchObject({
      code: 200,
    })
    expect(names((await call('GET', `${API}/user/list?driverTime=${at('21:30:00')}`)).data.records)).toEqual(
      [],
    )
  })
})

describe('concurrency', () => {
  it('a burst of allocations, registrations and manual edits on one meeting answers no 5xx and loses no edit', async () => {
    const m = await openMeeting()
    const people: string[] = []
    for (let i = 0; i < 24; i++) {
      people.push(await register(m.id, { sex: (i % 2) + 1, arrivalTime: `2026-05-10 1${i % 10}:00:00` }))
    }
    const q = `meetingId=${m.id}&betweenOne=2026-05-10&betweenTwo=2026-05-12&bedCount=2`
    const edits = people.slice(0, 8).map((id, i) => ({ id, houseNo: `E${String(i).padStart(2, '0')}` }))
    const burst = await Promise.all([
      ...Array.from({ length: 4 }, () => call('GET', `${REG}/IntelligentAllocation?${q}`)),
      ...Array.from({ length: 3 }, () => call('GET', `${REG}/IntelligentAllocationCar?meetingId=${m.id}`)),
      ...edits.map((e) => call('POST', `${REG}/updateHouse`, e)),
      ...Array.from({ length: 40 }, () => call('POST', `${REG}/save`, regBody(m.id))),
      ...people.slice(8, 12).map((id) => call('POST', `${REG}/updateCar`, { id, carNo: '湘Z00000' })),
      ...Array.from({ length: 4 }, () => call('GET', `${REG}/allocationView?meetingId=${m.id}`)),
    ])
    expect(burst.filter((r) => r.status >= 500)).toEqual([])
    expect(burst.every((r) => r.code === 200 || r.code === 400)).toBe(true)
    // Every manual room survived whichever allocation ran after it.
    const after = (await call('GET', `${REG}/pageByMeetingId?meetingId=${m.id}&size=100`)).data.records
    for (const e of edits) {
      expect(after.find((r: { id: string }) => r.id === e.id)).toMatchObject({
        houseNo: e.houseNo,
        houseManual: 1,
      })
    }
    expect(after).toHaveLength(64)
  })

  it('pick-up runs of two meetings at once never give the same vehicle and driver to both', async () => {
    // A tenant of its own with one vehicle: both meetings' arrivals want it at the same time.
    await createTenant(t.app, '300015')
    const role = await createRole(t.app, { tenantId: '300015', alias: 'admin', name: '管理员' })
    await grantCodes(t.app, role, ['meeting'])
    const driverId = await createUser(t.app, {
      account: 'admin',
      tenantId: '300015',
      roleIds: [role],
      password: 'admin-c',
    })
    const staff = await loginAs(t.app, 'admin', '300015', 'admin-c')
    expect(
      await call(
        'POST',
        `${API}/carMaintenance/submit`,
        { plateNo: '湘C00001', seats: 6, driverId: String(driverId) },
        staff,
      ),
    ).toMatchObject({ code: 200 })
    expect(
      await call('POST', `${API}/escort/submit`, { name: '接站乙', sex: 2, phone: '13600000001' }, staff),
    ).toMatchObject({ code: 200 })
    const open = async (day: number) => {
      const body = meetingBody({ startTime: `2026-06-${day} 09:00:00`, endTime: `2026-06-${day} 18:00:00` })
      expect(await call('POST', `${MEETING}/submit`, body, staff)).toMatchObject({ code: 200 })
      const { id } = (
        await call('GET', `${MEETING}/list?name=${encodeURIComponent(body.name)}`, undefined, staff)
      ).data.records[0]
      await call('POST', `${MEETING}/UpdateStatusById?id=${id}&status=2`, undefined, staff)
      await call('POST', `${MEETING}/UpdateShelvesById?id=${id}&shelves=1`, undefined, staff)
      return id as string
    }
    // Each round on a day of its own, so rounds do not see each other's trips.
    for (const day of [11, 12, 13, 14, 15, 16]) {
      const pair = [await open(day), await open(day)]
      for (const id of pair) {
        const arrivalTime = `2026-06-${day} 10:00:00`
        expect(
          await call('POST', `${REG}/save`, regBody(id, { arrivalTime, departureTime: null }), staff),
        ).toMatchObject({ code: 200 })
      }
      const runs = await Promise.all(
        pair.map((id) => call('GET', `${REG}/IntelligentAllocationCar?meetingId=${id}`, undefined, staff)),
      )
      expect(runs.map((r) => r.code)).toEqual([200, 200])
      // One meeting has the vehicle, its driver and the escort; the other's arrival is not covered.
      expect(runs.map((r) => r.data.trips.length).sort()).toEqual([0, 1])
      expect(runs.flatMap((r) => r.data.uncovered.map((u: { reason: string }) => u.reason))).toEqual([
        '无空闲车辆',
      ])
    }
  })
})

describe('agenda, saved attendees, invoice titles, escorts, vehicles', () => {
  it('keeps them with the generic calls and listAll answers the caller’s own', async () => {
    const m = await createMeeting()
    expect(
      await call('POST', `${API}/calendar/submit`, {
        meetingId: m.id,
        title: '开幕式',
        startTime: '2026-05-11 09:00:00',
        place: '一号厅',
      }),
    ).toMatchObject({ code: 200 })
    expect((await call('GET', `${API}/calendar/list?meetingId_equal=${m.id}`)).data.records[0]).toMatchObject(
      {
        title: '开幕式',
        startTime: '2026-05-11 09:00:00',
      },
    )
    expect((await call('GET', `${API}/calendar/listAll`)).data.length).toBeGreaterThan(0)
    expect(await call('POST', `${API}/calendar/submit`, { title: 'x', startTime: 'bad' })).toMatchObject({
      code: 400,
      msg: '请选择开始时间',
    })
    expect(
      await call('POST', `${API}/registrants/save`, {
        name: '赵六哥',
        sex: 1,
        unitName: '有研院',
        phone: '13500000000',
      }),
    ).toMatchObject({ code: 200 })
    expect((await call('GET', `${API}/registrants/listAll`)).data[0]).toMatchObject({ name: '赵六哥' })
    expect(
      await call('GET', `${API}/registrants/listAll?userId=1123598821738675201`, undefined, member),
    ).toMatchObject({
      status: 403,
    })
    expect(
      await call('POST', `${API}/invoicing/submit`, {
        invoiceTitle: '有研院',
        taxNumber: '91110000',
        invoiceType: 1,
      }),
    ).toMatchObject({ code: 200 })
    expect((await call('GET', `${API}/invoicing/listAll`)).data[0]).toMatchObject({ invoiceTitle: '有研院' })
    const car = {
      plateNo: '湘C12345',
      seats: 7,
      driverId: String(memberId),
      upkeepDate: '2026-04-01',
      upkeepItem: '换机油',
      upkeepCost: '350.5',
    }
    expect(await call('POST', `${API}/carMaintenance/submit`, car)).toMatchObject({ code: 200 })
    expect(await call('POST', `${API}/carMaintenance/submit`, car)).toMatchObject({
      code: 400,
      msg: '车牌号已存在',
    })
    expect((await call('GET', `${API}/carMaintenance/list?plateNo=C123`)).data.records[0]).toMatchObject({
      upkeepDate: '2026-04-01',
      upkeepCost: '350.50',
    })
    expect(
      await call('POST', `${API}/carMaintenance/submit`, { ...car, seats: 0, plateNo: '湘C1' }),
    ).toMatchObject({
      code: 400,
    })
  })

  it('a member keeps their own saved attendees and invoice titles; staff see everyone’s', async () => {
    const memberRole = await createRole(t.app, { alias: 'member', name: '会员二', menuCodes: ['top_member'] })
    await createUser(t.app, { account: 'member2', roleIds: [memberRole] })
    const other = await loginAs(t.app, 'member2')
    const kinds = [
      {
        path: 'registrants',
        body: { name: '钱七妹', sex: 2, unitName: '江西铜业', phone: '13500000007' },
        change: { name: '钱七姐' },
        field: 'name',
      },
      {
        path: 'invoicing',
        body: { invoiceTitle: '江西铜业股份有限公司', taxNumber: '91360000158304', invoiceType: 2 },
        change: { invoiceTitle: '江西铜业集团' },
        field: 'invoiceTitle',
      },
    ]
    for (const k of kinds) {
      const url = `${API}/${k.path}`
      // Saved from the member centre: the member's own, in their lists and not in another member's.
      expect(await call('POST', `${url}/save`, k.body, member), k.path).toMatchObject({ code: 200 })
      const mine = (await call('GET', `${url}/listAll`, undefined, member)).data
      expect(mine.map((r: Record<string, string>) => r[k.field])).toEqual([Object.values(k.body)[0]])
      const id = mine[0].id as string
      expect((await call('GET', `${url}/list`, undefined, member)).data).toMatchObject({ total: 1 })
      expect((await call('GET', `${url}/detail?id=${id}`, undefined, member)).data.id).toBe(id)
      expect((await call('GET', `${url}/listAll`, undefined, other)).data).toEqual([])
      expect((await call('GET', `${url}/list`, undefined, other)).data).toMatchObject({ total: 0 })
      expect(await call('GET', `${url}/detail?id=${id}`, undefined, other)).toMatchObject({
        code: 400,
        msg: Msg.RECORD_NOT_FOUND,
      })
      // Another member can neither change nor remove it.
      expect(await call('POST', `${url}/update`, { ...k.body, ...k.change, id }, other)).toMatchObject({
        code: 400,
        msg: Msg.RECORD_NOT_FOUND,
      })
      expect(await call('POST', `${url}/submit`, { ...k.body, ...k.change, id }, other)).toMatchObject({
        code: 400,
        msg: Msg.RECORD_NOT_FOUND,
      })
      expect(await call('POST', `${url}/remove?ids=${id}`, undefined, other)).toMatchObject({ code: 200 })
      expect((await call('GET', `${url}/detail?id=${id}`, undefined, member)).data[k.field]).toBe(
        Object.values(k.body)[0],
      )
      // Staff see every member's rows; the member changes and removes their own.
      const staffList = (await call('GET', `${url}/list?size=200`)).data.records
      expect(staffList.map((r: { id: string }) => r.id)).toContain(id)
      expect(await call('POST', `${url}/submit`, { ...k.body, ...k.change, id }, member)).toMatchObject({
        code: 200,
      })
      expect((await call('GET', `${url}/detail?id=${id}`)).data[k.field]).toBe(Object.values(k.change)[0])
      expect(await call('POST', `${url}/remove?ids=${id}`, undefined, member)).toMatchObject({ code: 200 })
      expect((await call('GET', `${url}/listAll`, undefined, member)).data).toEqual([])
    }
  })

  it('each entity: save, list, detail, update, remove; another tenant neither reads nor removes it', async () => {
    const m = await createMeeting()
    const cases: [string, Record<string, unknown>, Record<string, unknown>, string][] = [
      ['meeting', meetingBody({ name: unique('保存会议') }), { address: '昆明' }, 'name'],
      [
        'calendar',
        { meetingId: m.id, title: unique('闭幕式'), startTime: '2026-05-12 16:00:00' },
        { place: '二号厅', endTime: '2026-05-12 17:00:00' },
        'title',
      ],
      [
        'registrants',
        { name: '钱七哥', sex: 2, unitName: unique('有研院'), phone: '13500000001' },
        { position: '工程师' },
        'unitName',
      ],
      [
        'invoicing',
        { invoiceTitle: unique('江铜'), taxNumber: '913600', invoiceType: 2 },
        { bankName: '工商银行' },
        'invoiceTitle',
      ],
      ['escort', { name: unique('接站'), sex: 2, phone: '13600000002' }, { remark: '晚班' }, 'name'],
      [
        'carMaintenance',
        { plateNo: unique('湘D'), seats: 5, driverId: String(memberId) },
        { seats: 6, upkeepItem: '年检' },
        'plateNo',
      ],
    ]
    for (const [entity, body, changed, key] of cases) {
      const url = `${API}/${entity}`
      const find = `${key}=${encodeURIComponent(String(body[key]))}`
      expect(await call('POST', `${url}/save`, body), entity).toMatchObject({ code: 200 })
      const page = (await call('GET', `${url}/list?${find}`)).data
      expect(page.total, entity).toBe(1)
      const id = page.records[0].id as string
      expect((await call('GET', `${url}/detail?id=${id}`)).data, entity).toMatchObject({
        id,
        [key]: body[key],
      })
      expect(await call('POST', `${url}/update`, { ...body, ...changed, id }), entity).toMatchObject({
        code: 200,
      })
      expect((await call('GET', `${url}/detail?id=${id}`)).data, entity).toMatchObject(changed)
      expect((await call('GET', `${url}/detail?id=${id}`, undefined, otherTenant)).code, entity).not.toBe(200)
      await call('POST', `${url}/remove?ids=${id}`, undefined, otherTenant)
      expect((await call('GET', `${url}/detail?id=${id}`)).code, entity).toBe(200)
      expect(await call('POST', `${url}/remove?ids=${id}`), entity).toMatchObject({ code: 200 })
      expect((await call('GET', `${url}/detail?id=${id}`)).code, entity).not.toBe(200)
      expect((await call('GET', `${url}/list?${find}`)).data.total, entity).toBe(0)
    }
  })

  it('refuses a fee item that could grow a fee past its column, and a new number on an issued invoice', async () => {
    expect(
      await call(
        'POST',
        `${MEETING}/submit`,
        meetingBody({
          priceItems: [
            { itemName: '会务费', itemType: 1, price: '800' },
            { itemName: '合住', itemType: 3, price: '999999999999' },
          ],
        }),
      ),
    ).toMatchObject({ code: 400, msg: '费用金额不能超过100000元' })
    const m = await openMeeting({ priceItems: [{ itemName: '会务费', itemType: 1, price: '800' }] })
    const one = await register(m.id, { departureTime: '2026-05-10 20:00:00', roomWish: 1 })
    expect((await call('GET', `${REG}/detail?id=${one}`)).data.price).toBe('800.00')
    const invoice = (invoiceNo: string) =>
      call('POST', `${REG}/updateInvoicing`, {
        id: one,
        invoiceTitle: '中南大学',
        taxNumber: '12430000444877024R',
        invoiceType: 1,
        invoiceNo,
      })
    expect(await invoice('FP100')).toMatchObject({ code: 200 })
    expect(await invoice('FP100')).toMatchObject({ code: 200 })
    expect(await invoice('FP101')).toMatchObject({ code: 400, msg: RegisteredMsg.INVOICE_ISSUED })
    expect((await call('GET', `${REG}/detail?id=${one}`)).data.invoiceNo).toBe('FP100')
  })
})
