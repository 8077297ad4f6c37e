import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { holdTable, settled } from './helpers/locks.ts'

let t: TTestApp
let admin: string
beforeAll(async () => {
  t = await createTestApp()
  admin = (await login(t.app, 'admin')).access_token
})
afterAll(async () => {
  await t.close()
})

const R = '/api/ysjs-system/region'
const call = async (method: 'GET' | 'POST', url: string, payload?: object, token = admin) => {
  const res = await t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) })
  return { status: res.statusCode, ...res.json() }
}

describe('region', () => {
  it('has the 34 provincial-level divisions at the top of the lazy tree', async () => {
    const top = (await call('GET', `${R}/lazy-tree`)).data
    expect(top).toHaveLength(34)
    expect(top[0]).toEqual({
      id: '110000',
      parentId: '00',
      title: '北京市',
      key: '110000',
      value: '110000',
      hasChildren: false,
    })
    expect(top.map((n: { title: string }) => n.title)).toEqual(
      expect.arrayContaining(['台湾省', '香港特别行政区', '澳门特别行政区', '新疆维吾尔自治区']),
    )
    expect((await call('GET', `${R}/lazy-tree?parentCode=`)).data).toHaveLength(34)
    expect((await call('GET', `${R}/select`)).data).toHaveLength(34)
  })

  it('adds children level by level, filling level, ancestors and the province/city columns', async () => {
    expect(
      await call('POST', `${R}/submit`, { code: '360100', parentCode: '360000', name: '南昌市' }),
    ).toMatchObject({
      code: 200,
    })
    expect(
      await call('POST', `${R}/submit`, { code: '360102', parentCode: '360100', name: '东湖区', sort: 1 }),
    ).toMatchObject({
      code: 200,
    })
    const city = (await call('GET', `${R}/detail?code=360100`)).data
    expect(city).toMatchObject({
      parentCode: '360000',
      parentName: '江西省',
      ancestors: '00,360000',
      regionLevel: 2,
      provinceCode: '360000',
      provinceName: '江西省',
      cityCode: '360100',
      cityName: '南昌市',
      hasChildren: true,
    })
    const district = (await call('GET', `${R}/detail?code=360102`)).data
    expect(district).toMatchObject({
      ancestors: '00,360000,360100',
      regionLevel: 3,
      provinceName: '江西省',
      cityName: '南昌市',
      districtCode: '360102',
      districtName: '东湖区',
      hasChildren: false,
    })
    const jiangxi = (await call('GET', `${R}/lazy-tree`)).data.find((n: { id: string }) => n.id === '360000')
    expect(jiangxi.hasChildren).toBe(true)
    expect((await call('GET', `${R}/lazy-tree?parentCode=360000`)).data).toEqual([
      expect.objectContaining({ id: '360100', parentId: '360000', title: '南昌市', hasChildren: true }),
    ])
    expect((await call('GET', `${R}/lazy-list?parentCode=360100`)).data).toEqual([
      expect.objectContaining({ code: '360102', parentName: '南昌市', hasChildren: false }),
    ])

    // An existing code is edited in place.
    expect(
      await call('POST', `${R}/submit`, { code: '360102', name: '东湖区(改)', remark: '备注' }),
    ).toMatchObject({
      code: 200,
    })
    expect((await call('GET', `${R}/detail?code=360102`)).data).toMatchObject({
      name: '东湖区(改)',
      districtName: '东湖区(改)',
      parentCode: '360100',
      remark: '备注',
    })

    const page = (await call('GET', `${R}/list?parentCode=360100&size=10`)).data
    expect(page).toMatchObject({ total: 1, records: [expect.objectContaining({ code: '360102' })] })
    expect((await call('GET', `${R}/list?name=东湖`)).data.total).toBe(1)
    expect((await call('GET', `${R}/list?regionLevel=1&size=100`)).data.total).toBe(34)

    // A region with children stays; leaves go first.
    expect(await call('POST', `${R}/remove?id=360100`)).toMatchObject({ status: 400, msg: '请先删除子节点!' })
    expect(await call('POST', `${R}/remove?id=360102`)).toMatchObject({ code: 200 })
    expect(await call('POST', `${R}/remove?id=360100`)).toMatchObject({ code: 200 })
    expect(await call('GET', `${R}/detail?code=360100`)).toMatchObject({ status: 400, msg: '数据不存在' })
  })

  it('an update of a stored code writes only the fields it carries (decision 030)', async () => {
    expect(
      await call('POST', `${R}/submit`, {
        code: '360200',
        parentCode: '360000',
        name: '景德镇市',
        sort: 2,
        remark: '瓷都',
      }),
    ).toMatchObject({ code: 200 })
    // Only the sort: the name and remark stay.
    expect(await call('POST', `${R}/submit`, { code: '360200', sort: 3 })).toMatchObject({ code: 200 })
    expect((await call('GET', `${R}/detail?code=360200`)).data).toMatchObject({
      name: '景德镇市',
      sort: 3,
      remark: '瓷都',
    })
    // null is "not given"; '' on the required name answers its message; '' clears the remark.
    expect(await call('POST', `${R}/submit`, { code: '360200', name: null })).toMatchObject({ code: 200 })
    expect(await call('POST', `${R}/submit`, { code: '360200', name: '' })).toMatchObject({
      status: 400,
      msg: '请输入区划名称',
    })
    expect(await call('POST', `${R}/submit`, { code: '360200', remark: '' })).toMatchObject({ code: 200 })
    const after = (await call('GET', `${R}/detail?code=360200`)).data
    expect(after).toMatchObject({ name: '景德镇市', sort: 3 })
    expect([null, '']).toContain(after.remark)
  })

  it('answers its messages for bad input', async () => {
    expect(await call('POST', `${R}/submit`, { name: '某地' })).toMatchObject({
      status: 400,
      msg: '请输入区划编号',
    })
    expect(await call('POST', `${R}/submit`, { code: '36A', name: '某地' })).toMatchObject({
      status: 400,
      msg: '区划编号格式不正确',
    })
    expect(await call('POST', `${R}/submit`, { code: '999901' })).toMatchObject({
      status: 400,
      msg: '请输入区划名称',
    })
    expect(
      await call('POST', `${R}/submit`, { code: '999901', parentCode: '999900', name: '某地' }),
    ).toMatchObject({
      status: 400,
      msg: '上级区划不存在',
    })
    expect(
      await call('POST', `${R}/submit`, { code: '999901', parentCode: '999901', name: '某地' }),
    ).toMatchObject({
      status: 400,
      msg: '上级区划不能是自己',
    })
    expect(await call('GET', `${R}/lazy-tree?parentCode=abc`)).toMatchObject({
      status: 400,
      msg: '区划编号格式不正确',
    })
    expect(await call('POST', `${R}/remove`)).toMatchObject({ status: 400, msg: '请输入区划编号' })
  })

  it('lets any signed-in user read the tree, but manage regions only with the codes', async () => {
    const hr = (await login(t.app, 'hr')).access_token
    expect((await call('GET', `${R}/lazy-tree`, undefined, hr)).data).toHaveLength(34)
    expect((await call('GET', `${R}/select`, undefined, hr)).data).toHaveLength(34)
    for (const [method, url] of [
      ['GET', `${R}/list`],
      ['GET', `${R}/lazy-list`],
      ['GET', `${R}/detail?code=110000`],
      ['POST', `${R}/submit`],
      ['POST', `${R}/remove?id=110000`],
    ] as const) {
      expect((await call(method, url, {}, hr)).status, url).toBe(403)
    }
    expect((await t.app.inject({ method: 'GET', url: `${R}/lazy-tree` })).statusCode).toBe(401)
  })
})

describe('region writes that check then write (decision 030)', () => {
  it('a region removed while a child is added: never removed with a live child', async () => {
    expect(
      await call('POST', `${R}/submit`, { code: '369900', name: '并发市', parentCode: '360000' }),
    ).toMatchObject({ code: 200 })
    // The removal is stopped between its check and its write; the child is added meanwhile.
    const hold = await holdTable(t.app.prisma, 'blade_region')
    let removed: Promise<{ code: number; msg: string }>
    let added: Promise<{ code: number; msg: string }>
    try {
      removed = call('POST', `${R}/remove?id=369900`)
      await hold.untilWaiting(1)
      added = call('POST', `${R}/submit`, { code: '369901', name: '并发区', parentCode: '369900' })
      const isDone = settled(added)
      await hold.until(async () => isDone() || (await hold.waiting()) >= 2)
    } finally {
      await hold.release()
    }
    const [r, a] = await Promise.all([removed!, added!])
    const parent = await t.app.prisma.region.findUnique({ where: { code: '369900' } })
    const child = await t.app.prisma.region.findUnique({ where: { code: '369901' } })
    if (r.code === 200) {
      expect(a).toMatchObject({ code: 400, msg: '上级区划不存在' })
      expect({ parent, child }).toEqual({ parent: null, child: null })
    } else {
      expect(r).toMatchObject({ code: 400, msg: '请先删除子节点!' })
      expect(a).toMatchObject({ code: 200 })
      expect(parent).not.toBeNull()
    }
  })
})
