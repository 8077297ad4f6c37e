import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'

let t: TTestApp
let admin: string

beforeAll(async () => {
  t = await createTestApp()
  admin = (await login(t.app, 'admin')).access_token
})
afterAll(async () => {
  await t.close()
})

const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
  (await t.app.inject({ method, url, headers: auth(admin), ...(payload ? { payload } : {}) })).json()
const BASE = '/api/ysjs-job/work-calendar'

describe('working-day calendar (admin screen API and the service other modules use)', () => {
  it('lists the seeded years and answers a year day by day', async () => {
    const years = (await call('GET', `${BASE}/years`)).data
    expect(years).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ year: 2026, holidays: 33, workdays: 6 }),
        expect.objectContaining({ year: 2025, holidays: 28, workdays: 5 }),
      ]),
    )
    const y = (await call('GET', `${BASE}/detail?year=2026`)).data
    expect(y.days[0]).toEqual({ date: '2026-01-01', kind: 1, kindName: '放假', name: '元旦' })
    expect(y.days.find((d: { date: string }) => d.date === '2026-02-14')).toMatchObject({
      kind: 2,
      kindName: '调休上班',
      name: '春节',
    })
  })

  it('checks a day: the 2026 Spring Festival and its adjusted Saturday', async () => {
    expect((await call('GET', `${BASE}/check?date=2026-02-13&n=3`)).data).toEqual({
      date: '2026-02-13',
      workingDay: true,
      name: null,
      covered: true,
      nextWorkingDay: '2026-02-14',
      addWorkingDays: '2026-02-25',
    })
    expect((await call('GET', `${BASE}/check?date=2026-02-16`)).data).toMatchObject({
      workingDay: false,
      name: '春节',
      nextWorkingDay: '2026-02-24',
    })
    expect(await t.app.workCalendar.addWorkingDays('2026-09-30', 1)).toBe('2026-10-08')
    expect(await call('GET', `${BASE}/check?date=2026-02-30`)).toMatchObject({ code: 400 })
  })

  it('saves a year (replacing it), refuses bad days with the message, removes a year', async () => {
    const bad = await call('POST', `${BASE}/submit`, {
      year: 2027,
      days: [{ date: '2027-03-01', kind: 2, name: '调休' }],
    })
    expect(bad).toMatchObject({ code: 400, msg: '调休上班日应为周六或周日' })
    const saved = await call('POST', `${BASE}/submit`, {
      year: 2027,
      days: [
        { date: '2027-01-01', kind: 1, name: '元旦' },
        { date: '2027-02-06', kind: 2, name: '春节' },
      ],
    })
    expect(saved).toMatchObject({ code: 200, data: 2 })
    expect(await t.app.workCalendar.isWorkingDay('2027-01-01')).toBe(false)
    expect(await t.app.workCalendar.isWorkingDay('2027-02-06')).toBe(true)
    await call('POST', `${BASE}/submit`, {
      year: 2027,
      days: [{ date: '2027-01-01', kind: 1, name: '元旦' }],
    })
    expect((await call('GET', `${BASE}/detail?year=2027`)).data.days).toHaveLength(1)
    expect(await call('POST', `${BASE}/remove?ids=2027`)).toMatchObject({ code: 200, data: 1 })
    expect(await call('POST', `${BASE}/remove?ids=2027`)).toMatchObject({
      code: 400,
      msg: '该年份没有日历数据',
    })
    expect((await call('GET', `${BASE}/detail?year=2027`)).data.days).toHaveLength(0)
  })
})
