// Partial updates (issue 28, decision 025): like the replaced platform's updateById, an update writes
// only the fields it carries. Left out or null: kept. Carried: checked by its own rule, so a required
// field cannot be emptied; '' clears an optional one. Creation still needs every required field.
import {
  AssortMsg,
  ClientMsg,
  DeptMsg,
  DictMsg,
  FlowMsg,
  KmsMsg,
  MeetingMsg,
  MenuMsg,
  ParamMsg,
  RegisteredMsg,
  RoleMsg,
  TenantMsg,
  UserMsg,
} from '@ysjs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { SEED, unique } from './helpers/system.ts'

const PARAM = '/api/ysjs-system/param'
const MEETING = '/api/ysjs-meeting/meeting'
const REG = '/api/ysjs-meeting/registeredmeeting'

let t: TTestApp
let admin: Record<string, string>
beforeAll(async () => {
  t = await createTestApp()
  admin = auth((await login(t.app, 'admin')).access_token)
})
afterAll(async () => {
  await t.close()
})

const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) })
  return { status: res.statusCode, ...res.json() }
}
const detail = async (prefix: string, id: string) => (await call('GET', `${prefix}/detail?id=${id}`)).data

describe('the generic CRUD (param)', () => {
  it('keeps what an update does not name, refuses emptying a required field, clears an optional one', async () => {
    const key = unique('partial.key')
    const body = { paramName: '部分更新', paramKey: key, paramValue: 'v1', remark: '备注' }
    // Creation still needs every required field.
    expect(await call('POST', `${PARAM}/submit`, { paramKey: key, paramValue: 'v1' })).toMatchObject({
      code: 400,
      msg: ParamMsg.NAME,
    })
    expect(await call('POST', `${PARAM}/submit`, body)).toMatchObject({ code: 200 })
    const { id } = (await call('GET', `${PARAM}/list?paramKey=${key}`)).data.records[0]

    for (const url of [`${PARAM}/submit`, `${PARAM}/update`]) {
      expect(await call('POST', url, { id, paramValue: `${url}-v2` }), url).toMatchObject({ code: 200 })
      expect(await detail(PARAM, id)).toMatchObject({ ...body, paramValue: `${url}-v2` })
    }
    // null is "not given"; '' is given, and a required field answers its own message.
    expect(await call('POST', `${PARAM}/submit`, { id, paramName: null, paramValue: 'v3' })).toMatchObject({
      code: 200,
    })
    expect(await detail(PARAM, id)).toMatchObject({ paramName: '部分更新', paramValue: 'v3' })
    expect(await call('POST', `${PARAM}/submit`, { id, paramName: '' })).toMatchObject({
      code: 400,
      msg: ParamMsg.NAME,
    })
    expect(await call('POST', `${PARAM}/update`, { id, paramValue: '  ' })).toMatchObject({
      code: 400,
      msg: ParamMsg.VALUE,
    })
    expect(await call('POST', `${PARAM}/submit`, { id, remark: '' })).toMatchObject({ code: 200 })
    expect(await detail(PARAM, id)).toMatchObject({ paramName: '部分更新', paramValue: 'v3', remark: null })
    // The web form sends the whole record: still a plain update.
    const whole = await detail(PARAM, id)
    expect(await call('POST', `${PARAM}/submit`, { ...whole, paramName: '整条' })).toMatchObject({
      code: 200,
    })
    expect(await detail(PARAM, id)).toMatchObject({ paramName: '整条', paramKey: key, paramValue: 'v3' })
  })
})

describe('meetings (generic CRUD with fee items and rules across fields)', () => {
  it('an update with only a name keeps the times, the place, the content and the fee items', async () => {
    const name = unique('部分更新会议')
    const body = {
      name,
      startTime: '2026-05-11 09:00:00',
      endTime: '2026-05-12 18:00:00',
      address: '长沙',
      content: '<p>年会议程</p>',
      priceItems: [{ itemName: '会务费', itemType: 1, price: '800' }],
    }
    expect(await call('POST', `${MEETING}/submit`, body)).toMatchObject({ code: 200 })
    const { id } = (await call('GET', `${MEETING}/list?name=${encodeURIComponent(name)}`)).data.records[0]
    expect(await call('POST', `${MEETING}/update`, { id, name: `${name}改` })).toMatchObject({ code: 200 })
    expect(await detail(MEETING, id)).toMatchObject({
      ...body,
      name: `${name}改`,
      priceItems: [{ itemName: '会务费', itemType: 1, price: '800.00' }],
    })
    expect(await call('POST', `${MEETING}/update`, { id, startTime: '' })).toMatchObject({
      code: 400,
      msg: MeetingMsg.START_TIME,
    })
    // A rule across fields holds for the stored record with the patch applied.
    expect(await call('POST', `${MEETING}/update`, { id, endTime: '2026-05-10 09:00:00' })).toMatchObject({
      code: 400,
      msg: MeetingMsg.END_BEFORE_START,
    })
    expect(await call('POST', `${MEETING}/submit`, { id, content: '' })).toMatchObject({ code: 200 })
    expect(await detail(MEETING, id)).toMatchObject({ name: `${name}改`, address: '长沙', content: null })
  })
})

describe('a hand-written update (meeting registration)', () => {
  it('keeps what it does not name, checks the stay against the stored one, refuses emptying a name', async () => {
    const name = unique('报名部分更新')
    expect(
      await call('POST', `${MEETING}/submit`, {
        name,
        startTime: '2026-05-11 09:00:00',
        endTime: '2026-05-12 18:00:00',
        address: '长沙',
        priceItems: [{ itemName: '会务费', itemType: 1, price: '800' }],
      }),
    ).toMatchObject({ code: 200 })
    const meeting = (await call('GET', `${MEETING}/list?name=${encodeURIComponent(name)}`)).data.records[0]
    await call('POST', `${MEETING}/UpdateStatusById?id=${meeting.id}&status=2`)
    await call('POST', `${MEETING}/UpdateShelvesById?id=${meeting.id}&shelves=1`)
    const reg = {
      meetingId: meeting.id,
      name: '王五',
      sex: 1,
      unitName: '中南大学',
      phone: '13912345678',
      position: '教授',
      arrivalTime: '2026-05-10 14:00:00',
      departureTime: '2026-05-12 10:00:00',
      roomWish: 1,
      remark: '素食',
    }
    const saved = await call('POST', `${REG}/save`, reg)
    expect(saved).toMatchObject({ code: 200 })
    const id = saved.data.id as string
    expect(await call('POST', `${REG}/update`, { id, unitName: '中南大学冶金学院' })).toMatchObject({
      code: 200,
    })
    expect(await detail(REG, id)).toMatchObject({ ...reg, unitName: '中南大学冶金学院' })
    expect(await call('POST', `${REG}/update`, { id, name: '' })).toMatchObject({
      code: 400,
      msg: RegisteredMsg.NAME,
    })
    expect(await call('POST', `${REG}/update`, { id, departureTime: '2026-05-09 10:00:00' })).toMatchObject({
      code: 400,
      msg: RegisteredMsg.DEPARTURE_BEFORE_ARRIVAL,
    })
    expect(await call('POST', `${REG}/update`, { id, remark: '' })).toMatchObject({ code: 200 })
    expect(await detail(REG, id)).toMatchObject({ name: '王五', position: '教授', remark: null })
  })
})

/**
 * Hand-written submits (decision 025, issue 28): the same rule through `patchableSubmit` and
 * `patchedInput`. For each: create the whole record, update one field, and see the rest kept; a
 * required field sent as '' answers its message, null keeps it, '' clears an optional one.
 */
type THand = {
  name: string
  prefix: string
  /** The whole record (or, when it refers to rows the test makes first, a function that makes them). */
  create: Record<string, unknown> | (() => Promise<Record<string, unknown>>)
  /** Finds the created row's id. */
  idOf: (create: Record<string, unknown>) => Promise<string>
  change: Record<string, unknown>
  required: [string, string]
  optional?: string
  /** The update route, when it is not `submit`. */
  update?: string
}
const listed = (prefix: string, query: string) => async () =>
  (await call('GET', `${prefix}/list?${query}`)).data.records[0].id as string
const MODEL_XML = (key: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" targetNamespace="test">
  <process id="${key}" name="部分更新" isExecutable="true">
    <startEvent id="start"/><endEvent id="end"/><sequenceFlow id="a" sourceRef="start" targetRef="end"/>
  </process>
</definitions>`

const account = unique('pu')
const dictCode = unique('pu_dict')
const clientId = unique('pu-client')
const modelKey = `Partial_${unique('m').replace(/[^\w]/g, '')}`
const tenantName = unique('部分更新租户')
const assortName = unique('部分更新分类')
const roleAlias = unique('pu_role')
const menuCode = unique('pu_menu')
const deptName = unique('部分更新机构')
const catalogName = unique('部分更新目录')
/** A catalog of its own for the knowledge entries (an entry must name a live one). */
const entryCatalog = async () => {
  const name = unique('部分更新条目目录')
  await call('POST', '/api/ysjs-kms/catalog/submit', { catalogName: name, sort: 1 })
  return String((await t.app.prisma.kmsCatalog.findFirstOrThrow({ where: { catalogName: name } })).id)
}
const kmsEntry = (update?: string): THand => {
  const title = unique(`部分更新知识${update ?? ''}`)
  return {
    name: `knowledge entry (${update ?? 'submit'})`,
    prefix: '/api/ysjs-kms/main',
    ...(update ? { update } : {}),
    create: async () => ({
      title,
      catalogId: await entryCatalog(),
      summary: '摘要',
      source: '来源',
      content: '<p>正文</p>',
      shelves: 1,
    }),
    idOf: async () => String((await t.app.prisma.kmsMain.findFirstOrThrow({ where: { title } })).id),
    change: { source: '新来源' },
    required: ['title', KmsMsg.TITLE],
    optional: 'summary',
  }
}
const HAND: THand[] = [
  {
    name: 'dict',
    prefix: '/api/ysjs-system/dict',
    create: { code: dictCode, dictValue: '部分更新字典', sort: 3, remark: '备注' },
    idOf: async () =>
      String((await t.app.prisma.dict.findFirstOrThrow({ where: { code: dictCode, parentId: 0n } })).id),
    change: { sort: 4 },
    required: ['dictValue', DictMsg.NAME],
    optional: 'remark',
  },
  {
    name: 'tenant',
    prefix: '/api/ysjs-system/tenant',
    create: { tenantName, linkman: '张三', contactNumber: '13900000000', address: '长沙' },
    idOf: async () => String((await t.app.prisma.tenant.findFirstOrThrow({ where: { tenantName } })).id),
    change: { linkman: '李四' },
    required: ['contactNumber', TenantMsg.CONTACT],
    optional: 'address',
  },
  {
    name: 'user (submit)',
    prefix: '/api/ysjs-system/user',
    create: {
      account,
      password: 'Secret#1',
      name: '部分',
      realName: '部分更新',
      roleId: SEED.roleHr,
      deptId: SEED.deptChangzhou,
      postId: SEED.postCeo,
      email: 'pu@example.com',
    },
    idOf: async () => String((await t.app.prisma.user.findFirstOrThrow({ where: { account } })).id),
    change: { name: '改名' },
    required: ['realName', UserMsg.REAL_NAME],
    optional: 'email',
  },
  {
    name: 'user (update)',
    prefix: '/api/ysjs-system/user',
    update: 'update',
    create: {
      account: `${account}u`,
      password: 'Secret#1',
      name: '部分',
      realName: '部分更新',
      roleId: SEED.roleHr,
      deptId: SEED.deptChangzhou,
      postId: SEED.postCeo,
      email: 'pu@example.com',
    },
    idOf: async () =>
      String((await t.app.prisma.user.findFirstOrThrow({ where: { account: `${account}u` } })).id),
    change: { name: '改名' },
    required: ['realName', UserMsg.REAL_NAME],
    optional: 'email',
  },
  {
    name: 'client',
    prefix: '/api/ysjs-system/client',
    create: {
      clientId,
      clientSecret: 'secret_1',
      scope: 'all',
      authorizedGrantTypes: 'password,refresh_token',
      accessTokenValidity: 1800,
      refreshTokenValidity: 86400,
      webServerRedirectUri: 'http://localhost:9000',
    },
    idOf: listed('/api/ysjs-system/client', `clientId=${clientId}`),
    change: { accessTokenValidity: 3600 },
    required: ['scope', ClientMsg.SCOPE],
    optional: 'webServerRedirectUri',
  },
  {
    name: 'category (blade-label/assort)',
    prefix: '/api/blade-label/assort',
    create: { name: assortName, code: 'pu_assort', sort: 5, remark: '备注' },
    idOf: async () =>
      String((await t.app.prisma.assort.findFirstOrThrow({ where: { name: assortName } })).id),
    change: { sort: 6 },
    required: ['name', AssortMsg.NAME],
    optional: 'remark',
  },
  {
    name: 'role',
    prefix: '/api/ysjs-system/role',
    create: { roleName: '部分更新角色', roleAlias: roleAlias, sort: 5 },
    idOf: async () => String((await t.app.prisma.role.findFirstOrThrow({ where: { roleAlias } })).id),
    change: { sort: 6 },
    required: ['roleName', RoleMsg.NAME],
  },
  {
    name: 'menu',
    prefix: '/api/ysjs-system/menu',
    create: {
      code: menuCode,
      name: '部分更新菜单',
      alias: 'menu',
      path: '/partial',
      sort: 5,
      category: 1,
      action: 0,
      isOpen: 1,
      remark: '备注',
    },
    idOf: async () => String((await t.app.prisma.menu.findFirstOrThrow({ where: { code: menuCode } })).id),
    change: { sort: 6 },
    required: ['name', MenuMsg.NAME],
    optional: 'remark',
  },
  {
    name: 'dept',
    prefix: '/api/ysjs-system/dept',
    create: { deptName, fullName: '部分更新机构全称', deptCategory: 1, sort: 5, remark: '备注' },
    idOf: async () => String((await t.app.prisma.dept.findFirstOrThrow({ where: { deptName } })).id),
    change: { sort: 6 },
    required: ['fullName', DeptMsg.FULL_NAME],
    optional: 'remark',
  },
  {
    name: 'knowledge catalog',
    prefix: '/api/ysjs-kms/catalog',
    create: { catalogName, sort: 5 },
    idOf: async () => String((await t.app.prisma.kmsCatalog.findFirstOrThrow({ where: { catalogName } })).id),
    change: { sort: 6 },
    required: ['catalogName', KmsMsg.CATALOG_NAME],
  },
  kmsEntry(),
  kmsEntry('update'),
  {
    name: 'flow model',
    prefix: '/api/ysjs-flow/model',
    create: { name: '部分更新模型', modelKey, description: '说明', xml: MODEL_XML(modelKey) },
    idOf: listed('/api/ysjs-flow/model', `modelKey=${modelKey}`),
    change: { name: '改名模型' },
    required: ['xml', FlowMsg.MODEL_XML],
    optional: 'description',
  },
]

describe('hand-written updates', () => {
  for (const h of HAND) {
    it(`${h.name}: keeps what an update does not name, refuses emptying a required field`, async () => {
      const url = `${h.prefix}/${h.update ?? 'submit'}`
      const create = typeof h.create === 'function' ? await h.create() : h.create
      expect(await call('POST', `${h.prefix}/submit`, create)).toMatchObject({ code: 200 })
      const id = await h.idOf(create)
      const before = await detail(h.prefix, id)
      const { password: _plain, clientSecret: _secret, ...kept } = create
      expect(before).toMatchObject(kept)

      // No row has id 0: an update of it is refused, never read as a creation (a fuzzed 500 before).
      expect(await call('POST', url, { id: '0', ...h.change }), url).toMatchObject({ status: 400 })
      expect(await call('POST', url, { id, ...h.change }), url).toMatchObject({ code: 200 })
      expect(await detail(h.prefix, id)).toMatchObject({ ...kept, ...h.change })
      // null is "not given"; '' on a required field answers its message.
      const [field, message] = h.required
      expect(await call('POST', url, { id, [field]: null })).toMatchObject({ code: 200 })
      expect(await detail(h.prefix, id)).toMatchObject({ ...kept, ...h.change })
      expect(await call('POST', url, { id, [field]: '' })).toMatchObject({ code: 400, msg: message })
      if (h.optional) {
        expect(await call('POST', url, { id, [h.optional]: '' })).toMatchObject({ code: 200 })
        const after = await detail(h.prefix, id)
        expect([null, '']).toContain(after[h.optional])
        expect(after).toMatchObject({ [field]: before[field] })
      }
    })
  }
})
