import { nextId } from '@ysjs/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { createTenant, createUser, tokenOf, unique } from './helpers/system.ts'

let t: TTestApp
let admin: string
beforeAll(async () => {
  t = await createTestApp()
  admin = (await login(t.app, 'admin')).access_token
})
afterAll(async () => {
  await t.close()
})

const call = async (method: 'GET' | 'POST', url: string, token = admin) =>
  (await t.app.inject({ method, url, headers: auth(token) })).json()

describe('report files', () => {
  it('lists saved reports newest first, filters by name, and removes them', async () => {
    const ids = [nextId(), nextId(), nextId()]
    await t.app.prisma.reportFile.createMany({
      data: [
        {
          id: ids[0]!,
          name: '评价统计.ureport.xml',
          content: Buffer.from('<x/>'),
          createTime: new Date('2026-01-01T00:00:00Z'),
        },
        { id: ids[1]!, name: '会议统计.ureport.xml', createTime: new Date('2026-02-01T00:00:00Z') },
        { id: ids[2]!, name: '会议费用.ureport.xml', createTime: new Date('2026-03-01T00:00:00Z') },
      ],
    })
    const list = (await call('GET', '/api/ysjs-report/report/rest/list')).data
    expect(list.records.map((r: { name: string }) => r.name)).toEqual([
      '会议费用.ureport.xml',
      '会议统计.ureport.xml',
      '评价统计.ureport.xml',
    ])
    expect(list.records[0]).toEqual({
      id: String(ids[2]),
      name: '会议费用.ureport.xml',
      createTime: '2026-03-01 08:00:00',
      updateTime: null,
    })
    expect((await call('GET', '/api/ysjs-report/report/rest/list?name=会议')).data.total).toBe(2)

    expect(await call('POST', `/api/ysjs-report/report/rest/remove?ids=${ids[1]},${ids[2]}`)).toMatchObject({
      code: 200,
    })
    const after = (await call('GET', '/api/ysjs-report/report/rest/list')).data
    expect(after.records.map((r: { name: string }) => r.name)).toEqual(['评价统计.ureport.xml'])
    expect(await call('POST', '/api/ysjs-report/report/rest/remove')).toMatchObject({ code: 400 })
    expect(await call('POST', '/api/ysjs-report/report/rest/remove?ids=x')).toMatchObject({ code: 400 })
  })

  it('needs the report menu to list and its delete button to remove', async () => {
    const tenantId = unique('r').slice(0, 6)
    const other = await createTenant(t.app.prisma, { tenantId, codes: ['report_list'] })
    const user = await createUser(t.app.prisma, { tenantId, roleId: other.roleId, deptId: other.deptId })
    const token = await tokenOf(t.app, tenantId, user.account)
    expect(await call('GET', '/api/ysjs-report/report/rest/list', token)).toMatchObject({ code: 200 })
    expect(await call('POST', '/api/ysjs-report/report/rest/remove?ids=1', token)).toMatchObject({
      code: 403,
    })
  })
})
