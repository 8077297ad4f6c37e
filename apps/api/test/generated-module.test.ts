import { execFileSync, spawn } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { applyGenerated } from '../../../scripts/apply-generated.mjs'
import { cloneDatabase } from '../../../scripts/test-db.mjs'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'

// The generator's round trip (decision 020): a module generated from a sample table is applied to a
// temporary copy of this repository, which must then typecheck, lint, migrate and answer its CRUD.
// node_modules are linked, not installed: each package's folder links the real entries, except the
// workspace packages, which point into the copy so the copy's own sources are the ones compiled.

const ROOT = path.resolve(import.meta.dirname, '../../..')
/** A table that exists before its module: no platform columns, one row. */
const LEGACY_TABLE = 'create table gen_legacy (id bigint primary key, name varchar(40) not null, born date)'
const PACKAGES = ['apps/api', 'apps/web', 'apps/worker', 'packages/shared', 'packages/server-core', 'prisma']
const D = '/api/ysjs-develop'

let t: TTestApp
let tmp: string
let zip: Buffer

/** Runs a command; resolves with its exit code and output (never rejects). */
const run = (cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) =>
  new Promise<{ code: number; out: string }>((resolve) => {
    const started = Date.now()
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env } })
    let out = ''
    child.stdout.on('data', (d) => {
      out += d
    })
    child.stderr.on('data', (d) => {
      out += d
    })
    child.on('close', (code) => {
      process.stderr.write(
        `generated-module: ${path.basename(args[1] ?? cmd)} ${args.slice(2, 4).join(' ')} ${Date.now() - started} ms\n`,
      )
      resolve({ code: code ?? 1, out })
    })
  })

const linkModules = (from: string, to: string) => {
  if (!existsSync(from)) {
    return
  }
  mkdirSync(to, { recursive: true })
  for (const name of readdirSync(from)) {
    const source = path.join(from, name)
    const target = path.join(to, name)
    const stat = lstatSync(source)
    if (stat.isSymbolicLink()) {
      const link = readlinkSync(source)
      const resolved = path.resolve(from, link)
      // A workspace package: the same relative link, so it lands in the copy.
      const workspace =
        !path.isAbsolute(link) && resolved.startsWith(ROOT) && !resolved.includes('node_modules')
      symlinkSync(workspace ? link : resolved, target)
    } else if (stat.isDirectory() && name.startsWith('@')) {
      linkModules(source, target)
    } else {
      symlinkSync(source, target)
    }
  }
}

const copyRepository = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ysjs-gen-'))
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
  })
    .toString()
    .split('\0')
    .filter(Boolean)
  for (const file of files) {
    const source = path.join(ROOT, file)
    if (!existsSync(source) || lstatSync(source).isDirectory()) {
      continue
    }
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    copyFileSync(source, path.join(dir, file))
  }
  linkModules(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'))
  for (const pkg of PACKAGES) {
    linkModules(path.join(ROOT, pkg, 'node_modules'), path.join(dir, pkg, 'node_modules'))
  }
  return dir
}

beforeAll(async () => {
  t = await createTestApp()
  const admin = (await login(t.app, 'admin')).access_token
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) =>
    (
      await t.app.inject({ method, url, headers: auth(admin), ...(body ? { payload: body as object } : {}) })
    ).json()
  // Every column type the application's own schema uses (decision 020), enums too.
  await t.app.prisma.$executeRawUnsafe(`create type gen_level as enum ('low', '高')`)
  await t.app.prisma.$executeRawUnsafe(`create table gen_gadget (
    id bigint primary key, tenant_id varchar(12) not null default '000000',
    title varchar(80) not null, qty integer, weight_kg smallint, made_on date, checked_at timestamp(3),
    serial bigint, note text, active boolean, price numeric(12,2), ratio double precision, kind integer,
    grade char(2), plain numeric, seen_at timestamptz(3), tags text[], sizes integer[],
    codes bigint[] not null default '{}', labels varchar(20)[], extra jsonb, spec json, blob bytea,
    level gen_level,
    create_user bigint, create_dept bigint, create_time timestamp(3) not null default now(),
    update_user bigint, update_time timestamp(3), status integer not null default 1,
    is_deleted integer not null default 0)`)
  await t.app.prisma.$executeRawUnsafe(`comment on column gen_gadget.title is '名称'`)
  await t.app.prisma.$executeRawUnsafe(`comment on column gen_gadget.qty is '数量'`)
  await t.app.prisma.$executeRawUnsafe(`comment on column gen_gadget.level is '等级'`)
  await t.app.prisma.$executeRawUnsafe(`comment on column gen_gadget.extra is '扩展'`)
  await call('POST', `${D}/model/submit`, {
    datasourceId: '1',
    modelName: '器件',
    modelCode: 'gen-gadget',
    modelTable: 'gen_gadget',
    modelClass: 'GenGadget',
  })
  const modelId = (await call('GET', `${D}/model/list?modelCode=gen-gadget`)).data.records[0].id
  const proposed = (await call('GET', `${D}/model/model-prototype?modelId=${modelId}`)).data
  const typeOf = Object.fromEntries(
    proposed.map((p: { jdbcName: string; jdbcType: string; propertyType: string }) => [
      p.jdbcName,
      `${p.jdbcType} ${p.propertyType}`,
    ]),
  )
  expect(typeOf).toMatchObject({
    seen_at: 'timestamp with time zone datetime',
    tags: 'text[] string[]',
    sizes: 'integer[] int[]',
    codes: 'bigint[] bigint[]',
    labels: 'character varying(20)[] string[]',
    extra: 'jsonb json',
    spec: 'json json',
    blob: 'bytea bytes',
    level: 'enum gen_level enum',
  })
  const edited = proposed.map((p: Record<string, unknown>) =>
    p.jdbcName === 'qty'
      ? { ...p, isQuery: 1 }
      : p.jdbcName === 'note'
        ? { ...p, isList: 0 }
        : p.jdbcName === 'kind'
          ? { ...p, dictCode: 'notice' }
          : p,
  )
  expect((await call('POST', `${D}/model-prototype/submit-list`, { modelId, prototypes: edited })).code).toBe(
    200,
  )
  await call('POST', `${D}/code/submit`, {
    modelId,
    codeName: '器件管理',
    tableName: 'gen_gadget',
    pkName: 'id',
    packageName: 'gen-gadget',
    apiPath: '/api/ysjs-gen',
    webPath: '/gen/gadget',
  })
  const codeId = (await call('GET', `${D}/code/list?packageName=gen-gadget`)).data.records[0].id

  // A second module in the same zip, on a table that exists without the platform columns.
  await t.app.prisma.$executeRawUnsafe(LEGACY_TABLE)
  await call('POST', `${D}/model/submit`, {
    datasourceId: '1',
    modelName: '旧器件',
    modelCode: 'gen-legacy',
    modelTable: 'gen_legacy',
    modelClass: 'GenLegacy',
  })
  const legacyId = (await call('GET', `${D}/model/list?modelCode=gen-legacy`)).data.records[0].id
  const legacyFields = (await call('GET', `${D}/model/model-prototype?modelId=${legacyId}`)).data
  expect(
    (await call('POST', `${D}/model-prototype/submit-list`, { modelId: legacyId, prototypes: legacyFields }))
      .code,
  ).toBe(200)
  await call('POST', `${D}/code/submit`, {
    modelId: legacyId,
    codeName: '旧器件管理',
    tableName: 'gen_legacy',
    pkName: 'id',
    packageName: 'gen-legacy',
    apiPath: '/api/ysjs-gen',
    webPath: '/gen/legacy',
  })
  const legacyCodeId = (await call('GET', `${D}/code/list?packageName=gen-legacy`)).data.records[0].id
  const res = await t.app.inject({
    method: 'POST',
    url: `${D}/code/gen-code?ids=${codeId},${legacyCodeId}`,
    headers: auth(admin),
  })
  expect(res.statusCode).toBe(200)
  zip = res.rawPayload
  tmp = copyRepository()
}, 120_000)

afterAll(async () => {
  await t?.close()
  if (tmp) {
    rmSync(tmp, { recursive: true, force: true })
  }
})

describe('a generated module applied to a copy of the repository', () => {
  it('typechecks, lints, migrates and answers its CRUD', async () => {
    const { written, touched } = applyGenerated(zip, tmp)
    const code = [...written, ...touched].filter((f: string) => /\.tsx?$/.test(f))
    const biome = path.join(ROOT, 'node_modules/.bin/biome')
    // Formatting the registry files puts the inserted imports in order; then nothing may be left to fix.
    await run(biome, ['check', '--write', ...code], tmp)
    const lint = await run(biome, ['check', ...code], tmp)
    expect(lint.out, lint.out).toMatch(/Checked \d+ files/)
    expect(lint.code, lint.out).toBe(0)

    const prismaCli = path.join(ROOT, 'prisma/node_modules/prisma/build/index.js')
    const generate = await run(process.execPath, [prismaCli, 'generate'], path.join(tmp, 'prisma'))
    expect(generate.code, generate.out).toBe(0)

    // Only what the module touches: the API's sources (with the shared package they import), the
    // seed's menus, and the web screens of the module with the registries that list them.
    writeFileSync(
      path.join(tmp, 'apps/api/tsconfig.gen.json'),
      JSON.stringify({ extends: './tsconfig.json', include: ['src'] }),
    )
    writeFileSync(
      path.join(tmp, 'prisma/tsconfig.gen.json'),
      JSON.stringify({ extends: './tsconfig.json', include: ['src', 'seed'] }),
    )
    writeFileSync(
      path.join(tmp, 'apps/web/tsconfig.gen.json'),
      JSON.stringify({
        extends: './tsconfig.json',
        include: [
          'src/features/gen-gadget',
          'src/features/gen-legacy',
          'src/features/generated',
          'src/app/i18n/screens.ts',
          'src/vite-env.d.ts',
        ],
      }),
    )
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc')
    const typecheck = (pkg: string) =>
      run(process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.gen.json'], path.join(tmp, pkg))
    // The API first: most mistakes of a generator show there, and a failure should not wait for the web.
    const api = await typecheck('apps/api')
    expect(api.code, api.out).toBe(0)
    for (const check of await Promise.all([typecheck('apps/web'), typecheck('prisma')])) {
      expect(check.code, check.out).toBe(0)
    }

    const services = inject('testServices')
    const db = await cloneDatabase(services.template, services.databaseUrl, 'gen')
    try {
      // The legacy table is there before the module's migration, with a row of its own.
      const client = new pg.Client({ connectionString: db.url })
      await client.connect()
      await client.query(LEGACY_TABLE)
      await client.query(`insert into gen_legacy values (1, '旧器件', '2020-01-02')`)
      await client.end()
      const migrate = await run(
        process.execPath,
        [prismaCli, 'migrate', 'deploy'],
        path.join(tmp, 'prisma'),
        {
          DATABASE_URL: db.url,
        },
      )
      expect(migrate.code, migrate.out).toBe(0)
      const seed = await run(process.execPath, ['--import', 'tsx', 'seed/run.ts'], path.join(tmp, 'prisma'), {
        DATABASE_URL: db.url,
      })
      expect(seed.code, seed.out).toBe(0)
      writeFileSync(path.join(tmp, 'apps/api/gen-smoke.ts'), SMOKE)
      const smoke = await run(
        process.execPath,
        ['--import', 'tsx', 'gen-smoke.ts'],
        path.join(tmp, 'apps/api'),
        {
          SMOKE_DATABASE_URL: db.url,
          SMOKE_REDIS_URL: services.redisUrl,
        },
      )
      expect(smoke.code, smoke.out).toBe(0)
      const out = JSON.parse(smoke.out.trim().split('\n').at(-1)!)
      expect(out.menu).toEqual(['gen_gadget_add', 'gen_gadget_delete', 'gen_gadget_edit', 'gen_gadget_view'])
      expect(out.missing).toMatchObject({ code: 400, msg: '请输入名称' })
      expect(out.tooLong).toMatchObject({ code: 400, msg: '长度不能超过80个字符' })
      expect(out.created).toMatchObject({ code: 200 })
      expect(out.list.data.total).toBe(1)
      expect(out.list.data.records[0]).toMatchObject({
        tenantId: '000000',
        title: '齿轮',
        qty: 3,
        weightKg: 12,
        madeOn: expect.stringMatching(/^2026-01-02/),
        checkedAt: '2026-01-02 10:30:00',
        serial: '9007199254740993',
        active: true,
        note: null,
        price: '12.50',
        ratio: 0.25,
        // wrapMode 2 (the default): the dictionary label beside the key.
        kind: 2,
        kindName: '批转通知',
        grade: 'A1',
        plain: '1.5',
        seenAt: '2026-01-02 10:30:00',
        tags: ['甲', '乙'],
        sizes: [1, 2],
        codes: ['9007199254740993'],
        labels: ['x'],
        extra: { a: 1, b: ['c'] },
        spec: { n: null },
        blob: 'aGk=',
        level: '高',
      })
      // Lists, JSON, bytes and enums: empty and absent values, and what they refuse.
      expect(out.emptyKinds.data).toMatchObject({
        tags: [],
        codes: [],
        extra: null,
        blob: null,
        level: null,
      })
      expect(out.badJson).toMatchObject({ code: 400, msg: 'JSON 格式不正确' })
      expect(out.badEnum).toMatchObject({ code: 400, msg: '请选择等级' })
      expect(out.badBytes).toMatchObject({ code: 400, msg: '请输入 Base64 编码的内容' })
      expect(out.badList).toMatchObject({ code: 400, msg: '请输入整数' })
      expect(out.badLabel).toMatchObject({ code: 400, msg: '每项长度不能超过20个字符' })
      expect(out.filled.data).toMatchObject({ extra: [1], level: '高', tags: ['a'] })
      expect(out.cleared.data).toMatchObject({ extra: null, level: 'low', tags: [] })
      expect(out.badPrice).toMatchObject({ code: 400, msg: '整数部分最多10位，小数最多2位' })
      expect(out.badDate).toMatchObject({ code: 400, msg: '日期格式不正确' })
      // The table that was there: its row is listed, and the module writes to it.
      expect(out.legacyBefore.data.records).toMatchObject([
        { id: '1', name: '旧器件', born: expect.stringMatching(/^2020-01-02/) },
      ])
      expect(out.legacyCreated).toMatchObject({ code: 200 })
      expect(out.legacyAfter.data.total).toBe(2)
      expect(out.legacyMenu).toEqual([
        'gen_legacy_add',
        'gen_legacy_delete',
        'gen_legacy_edit',
        'gen_legacy_view',
      ])
      expect(out.byQty.data.total).toBe(1)
      expect(out.byOtherQty.data.total).toBe(0)
      expect(out.detail.data.title).toBe('齿轮')
      expect(out.removed).toMatchObject({ code: 200 })
      // The other row (lists, JSON, bytes and enums left empty) stays.
      expect(out.afterRemove.data.total).toBe(1)
      const schema = readFileSync(path.join(tmp, 'prisma/schema.prisma'), 'utf8')
      expect(schema).toContain('model GenGadget {')
      expect(schema).toContain('model GenLegacy {')
      // Applied once: the same zip again is refused, nothing overwritten.
      expect(() => applyGenerated(zip, tmp)).toThrow(/exists already/)
    } finally {
      await db.drop()
    }
  }, 1_200_000) // tsc of the copy alone took 434 s on the shared 2-core machine at load average 22
})

/** Builds the copy's app on the migrated database and exercises the generated routes as admin. */
const SMOKE = `
import { md5Hex } from '@ysjs/db'
import { buildApp } from './src/app.ts'

const app = await buildApp({
  env: {
    DATABASE_URL: process.env.SMOKE_DATABASE_URL,
    DATABASE_POOL_MAX: '2',
    REDIS_URL: process.env.SMOKE_REDIS_URL,
    REDIS_PREFIX: 'test:gen-smoke:',
    LOG_LEVEL: 'silent',
    CAPTCHA_ENABLED: 'false',
    NODE_ENV: 'test',
  },
})
const token = (
  await app.inject({
    method: 'POST',
    url: '/api/ysjs-auth/oauth/token',
    query: { scope: 'all', grant_type: 'password', username: 'admin', password: md5Hex('admin'), tenantId: '000000' },
    headers: { authorization: 'Basic ' + Buffer.from('saber:saber_secret').toString('base64'), 'tenant-id': '000000' },
  })
).json().access_token
const headers = { 'blade-auth': 'bearer ' + token }
const P = '/api/ysjs-gen/gen-gadget'
const call = async (method, url, payload) => (await app.inject({ method, url, headers, payload })).json()
const out = {}
out.menu = (await app.prisma.menu.findMany({ where: { code: { startsWith: 'gen_gadget_' } }, orderBy: { code: 'asc' } })).map((m) => m.code)
out.missing = await call('POST', P + '/submit', {})
out.tooLong = await call('POST', P + '/submit', { title: 'x'.repeat(81) })
out.created = await call('POST', P + '/submit', {
  title: '齿轮', qty: 3, weightKg: '12', madeOn: '2026-01-02', checkedAt: '2026-01-02 10:30:00',
  serial: '9007199254740993', active: 'true', note: '', price: '12.50', ratio: '0.25', kind: '2',
  grade: 'A1', plain: '1.5', seenAt: '2026-01-02 10:30:00', tags: '甲\\n\\n乙', sizes: '1, 2',
  codes: ['9007199254740993'], labels: ['x'], extra: '{"a": 1, "b": ["c"]}', spec: { n: null },
  blob: 'aGk=', level: '高',
})
out.badJson = await call('POST', P + '/submit', { title: 'x', extra: '{"a": ' })
out.badEnum = await call('POST', P + '/submit', { title: 'x', level: 'mid' })
out.badBytes = await call('POST', P + '/submit', { title: 'x', blob: '@@' })
out.badList = await call('POST', P + '/submit', { title: 'x', sizes: '1, x' })
out.badLabel = await call('POST', P + '/submit', { title: 'x', labels: ['x'.repeat(21)] })
await call('POST', P + '/submit', { title: '空白件', qty: 5 })
const empty = (await call('GET', P + '/list?title=空白件')).data.records[0]
out.emptyKinds = await call('GET', P + '/detail?id=' + empty.id)
await call('POST', P + '/submit', { id: empty.id, title: '空白件', qty: 5, extra: '[1]', level: '高', tags: 'a' })
out.filled = await call('GET', P + '/detail?id=' + empty.id)
await call('POST', P + '/submit', { id: empty.id, title: '空白件', qty: 5, extra: '', level: 'low', tags: '' })
out.cleared = await call('GET', P + '/detail?id=' + empty.id)
out.badPrice = await call('POST', P + '/submit', { title: 'x', price: '12.345' })
out.badDate = await call('POST', P + '/submit', { title: 'x', madeOn: '2026-02-30' })
const L = '/api/ysjs-gen/gen-legacy'
out.legacyBefore = await call('GET', L + '/list')
out.legacyCreated = await call('POST', L + '/submit', { name: '新器件', born: '2026-03-04' })
out.legacyAfter = await call('GET', L + '/list')
out.legacyMenu = (await app.prisma.menu.findMany({ where: { code: { startsWith: 'gen_legacy_' } }, orderBy: { code: 'asc' } })).map((m) => m.code)
out.list = await call('GET', P + '/list?title=齿')
out.byQty = await call('GET', P + '/list?qty_equal=3')
out.byOtherQty = await call('GET', P + '/list?qty_equal=4')
const id = out.list.data.records[0]?.id
out.detail = await call('GET', P + '/detail?id=' + id)
out.removed = await call('POST', P + '/remove?ids=' + id)
out.afterRemove = await call('GET', P + '/list')
await app.close()
console.log(JSON.stringify(out))
`
