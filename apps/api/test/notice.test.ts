import { DeskNoticeMsg, formatDateTime, SurveyMsg } from '@ysjs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { createRole, createTenant, createUser, loginAs } from './helpers/authority.ts'

/**
 * Notices addressed to chosen users: their recipients read them (home panel, its count, the member
 * centre), nobody else of the tenant does — not even one who manages notices, whose management list
 * still shows every notice with its recipients.
 */
type THeaders = Record<string, string>
let t: TTestApp
let admin: THeaders
let alice: THeaders
let bob: THeaders
let carol: THeaders
const ids: Record<string, bigint> = {}

const call = async (method: 'GET' | 'POST', url: string, headers: THeaders, payload?: object) => {
  const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })
  expect(res.statusCode, res.body).toBeLessThan(500)
  return res.json()
}
const submit = (payload: object) => call('POST', '/api/ysjs-desk/notice/submit', admin, payload)
const past = () => formatDateTime(new Date(Date.now() - 60_000))
const idOf = async (title: string) => (await t.app.prisma.notice.findFirstOrThrow({ where: { title } })).id

/** What a reader sees: the home panel's titles, the home count, the member centre's titles. */
const readerView = async (headers: THeaders) => {
  const panel = await call('GET', '/api/ysjs-desk/dashboard/notices?size=100', headers)
  expect(panel.code, panel.msg).toBe(200)
  const stats = await call('GET', '/api/ysjs-desk/dashboard/stats', headers)
  const centre = await call('GET', '/api/ysjs-evaluation/member/overview', headers)
  expect(centre.code, centre.msg).toBe(200)
  return {
    panel: (panel.data.records as { title: string }[]).map((r) => r.title),
    total: panel.data.total as number,
    count: stats.data.noticeCount as number,
    chart: (stats.data.records as { name: string; value: number }[]).find((r) => r.name === '通知公告')
      ?.value,
    centre: (centre.data.notices as { title: string }[]).map((r) => r.title),
  }
}

beforeAll(async () => {
  t = await createTestApp()
  admin = auth((await login(t.app, 'admin')).access_token)
  const reader = await createRole(t.app, { alias: 'notice_reader', name: '读者' })
  const manager = await createRole(t.app, {
    alias: 'notice_manager',
    name: '通知管理',
    menuCodes: ['notice'],
  })
  ids.alice = await createUser(t.app, { account: 'n_alice', roleIds: [reader] })
  ids.bob = await createUser(t.app, { account: 'n_bob', roleIds: [reader] })
  ids.carol = await createUser(t.app, { account: 'n_carol', roleIds: [manager] })
  await createTenant(t.app, '515151')
  ids.stranger = await createUser(t.app, { account: 'n_stranger', tenantId: '515151', roleIds: [] })
  alice = await loginAs(t.app, 'n_alice')
  bob = await loginAs(t.app, 'n_bob')
  carol = await loginAs(t.app, 'n_carol')
})
afterAll(async () => {
  await t.close()
})

describe('notices addressed to chosen users', () => {
  it('reach their recipients only; the management list shows them with their recipients', async () => {
    const before = await readerView(bob)
    expect(
      await submit({ title: '全员通知', category: 1, releaseTime: past(), content: '<p>全体</p>' }),
    ).toMatchObject({ code: 200 })
    expect(
      await submit({
        title: '定向通知',
        category: 6,
        releaseTime: past(),
        content: '<p>只给爱丽丝</p>',
        recipientIds: String(ids.alice),
      }),
    ).toMatchObject({ code: 200 })
    const targeted = await idOf('定向通知')

    const a = await readerView(alice)
    expect(a.panel.slice(0, 2).sort()).toEqual(['全员通知', '定向通知'].sort())
    expect(a.centre).toEqual(expect.arrayContaining(['全员通知', '定向通知']))
    const b = await readerView(bob)
    expect(b.panel).toContain('全员通知')
    expect(b.panel).not.toContain('定向通知')
    expect(b.centre).not.toContain('定向通知')
    expect(b.count).toBe(before.count + 1)
    expect(b.total).toBe(b.count)
    expect(b.chart).toBe(b.count)
    expect(a.count).toBe(b.count + 1)
    // Managing notices does not make one a recipient: carol's home panel is hers, like anyone's.
    const c = await readerView(carol)
    expect(c.panel).not.toContain('定向通知')
    expect(c.count).toBe(b.count)

    // Opened from the member centre: its recipient reads it, another user is told it does not exist.
    const opened = await call('GET', `/api/ysjs-evaluation/member/notice?id=${targeted}`, alice)
    expect(opened.data).toMatchObject({ title: '定向通知', content: '<p>只给爱丽丝</p>' })
    expect((await call('GET', `/api/ysjs-evaluation/member/notice?id=${targeted}`, bob)).msg).toBe(
      SurveyMsg.NOTICE_MISSING,
    )

    // The management list (notice permission) shows every notice, with recipients named.
    const list = await call('GET', '/api/ysjs-desk/notice/list?size=100', carol)
    expect(list.code, list.msg).toBe(200)
    const rows = list.data.records as Record<string, unknown>[]
    expect(rows.find((r) => r.title === '定向通知')).toMatchObject({
      recipientIds: String(ids.alice),
      recipientNames: 'n_alice',
      categoryName: '事务通知',
    })
    expect(rows.find((r) => r.title === '全员通知')).toMatchObject({ recipientIds: '', recipientNames: '' })
    const detail = await call('GET', `/api/ysjs-desk/notice/detail?id=${targeted}`, carol)
    expect(detail.data).toMatchObject({ recipientIds: String(ids.alice), recipientNames: 'n_alice' })
    // Readers without the permission still cannot open the management list.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/ysjs-desk/notice/list', headers: bob })).statusCode,
    ).toBe(403)
  })

  it('a notice dated later reaches its recipient at its release time', async () => {
    expect(
      await submit({
        title: '明年的定向通知',
        category: 1,
        releaseTime: '2099-01-01 09:00:00',
        recipientIds: [String(ids.alice)],
      }),
    ).toMatchObject({ code: 200 })
    expect((await readerView(alice)).panel).not.toContain('明年的定向通知')
    const listed = await call('GET', '/api/ysjs-desk/notice/list?title=明年的定向通知', admin)
    expect(listed.data.total).toBe(1)
  })

  it('edits keep, change or clear the recipients; ids must be users of the tenant', async () => {
    await submit({
      title: '改接收人',
      category: 1,
      releaseTime: past(),
      recipientIds: `${ids.alice},${ids.bob}`,
    })
    const id = String(await idOf('改接收人'))
    expect((await readerView(bob)).panel).toContain('改接收人')
    expect((await readerView(carol)).panel).not.toContain('改接收人')
    const row = async () => (await call('GET', `/api/ysjs-desk/notice/detail?id=${id}`, admin)).data
    expect((await row()).recipientNames).toBe('n_alice,n_bob')
    // Absent: kept.
    expect(await submit({ id, title: '改接收人', category: 2, releaseTime: past() })).toMatchObject({
      code: 200,
    })
    expect((await row()).recipientIds).toBe(`${ids.alice},${ids.bob}`)
    // Changed (duplicates once).
    await submit({
      id,
      title: '改接收人',
      category: 2,
      releaseTime: past(),
      recipientIds: `${ids.bob},${ids.bob}`,
    })
    expect((await row()).recipientIds).toBe(String(ids.bob))
    expect((await readerView(alice)).panel).not.toContain('改接收人')
    // '' (the picker emptied): the whole tenant again.
    await submit({ id, title: '改接收人', category: 2, releaseTime: past(), recipientIds: '' })
    expect((await row()).recipientIds).toBe('')
    expect((await readerView(carol)).panel).toContain('改接收人')

    const refused = async (recipientIds: unknown) =>
      (await submit({ title: '拒绝', category: 1, releaseTime: past(), recipientIds })).msg
    // Another tenant's user and an unknown id are refused alike; so is what is not an id list.
    expect(await refused(String(ids.stranger))).toBe(DeskNoticeMsg.RECIPIENT_MISSING)
    expect(await refused(`${ids.alice},1`)).toBe(DeskNoticeMsg.RECIPIENT_MISSING)
    expect(await refused('abc')).toBe(DeskNoticeMsg.RECIPIENTS)
    expect(await refused('99999999999999999999')).toBe(DeskNoticeMsg.RECIPIENTS)
    expect(await refused({ id: 1 })).toBe(DeskNoticeMsg.RECIPIENTS)
    expect(await refused(Array.from({ length: 1001 }, (_, i) => String(i + 1)))).toBe(
      DeskNoticeMsg.RECIPIENTS,
    )
    expect(await t.app.prisma.notice.count({ where: { title: '拒绝' } })).toBe(0)
  })

  it('a removed recipient is still named, and the notice still editable as it is', async () => {
    await submit({ title: '给将离职者', category: 1, releaseTime: past(), recipientIds: String(ids.bob) })
    await t.app.prisma.user.update({ where: { id: ids.bob }, data: { isDeleted: 1 } })
    const list = await call('GET', '/api/ysjs-desk/notice/list?title=给将离职者', admin)
    expect(list.data.records[0]).toMatchObject({ recipientNames: 'n_bob' })
    const edit = await submit({
      id: list.data.records[0].id,
      title: '给已离职者',
      category: 1,
      releaseTime: past(),
      recipientIds: list.data.records[0].recipientIds,
    })
    expect(edit).toMatchObject({ code: 200 })
  })
})
