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

const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: auth(admin), ...(payload ? { payload } : {}) })
  return res.json()
}

describe('dict-biz', () => {
  it('serves the items of a dictionary by sort, without the header row and sealed items', async () => {
    const items = (await call('GET', '/api/ysjs-system/dict-biz/dictionary?code=yes_no')).data
    expect(items.map((i: { dictKey: string; dictValue: string }) => [i.dictKey, i.dictValue])).toEqual([
      ['1', '否'],
      ['2', '是'],
    ])
    const sealed = items[0]
    await t.app.prisma.dictBiz.update({ where: { id: BigInt(sealed.id) }, data: { isSealed: 1 } })
    const after = (await call('GET', '/api/ysjs-system/dict-biz/dictionary?code=yes_no')).data
    expect(after).toHaveLength(1)
  })

  it('seeds the dictionaries the forms use', async () => {
    for (const code of [
      'achievement_type',
      'technical_title',
      'educational_level',
      'intellectual_property_category',
      'country',
      'industry',
      'sex',
      'menu_category',
      'button_func',
      'flow',
    ]) {
      const items = (await call('GET', `/api/ysjs-system/dict-biz/dictionary?code=${code}`)).data
      expect(items.length, code).toBeGreaterThan(1)
    }
  })

  it('pages the dictionaries and lists the items of one as a tree', async () => {
    const page = (await call('GET', '/api/ysjs-system/dict-biz/parent-list?current=1&size=10&code=sex')).data
    expect(page.total).toBe(1)
    const header = page.records[0]
    expect(header).toMatchObject({ code: 'sex', dictKey: '-1', parentId: '0', dictValue: '性别' })
    const children = (await call('GET', `/api/ysjs-system/dict-biz/child-list?parentId=${header.id}`)).data
    expect(children.map((c: { dictKey: string }) => c.dictKey)).toEqual(['1', '2'])
    expect(children[0]).toMatchObject({ parentId: header.id, parentName: '性别' })
    expect((await call('GET', '/api/ysjs-system/dict-biz/child-list?parentId=-1')).data).toEqual([])
    expect((await call('GET', '/api/ysjs-system/dict-biz/child-list')).data).toEqual([])
  })

  it('creates a dictionary and its items, with the spec messages', async () => {
    expect(
      await call('POST', '/api/ysjs-system/dict-biz/submit', { dictValue: '金属', sort: 1 }),
    ).toMatchObject({
      code: 400,
      msg: '请输入字典编号',
    })
    expect(await call('POST', '/api/ysjs-system/dict-biz/submit', { code: 'metal', sort: 1 })).toMatchObject({
      msg: '请输入字典名称',
    })
    expect(
      await call('POST', '/api/ysjs-system/dict-biz/submit', { code: 'metal', dictValue: '金属' }),
    ).toMatchObject({
      msg: '请输入字典排序',
    })
    expect(
      await call('POST', '/api/ysjs-system/dict-biz/submit', { code: 'metal', dictValue: '金属', sort: 1 }),
    ).toMatchObject({
      code: 200,
    })
    const header = (await call('GET', '/api/ysjs-system/dict-biz/parent-list?code_equal=metal')).data
      .records[0]
    expect(
      await call('POST', '/api/ysjs-system/dict-biz/submit', {
        parentId: header.id,
        dictValue: '铜',
        sort: 1,
      }),
    ).toMatchObject({
      msg: '请输入字典键值',
    })
    const item = { parentId: header.id, dictKey: '29', dictValue: '铜', sort: 1, code: 'ignored' }
    expect(await call('POST', '/api/ysjs-system/dict-biz/submit', item)).toMatchObject({ code: 200 })
    expect(await call('POST', '/api/ysjs-system/dict-biz/submit', item)).toMatchObject({
      code: 400,
      msg: '当前字典键值已存在!',
    })
    const items = (await call('GET', '/api/ysjs-system/dict-biz/dictionary?code=metal')).data
    expect(items).toMatchObject([{ code: 'metal', dictKey: '29', dictValue: '铜' }])

    // Renaming the dictionary's code renames its items too.
    expect(
      await call('POST', '/api/ysjs-system/dict-biz/submit', { ...header, code: 'metals', sort: 2 }),
    ).toMatchObject({ code: 200 })
    expect((await call('GET', '/api/ysjs-system/dict-biz/dictionary?code=metals')).data).toHaveLength(1)
    expect((await call('GET', '/api/ysjs-system/dict-biz/dictionary?code=metal')).data).toHaveLength(0)

    // A dictionary with items cannot be removed before them.
    expect(await call('POST', `/api/ysjs-system/dict-biz/remove?ids=${header.id}`)).toMatchObject({
      code: 400,
      msg: '请先删除子节点!',
    })
    expect(
      await call('POST', `/api/ysjs-system/dict-biz/remove?ids=${header.id},${items[0].id}`),
    ).toMatchObject({ code: 200 })
    expect((await call('GET', '/api/ysjs-system/dict-biz/parent-list?code_equal=metals')).data.total).toBe(0)
  })

  it('shows detail with the parent name, and the whole tree', async () => {
    const item = (await call('GET', '/api/ysjs-system/dict-biz/dictionary?code=sex')).data[0]
    expect((await call('GET', `/api/ysjs-system/dict-biz/detail?id=${item.id}`)).data).toMatchObject({
      parentName: '性别',
    })
    const tree = (await call('GET', '/api/ysjs-system/dict-biz/tree')).data
    expect(tree.find((n: { title: string }) => n.title === '性别').children).toHaveLength(2)
    const list = (await call('GET', '/api/ysjs-system/dict-biz/list?code=sex')).data
    expect(list[0]).toMatchObject({ code: 'sex', parentName: '顶级' })
  })
})
