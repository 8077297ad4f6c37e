// Check-then-write made atomic (issue 28, decision 025): each kind of race is fired many times with
// Promise.all and the invariant it used to break is asserted on every round.
import { ParamMsg, RegisteredMsg } from '@ysjs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { unique } from './helpers/system.ts'

const MEETING = '/api/ysjs-meeting/meeting'
const REG = '/api/ysjs-meeting/registeredmeeting'
const PARAM = '/api/ysjs-system/param'

let t: TTestApp
let admin: Record<string, string>
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '1000000' })
  admin = auth((await login(t.app, 'admin')).access_token)
})
afterAll(async () => {
  await t.close()
})

const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) })
  return { status: res.statusCode, ...res.json() }
}

const openMeeting = async () => {
  const name = unique('并发会议')
  expect(
    await call('POST', `${MEETING}/submit`, {
      name,
      startTime: '2026-05-11 09:00:00',
      endTime: '2026-05-12 18:00:00',
      address: '长沙',
      priceItems: [{ itemName: '会务费', itemType: 1, price: '800' }],
    }),
  ).toMatchObject({ code: 200 })
  const { id } = (await call('GET', `${MEETING}/list?name=${encodeURIComponent(name)}`)).data.records[0]
  await call('POST', `${MEETING}/UpdateStatusById?id=${id}&status=2`)
  await call('POST', `${MEETING}/UpdateShelvesById?id=${id}&shelves=1`)
  return id as string
}
let phone = 13700000000
const register = (meetingId: string) =>
  call('POST', `${REG}/save`, {
    meetingId,
    name: '李四光',
    sex: 1,
    unitName: '中南大学',
    phone: String(phone++),
    roomWish: 2,
  })

describe('removal guarded by a count', () => {
  it('a meeting removed while a registration arrives: never removed with a live registration', async () => {
    const outcomes = new Set<string>()
    for (let round = 0; round < 12; round++) {
      const id = await openMeeting()
      // Staggered starts, so some rounds let the registration reach the database first.
      const [removed, registered] = await Promise.all([
        new Promise((r) => setTimeout(r, round % 3)).then(() => call('POST', `${MEETING}/remove?ids=${id}`)),
        register(id),
      ])
      outcomes.add(`${removed.code}/${registered.code}`)
      const rows = await t.app.prisma.registeredMeeting.count({
        where: { meetingId: BigInt(id), isDeleted: 0 },
      })
      const meeting = await t.app.prisma.meeting.findUnique({ where: { id: BigInt(id) } })
      if (removed.code === 200) {
        expect(registered).toMatchObject({ code: 400, msg: RegisteredMsg.NOT_OPEN })
        expect(meeting?.isDeleted).toBe(1)
        expect(rows).toBe(0)
      } else {
        expect(removed.msg).toBe('该会议已有报名,不能删除')
        expect(registered.code).toBe(200)
        expect(meeting?.isDeleted).toBe(0)
        expect(rows).toBe(1)
      }
    }
    expect(outcomes.size).toBeGreaterThan(0)
  })
})

describe('uniqueness checked before insert', () => {
  it('the same parameter key submitted at once is saved once, the rest refused with the rule’s message', async () => {
    for (let round = 0; round < 5; round++) {
      const key = unique('race.key')
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          call('POST', `${PARAM}/submit`, { paramName: `并发${i}`, paramKey: key, paramValue: String(i) }),
        ),
      )
      expect(answers.filter((a) => a.code === 200)).toHaveLength(1)
      for (const refused of answers.filter((a) => a.code !== 200)) {
        expect(refused).toMatchObject({ code: 400, msg: ParamMsg.KEY_EXISTS })
      }
      expect(await t.app.prisma.param.count({ where: { paramKey: key, isDeleted: 0 } })).toBe(1)
    }
  })

  it('two parameters renamed to one key at once (partial updates): one wins, the other answers the rule’s message', async () => {
    for (let round = 0; round < 5; round++) {
      const key = unique('race.rename')
      const ids: string[] = []
      for (const i of [0, 1]) {
        const own = unique(`race.own${i}`)
        expect(
          await call('POST', `${PARAM}/submit`, { paramName: `改名${i}`, paramKey: own, paramValue: '1' }),
        ).toMatchObject({
          code: 200,
        })
        ids.push((await call('GET', `${PARAM}/list?paramKey=${own}`)).data.records[0].id)
      }
      const answers = await Promise.all(
        ids.map((id) => call('POST', `${PARAM}/submit`, { id, paramKey: key })),
      )
      expect(answers.filter((a) => a.code === 200)).toHaveLength(1)
      expect(answers.find((a) => a.code !== 200)).toMatchObject({ code: 400, msg: ParamMsg.KEY_EXISTS })
      expect(await t.app.prisma.param.count({ where: { paramKey: key, isDeleted: 0 } })).toBe(1)
    }
  })
})

describe('status compared before update', () => {
  it('two invoices issued at once with different numbers: one wins, the other is refused, the number stays', async () => {
    const meetingId = await openMeeting()
    for (let round = 0; round < 8; round++) {
      const { data } = await register(meetingId)
      const issue = (invoiceNo: string) =>
        call('POST', `${REG}/updateInvoicing`, {
          id: data.id,
          invoiceTitle: '中南大学',
          taxNumber: '12430000444877024R',
          invoiceType: 1,
          invoiceNo,
        })
      const answers = await Promise.all([issue(`A${round}`), issue(`B${round}`)])
      const won = answers.filter((a) => a.code === 200)
      expect(won).toHaveLength(1)
      expect(answers.find((a) => a.code !== 200)).toMatchObject({
        code: 400,
        msg: RegisteredMsg.INVOICE_ISSUED,
      })
      const row = await t.app.prisma.registeredMeeting.findUnique({ where: { id: BigInt(data.id) } })
      expect(row?.invoiceNo).toBe(answers[0]!.code === 200 ? `A${round}` : `B${round}`)
    }
  })
})
