import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyGenerated, readZip } from '../../../scripts/apply-generated.mjs'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { createTenant, createUser, tokenOf, unique } from './helpers/system.ts'

let t: TTestApp
let admin: string
const D = '/api/ysjs-develop'
const ROOT = path.resolve(import.meta.dirname, '../../..')
/** The files apply-generated writes its registration lines into. */
const REGISTRIES = [
  'prisma/schema.prisma',
  'packages/shared/src/index.ts',
  'apps/api/src/modules/generated.ts',
  'apps/web/src/features/generated/routes.ts',
  'apps/web/src/features/generated/i18n.ts',
  'prisma/seed/data/generated-menus.ts',
]

/** A folder holding copies of the registry files: enough of a checkout to apply a zip to. */
const scratchCheckout = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ysjs-apply-'))
  for (const file of REGISTRIES) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    copyFileSync(path.join(ROOT, file), path.join(dir, file))
  }
  return dir
}

let catcher: Awaited<ReturnType<typeof passwordCatcher>>
beforeAll(async () => {
  catcher = await passwordCatcher()
  // Data sources on this machine the operator allows: the test database, the catcher and a closed port.
  t = await createTestApp({
    DATASOURCE_ALLOWED_HOSTS: `127.0.0.1,127.0.0.1:1,${new URL(catcher.url.replace('postgresql:', 'http:')).host}`,
  })
  admin = (await login(t.app, 'admin')).access_token
  await t.app.prisma.$executeRawUnsafe(`create table dev_sample (
    id bigint primary key, tenant_id varchar(12) not null default '000000',
    title varchar(80) not null, qty integer, made_on date, note text, active boolean,
    price numeric(12,2), ratio double precision, ref uuid,
    create_user bigint, create_dept bigint, create_time timestamp(3) not null default now(),
    update_user bigint, update_time timestamp(3), status integer not null default 1,
    is_deleted integer not null default 0)`)
  await t.app.prisma.$executeRawUnsafe(`comment on table dev_sample is '示例表'`)
  await t.app.prisma.$executeRawUnsafe(`comment on column dev_sample.title is '标题'`)
  await t.app.prisma.$executeRawUnsafe(`comment on column dev_sample.qty is '数量'`)
})
afterAll(async () => {
  await t.close()
})

const call = async (method: 'GET' | 'POST', url: string, body?: unknown, token = admin) =>
  (
    await t.app.inject({ method, url, headers: auth(token), ...(body ? { payload: body as object } : {}) })
  ).json()

/** The test database's URL for the data-source calls: host, port and database only (no credentials). */
const dbUrl = () => {
  const u = new URL(t.databaseUrl)
  return `postgresql://${u.host}${u.pathname}`
}

/**
 * A server that speaks just enough of the PostgreSQL protocol to ask for a cleartext password, and
 * records every password it is sent: where a stored password goes, an attacker's server would see it.
 */
const passwordCatcher = async () => {
  const received: string[] = []
  let connections = 0
  const server: Server = createServer((socket) => {
    connections++
    let startup = true
    let buffer = Buffer.alloc(0)
    socket.on('error', () => {})
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk])
      if (startup && buffer.length >= 4 && buffer.length >= buffer.readInt32BE(0)) {
        startup = false
        buffer = buffer.subarray(buffer.readInt32BE(0))
        const ask = Buffer.alloc(9)
        ask.write('R', 0)
        ask.writeInt32BE(8, 1)
        ask.writeInt32BE(3, 5)
        socket.write(ask)
      }
      if (
        !startup &&
        buffer.length >= 5 &&
        buffer[0] === 0x70 &&
        buffer.length >= 1 + buffer.readInt32BE(1)
      ) {
        received.push(buffer.subarray(5, 1 + buffer.readInt32BE(1) - 1).toString('utf8'))
        buffer = Buffer.alloc(0)
        const text = Buffer.from('SFATAL\0C28P01\0Mno\0\0')
        const error = Buffer.alloc(5)
        error.write('E', 0)
        error.writeInt32BE(4 + text.length, 1)
        socket.end(Buffer.concat([error, text]))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return {
    url: `postgresql://127.0.0.1:${port}/stolen`,
    received,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('data sources', () => {
  it('lists the application database as the read-only default and never answers a password in full', async () => {
    const list = (await call('GET', `${D}/datasource/list`)).data
    expect(list.records[0]).toMatchObject({ id: '1', name: '本系统数据库', isDefault: true, password: null })
    expect(
      await call('POST', `${D}/datasource/submit`, { id: '1', name: 'x', url: dbUrl(), username: 'u' }),
    ).toMatchObject({
      code: 400,
      msg: '默认数据源不可修改或删除',
    })
    expect(await call('POST', `${D}/datasource/remove?ids=1`)).toMatchObject({ code: 400 })

    const url = `jdbc:${dbUrl()}?sslmode=disable`
    expect(
      await call('POST', `${D}/datasource/submit`, {
        name: '测试库',
        url,
        username: 'postgres',
        password: 'secret-password-1',
      }),
    ).toMatchObject({ code: 200 })
    const row = (await call('GET', `${D}/datasource/list?name=测试库`)).data.records[0]
    expect(row.password).toBe('se******-1')
    expect(row.url).toBe(url)
    expect((await call('GET', `${D}/datasource/detail?id=${row.id}`)).data.password).toBe('se******-1')
    // Submitting the masked value back keeps the stored password.
    await call('POST', `${D}/datasource/submit`, { ...row, remark: '备注' })
    const stored = await t.app.prisma.datasource.findUniqueOrThrow({ where: { id: BigInt(row.id) } })
    expect(stored.password).toBe('secret-password-1')
    expect(stored.remark).toBe('备注')
    expect((await call('GET', `${D}/datasource/select`)).data.map((d: { name: string }) => d.name)).toEqual([
      '本系统数据库',
      '测试库',
    ])
  })

  it('tests a connection and reads tables through another data source', async () => {
    const ok = await call('POST', `${D}/datasource/test-connection`, {
      name: 'x',
      url: dbUrl(),
      username: 'postgres',
    })
    expect(ok).toMatchObject({ code: 200, msg: '连接成功' })
    const bad = await call('POST', `${D}/datasource/test-connection`, {
      name: 'x',
      url: 'postgresql://127.0.0.1:1/nothing',
      username: 'postgres',
    })
    expect(bad).toMatchObject({ code: 400, msg: '数据源连接失败' })
    // Issue 22: a host:port the operator does not list on a loopback or private address is never
    // reached (by name or by address), and answers as a closed port does.
    const port = new URL(catcher.url.replace('postgresql:', 'http:')).port
    for (const url of [
      `postgresql://localhost:${port}/x`,
      `postgresql://127.0.0.2:${port}/x`,
      `postgresql://[::ffff:127.0.0.1]:${port}/x`,
      'postgresql://169.254.169.254/x',
      'postgresql://127.0.0.1:6379/x',
    ]) {
      const refused = await call('POST', `${D}/datasource/test-connection`, {
        name: 'x',
        url,
        username: 'postgres',
        password: 'pw',
      })
      expect(refused, url).toMatchObject({ code: 400, msg: '数据源连接失败' })
    }
    expect(catcher.connections()).toBe(0)
    expect(
      await call('POST', `${D}/datasource/test-connection`, { name: 'x', url: 'mysql://x', username: 'u' }),
    ).toMatchObject({ code: 400, msg: '连接地址格式不正确' })
    // Only host, port, database and sslmode: the rest never reaches the driver, and never gives a 500.
    for (const [url, msg] of [
      ['postgresql://%C3@127.0.0.1/db', '连接地址格式不正确'],
      ['postgresql://postgres:pw@127.0.0.1/db', '连接地址不能包含用户名或密码，请分别填写'],
      [
        'postgresql://127.0.0.1/db?sslcert=/nonexistent',
        '连接地址只能包含主机、端口、数据库名和 sslmode 参数',
      ],
      [
        'postgresql://127.0.0.1/db?host=/var/run/postgresql',
        '连接地址只能包含主机、端口、数据库名和 sslmode 参数',
      ],
      [
        'postgresql://127.0.0.1/db?sslrootcert=/etc/passwd',
        '连接地址只能包含主机、端口、数据库名和 sslmode 参数',
      ],
      ['postgresql://127.0.0.1/db?sslmode=allow', 'sslmode 只能是 disable、require、verify-full'],
      ['postgresql://127.0.0.1:99999/db', '连接地址的端口须在 1 到 65535 之间'],
      ['postgresql://127.0.0.1', '连接地址须包含数据库名'],
    ]) {
      for (const path of ['datasource/test-connection', 'datasource/submit']) {
        expect(await call('POST', `${D}/${path}`, { name: 'x', url, username: 'u' }), url).toMatchObject({
          code: 400,
          msg,
        })
      }
    }
    // A row saved before these rules answers its URL without the credentials in it.
    const old = await t.app.prisma.datasource.create({
      data: {
        id: 9_000_001n,
        name: '旧数据源',
        url: 'postgresql://olduser:oldpw@127.0.0.1/db',
        username: 'u',
      },
    })
    expect((await call('GET', `${D}/datasource/detail?id=${old.id}`)).data.url).toBe(
      'postgresql://******@127.0.0.1/db',
    )
    await call('POST', `${D}/datasource/submit`, { name: '外部库', url: dbUrl(), username: 'postgres' })
    const id = (await call('GET', `${D}/datasource/list?name=外部库`)).data.records[0].id
    const tables = (await call('GET', `${D}/model/table-list?datasourceId=${id}`)).data
    expect(tables).toContainEqual({ name: 'dev_sample', comment: '示例表' })
    expect(tables.some((x: { name: string }) => x.name.startsWith('_prisma'))).toBe(false)
  })
})

describe('detail, save, update and remove', () => {
  it('of data sources, models and code configs', async () => {
    // Data sources: save, update (the password typed again), detail, remove.
    expect(
      await call('POST', `${D}/datasource/save`, {
        name: '增删库',
        url: dbUrl(),
        username: 'postgres',
        password: 'pw-12345678',
      }),
    ).toMatchObject({ code: 200 })
    const ds = (await call('GET', `${D}/datasource/list?name=增删库`)).data.records[0]
    expect(
      await call('POST', `${D}/datasource/update`, { ...ds, remark: '改过', password: 'pw-87654321' }),
    ).toMatchObject({ code: 200 })
    expect((await call('GET', `${D}/datasource/detail?id=${ds.id}`)).data).toMatchObject({
      name: '增删库',
      remark: '改过',
      password: 'pw******21',
      isDefault: false,
    })
    // table-info of a model read through another data source than its own.
    const modelId = await createModel()
    const viaOther = (await call('GET', `${D}/model/table-info?modelId=${modelId}&datasourceId=${ds.id}`))
      .data
    expect(viaOther.map((c: { name: string }) => c.name)).toContain('title')
    expect(await call('POST', `${D}/datasource/remove?ids=${ds.id}`)).toMatchObject({ code: 200 })
    expect(await call('GET', `${D}/datasource/detail?id=${ds.id}`)).toMatchObject({ code: 400 })
    expect(
      (await call('GET', `${D}/datasource/select`)).data.some((d: { id: string }) => d.id === ds.id),
    ).toBe(false)

    // Models: detail, remove.
    expect((await call('GET', `${D}/model/detail?id=${modelId}`)).data).toMatchObject({
      id: modelId,
      datasourceId: '1',
      modelTable: 'dev_sample',
      modelClass: 'DevSample',
    })
    // Codes: detail, remove.
    const pkg = unique('c').replace(/[^a-z0-9]/g, '')
    await call('POST', `${D}/code/submit`, {
      modelId,
      codeName: '详情',
      tableName: 'dev_sample',
      pkName: 'id',
      packageName: pkg,
      apiPath: '/api/ysjs-demo',
      webPath: `/demo/${pkg}`,
    })
    const codeId = (await call('GET', `${D}/code/list?packageName=${pkg}`)).data.records[0].id
    expect((await call('GET', `${D}/code/detail?id=${codeId}`)).data).toMatchObject({
      id: codeId,
      modelId,
      datasourceId: '1',
      codeName: '详情',
      packageName: pkg,
      baseMode: 2,
      wrapMode: 2,
    })
    expect(await call('POST', `${D}/code/remove?ids=${codeId}`)).toMatchObject({ code: 200 })
    expect(await call('GET', `${D}/code/detail?id=${codeId}`)).toMatchObject({ code: 400 })
    expect((await call('GET', `${D}/code/list?packageName=${pkg}`)).data.total).toBe(0)

    expect(await call('POST', `${D}/model/remove?ids=${modelId}`)).toMatchObject({ code: 200 })
    expect(await call('GET', `${D}/model/detail?id=${modelId}`)).toMatchObject({ code: 400 })
    expect((await call('GET', `${D}/model/select`)).data.some((m: { id: string }) => m.id === modelId)).toBe(
      false,
    )
    expect(await call('GET', `${D}/model/model-prototype?modelId=${modelId}`)).toMatchObject({
      code: 400,
      msg: '数据模型不存在',
    })
  })
})

describe('stored data-source passwords', () => {
  it('sends a stored password only to the server, database and user it was saved for', async () => {
    try {
      const saved = { name: '凭据库', url: dbUrl(), username: 'postgres', password: 'stored-secret-77' }
      expect(await call('POST', `${D}/datasource/submit`, saved)).toMatchObject({ code: 200 })
      const row = (await call('GET', `${D}/datasource/list?name=凭据库`)).data.records[0]
      expect(row.password).toBe('st******77')

      // Another host with the masked (or a blank) password: refused before anything connects.
      for (const password of [row.password, '', undefined]) {
        expect(
          await call('POST', `${D}/datasource/test-connection`, {
            ...saved,
            id: row.id,
            url: catcher.url,
            password,
          }),
        ).toMatchObject({ code: 400, msg: '连接地址或用户名已修改，请重新输入密码' })
      }
      // Another user of the same server is another credential too.
      expect(
        await call('POST', `${D}/datasource/test-connection`, {
          ...saved,
          id: row.id,
          username: 'someone',
          password: row.password,
        }),
      ).toMatchObject({ code: 400, msg: '连接地址或用户名已修改，请重新输入密码' })
      // The same rule when saving: a changed host needs the password typed again.
      expect(
        await call('POST', `${D}/datasource/submit`, { ...row, url: catcher.url, password: row.password }),
      ).toMatchObject({ code: 400, msg: '连接地址或用户名已修改，请重新输入密码' })
      expect(catcher.connections()).toBe(0)
      expect(catcher.received).toEqual([])

      // The saved target with the mask: the stored password is used (the test database trusts it).
      expect(
        await call('POST', `${D}/datasource/test-connection`, {
          ...saved,
          id: row.id,
          password: row.password,
        }),
      ).toMatchObject({ code: 200, msg: '连接成功' })
      // A password typed with the new host goes there, and saving it moves the row.
      expect(
        await call('POST', `${D}/datasource/test-connection`, {
          ...saved,
          id: row.id,
          url: catcher.url,
          password: 'typed-again',
        }),
      ).toMatchObject({ code: 400, msg: '数据源连接失败' })
      expect(catcher.received).toEqual(['typed-again'])
      expect(
        await call('POST', `${D}/datasource/submit`, { ...row, url: catcher.url, password: 'typed-again' }),
      ).toMatchObject({ code: 200 })
      // Now saved for the catcher: the mask sends the stored password there, as it should.
      expect(
        await call('POST', `${D}/datasource/test-connection`, {
          ...saved,
          id: row.id,
          url: catcher.url,
          password: row.password,
        }),
      ).toMatchObject({ code: 400, msg: '数据源连接失败' })
      expect(catcher.received).toEqual(['typed-again', 'typed-again'])
    } finally {
      await catcher.close()
    }
  })

  it('keeps data sources and reading their tables to the platform administrator', async () => {
    const tenantId = unique('s').slice(0, 6)
    const other = await createTenant(t.app.prisma, {
      tenantId,
      codes: ['datasource', 'datasource_add', 'datasource_edit', 'datasource_delete', 'model'],
    })
    const user = await createUser(t.app.prisma, { tenantId, roleId: other.roleId, deptId: other.deptId })
    const token = await tokenOf(t.app, tenantId, user.account)
    const body = { name: '越权库', url: dbUrl(), username: 'postgres' }
    expect(await call('POST', `${D}/datasource/test-connection`, body, token)).toMatchObject({
      code: 403,
      msg: '请求被拒绝',
    })
    expect((await call('POST', `${D}/datasource/submit`, body, token)).code).toBe(403)
    expect((await call('POST', `${D}/datasource/save`, body, token)).code).toBe(403)
    expect((await call('POST', `${D}/datasource/remove?ids=2`, undefined, token)).code).toBe(403)
    expect((await call('GET', `${D}/model/table-list?datasourceId=1`, undefined, token)).code).toBe(403)
    expect(
      (await call('GET', `${D}/model/table-info?tableName=blade_user&datasourceId=1`, undefined, token)).code,
    ).toBe(403)
    expect((await call('GET', `${D}/datasource/list`, undefined, token)).code).toBe(200)
  })
})

const createModel = async (code = unique('m').replace(/[^a-z0-9]/g, '')) => {
  expect(
    await call('POST', `${D}/model/submit`, {
      datasourceId: '1',
      modelName: '示例',
      modelCode: code,
      modelTable: 'dev_sample',
      modelClass: 'DevSample',
    }),
  ).toMatchObject({ code: 200 })
  return (await call('GET', `${D}/model/list?modelCode=${code}`)).data.records[0].id as string
}

describe('models and prototypes', () => {
  it('reads a table, proposes prototypes, saves them in one go', async () => {
    const modelId = await createModel()
    const columns = (await call('GET', `${D}/model/table-info?modelId=${modelId}`)).data
    expect(columns.find((c: { name: string }) => c.name === 'title')).toEqual({
      name: 'title',
      type: 'character varying',
      length: 80,
      nullable: false,
      comment: '标题',
      primaryKey: false,
    })
    expect(columns.find((c: { name: string }) => c.name === 'id').primaryKey).toBe(true)
    expect((await call('GET', `${D}/model/table-info?tableName=dev_sample&datasourceId=1`)).data).toEqual(
      columns,
    )
    expect(await call('GET', `${D}/model/table-info?tableName=no_such&datasourceId=1`)).toMatchObject({
      code: 400,
      msg: '数据表不存在',
    })
    expect((await call('GET', `${D}/model/table-info?tableName=x;drop&datasourceId=1`)).code).toBe(400)

    const proposed = (await call('GET', `${D}/model/model-prototype?modelId=${modelId}`)).data
    const title = proposed.find((p: { jdbcName: string }) => p.jdbcName === 'title')
    expect(title).toMatchObject({
      id: null,
      propertyName: 'title',
      propertyType: 'string',
      propertyEntity: 'String',
      isRequired: 1,
      length: 80,
    })
    expect(proposed.find((p: { jdbcName: string }) => p.jdbcName === 'made_on')).toMatchObject({
      propertyName: 'madeOn',
      propertyType: 'date',
      componentType: 'date',
      isRequired: 0,
    })
    // numeric and floating-point columns are numbers, not text; a type the generator cannot map is text.
    expect(proposed.find((p: { jdbcName: string }) => p.jdbcName === 'price')).toMatchObject({
      jdbcType: 'numeric(12,2)',
      propertyType: 'decimal',
      propertyEntity: 'Decimal',
      componentType: 'number',
    })
    expect(proposed.find((p: { jdbcName: string }) => p.jdbcName === 'ratio')).toMatchObject({
      jdbcType: 'double precision',
      propertyType: 'double',
      componentType: 'number',
    })
    expect(proposed.find((p: { jdbcName: string }) => p.jdbcName === 'ref')).toMatchObject({
      jdbcType: 'uuid',
      propertyType: 'string',
    })
    const asText = proposed.map((p: { jdbcName: string }) =>
      p.jdbcName === 'price' ? { ...p, propertyType: 'string' } : p,
    )
    expect(
      await call('POST', `${D}/model-prototype/submit-list`, { modelId, prototypes: asText }),
    ).toMatchObject({
      code: 400,
      msg: '属性类型与字段类型不符: price (numeric(12,2)) 应为 decimal',
    })
    const stranger = { ...title, jdbcName: 'nope', propertyName: 'nope' }
    expect(
      await call('POST', `${D}/model-prototype/submit-list`, {
        modelId,
        prototypes: [...proposed, stranger],
      }),
    ).toMatchObject({ code: 400, msg: '字段不在数据表中: nope' })
    // The spec's path for the same call (model/submit-list) answers the same.
    for (const path of ['model-prototype', 'model']) {
      expect(await call('POST', `${D}/${path}/submit-list`, { modelId, prototypes: [] })).toMatchObject({
        code: 400,
        msg: '请先配置模型字段',
      })
    }
    // A flag is 0 or 1; a missing model is asked for like the form asks.
    expect(
      await call('POST', `${D}/model-prototype/submit-list`, {
        modelId,
        prototypes: [{ ...title, isList: '7' }],
      }),
    ).toMatchObject({ code: 400, msg: '请求参数类型错误: prototypes.0.isList' })
    expect(await call('POST', `${D}/model-prototype/submit-list`, { prototypes: [title] })).toMatchObject({
      code: 400,
      msg: '请选择数据模型',
    })
    const dup = [title, { ...title }]
    expect((await call('POST', `${D}/model-prototype/submit-list`, { modelId, prototypes: dup })).msg).toBe(
      '字段名不能重复',
    )
    // The entity type is the server's, whatever the client sent (the old client sends the Java class).
    const sent = proposed.map((p: { jdbcName: string }) =>
      p.jdbcName === 'qty' ? { ...p, propertyEntity: 'java.lang.Integer', isForm: true } : p,
    )
    expect(
      await call('POST', `${D}/model-prototype/submit-list`, { modelId, prototypes: sent }),
    ).toMatchObject({
      code: 200,
    })
    const saved = (await call('GET', `${D}/model-prototype/select?modelId=${modelId}`)).data
    expect(saved.find((p: { jdbcName: string }) => p.jdbcName === 'qty')).toMatchObject({
      propertyEntity: 'Int',
      isForm: 1,
    })
    expect(saved.map((p: { jdbcName: string }) => p.jdbcName)).toEqual(
      proposed.map((p: { jdbcName: string }) => p.jdbcName),
    )
    expect(saved.every((p: { id: string | null }) => p.id)).toBe(true)
    expect((await call('GET', `${D}/model/model-prototype?modelId=${modelId}`)).data).toEqual(saved)
    expect((await call('GET', `${D}/model/select`)).data).toContainEqual({ id: modelId, name: '示例' })
    expect(
      await call('POST', `${D}/model/submit`, {
        datasourceId: '1',
        modelName: 'x',
        modelCode: 'Bad Code',
        modelTable: 'x',
        modelClass: 'X',
      }),
    ).toMatchObject({
      code: 400,
      msg: '模型编号只能包含小写字母、数字和连字符',
    })
    expect(
      await call('POST', `${D}/model/submit`, {
        modelName: 'x',
        modelCode: 'x',
        modelTable: 'x',
        modelClass: 'X',
      }),
    ).toMatchObject({ code: 400, msg: '请选择数据源' })
    // A missing id is a missing parameter (not zod's generic 无效输入).
    for (const [url, param] of [
      [`${D}/model/detail`, 'id'],
      [`${D}/model/model-prototype`, 'modelId'],
      [`${D}/model-prototype/select`, 'modelId'],
    ] as const) {
      expect(await call('GET', url), url).toMatchObject({
        code: 400,
        msg: `缺少必要的请求参数: ${param}`,
      })
    }
    expect(
      await call('POST', `${D}/model/submit`, {
        datasourceId: '1',
        modelName: 'x',
        modelCode: 'no-table',
        modelTable: 'no_such_table',
        modelClass: 'X',
      }),
    ).toMatchObject({ code: 400, msg: '数据表不存在' })
  })
})

describe('importing a model again', () => {
  it('reads the table again, keeping the edits of the columns still there, and saves nothing by itself', async () => {
    const sql = (q: string) => t.app.prisma.$executeRawUnsafe(q)
    await sql('create table dev_refresh (id bigint primary key, name varchar(20), qty integer)')
    const code = unique('r').replace(/[^a-z0-9]/g, '')
    await call('POST', `${D}/model/submit`, {
      datasourceId: '1',
      modelName: '重导',
      modelCode: code,
      modelTable: 'dev_refresh',
      modelClass: 'DevRefresh',
    })
    const modelId = (await call('GET', `${D}/model/list?modelCode=${code}`)).data.records[0].id
    const proposed = (await call('GET', `${D}/model/model-prototype?modelId=${modelId}`)).data
    const edited = proposed.map((p: { jdbcName: string }) =>
      p.jdbcName === 'name' ? { ...p, comment: '名字', isQuery: 1 } : p,
    )
    expect(
      (await call('POST', `${D}/model-prototype/submit-list`, { modelId, prototypes: edited })).code,
    ).toBe(200)
    const saved = (await call('GET', `${D}/model-prototype/select?modelId=${modelId}`)).data

    await sql('alter table dev_refresh drop column qty, add column price numeric(8,3)')
    await sql('alter table dev_refresh alter column name type varchar(40)')
    const again = (await call('GET', `${D}/model/model-prototype?modelId=${modelId}&refresh=true`)).data
    expect(again.map((p: { jdbcName: string }) => p.jdbcName)).toEqual(['id', 'name', 'price'])
    const name = again.find((p: { jdbcName: string }) => p.jdbcName === 'name')
    expect(name).toMatchObject({ comment: '名字', isQuery: 1, length: 40 })
    expect(name.id).toBe(saved.find((p: { jdbcName: string }) => p.jdbcName === 'name').id)
    expect(again.find((p: { jdbcName: string }) => p.jdbcName === 'price')).toMatchObject({
      id: null,
      jdbcType: 'numeric(8,3)',
      propertyType: 'decimal',
    })
    // Nothing is saved until the grid is.
    expect((await call('GET', `${D}/model-prototype/select?modelId=${modelId}`)).data).toEqual(saved)
    expect((await call('GET', `${D}/model/model-prototype?modelId=${modelId}`)).data).toEqual(saved)
  })
})

describe("the application's own tables", () => {
  it('writes a module for blade_notice, whose recipients are a bigint[] column (array field, one id a line)', async () => {
    const modelCode = unique('notice').replace(/[^a-z0-9]/g, '')
    expect(
      await call('POST', `${D}/model/submit`, {
        datasourceId: '1',
        modelName: '通知公告',
        modelCode,
        modelTable: 'blade_notice',
        modelClass: 'GenNotice',
      }),
    ).toMatchObject({ code: 200 })
    const modelId = (await call('GET', `${D}/model/list?modelCode=${modelCode}`)).data.records[0].id
    const proposed = (await call('GET', `${D}/model/model-prototype?modelId=${modelId}`)).data
    expect(proposed.find((p: { jdbcName: string }) => p.jdbcName === 'recipient_ids')).toMatchObject({
      jdbcType: 'bigint[]',
      propertyType: 'bigint[]',
      propertyEntity: 'BigInt[]',
      componentType: 'textarea',
      isRequired: 0,
    })
    expect(
      (await call('POST', `${D}/model-prototype/submit-list`, { modelId, prototypes: proposed })).code,
    ).toBe(200)
    const packageName = unique('gen-notice').replace(/[^a-z0-9-]/g, '')
    expect(
      await call('POST', `${D}/code/submit`, {
        modelId,
        codeName: '通知公告',
        tableName: 'blade_notice',
        pkName: 'id',
        packageName,
        apiPath: '/api/ysjs-gen',
        webPath: '/gen/notice',
      }),
    ).toMatchObject({ code: 200 })
    const codeId = (await call('GET', `${D}/code/list?packageName=${packageName}`)).data.records[0].id
    const res = await t.app.inject({
      method: 'POST',
      url: `${D}/code/gen-code?ids=${codeId}`,
      headers: auth(admin),
    })
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
    const entries = readZip(res.rawPayload)
    const shared = entries.get(`packages/shared/src/${packageName}/${packageName}.ts`)!.toString()
    expect(shared).toContain("recipientIds: zGenList('bigint'),")
    expect(shared).toContain('recipientIds: z.array(z.string()),')
    const inserts = JSON.parse(entries.get('generated.json')!.toString()).inserts as { text: string }[]
    expect(inserts[0]!.text).toContain('recipientIds BigInt[] @default([]) @map("recipient_ids")')
    const migration = [...entries.entries()].find(([n]) => n.startsWith('prisma/migrations/'))![1].toString()
    expect(migration).toContain('"recipient_ids" BIGINT[] DEFAULT ARRAY[]::BIGINT[]')
  })
})

describe('code configs', () => {
  it('saves, copies, previews and zips a module in the project layout', async () => {
    const modelId = await createModel()
    const proposed = (await call('GET', `${D}/model/model-prototype?modelId=${modelId}`)).data
    const config = {
      modelId,
      codeName: '示例管理',
      tableName: 'dev_sample',
      pkName: 'id',
      packageName: 'dev-sample',
      apiPath: '/api/ysjs-demo',
      webPath: '/demo/sample',
      author: 'tester',
    }
    const { modelId: _m, ...noModel } = config
    expect(await call('POST', `${D}/code/submit`, noModel)).toMatchObject({
      code: 400,
      msg: '请选择数据模型',
    })
    expect(await call('POST', `${D}/code/copy`)).toMatchObject({ code: 400, msg: '缺少必要的请求参数: id' })
    expect(await call('POST', `${D}/code/submit`, config)).toMatchObject({ code: 200 })
    const code = (await call('GET', `${D}/code/list?packageName=dev-sample`)).data.records[0]
    expect(code).toMatchObject({
      codeName: '示例管理',
      datasourceId: '1',
      modelId,
      baseMode: 2,
      templateType: 'crud',
    })
    expect(await call('POST', `${D}/code/gen-code?ids=${code.id}`)).toMatchObject({
      code: 400,
      msg: '请先配置模型字段',
    })
    await call('POST', `${D}/model-prototype/submit-list`, { modelId, prototypes: proposed })
    expect(await call('GET', `${D}/code/preview?id=${code.id}`)).toMatchObject({
      code: 400,
      msg: '不支持的字段类型: ref uuid',
    })
    // Without the uuid column the module can be written.
    const supported = proposed.filter((p: { jdbcName: string }) => p.jdbcName !== 'ref')
    await call('POST', `${D}/model-prototype/submit-list`, { modelId, prototypes: supported })

    expect(await call('POST', `${D}/code/copy?id=${code.id}`)).toMatchObject({ code: 200 })
    const copy = (await call('GET', `${D}/code/list?packageName=dev-sample-copy`)).data.records[0]
    expect(copy.codeName).toBe('示例管理-copy')

    const preview = (await call('GET', `${D}/code/preview?id=${code.id}`)).data
    const service = preview.find(
      (f: { path: string }) => f.path === 'apps/api/src/modules/dev-sample/dev-sample.service.ts',
    )
    expect(service.content).toContain("prefix: '/api/ysjs-demo/dev-sample'")
    expect(service.content).toContain('tenantScoped: true')

    // A config and its copy are the same model: one zip cannot hold both (two `model DevSample`).
    expect(await call('POST', `${D}/code/gen-code?ids=${code.id},${copy.id}`)).toMatchObject({
      code: 400,
      msg: '同一次生成的模块不能重复: 模型类名 DevSample',
    })
    // The same config twice is one module.
    const res = await t.app.inject({
      method: 'POST',
      url: `${D}/code/gen-code?ids=${code.id},${code.id}`,
      headers: auth(admin),
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/zip')
    const entries = readZip(res.rawPayload)
    const names = [...entries.keys()]
    expect(names).toEqual(
      expect.arrayContaining([
        'generated.json',
        'packages/shared/src/dev-sample/dev-sample.ts',
        'apps/api/src/modules/dev-sample/dev-sample.routes.ts',
        'apps/web/src/features/dev-sample/devSampleResource.ts',
        'apps/web/src/features/dev-sample/DevSamplePage.tsx',
      ]),
    )
    expect(names.filter((n) => n.startsWith('prisma/migrations/')).length).toBe(1)
    expect(JSON.parse(entries.get('generated.json')!.toString()).modules).toEqual([
      {
        className: 'DevSample',
        table: 'dev_sample',
        packageName: 'dev-sample',
        apiPrefix: '/api/ysjs-demo/dev-sample',
        webPath: '/demo/sample',
        menuCode: 'dev_sample',
      },
    ])
    const shared = entries.get('packages/shared/src/dev-sample/dev-sample.ts')!.toString()
    expect(shared).toContain("title: zRequired('请输入标题', 80)")
    expect(shared).toContain('price: zGenOptionalDecimal(12, 2),')
    expect(shared).toContain('ratio: zGenOptionalNumber(),')
    expect(shared).toContain('price: z.string().nullable(),')
    expect(shared).toContain('ratio: z.number().nullable(),')
    const schema = JSON.parse(entries.get('generated.json')!.toString()).inserts[0].text as string
    expect(schema).toContain('  price Decimal? @db.Decimal(12, 2)\n  ratio Float?\n')

    // Applied to a checkout: files written, registries extended; applying again clashes, overwrites nothing.
    const dir = scratchCheckout()
    try {
      const { written, touched } = applyGenerated(res.rawPayload, dir)
      expect(written).toContain(path.join(dir, 'apps/api/src/modules/dev-sample/dev-sample.service.ts'))
      expect(touched).toHaveLength(REGISTRIES.length)
      expect(readFileSync(path.join(dir, 'prisma/schema.prisma'), 'utf8')).toContain('model DevSample {')
      expect(readFileSync(path.join(dir, 'apps/api/src/modules/generated.ts'), 'utf8')).toContain(
        "import { devSampleModule } from './dev-sample/dev-sample.routes.ts'",
      )
      const service = path.join(dir, 'apps/api/src/modules/dev-sample/dev-sample.service.ts')
      writeFileSync(service, '// edited by hand\n')
      const schemaBefore = readFileSync(path.join(dir, 'prisma/schema.prisma'), 'utf8')
      expect(() => applyGenerated(res.rawPayload, dir)).toThrow(/Prisma model DevSample exists already/)
      expect(readFileSync(service, 'utf8')).toBe('// edited by hand\n')
      expect(readFileSync(path.join(dir, 'prisma/schema.prisma'), 'utf8')).toBe(schemaBefore)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    // A checkout that has the table or the files already (another module's): refused too.
    const other = scratchCheckout()
    try {
      const schema = path.join(other, 'prisma/schema.prisma')
      writeFileSync(
        schema,
        `${readFileSync(schema, 'utf8')}\nmodel Other {\n  id BigInt @id\n\n  @@map("dev_sample")\n}\n`,
      )
      expect(() => applyGenerated(res.rawPayload, other)).toThrow(/table dev_sample exists already/)
      writeFileSync(schema, readFileSync(path.join(ROOT, 'prisma/schema.prisma'), 'utf8'))
      const page = path.join(other, 'apps/web/src/features/dev-sample/DevSamplePage.tsx')
      mkdirSync(path.dirname(page), { recursive: true })
      writeFileSync(page, '')
      expect(() => applyGenerated(res.rawPayload, other)).toThrow(/DevSamplePage.tsx exists already/)
      expect(existsSync(path.join(other, 'apps/api/src/modules/dev-sample'))).toBe(false)
    } finally {
      rmSync(other, { recursive: true, force: true })
    }

    // wrapMode 2 (the default): a dictionary field's label is answered beside it; wrapMode 1: not.
    const withDict = supported.map((p: { jdbcName: string }) =>
      p.jdbcName === 'qty' ? { ...p, dictCode: 'notice' } : p,
    )
    expect(
      (await call('POST', `${D}/model-prototype/submit-list`, { modelId, prototypes: withDict })).code,
    ).toBe(200)
    const fileOf = async (id: string, end: string) =>
      ((await call('GET', `${D}/code/preview?id=${id}`)).data as { path: string; content: string }[]).find(
        (f) => f.path.endsWith(end),
      )!.content
    expect(await fileOf(code.id, 'dev-sample.service.ts')).toContain(
      "enrich: async (ctx, rows) => generatedLabels(prisma, ctx.tenantId, generatedRecords(rows, { decimals: { price: 2 } }), { qty: 'notice' }),",
    )
    expect(await fileOf(code.id, 'dev-sample/dev-sample.ts')).toContain('  qtyName: z.string(),')
    const { createTime: _ct, updateTime: _ut, ...copied } = copy
    expect((await call('POST', `${D}/code/submit`, { ...copied, wrapMode: 1 })).code).toBe(200)
    expect(await fileOf(copy.id, 'dev-sample-copy.service.ts')).not.toContain('generatedLabels')
    expect(await fileOf(copy.id, 'dev-sample-copy/dev-sample-copy.ts')).not.toContain('qtyName')
  })

  it('fits a module to a table that exists: adds the platform columns it lacks, refuses what cannot fit', async () => {
    const sql = (q: string) => t.app.prisma.$executeRawUnsafe(q)
    /** A model and config on the table, its prototypes as proposed (edited by `edit`): the preview's answer. */
    const previewOf = async (table: string, edit = (p: Record<string, unknown>[]) => p) => {
      const code = unique('x').replace(/[^a-z0-9]/g, '')
      const cls = `X${code}`
      expect(
        (
          await call('POST', `${D}/model/submit`, {
            datasourceId: '1',
            modelName: table,
            modelCode: code,
            modelTable: table,
            modelClass: cls,
          })
        ).code,
      ).toBe(200)
      const modelId = (await call('GET', `${D}/model/list?modelCode=${code}`)).data.records[0].id
      const proposed = (await call('GET', `${D}/model/model-prototype?modelId=${modelId}`)).data
      expect(
        (await call('POST', `${D}/model-prototype/submit-list`, { modelId, prototypes: edit(proposed) }))
          .code,
      ).toBe(200)
      await call('POST', `${D}/code/submit`, {
        modelId,
        codeName: table,
        tableName: table,
        pkName: 'id',
        packageName: code,
        apiPath: '/api/ysjs-demo',
        webPath: `/demo/${code}`,
      })
      const codeId = (await call('GET', `${D}/code/list?packageName=${code}`)).data.records[0].id
      return call('GET', `${D}/code/preview?id=${codeId}`)
    }

    await sql('create table dev_legacy (id bigint primary key, name varchar(40) not null, born date)')
    await sql(`insert into dev_legacy values (1, '旧数据', '2020-01-02')`)
    const legacy = await previewOf('dev_legacy')
    expect(legacy.code).toBe(200)
    const migration = legacy.data.find((f: { path: string }) => f.path.endsWith('/migration.sql')).content
    expect(migration).toContain('CREATE TABLE IF NOT EXISTS "dev_legacy"')
    expect(migration).toContain('ADD COLUMN IF NOT EXISTS "is_deleted" INTEGER NOT NULL DEFAULT 0')
    // Run on the table that is there: its row gets the platform columns' defaults.
    for (const statement of migration.split(/;\n/).filter((x: string) => x.replace(/--.*\n/g, '').trim())) {
      await sql(statement)
    }
    expect(
      await t.app.prisma.$queryRawUnsafe('select name, status, is_deleted, create_user from dev_legacy'),
    ).toEqual([{ name: '旧数据', status: 1, is_deleted: 0, create_user: null }])
    // Run again (the migration applied on a database where the table came with it): no change.
    for (const statement of migration.split(/;\n/).filter((x: string) => x.replace(/--.*\n/g, '').trim())) {
      await sql(statement)
    }

    await sql('create table dev_textid (id varchar(20) primary key, name varchar(40))')
    expect(await previewOf('dev_textid')).toMatchObject({
      code: 400,
      msg: '数据表 dev_textid 已存在，须有 bigint 类型的 id 主键（通用增删改查使用它）',
    })
    await sql(
      'create table dev_required (id bigint primary key, name varchar(40), code varchar(10) not null)',
    )
    expect(
      await previewOf('dev_required', (list) => list.filter((p) => p.jdbcName !== 'code')),
    ).toMatchObject({ code: 400, msg: '数据表 dev_required 已存在，其必填字段不在模型中: code' })
    await sql('create table dev_nullable (id bigint primary key, name varchar(40))')
    expect(
      await previewOf('dev_nullable', (list) =>
        list.map((p) => (p.jdbcName === 'name' ? { ...p, isRequired: 1 } : p)),
      ),
    ).toMatchObject({ code: 400, msg: '数据表 dev_nullable 已存在，字段 name 可为空，模型中不能设为必填' })
    await sql('create table dev_badstatus (id bigint primary key, name varchar(40), status varchar(2))')
    expect(await previewOf('dev_badstatus')).toMatchObject({
      code: 400,
      msg: '数据表 dev_badstatus 已存在，平台字段 status 的类型 (character varying) 应为 integer',
    })
  })

  it('keeps names and authors out of the generated comments and SQL', async () => {
    const modelId = await createModel()
    const base = {
      modelId,
      tableName: 'dev_sample',
      pkName: 'id',
      apiPath: '/api/ysjs-demo',
      webPath: '/demo/inject',
    }
    for (const [codeName, author] of [
      ['示例\n);DROP TABLE blade_user;--', 'x'],
      ['示例 */ evil() /*', 'x'],
      ['示例', 'a\rb'],
      ['示例', 'a*/b'],
    ]) {
      expect(
        await call('POST', `${D}/code/submit`, { ...base, codeName, author, packageName: 'dev-inject' }),
      ).toMatchObject({ code: 400, msg: '不能包含换行、控制字符或 */' })
    }
    // A row saved before the rule: written out as one line, the block comment never closed early.
    const proposed = (await call('GET', `${D}/model/model-prototype?modelId=${modelId}`)).data
    await call('POST', `${D}/model-prototype/submit-list`, {
      modelId,
      prototypes: proposed.filter((p: { jdbcName: string }) => p.jdbcName !== 'ref'),
    })
    const row = await t.app.prisma.devCode.create({
      data: {
        id: 9_000_002n,
        modelId: BigInt(modelId),
        datasourceId: 1n,
        codeName: '示例\n);DROP TABLE blade_user;-- */',
        author: 'me */ evil() /*\n',
        tableName: 'dev_sample',
        pkName: 'id',
        packageName: 'dev-inject',
        apiPath: '/api/ysjs-demo',
        webPath: '/demo/inject',
      },
    })
    const files = (await call('GET', `${D}/code/preview?id=${row.id}`)).data as {
      path: string
      content: string
    }[]
    const migration = files.find((f) => f.path.endsWith('/migration.sql'))!.content
    expect(migration.split('\n')[0]).toBe(
      '-- CreateTable (示例 );DROP TABLE blade_user;-- * /, written by the code generator)',
    )
    expect(migration).not.toMatch(/^\);DROP/m)
    const shared = files.find((f) => f.path === 'packages/shared/src/dev-inject/dev-inject.ts')!.content
    expect(shared).toContain(
      '/** 示例 );DROP TABLE blade_user;-- * /: what a form submits. Written by the code generator for me * / evil() /* . */',
    )
    const i18n = files.find((f) => f.path.endsWith('dev-inject/i18n.ts'))!.content
    expect(i18n).toContain("name: '示例\\u000a);DROP TABLE blade_user;-- */',")
  })

  it('keeps the generator to administrators', async () => {
    const tenantId = unique('d').slice(0, 6)
    // Even with the generator's buttons granted: the calls are the administrator's (contract section 11).
    const other = await createTenant(t.app.prisma, {
      tenantId,
      codes: ['model', 'code', 'datasource', 'code_gen', 'code_copy'],
    })
    const user = await createUser(t.app.prisma, { tenantId, roleId: other.roleId, deptId: other.deptId })
    const token = await tokenOf(t.app, tenantId, user.account)
    expect((await call('GET', `${D}/model/list`, undefined, token)).code).toBe(200)
    expect((await call('POST', `${D}/code/gen-code?ids=1`, undefined, token)).code).toBe(403)
    expect((await call('GET', `${D}/code/preview?id=1`, undefined, token)).code).toBe(403)
    expect((await call('POST', `${D}/code/copy?id=1`, undefined, token)).code).toBe(403)
    expect(
      (await call('POST', `${D}/model-prototype/submit-list`, { modelId: '1', prototypes: [] }, token)).code,
    ).toBe(403)
    const list = (await call('GET', `${D}/datasource/list`, undefined, token)).data
    expect(
      list.records.every(
        (r: { password: string | null }) => r.password === null || r.password.includes('******'),
      ),
    ).toBe(true)
  })
})
