import SwaggerParser from '@apidevtools/swagger-parser'
import fastifySwagger from '@fastify/swagger'
import { Msg } from '@ysjs/shared'
import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadEnv } from '../src/env.ts'
import { swaggerOptions } from '../src/lib/openapi.ts'
import type { TAccess } from '../src/plugins/access.ts'
import { createTestApp, type TTestApp } from './helpers/app.ts'

type TSchema = Record<string, unknown> & {
  $ref?: string
  pattern?: string
  anyOf?: TSchema[]
  properties?: Record<string, TSchema>
  items?: TSchema
}
type TParameter = { in: string; name: string; required?: boolean; schema: TSchema }
type TMedia = Record<string, { schema: TSchema }>
type TOperation = {
  operationId?: string
  summary?: string
  security?: Record<string, string[]>[]
  parameters?: TParameter[]
  requestBody?: { required?: boolean; content: TMedia }
  responses: Record<string, { description: string; content?: TMedia }>
}
type TDocument = {
  openapi: string
  paths: Record<string, Record<string, TOperation>>
  components: { schemas: Record<string, TSchema>; securitySchemes: Record<string, Record<string, string>> }
}

const TOKEN = '/api/ysjs-auth/oauth/token'
const UPLOADS = [
  '/api/ysjs-resource/oss/endpoint/put-file',
  '/api/ysjs-resource/oss/endpoint/put-file-attach',
]
const ENVELOPE = { $ref: '#/components/schemas/ErrorEnvelope' }
const OAUTH_ERROR = { $ref: '#/components/schemas/OAuthError' }
/** Routes deliberately left out of the document (binary answers at links the API hands out). */
const UNDOCUMENTED = ['/api/ysjs-resource/oss/file/*']

const ID = '^\\d{1,19}$'
const DATE_TIME = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$'
const MD5 = '^[0-9a-f]{32}$'
/** Field names that always hold one of these formats, wherever they appear. */
const PATTERNS: Record<string, string> = {
  id: ID,
  parentId: ID,
  topMenuId: ID,
  createUser: ID,
  updateUser: ID,
  createDept: ID,
  attachId: ID,
  createTime: DATE_TIME,
  updateTime: DATE_TIME,
  oldPassword: MD5,
  newPassword: MD5,
  newPassword1: MD5,
  password: MD5,
}

let t: TTestApp
let doc: TDocument
beforeAll(async () => {
  t = await createTestApp()
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
  expect(res.statusCode, res.body).toBe(200)
  doc = res.json()
})
afterAll(async () => {
  await t.close()
})

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  )
const operation = (method: string, path: string): TOperation => {
  const found = doc.paths[path]?.[method]
  expect(found, `${method} ${path} is documented`).toBeDefined()
  return found!
}
/** The declared access of a documented operation (the app's own registry of routes). */
const accessOf = (method: string, path: string): TAccess | undefined =>
  t.app.routeAccess.find((r) => r.method === method.toUpperCase() && r.url === path)?.access
const resolve = (schema: TSchema): TSchema =>
  schema.$ref ? resolve(doc.components.schemas[schema.$ref.split('/').pop()!]!) : schema

/** Every (name, schema) pair of parameters and object properties, through refs, each component once. */
const namedSchemas = (): [string, TSchema][] => {
  const out: [string, TSchema][] = []
  const seen = new Set<TSchema>()
  const walk = (schema: TSchema | undefined) => {
    if (!schema || typeof schema !== 'object' || seen.has(schema)) {
      return
    }
    seen.add(schema)
    const target = resolve(schema)
    for (const [name, child] of Object.entries(target.properties ?? {})) {
      out.push([name, child])
      walk(child)
    }
    walk(target.items)
    for (const branch of target.anyOf ?? []) {
      walk(branch)
    }
  }
  for (const { operation: op } of operations()) {
    for (const p of op.parameters ?? []) {
      out.push([p.name, p.schema])
    }
    for (const media of Object.values(op.requestBody?.content ?? {})) {
      walk(media.schema)
    }
    for (const answer of Object.values(op.responses)) {
      for (const media of Object.values(answer.content ?? {})) {
        walk(media.schema)
      }
    }
  }
  return out
}
const patternsOf = (schema: TSchema): string[] => {
  const target = resolve(schema)
  return [target.pattern, ...(target.anyOf ?? []).flatMap(patternsOf)].filter((p): p is string => !!p)
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI and every $ref resolves', async () => {
    expect(doc.openapi).toMatch(/^3\.0\./)
    // validate() checks the schema of the document and dereferences it: a missing pointer throws.
    await SwaggerParser.validate(structuredClone(doc) as never)
    await SwaggerParser.dereference(structuredClone(doc) as never)
  })

  it('the validator does refuse a reference to nothing (what Prism and Portman choked on)', async () => {
    const broken = structuredClone(doc)
    const [first] = operations()
    broken.paths[first!.path]![first!.method]!.responses['200'] = {
      description: 'x',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/schema0' } } },
    }
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow(/schema0/)
  })

  it('documents every route, each with a summary and a unique operationId derived from method and path', () => {
    const documented = new Set(operations().map(({ path, method }) => `${method.toUpperCase()} ${path}`))
    const expected = t.app.routeAccess
      .filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs') && !UNDOCUMENTED.includes(r.url))
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
    expect([...documented].sort()).toEqual([...new Set(expected)].sort())

    const ids = operations().map(({ operation: op }) => op.operationId)
    expect(new Set(ids).size).toBe(ids.length)
    // A route names its own operationId only where the derived one would repeat another's
    // (tenant/package-detail and tenant-package/detail).
    const named = new Set(
      t.app.routeAccess
        .filter((r) => r.method !== 'HEAD' && (r.schema as { operationId?: string } | undefined)?.operationId)
        .map((r) => `${r.method.toLowerCase()} ${r.url}`),
    )
    expect([...named].sort()).toEqual([
      'get /api/ysjs-system/tenant/package-detail',
      'post /api/ysjs-system/tenant/package-setting',
    ])
    for (const { path, method, operation: op } of operations()) {
      expect(op.summary?.trim(), `${method} ${path} summary`).toBeTruthy()
      const derived = `${method}_${path.replace(/^\/api\//, '').replace(/[^A-Za-z0-9]+/g, '_')}`
      if (!named.has(`${method} ${path}`)) {
        expect(op.operationId, `${method} ${path}`).toBe(derived)
      }
    }
    expect(operation('post', '/api/ysjs-system/param/submit').operationId).toBe(
      'post_ysjs_system_param_submit',
    )
  })

  it('public operations declare no security, the others BladeAuth, as their access says', () => {
    expect(doc.components.securitySchemes.BladeAuth).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Blade-Auth',
    })
    let publicCount = 0
    for (const { path, method, operation: op } of operations()) {
      const access = accessOf(method, path)
      expect(access, `${method} ${path}`).toBeDefined()
      if (access !== 'public') {
        expect(op.security, `${method} ${path}`).toEqual([{ BladeAuth: [] }])
        continue
      }
      publicCount++
      // The token endpoint authenticates the OAuth client (Basic), never a user token.
      expect(op.security, `${method} ${path}`).toEqual(path === TOKEN ? [{ ClientBasic: [] }] : [])
    }
    expect(publicCount).toBeGreaterThanOrEqual(7)
    for (const path of ['/api/health', '/api/ysjs-system/config/web', '/api/ysjs-auth/oauth/captcha']) {
      expect(operation('get', path).security).toEqual([])
    }
    expect(operation('post', '/api/ysjs-log/error/send-logs').security).toEqual([])
    expect(operation('get', '/api/ysjs-system/tenant/info').security).toEqual([])
  })

  it('the token operation documents the query string, the form and JSON bodies, its headers and OAuth errors', () => {
    const op = operation('post', TOKEN)
    const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)
    expect(query).toEqual(
      expect.arrayContaining(['grant_type', 'username', 'password', 'refresh_token', 'scope']),
    )
    const headers = (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name)
    expect(headers).toEqual(
      expect.arrayContaining(['Tenant-Id', 'Captcha-Key', 'Captcha-Code', 'Dept-Id', 'Role-Id']),
    )
    expect(doc.components.securitySchemes.ClientBasic).toMatchObject({ type: 'http', scheme: 'basic' })

    // Saber sends no body; older clients send a form.
    expect(op.requestBody?.required).toBe(false)
    const form = op.requestBody?.content['application/x-www-form-urlencoded']?.schema
    expect(Object.keys(form?.properties ?? {})).toEqual(
      expect.arrayContaining(['grant_type', 'username', 'password', 'refresh_token', 'tenant_id']),
    )
    expect(op.requestBody?.content['application/json']).toBeDefined()

    expect(op.responses['200']?.content?.['application/json']?.schema.properties?.access_token).toBeDefined()
    expect(op.responses['400']?.content?.['application/json']?.schema.anyOf).toContainEqual(OAUTH_ERROR)
    expect(op.responses['401']?.content?.['application/json']?.schema).toEqual(OAUTH_ERROR)
    expect(doc.components.schemas.OAuthError?.required).toEqual(['error', 'error_description'])
    expect(op.responses['429']).toBeDefined()
  })

  it('uploads document their multipart body with a binary file field', () => {
    for (const path of UPLOADS) {
      const body = operation('post', path).requestBody
      expect(body?.required, path).toBe(true)
      const schema = body?.content['multipart/form-data']?.schema
      expect(schema?.required, path).toEqual(['file'])
      expect(schema?.properties?.file, path).toMatchObject({ type: 'string', format: 'binary' })
    }
  })

  it('every operation documents its error answers with the one shared envelope', () => {
    expect(doc.components.schemas.ErrorEnvelope).toMatchObject({
      type: 'object',
      required: ['code', 'success', 'data', 'msg'],
      properties: { success: { enum: [false] }, code: { type: 'integer' } },
    })
    for (const { path, method, operation: op } of operations()) {
      const where = `${method} ${path}`
      const access = accessOf(method, path)
      const codes = Object.keys(op.responses)
      expect(codes, where).toEqual(expect.arrayContaining(['500', '503']))
      if (access !== 'public') {
        expect(codes, where).toContain('401')
      }
      if (typeof access === 'object') {
        expect(codes, where).toContain('403')
      }
      if (method !== 'get' || op.parameters?.length) {
        expect(codes, where).toContain('400')
      }
      for (const [code, answer] of Object.entries(op.responses)) {
        const tokenOwn = path === TOKEN && (code === '400' || code === '401')
        // The health check answers its own figures when degraded.
        const healthOwn = path === '/api/health' && code === '503'
        if (Number(code) >= 400 && !tokenOwn && !healthOwn) {
          expect(answer.content?.['application/json']?.schema, `${where} ${code}`).toEqual(ENVELOPE)
        }
      }
    }
    for (const path of [TOKEN, '/api/ysjs-log/error/send-logs', '/api/ysjs-system/user/register-guest']) {
      expect(operation('post', path).responses['429'], path).toBeDefined()
    }
  })

  it('ids, date-times and md5 passwords carry their patterns', () => {
    // Passwords an administrator sets for someone else are plain text (user/submit, contract 7.2).
    // (An update's optional field is `anyOf ['', the field]`: '' clears it, decision 025.)
    const plain = (schema: TSchema): boolean =>
      (schema as { format?: string }).format === 'password' || (resolve(schema).anyOf ?? []).some(plain)
    const named = namedSchemas().filter(([name, schema]) => name in PATTERNS && !plain(schema))
    expect(named.length).toBeGreaterThan(30)
    for (const [name, schema] of named) {
      expect(patternsOf(schema), name).toContain(PATTERNS[name])
    }
    const ids = operation('post', '/api/ysjs-system/param/remove').parameters?.find((p) => p.name === 'ids')
    expect(new RegExp(ids!.schema.pattern!).test('1,22,333')).toBe(true)
    const trend = namedSchemas().find(([name]) => name === 'trend')![1]
    expect(resolve(trend.items!).properties?.date?.pattern).toBe('^\\d{4}-\\d{2}-\\d{2}$')
    const release = operation('post', '/api/ysjs-desk/notice/submit').requestBody?.content['application/json']
    const releasePattern = new RegExp(release!.schema.properties!.releaseTime!.pattern!)
    expect(['2024-05-01', '2024-05-01 08:30:00'].map((v) => releasePattern.test(v))).toEqual([true, true])
  })

  it('names the recursive trees (menu, dictionary) instead of pointing at schema0', () => {
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Menu', 'DictNode', 'DictTreeNode', 'ErrorEnvelope', 'OAuthError']),
    )
    expect(JSON.stringify(doc)).not.toMatch(/schema\d/)
    expect(resolve(doc.components.schemas.Menu!.properties!.children!).items).toEqual({
      $ref: '#/components/schemas/Menu',
    })
  })
})

describe('the document check', () => {
  it('refuses a route without a summary, loudly', async () => {
    const app = Fastify({ logger: false })
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
    await app.register(fastifySwagger, swaggerOptions)
    app.get('/api/ysjs-demo/thing', { config: { access: 'authenticated' }, schema: {} }, async () => ({}))
    await app.ready()
    expect(() => app.swagger()).toThrow(/GET \/api\/ysjs-demo\/thing has no summary/)
    await app.close()
  })
})

describe('API_DOCS_ENABLED', () => {
  it('defaults to on in development and test, off in production unless set', () => {
    const JWT_SECRET = 'a-random-value-of-more-than-32-bytes-0123456789'
    const DATA_KEY = Buffer.alloc(32, 7).toString('base64')
    expect(loadEnv({ NODE_ENV: 'development' }).API_DOCS_ENABLED).toBe(true)
    expect(loadEnv({ NODE_ENV: 'test' }).API_DOCS_ENABLED).toBe(true)
    expect(loadEnv({ NODE_ENV: 'production', JWT_SECRET, DATA_KEY }).API_DOCS_ENABLED).toBe(false)
    expect(
      loadEnv({ NODE_ENV: 'production', JWT_SECRET, DATA_KEY, API_DOCS_ENABLED: 'true' }).API_DOCS_ENABLED,
    ).toBe(true)
    expect(loadEnv({ NODE_ENV: 'development', API_DOCS_ENABLED: 'false' }).API_DOCS_ENABLED).toBe(false)
  })

  it('off: /api/docs answers 404 in the envelope like any unknown /api path', async () => {
    const off = await createTestApp({ API_DOCS_ENABLED: 'false' })
    try {
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
        const res = await off.app.inject({ method: 'GET', url })
        expect(res.statusCode, url).toBe(404)
        expect(res.json(), url).toEqual({ code: 404, success: false, data: null, msg: Msg.NOT_FOUND })
      }
    } finally {
      await off.close()
    }
  })
})
