import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { nextId } from '@ysjs/db'
import { bigramsOf } from '@ysjs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { multipartFile } from './helpers/multipart.ts'
import { createTenant, createUser, tokenOf, unique } from './helpers/system.ts'
import { readExport } from './helpers/xlsx.ts'

const K = '/api/ysjs-kms'
const KMS_CODES = [
  'kms_main',
  'kms_main_add',
  'kms_main_edit',
  'kms_main_delete',
  'kms_catalog',
  'kms_catalog_add',
  'kms_label',
  'kms_label_add',
]

let t: TTestApp
let storageDir: string
let admin: string
let otherAdmin: string
let reader: string
beforeAll(async () => {
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ysjs-kms-'))
  t = await createTestApp({ STORAGE_DIR: storageDir })
  admin = (await login(t.app, 'admin')).access_token
  const other = await createTenant(t.app.prisma, { tenantId: '730011', codes: KMS_CODES })
  const boss = await createUser(t.app.prisma, {
    tenantId: other.tenantId,
    roleId: other.roleId,
    deptId: other.deptId,
  })
  otherAdmin = await tokenOf(t.app, other.tenantId, boss.account)
  // A portal user of the other tenant: signed in, without any knowledge-base menu.
  const bare = await createTenant(t.app.prisma, { tenantId: '730012', codes: [] })
  const user = await createUser(t.app.prisma, {
    tenantId: bare.tenantId,
    roleId: bare.roleId,
    deptId: bare.deptId,
  })
  reader = await tokenOf(t.app, bare.tenantId, user.account)
})
afterAll(async () => {
  await t.close()
  await fs.rm(storageDir, { recursive: true, force: true })
})

const post = (url: string, token: string | null, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: token ? auth(token) : {}, ...(payload ? { payload } : {}) })
const get = (url: string, token: string | null) =>
  t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} })
const data = async <T = never>(p: Promise<{ json: () => { data: unknown } }>): Promise<T> =>
  (await p).json().data as T

const newCatalog = async (catalogName: string, parentId = '0', token = admin) => {
  expect((await post(`${K}/catalog/submit`, token, { catalogName, parentId, sort: 1 })).json()).toMatchObject(
    { code: 200 },
  )
  const rows: { id: string; catalogName: string }[] = await data(
    get(`${K}/catalog/lazy-list?parentId=${parentId}`, token),
  )
  return rows.find((r) => r.catalogName === catalogName)!.id
}
const newEntry = async (body: Record<string, unknown>, token = admin) => {
  const res = (await post(`${K}/main/submit`, token, body)).json()
  expect(res).toMatchObject({ code: 200 })
  return res.data.id as string
}

describe('knowledge catalogs', () => {
  it('lists, lazy-lists, trees, details, moves and removes catalogs with their messages', async () => {
    const root = await newCatalog(unique('有色冶金'))
    const child = await newCatalog('铜冶炼', root)
    const lazy: { id: string; hasChildren: boolean; parentName: string }[] = await data(
      get(`${K}/catalog/lazy-list`, admin),
    )
    expect(lazy.find((c) => c.id === root)).toMatchObject({ hasChildren: true, parentName: '顶级' })
    const tree: { id: string; children?: { id: string; title?: string }[] }[] = await data(
      get(`${K}/catalog/tree`, admin),
    )
    expect(tree.find((n) => n.id === root)?.children?.[0]).toMatchObject({ id: child, title: '铜冶炼' })
    const list: { id: string; children?: { id: string }[] }[] = await data(get(`${K}/catalog/list`, admin))
    expect(list.find((n) => n.id === root)?.children?.map((c) => c.id)).toEqual([child])
    expect(await data(get(`${K}/catalog/detail?id=${child}`, admin))).toMatchObject({
      catalogName: '铜冶炼',
      parentName: expect.stringContaining('有色冶金'),
    })

    const msg = async (body: object) => (await post(`${K}/catalog/submit`, admin, body)).json()
    expect(await msg({ catalogName: '', parentId: root, sort: 1 })).toMatchObject({
      code: 400,
      msg: '请输入目录名称',
    })
    expect(await msg({ catalogName: '铜冶炼', parentId: root, sort: 1 })).toMatchObject({
      code: 400,
      msg: '同一上级下目录名称已存在',
    })
    expect(await msg({ catalogName: 'x', parentId: '99', sort: 1 })).toMatchObject({
      code: 400,
      msg: '上级目录不存在',
    })
    expect(await msg({ id: root, catalogName: 'x', parentId: child, sort: 1 })).toMatchObject({
      code: 400,
      msg: '上级目录不能选择自身或其子目录',
    })
    expect(await msg({ id: child, catalogName: '铜冶炼技术', parentId: root, sort: 2 })).toMatchObject({
      code: 200,
    })

    // A name search answers the matching catalogs of every level, flat.
    const found = await data<{ id: string }[]>(
      get(`${K}/catalog/lazy-list?catalogName=${encodeURIComponent('铜冶炼技术')}`, admin),
    )
    expect(found.map((c) => c.id)).toContain(child)
    const flat = await data<{ id: string; children?: unknown }[]>(
      get(`${K}/catalog/list?catalogName=${encodeURIComponent('铜冶炼技术')}`, admin),
    )
    expect(flat.find((c) => c.id === child)?.children).toBeUndefined()
    expect((await post(`${K}/catalog/remove?ids=${root}`, admin)).json()).toMatchObject({
      code: 400,
      msg: '请先删除子目录',
    })
    await newEntry({ title: '目录中的条目', catalogId: child })
    expect((await post(`${K}/catalog/remove?ids=${child}`, admin)).json()).toMatchObject({
      code: 400,
      msg: '该目录下存在知识条目，请先移除条目',
    })
    const empty = await newCatalog('空目录', root)
    expect((await post(`${K}/catalog/remove?ids=${empty}`, admin)).json()).toMatchObject({ code: 200 })
    expect((await get(`${K}/catalog/detail?id=${empty}`, admin)).json()).toMatchObject({ code: 400 })
  })
})

describe('knowledge labels and authors', () => {
  it('labels: submit, list, detail, unique name, remove', async () => {
    const name = unique('稀土')
    expect((await post(`${K}/label/submit`, admin, { labelName: name })).json()).toMatchObject({ code: 200 })
    expect((await post(`${K}/label/submit`, admin, { labelName: name })).json()).toMatchObject({
      code: 400,
      msg: '标签名称已存在',
    })
    expect((await post(`${K}/label/submit`, admin, { labelName: ' ' })).json()).toMatchObject({
      code: 400,
      msg: '请输入标签名称',
    })
    const page: { records: { id: string }[] } = await data(
      get(`${K}/label/list?labelName=${encodeURIComponent(name)}`, admin),
    )
    const id = page.records[0]!.id
    expect(await data(get(`${K}/label/detail?id=${id}`, admin))).toMatchObject({ labelName: name })
    expect((await post(`${K}/label/remove?ids=${id}`, admin)).json()).toMatchObject({ code: 200 })
  })

  it('authors of an entry: CRUD, the entry must exist', async () => {
    const cat = await newCatalog(unique('作者目录'))
    const mainId = await newEntry({ title: '铝电解节能', catalogId: cat })
    expect(
      (await post(`${K}/main_to_author/submit`, admin, { mainId, authorName: '' })).json(),
    ).toMatchObject({ code: 400, msg: '请输入作者姓名' })
    expect(
      (await post(`${K}/main_to_author/submit`, admin, { mainId: '12345', authorName: '张工' })).json(),
    ).toMatchObject({ code: 400, msg: '知识条目不存在' })
    expect(
      (
        await post(`${K}/main_to_author/submit`, admin, {
          mainId,
          authorName: '张工',
          unitName: '有色金属研究院',
        })
      ).json(),
    ).toMatchObject({ code: 200 })
    const page: { records: { id: string; authorName: string }[] } = await data(
      get(`${K}/main_to_author/list?mainId=${mainId}`, admin),
    )
    expect(page.records).toHaveLength(1)
    expect(page.records[0]).toMatchObject({
      authorName: '张工',
      mainTitle: '铝电解节能',
      unitName: '有色金属研究院',
    })
    const id = page.records[0]!.id
    expect(
      (await post(`${K}/main_to_author/submit`, admin, { id, mainId, authorName: '李工' })).json(),
    ).toMatchObject({ code: 200 })
    expect(await data(get(`${K}/main_to_author/detail?id=${id}`, admin))).toMatchObject({
      authorName: '李工',
    })
    expect((await post(`${K}/main_to_author/remove?ids=${id}`, admin)).json()).toMatchObject({ code: 200 })
    // The authors of a removed entry leave the author list with it.
    expect(
      (await post(`${K}/main_to_author/submit`, admin, { mainId, authorName: '王工' })).json(),
    ).toMatchObject({ code: 200 })
    expect(
      (await data<{ total: number }>(get(`${K}/main_to_author/list?mainId=${mainId}`, admin))).total,
    ).toBe(1)
    expect((await post(`${K}/main/remove?ids=${mainId}`, admin)).json()).toMatchObject({ code: 200 })
    expect(
      (await data<{ total: number }>(get(`${K}/main_to_author/list?mainId=${mainId}`, admin))).total,
    ).toBe(0)
  })
})

describe('knowledge entries', () => {
  it('submit sanitises the rich text, links labels, checks attachments; detail, update and remove', async () => {
    const cat = await newCatalog(unique('条目目录'))
    await post(`${K}/label/submit`, admin, { labelName: unique('铜') })
    const labels: { records: { id: string }[] } = await data(get(`${K}/label/list?size=2`, admin))
    const labelIds = labels.records.map((l) => l.id)
    const msg = async (body: object) => (await post(`${K}/main/submit`, admin, body)).json()
    expect(await msg({ title: '', catalogId: cat })).toMatchObject({ code: 400, msg: '请输入知识标题' })
    expect(await msg({ title: 'a' })).toMatchObject({ code: 400, msg: '请选择知识目录' })
    expect(await msg({ title: 'a', catalogId: '42' })).toMatchObject({ code: 400, msg: '知识目录不存在' })
    expect(await msg({ title: 'a', catalogId: cat, publishDate: '2024/01/01' })).toMatchObject({
      code: 400,
      msg: '发布日期格式不正确',
    })
    // Impossible days are refused, not rolled over; ids above a bigint are refused, not a 500.
    expect(await msg({ title: 'a', catalogId: cat, publishDate: '2023-02-29' })).toMatchObject({
      code: 400,
      msg: '发布日期格式不正确',
    })
    expect(await msg({ title: 'a', catalogId: '9223372036854775808' })).toMatchObject({
      code: 400,
      msg: '请选择知识目录',
    })
    expect(await msg({ title: 'a', catalogId: '0' })).toMatchObject({ code: 400, msg: '请选择知识目录' })
    expect(await msg({ title: 'a', catalogId: cat, fileAttach: `1,9223372036854775808` })).toMatchObject({
      code: 400,
      msg: '请求参数类型错误: fileAttach',
    })
    expect(await msg({ title: 'a', catalogId: cat, shelves: 3 })).toMatchObject({
      code: 400,
      msg: '请选择上下架状态',
    })
    expect(await msg({ title: 'a', catalogId: cat, labelIds: '42' })).toMatchObject({
      code: 400,
      msg: '标签不存在',
    })
    expect(await msg({ title: 'a', catalogId: cat, fileAttach: '42' })).toMatchObject({
      code: 400,
      msg: '附件不存在',
    })

    const attachId = nextId()
    await t.app.prisma.attach.create({
      data: {
        id: attachId,
        tenantId: '000000',
        link: 'http://x/a.pdf',
        name: 'upload/a.pdf',
        originalName: '工艺说明.pdf',
      },
    })
    const id = await newEntry({
      title: '低品位铜矿浸出工艺',
      catalogId: cat,
      summary: '摘要',
      content: '<p>正文<script>alert(1)</script><img src=x onerror="alert(2)"></p>',
      fileAttach: String(attachId),
      source: '有色金属学会',
      publishDate: '2024-05-01',
      shelves: 1,
      labelIds: labelIds.join(','),
    })
    const detail: Record<string, unknown> & { content: string; labels: { id: string }[] } = await data(
      get(`${K}/main/detail?id=${id}`, admin),
    )
    expect(detail).toMatchObject({
      title: '低品位铜矿浸出工艺',
      shelves: 1,
      shelvesName: '已上架',
      source: '有色金属学会',
      publishDate: '2024-05-01 00:00:00',
    })
    expect(detail.content).not.toMatch(/script|onerror/)
    expect(detail.labels.map((l) => l.id).sort()).toEqual([...labelIds].sort())
    expect(detail.attachments).toEqual([
      { id: String(attachId), link: 'http://x/a.pdf', originalName: '工艺说明.pdf' },
    ])

    expect(
      (await post(`${K}/main/update`, admin, { id, title: '低品位铜矿生物浸出', catalogId: cat })).json(),
    ).toMatchObject({ code: 200 })
    expect(await data(get(`${K}/main/detail?id=${id}`, admin))).toMatchObject({
      title: '低品位铜矿生物浸出',
      shelves: 1,
    })
    expect((await post(`${K}/main/update`, admin, { title: 'x', catalogId: cat })).json()).toMatchObject({
      code: 400,
    })

    expect(
      (await post(`${K}/main/labelAssociate`, admin, { mainId: id, labelIds: [labelIds[0]] })).json(),
    ).toMatchObject({ code: 200 })
    expect((await data<{ labels: unknown[] }>(get(`${K}/main/detail?id=${id}`, admin))).labels).toHaveLength(
      1,
    )
    expect(
      (await post(`${K}/main/labelAssociate`, admin, { mainId: id, labelIds: [] })).json(),
    ).toMatchObject({ code: 200 })
    expect((await data<{ labels: unknown[] }>(get(`${K}/main/detail?id=${id}`, admin))).labels).toHaveLength(
      0,
    )
    expect(
      (await post(`${K}/main/labelAssociate`, admin, { mainId: '77', labelIds: [] })).json(),
    ).toMatchObject({ code: 400, msg: '知识条目不存在' })
    expect((await post(`${K}/main/labelAssociate`, admin, { labelIds: [] })).json()).toMatchObject({
      code: 400,
    })

    // The editor sends its label choice with the entry: an empty choice clears the labels.
    expect(
      (
        await post(`${K}/main/submit`, admin, {
          id,
          title: 't',
          catalogId: cat,
          labelIds: labelIds.join(','),
        })
      ).json(),
    ).toMatchObject({ code: 200 })
    expect((await data<{ labels: unknown[] }>(get(`${K}/main/detail?id=${id}`, admin))).labels).toHaveLength(
      labelIds.length,
    )
    expect(
      (await post(`${K}/main/submit`, admin, { id, title: 't', catalogId: cat, labelIds: '' })).json(),
    ).toMatchObject({ code: 200 })
    expect((await data<{ labels: unknown[] }>(get(`${K}/main/detail?id=${id}`, admin))).labels).toHaveLength(
      0,
    )
    expect((await post(`${K}/main/remove?ids=${id}`, admin)).json()).toMatchObject({ code: 200 })
    expect((await get(`${K}/main/detail?id=${id}`, admin)).json()).toMatchObject({ code: 400 })
  })

  it('attachments uploaded with put-file-attach are saved with the entry, named in the detail and downloadable', async () => {
    const cat = await newCatalog(unique('附件目录'))
    const uploadAs = async (token: string, name: string, body: Buffer) => {
      const form = multipartFile('file', name, body)
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ysjs-resource/oss/endpoint/put-file-attach',
        headers: { ...auth(token), ...form.headers },
        payload: form.payload,
      })
      expect(res.json()).toMatchObject({ code: 200 })
      return res.json().data as { link: string; originalName: string; attachId: string }
    }
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 32)])
    const first = await uploadAs(admin, '浸出工艺说明.pdf', pdf)
    const second = await uploadAs(
      admin,
      '试验数据.xlsx',
      Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64)]),
    )
    expect(first.attachId).toMatch(/^\d+$/)
    // The editor sends the ids in the order the files were attached.
    const id = await newEntry({
      title: unique('附件条目'),
      catalogId: cat,
      fileAttach: `${second.attachId},${first.attachId}`,
    })
    const detail = await data<{ fileAttach: string; attachments: unknown[] }>(
      get(`${K}/main/detail?id=${id}`, admin),
    )
    expect(detail.fileAttach).toBe(`${second.attachId},${first.attachId}`)
    expect(detail.attachments).toEqual([
      { id: second.attachId, link: second.link, originalName: '试验数据.xlsx' },
      { id: first.attachId, link: first.link, originalName: '浸出工艺说明.pdf' },
    ])
    // The link downloads the stored bytes with the token (as the editor's chip opens it), not without.
    const file = await t.app.inject({
      method: 'GET',
      url: `${first.link}?blade-auth=${encodeURIComponent(`bearer ${admin}`)}`,
    })
    expect(file.statusCode).toBe(200)
    expect(file.rawPayload.equals(pdf)).toBe(true)
    expect((await t.app.inject({ method: 'GET', url: first.link })).statusCode).toBe(401)
    // Removing one in the editor keeps the other.
    expect(
      (
        await post(`${K}/main/submit`, admin, { id, title: 'x', catalogId: cat, fileAttach: first.attachId })
      ).json(),
    ).toMatchObject({ code: 200 })
    expect(
      (await data<{ attachments: { id: string }[] }>(get(`${K}/main/detail?id=${id}`, admin))).attachments,
    ).toEqual([{ id: first.attachId, link: first.link, originalName: '浸出工艺说明.pdf' }])
    // Another tenant's attachment is not one of ours.
    const theirs = await uploadAs(otherAdmin, 'x.pdf', pdf)
    expect(
      (
        await post(`${K}/main/submit`, admin, { title: 'y', catalogId: cat, fileAttach: theirs.attachId })
      ).json(),
    ).toMatchObject({ code: 400, msg: '附件不存在' })
  })

  it('exports the ranked, filtered entries by keyset over several batches, in the list order', async () => {
    const cat = await newCatalog(unique('导出目录'))
    const word = `钒钛${unique('').slice(-3)}`
    const day = new Date('2024-03-01T00:00:00Z')
    // 1,300 entries (one batch is 1,000): the keyword in the title of some, the summary of others; many
    // share a publish date, a third have none (they sort by when they were entered).
    await t.app.prisma.kmsMain.createMany({
      data: Array.from({ length: 1300 }, (_, i) => {
        const title = i % 4 ? `条目${i}` : `${word}条目${i}`
        const summary = i % 4 ? `关于${word}的摘要` : '摘要'
        return {
          id: BigInt(8_200_000_000 + i),
          tenantId: '000000',
          title,
          catalogId: BigInt(cat),
          summary,
          publishDate: i % 3 ? day : null,
          createTime: new Date(day.getTime() + (i % 5) * 86_400_000),
          searchGrams: bigramsOf(`${title}\n${summary}`),
        }
      }),
    })
    for (const query of [`catalogId=${cat}`, `catalogId=${cat}&keyword=${encodeURIComponent(word)}`]) {
      const res = await get(`${K}/main/export?${query}`, admin)
      expect(res.statusCode).toBe(200)
      const x = await readExport(res.rawPayload)
      expect(x.sheet.name).toBe('知识条目')
      expect(x.notes[0]).toContain(query.includes('keyword') ? `${word}` : '筛选条件')
      const exported = x.rows.map((r) => r[0])
      const listed: string[] = []
      for (const current of [1, 2]) {
        const page = await data<{ records: { title: string }[] }>(
          get(`${K}/main/list?${query}&size=1000&current=${current}`, admin),
        )
        listed.push(...page.records.map((r) => r.title))
      }
      expect(exported).toHaveLength(1300)
      expect(new Set(exported).size).toBe(1300)
      expect(exported).toEqual(listed)
    }
  })

  it('finds text with entities (A&B, <y>) and sorts an undated entry by when it was entered', async () => {
    const cat = await newCatalog(unique('实体目录'))
    const word = `镓锗${unique('').slice(-3)}`
    const amp = await newEntry({
      title: '其他',
      catalogId: cat,
      content: `<p>${word} A&amp;B 工艺 x &lt;y&gt; 末</p>`,
    })
    const search = async (kw: string) =>
      (
        await data<{ records: { id: string }[] }>(
          get(`${K}/main/list?keyword=${encodeURIComponent(kw)}&catalogId=${cat}`, admin),
        )
      ).records.map((r) => r.id)
    expect(await search('a&b')).toEqual([amp])
    expect(await search('A&B 工艺')).toEqual([amp])
    expect(await search('<y>')).toEqual([amp])
    expect(await search('amp')).toEqual([])
    // An entry dated years ago, then one without a date: the new one leads the list, not the last page.
    const dated = await newEntry({ title: `${word}旧条目`, catalogId: cat, publishDate: '2020-01-01' })
    const undated = await newEntry({ title: `${word}新条目`, catalogId: cat })
    const order = (
      await data<{ records: { id: string }[] }>(get(`${K}/main/list?catalogId=${cat}`, admin))
    ).records.map((r) => r.id)
    expect(order.indexOf(undated)).toBeLessThan(order.indexOf(dated))
    expect(order[0]).toBe(undated)
  })

  it('saving labels or experts with an entry needs the 关联标签 / 关联专家 buttons', async () => {
    // Their admin may add and edit entries but holds neither button.
    const cat = await newCatalog(unique('按钮目录'), '0', otherAdmin)
    const submit = (body: object) =>
      post(`${K}/main/submit`, otherAdmin, { title: unique('条目'), catalogId: cat, ...body })
    expect((await submit({ labelIds: '' })).statusCode).toBe(403)
    expect((await submit({ expertIds: [] })).statusCode).toBe(403)
    const saved = (await submit({})).json()
    expect(saved).toMatchObject({ code: 200 })
    expect(
      (
        await post(`${K}/main/update`, otherAdmin, {
          id: saved.data.id,
          title: 'x',
          catalogId: cat,
          labelIds: '',
        })
      ).statusCode,
    ).toBe(403)
    expect(
      (await post(`${K}/main/update`, otherAdmin, { id: saved.data.id, title: 'x', catalogId: cat })).json(),
    ).toMatchObject({ code: 200 })
  })

  it('lists by catalog including sub-catalogs', async () => {
    const top = await newCatalog(unique('冶金总目录'))
    const sub = await newCatalog('镍钴', top)
    const a = await newEntry({ title: '上级目录条目', catalogId: top })
    const b = await newEntry({ title: '子目录条目', catalogId: sub })
    const ids = async (catalogId: string) =>
      (
        await data<{ records: { id: string }[] }>(get(`${K}/main/list?catalogId=${catalogId}&size=50`, admin))
      ).records.map((r) => r.id)
    expect((await ids(top)).sort()).toEqual([a, b].sort())
    expect(await ids(sub)).toEqual([b])
  })

  it('keyword search: Chinese substrings of two or more characters, ranked title, summary, content', async () => {
    const cat = await newCatalog(unique('检索目录'))
    const word = `钽铌${unique('').slice(-3)}`
    const inContent = await newEntry({
      title: '其他一',
      catalogId: cat,
      content: `<p>本文介绍<b>${word}湿法</b>冶炼</p>`,
      publishDate: '2024-03-01',
    })
    const inTitle = await newEntry({ title: `${word}分离新工艺`, catalogId: cat, publishDate: '2020-01-01' })
    const inSummary = await newEntry({
      title: '其他二',
      catalogId: cat,
      summary: `关于${word}的综述`,
      publishDate: '2024-02-01',
    })
    await newEntry({ title: '无关条目', catalogId: cat, summary: '铅锌' })
    const search = async (kw: string, token = admin) =>
      (
        await data<{ records: { id: string }[]; total: number }>(
          get(`${K}/main/list?keyword=${encodeURIComponent(kw)}&catalogId=${cat}`, token),
        )
      ).records.map((r) => r.id)
    expect(await search(word)).toEqual([inTitle, inSummary, inContent])
    expect(await search('湿法')).toEqual([inContent])
    // The text without its markup is 湿法冶炼: a keyword straddling a tag still matches.
    expect(await search('法冶')).toEqual([inContent])
    expect(await search('冶炼')).toEqual([inContent])
    // Bigrams all present but not as one substring: 分离 and 新工 both occur, 离工 does not.
    expect(await search('分离工')).toEqual([])
    expect(await search('分离新')).toEqual([inTitle])
    expect(await search('铅锌矿')).toEqual([])
    expect(await search('%')).toEqual([])
    // One character has no bigram: matched by the substring alone (not indexed, still correct).
    expect(await search('钽')).toEqual([inTitle, inSummary, inContent])
    // Latin text is matched case-insensitively.
    const latin = await newEntry({ title: 'ICP-MS 检测方法', catalogId: cat })
    expect(await search('icp-ms')).toEqual([latin])
    // Markup is not searchable text.
    expect(await search('<b>')).toEqual([])
  })

  it('strips markup from the plain-text fields the portal shows (issue 22)', async () => {
    const cat = await newCatalog(unique('纯文本目录'))
    const word = `钴镍${unique('').slice(-3)}`
    const id = await newEntry({
      title: `<img src=x onerror=alert(1)>${word}<script>alert(2)</script>湿法`,
      summary: '<b onclick="x()">粗体</b> 摘要 a < b <svg/onload=alert(3)',
      source: '<a href="javascript:alert(4)">来源</a>',
      catalogId: cat,
      shelves: 1,
    })
    const expected = { title: `${word}alert(2)湿法`, summary: '粗体 摘要 a < b', source: '来源' }
    expect(await data(get(`${K}/main/portal-detail?id=${id}`, admin))).toMatchObject(expected)
    const list = await data<{ records: Record<string, unknown>[] }>(
      get(`${K}/main/portal-list?keyword=${encodeURIComponent(word)}`, admin),
    )
    expect(list.records[0]).toMatchObject(expected)
    // A title of markup alone is no title.
    expect(
      (await post(`${K}/main/submit`, admin, { title: '<i></i>', catalogId: cat })).json(),
    ).toMatchObject({
      code: 400,
      msg: '请输入知识标题',
    })
  })

  it('off the shelf: visible to management, hidden from the portal list and detail', async () => {
    const cat = await newCatalog(unique('上架目录'))
    const word = `锂辉${unique('').slice(-3)}`
    const on = await newEntry({ title: `${word}提锂`, catalogId: cat, shelves: 1 })
    const off = await newEntry({ title: `${word}焙烧`, catalogId: cat })
    const portal = async () =>
      (
        await data<{ records: { id: string }[] }>(
          get(`${K}/main/portal-list?keyword=${encodeURIComponent(word)}`, admin),
        )
      ).records.map((r) => r.id)
    expect(await portal()).toEqual([on])
    expect(
      (await get(`${K}/main/portal-list?keyword=${encodeURIComponent(word)}&shelves=0`, admin))
        .json()
        .data.records.map((r: { id: string }) => r.id),
    ).toEqual([on])
    expect((await get(`${K}/main/portal-detail?id=${off}`, admin)).json()).toMatchObject({ code: 400 })
    expect(await data(get(`${K}/main/portal-detail?id=${on}`, admin))).toMatchObject({ id: on })
    const managed = await data<{ records: { id: string }[] }>(
      get(`${K}/main/list?keyword=${encodeURIComponent(word)}`, admin),
    )
    expect(managed.records.map((r) => r.id).sort()).toEqual([on, off].sort())
    const offOnly = await data<{ records: { id: string }[] }>(
      get(`${K}/main/list?keyword=${encodeURIComponent(word)}&shelves=0`, admin),
    )
    expect(offOnly.records.map((r) => r.id)).toEqual([off])

    expect((await post(`${K}/main/upOrLowUpdate`, admin, { ids: [on], shelves: 0 })).json()).toMatchObject({
      code: 200,
    })
    expect(await portal()).toEqual([])
    expect(
      (await post(`${K}/main/upOrLowUpdate`, admin, { ids: `${on},${off}`, shelves: 1 })).json(),
    ).toMatchObject({ code: 200 })
    expect((await portal()).sort()).toEqual([on, off].sort())
    expect((await post(`${K}/main/upOrLowUpdate`, admin, { ids: [on], shelves: 2 })).json()).toMatchObject({
      code: 400,
      msg: '请选择上下架状态',
    })
    expect((await post(`${K}/main/upOrLowUpdate`, admin, { ids: ['88'], shelves: 1 })).json()).toMatchObject({
      code: 400,
      msg: '知识条目不存在',
    })
    expect((await post(`${K}/main/upOrLowUpdate`, admin, { shelves: 1 })).json()).toMatchObject({
      code: 400,
      msg: '缺少必要的请求参数: ids',
    })
  })

  it('tenants stay apart; permissions are declared', async () => {
    const cat = await newCatalog(unique('租户目录'))
    const word = `钨钼${unique('').slice(-3)}`
    const mine = await newEntry({ title: `${word}合金`, catalogId: cat, shelves: 1 })
    const theirCat = await newCatalog('他人目录', '0', otherAdmin)
    expect((await post(`${K}/main/submit`, otherAdmin, { title: 'x', catalogId: cat })).json()).toMatchObject(
      { code: 400, msg: '知识目录不存在' },
    )
    const theirs = await newEntry({ title: `${word}粉末`, catalogId: theirCat, shelves: 1 }, otherAdmin)
    const ids = async (token: string) =>
      (
        await data<{ records: { id: string }[] }>(
          get(`${K}/main/list?keyword=${encodeURIComponent(word)}`, token),
        )
      ).records.map((r) => r.id)
    expect(await ids(admin)).toEqual([mine])
    expect(await ids(otherAdmin)).toEqual([theirs])
    expect((await get(`${K}/main/detail?id=${mine}`, otherAdmin)).json()).toMatchObject({ code: 400 })
    expect((await get(`${K}/catalog/detail?id=${cat}`, otherAdmin)).json()).toMatchObject({ code: 400 })
    const theirTree = (await data<{ id: string }[]>(get(`${K}/catalog/tree`, otherAdmin))).map((n) => n.id)
    expect(theirTree).toContain(theirCat)
    expect(theirTree).not.toContain(cat)
    // Their admin has no shelf permission; a signed-in user without menus reads the portal only.
    expect(
      (await post(`${K}/main/upOrLowUpdate`, otherAdmin, { ids: [theirs], shelves: 0 })).statusCode,
    ).toBe(403)
    expect((await get(`${K}/main/list`, reader)).statusCode).toBe(403)
    expect((await get(`${K}/main/portal-list`, reader)).json()).toMatchObject({ code: 200 })
    expect((await get(`${K}/main/portal-list`, null)).statusCode).toBe(401)
  })
})
