import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { holdTable, settled } from './helpers/locks.ts'
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

describe('system dictionary (/api/ysjs-system/dict, contract 8)', () => {
  it('serves the platform codes of contract 8.1 to every signed-in user, without a tenant', async () => {
    const sex = await call('GET', '/api/ysjs-system/dict/dictionary?code=sex')
    expect(sex.data.map((d: { dictKey: string; dictValue: string }) => [d.dictKey, d.dictValue])).toEqual([
      ['1', '男'],
      ['2', '女'],
    ])
    expect(sex.data[0]).not.toHaveProperty('tenantId')
    const scopes = (await call('GET', '/api/ysjs-system/dict/dictionary?code=data_scope_type')).data
    expect(scopes.map((d: { dictValue: string }) => d.dictValue)).toEqual([
      '全部可见',
      '本人可见',
      '所在机构可见',
      '所在机构及子级可见',
      '自定义',
    ])
    const tenant = await createTenant(t.app.prisma, { tenantId: unique('d').slice(0, 6), codes: ['dict'] })
    const user = await createUser(t.app.prisma, tenant)
    const theirs = await tokenOf(t.app, tenant.tenantId, user.account)
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-system/dict/dictionary?code=yes_no',
      headers: auth(theirs),
    })
    expect(res.json().data.map((d: { dictValue: string }) => d.dictValue)).toEqual(['否', '是'])
  })

  it('the platform administrator keeps it: add a code and an item, edit, refuse a duplicate key, remove', async () => {
    expect(
      await call('POST', '/api/ysjs-system/dict/submit', { code: 'e2e_metal', dictValue: '金属', sort: 1 }),
    ).toMatchObject({ code: 200 })
    const header = (await call('GET', '/api/ysjs-system/dict/parent-list?code_equal=e2e_metal')).data
      .records[0]
    expect(header).toMatchObject({ code: 'e2e_metal', dictKey: '-1', parentId: '0' })
    const item = { parentId: header.id, dictKey: '1', dictValue: '铜', sort: 1 }
    expect(await call('POST', '/api/ysjs-system/dict/submit', item)).toMatchObject({ code: 200 })
    expect(await call('POST', '/api/ysjs-system/dict/submit', item)).toMatchObject({
      code: 400,
      msg: '当前字典键值已存在!',
    })
    const items = (await call('GET', '/api/ysjs-system/dict/dictionary?code=e2e_metal')).data
    expect(items).toHaveLength(1)
    // The business dictionary of the same tenant is another table: the code is not there.
    expect((await call('GET', '/api/ysjs-system/dict-biz/dictionary?code=e2e_metal')).data).toEqual([])
    expect(await call('POST', `/api/ysjs-system/dict/remove?ids=${header.id}`)).toMatchObject({
      code: 400,
      msg: '请先删除子节点!',
    })
    expect(await call('POST', `/api/ysjs-system/dict/remove?ids=${items[0].id},${header.id}`)).toMatchObject({
      code: 200,
    })
    expect((await call('GET', '/api/ysjs-system/dict/dictionary?code=e2e_metal')).data).toEqual([])
  })

  it("another tenant's administrator reads it but cannot change it (403)", async () => {
    const tenant = await createTenant(t.app.prisma, {
      tenantId: unique('s').slice(0, 6),
      codes: ['dict', 'dict_add', 'dict_edit', 'dict_delete'],
    })
    const user = await createUser(t.app.prisma, tenant)
    const theirs = await tokenOf(t.app, tenant.tenantId, user.account)
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-system/dict/parent-list?code_equal=sex',
      headers: auth(theirs),
    })
    expect(list.json().data.total).toBe(1)
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-system/dict/submit',
      headers: auth(theirs),
      payload: { code: 'theirs', dictValue: '他们的', sort: 1 },
    })
    expect(write.statusCode).toBe(403)
    expect(write.json()).toMatchObject({ code: 403, msg: '请求被拒绝' })
  })
})

describe('dictionary writes that check then write (decision 030)', () => {
  const BIZ = '/api/ysjs-system/dict-biz'
  /** Sends `first`, waits until it waits on the held table, sends `second`, then releases the table. */
  const raced = async (
    first: () => Promise<{ code: number; msg: string }>,
    second: () => Promise<{ code: number; msg: string }>,
  ) => {
    const hold = await holdTable(t.app.prisma, 'blade_dict_biz')
    let a: Promise<{ code: number; msg: string }>
    let b: Promise<{ code: number; msg: string }>
    try {
      a = first()
      await hold.untilWaiting(1)
      b = second()
      const isDone = settled(b)
      await hold.until(async () => isDone() || (await hold.waiting()) >= 2)
    } finally {
      await hold.release()
    }
    return Promise.all([a!, b!])
  }

  it('the same code submitted twice at once is saved once, the other refused with the rule’s message', async () => {
    const code = unique('race_code')
    const body = { code, dictValue: '并发字典', sort: 1 }
    const answers = await raced(
      () => call('POST', `${BIZ}/submit`, body),
      () => call('POST', `${BIZ}/submit`, body),
    )
    expect(answers.map((a) => a.code).sort()).toEqual([200, 400])
    expect(answers.find((a) => a.code === 400)).toMatchObject({ msg: '当前字典键值已存在!' })
    expect(await t.app.prisma.dictBiz.count({ where: { code, isDeleted: 0 } })).toBe(1)
  })

  it('a dictionary removed while an item is added: never removed with a live item', async () => {
    const code = unique('race_parent')
    expect(await call('POST', `${BIZ}/submit`, { code, dictValue: '并发上级', sort: 1 })).toMatchObject({
      code: 200,
    })
    const header = await t.app.prisma.dictBiz.findFirstOrThrow({ where: { code, parentId: 0n } })
    const [removed, added] = await raced(
      () => call('POST', `${BIZ}/remove?ids=${header.id}`),
      () =>
        call('POST', `${BIZ}/submit`, {
          parentId: String(header.id),
          dictKey: '1',
          dictValue: '项',
          sort: 1,
        }),
    )
    const parent = await t.app.prisma.dictBiz.findUniqueOrThrow({ where: { id: header.id } })
    const items = await t.app.prisma.dictBiz.count({ where: { parentId: header.id, isDeleted: 0 } })
    if (removed.code === 200) {
      expect(added).toMatchObject({ code: 400, msg: '上级字典不存在' })
      expect({ deleted: parent.isDeleted, items }).toEqual({ deleted: 1, items: 0 })
    } else {
      expect(removed).toMatchObject({ code: 400, msg: '请先删除子节点!' })
      expect(added).toMatchObject({ code: 200 })
      expect({ deleted: parent.isDeleted, items }).toEqual({ deleted: 0, items: 1 })
    }
  })
})
