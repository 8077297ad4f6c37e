import { nextId } from '@ysjs/db'
import { ExampleStatus, RESULTS_STATUS as S } from '@ysjs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { firmOfUser, ownerKeyOf } from '../src/modules/survey/survey-common.ts'
import { auth, createTestApp, login, TENANT, type TTestApp } from './helpers/app.ts'

/** `dashboard/mine` (issue 24): a member's home page counts what concerns them, nothing of others. */
let t: TTestApp
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '100000' })
})
afterAll(async () => {
  await t.close()
})

type TMine = {
  applicationCount: number
  applicationInProgress: number
  applicationReturned: number
  surveyCount: number
  surveyToFill: number
  registrationCount: number
  noticeCount: number
  applications: { status: number; name: string; value: number }[]
}
const mine = async (token: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/ysjs-desk/dashboard/mine',
    headers: auth(token),
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as TMine
}

describe('dashboard/mine', () => {
  it("counts the caller's applications by status, their fillings, registrations and notices", async () => {
    const m = await login(t.app, 'member')
    const memberId = BigInt(String(m.user_id))
    const before = await mine(m.access_token)
    expect(before.applications.map((a) => a.name)).toEqual([
      '草稿',
      '待审核',
      '已受理',
      '评价中',
      '已评分',
      '已出具报告',
      '已归档',
      '已退回',
    ])

    const application = (status: number, createUser = memberId) =>
      t.app.prisma.results.create({
        data: { id: nextId(), tenantId: TENANT, name: '我的成果', status, createUser },
      })
    await application(S.DRAFT)
    await application(S.PENDING)
    await application(S.EVALUATING)
    await application(S.RETURNED)
    await application(S.ARCHIVED)
    await t.app.prisma.results.create({
      data: {
        id: nextId(),
        tenantId: TENANT,
        name: '删除的',
        status: S.PENDING,
        createUser: memberId,
        isDeleted: 1,
      },
    })
    // Someone else's: never counted.
    await application(S.PENDING, 1n)
    const registration = (createUser: bigint, isDeleted = 0) =>
      t.app.prisma.registeredMeeting.create({
        data: {
          id: nextId(),
          tenantId: TENANT,
          meetingId: nextId(),
          name: '张三',
          unitName: '单位',
          phone: '13900000000',
          createUser,
          isDeleted,
        },
      })
    await registration(memberId)
    await registration(memberId, 1)
    await registration(1n)
    // The fillings of the member's unit (or its own, bound to none).
    const firm = await firmOfUser(t.app.prisma, TENANT, memberId)
    const filling = (status: number, ownerKey = ownerKeyOf(firm?.id ?? null, memberId)) =>
      t.app.prisma.surveyExample.create({
        data: { id: nextId(), tenantId: TENANT, surveyId: nextId(), ownerKey, userId: memberId, status },
      })
    await filling(ExampleStatus.TO_FILL)
    await filling(ExampleStatus.SUBMITTED)
    await filling(ExampleStatus.TO_FILL, 'u1')

    const after = await mine(m.access_token)
    expect({
      applicationCount: after.applicationCount - before.applicationCount,
      applicationInProgress: after.applicationInProgress - before.applicationInProgress,
      applicationReturned: after.applicationReturned - before.applicationReturned,
      surveyCount: after.surveyCount - before.surveyCount,
      surveyToFill: after.surveyToFill - before.surveyToFill,
      registrationCount: after.registrationCount - before.registrationCount,
    }).toEqual({
      applicationCount: 5,
      applicationInProgress: 2,
      applicationReturned: 1,
      surveyCount: 2,
      surveyToFill: 1,
      registrationCount: 1,
    })
    const delta = (status: number) =>
      after.applications.find((a) => a.status === status)!.value -
      before.applications.find((a) => a.status === status)!.value
    expect([S.DRAFT, S.PENDING, S.EVALUATING, S.RETURNED, S.ARCHIVED, S.SCORED].map(delta)).toEqual([
      1, 1, 1, 1, 1, 0,
    ])
    expect(after.noticeCount).toBe(before.noticeCount)
  })

  it('answers a signed-in user without a member unit with their own zeros, and nobody unsigned', async () => {
    const hr = await login(t.app, 'hr')
    const figures = await mine(hr.access_token)
    expect(figures).toMatchObject({ applicationCount: 0, surveyCount: 0, registrationCount: 0 })
    const res = await t.app.inject({ method: 'GET', url: '/api/ysjs-desk/dashboard/mine' })
    expect(res.statusCode).toBe(401)
  })
})
