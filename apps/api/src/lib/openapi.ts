import type { FastifyDynamicSwaggerOptions, SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger'
import {
  CAPTCHA_CODE_HEADER,
  CAPTCHA_KEY_HEADER,
  DEPT_HEADER,
  ID_PATTERN,
  Msg,
  ROLE_HEADER,
  TENANT_HEADER,
  TOKEN_HEADER,
} from '@ysjs/shared'
import type { FastifySchema, RouteOptions } from 'fastify'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { TAccess } from '../plugins/access.ts'

/**
 * The OpenAPI document at /api/docs/json, generated from the routes' zod schemas. Everything the schemas
 * cannot say is added here, in one place, from what the routes already declare:
 * - security from `config.access` (`public` → none, else `BladeAuth`);
 * - `operationId` = `<method>_<path after /api/, every run of other characters as _>`, e.g.
 *   `post_ysjs_system_param_submit`: stable as long as the path is (a route whose derived id would
 *   repeat another's declares its own `operationId` in its schema);
 * - error answers from the access level, the inputs and the rate limit, all in the one `ErrorEnvelope`;
 * - request bodies that are not JSON (the token endpoint's form, the uploads' multipart).
 * The finished document is checked: a missing summary, a duplicate operationId or a `$ref` to nothing
 * throws, so /api/docs/json answers 500 and the OpenAPI test fails instead of clients.
 */

const SCHEMAS = '#/components/schemas/'
const XLSX_MEDIA = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const ref = (id: string) => ({ $ref: `${SCHEMAS}${id}` })

/** Every error answer of the API except the token endpoint's (`fail()` in lib/envelope.ts). */
export const ZErrorEnvelope = z
  .object({ code: z.number().int(), success: z.literal(false), data: z.null(), msg: z.string() })
  .meta({ id: 'ErrorEnvelope', description: '错误应答: code 与 HTTP 状态一致, msg 为中文原因' })

/** Errors of the token endpoint: raw OAuth2, not enveloped (contract 3.1). */
export const ZOAuthError = z
  .object({ error: z.string(), error_description: z.string() })
  .meta({ id: 'OAuthError', description: 'OAuth2 错误 (不套信封), error_description 为中文原因' })

// ── Operations ──────────────────────────────────────────────────────────────────────────────────────

type TJson = Record<string, unknown>
type TRouteDoc = FastifySchema & TJson & { response?: Record<string, unknown> }
type TRouteConfig = { access?: TAccess; rateLimit?: unknown; download?: 'xlsx' }

export const operationIdOf = (method: string, url: string): string =>
  [method.toLowerCase(), ...url.replace(/^\/api\//, '').split(/[^A-Za-z0-9]+/)].filter(Boolean).join('_')

const securityOf = (access: TAccess | undefined) => (access === 'public' ? [] : [{ BladeAuth: [] }])

const jsonContent = (schema: TJson) => ({ content: { 'application/json': { schema } } })
const errorAnswer = (description: string) => ({ description, ...jsonContent(ref('ErrorEnvelope')) })

/** The error answers an operation can give, from what its route declares. */
const errorAnswersOf = (route: RouteOptions, doc: TRouteDoc): Record<string, unknown> => {
  const config = (route.config ?? {}) as TRouteConfig
  const access = config.access
  const restricted = typeof access === 'object'
  const hasBody = doc.body !== undefined
  const hasInput =
    hasBody ||
    doc.querystring !== undefined ||
    doc.params !== undefined ||
    [route.method].flat().some((m) => m !== 'GET')
  const answers: [boolean, number, string][] = [
    [hasInput, 400, `${Msg.PARAM_VALID_ERROR}或业务规则不满足 (msg 为原因)`],
    [access !== 'public', 401, '未登录: 缺失令牌、令牌无效或已失效'],
    [restricted, 403, `${Msg.REQ_REJECT}: 无此权限`],
    [doc.params !== undefined, 404, '资源不存在'],
    [hasBody, 413, Msg.PAYLOAD_TOO_LARGE],
    [hasBody, 415, Msg.MEDIA_TYPE_NOT_SUPPORTED],
    [config.rateLimit !== undefined, 429, Msg.TOO_MANY_REQUESTS],
    [true, 500, Msg.INTERNAL_SERVER_ERROR],
    [true, 503, `${Msg.SERVICE_UNAVAILABLE} (数据库或 Redis 不可用或超时)`],
  ]
  return Object.fromEntries(answers.filter(([applies]) => applies).map(([, s, d]) => [s, errorAnswer(d)]))
}

type TOperationExtra = {
  /** Adjusts the route's schema (after the zod conversion) before fastify-swagger reads it. */
  schema?: (doc: TRouteDoc) => TRouteDoc
  /** Adjusts the finished operation, for what fastify-swagger cannot express. */
  operation?: (operation: TOperation) => void
}

const TOKEN_HEADERS = {
  type: 'object',
  properties: {
    [TENANT_HEADER]: { type: 'string', description: '租户编号 (或查询参数 tenant_id)', example: '000000' },
    [CAPTCHA_KEY_HEADER]: { type: 'string', description: '验证码 key (grant_type=captcha)' },
    [CAPTCHA_CODE_HEADER]: { type: 'string', description: '验证码 (grant_type=captcha, 不区分大小写)' },
    [DEPT_HEADER]: {
      type: 'string',
      description: '只以该部门登录 (须为用户的部门之一)',
      pattern: ID_PATTERN.source,
    },
    [ROLE_HEADER]: {
      type: 'string',
      description: '只以该角色登录 (须为用户的角色之一)',
      pattern: ID_PATTERN.source,
    },
    'User-Type': { type: 'string', description: 'web (默认) / app / other: detail.ext 的来源' },
  },
}

const multipartFile = (description: string) => ({
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: { file: { type: 'string', format: 'binary', description } },
      },
    },
  },
})

/** What the zod schemas of these routes cannot say, by method and documented path; a key that matches
 * no operation fails the check, so a renamed route cannot silently lose its extras. */
const EXTRAS: Record<string, TOperationExtra> = {
  'post /api/ysjs-auth/oauth/token': {
    schema: (doc) => ({
      ...doc,
      description:
        'Saber 把全部参数放在查询字符串里; 表单 (application/x-www-form-urlencoded) 或 JSON 请求体同样接受, ' +
        '两处都有时以查询字符串为准。grant_type=refresh_token 用 refresh_token 参数换新令牌。' +
        '客户端以 HTTP Basic (client_id:client_secret) 认证。',
      security: [{ ClientBasic: [] }],
      headers: TOKEN_HEADERS,
      body: {
        content: {
          'application/x-www-form-urlencoded': { schema: doc.querystring },
          'application/json': { schema: doc.querystring },
        },
      },
      response: {
        ...doc.response,
        400: {
          description: 'OAuth2 错误 (用户名或密码错误、验证码不正确、租户……); 参数格式错误时为信封',
          ...jsonContent({ anyOf: [ref('OAuthError'), ref('ErrorEnvelope')] }),
        },
        401: { description: '客户端认证失败 (Basic)', ...jsonContent(ref('OAuthError')) },
      },
    }),
    // Saber sends no body at all.
    operation: (operation) => {
      if (operation.requestBody) {
        operation.requestBody.required = false
      }
    },
  },
  'post /api/ysjs-resource/oss/endpoint/put-file': {
    schema: (doc) => ({ ...doc, body: multipartFile('上传的文件') }),
  },
  'post /api/ysjs-resource/oss/endpoint/put-file-attach': {
    schema: (doc) => ({ ...doc, body: multipartFile('上传的文件 (同时登记为附件)') }),
  },
  'post /api/ysjs-appraise/attach/put-object': {
    schema: (doc) => ({ ...doc, body: multipartFile('成果附件 (分类 assortId 12–17)') }),
  },
  'post /api/ysjs-flow/manager/deploy-upload': {
    schema: (doc) => ({
      ...doc,
      body: {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['category', 'files'],
              properties: {
                category: { type: 'string', description: '流程类型 (flow_1 …)' },
                tenantIds: { type: 'string', description: '租户 (逗号分隔; 空为通用流程)' },
                files: {
                  type: 'array',
                  items: { type: 'string', format: 'binary' },
                  description: '.bpmn / .bpmn20.xml',
                },
              },
            },
          },
        },
      },
    }),
  },
}

const extraKey = (method: string, url: string) => `${method.toLowerCase()} ${url}`

/** Per route: the zod conversion, then security, operationId, error answers and the extras above. */
export const openApiTransform: SwaggerTransform = (input) => {
  const converted = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0])
  const doc = converted.schema as TRouteDoc | undefined
  if (!doc || doc.hide) {
    return converted
  }
  const { route, url } = input
  const method = [route.method].flat()[0]!
  const config = (route.config ?? {}) as TRouteConfig
  const extra = EXTRAS[extraKey(method, url)]
  const base: TRouteDoc = {
    operationId: operationIdOf(method, url),
    security: securityOf(config.access),
    ...doc,
  }
  const extended = extra?.schema ? extra.schema(base) : base
  extended.response = { ...errorAnswersOf(route, extended), ...extended.response }
  if (config.download === 'xlsx') {
    // The generic exports (lib/xlsx.ts) and templates answer a file on success.
    extended.response['200'] = {
      description: 'xlsx 文件 (Content-Disposition: attachment)',
      content: { [XLSX_MEDIA]: { schema: { type: 'string', format: 'binary' } } },
    }
  }
  return { schema: extended, url }
}

// ── The document ────────────────────────────────────────────────────────────────────────────────────

type TOperation = {
  operationId?: string
  summary?: string
  requestBody?: { required?: boolean }
  [key: string]: unknown
}
type TDocument = {
  paths: Record<string, Record<string, TOperation>>
  components: { schemas?: Record<string, unknown>; [key: string]: unknown }
  [key: string]: unknown
}

const refsIn = (value: unknown, found = new Set<string>()): Set<string> => {
  if (Array.isArray(value)) {
    for (const item of value) {
      refsIn(item, found)
    }
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') {
        found.add(child)
      } else {
        refsIn(child, found)
      }
    }
  }
  return found
}

/** Component schemas reachable from the operations; every schema of the zod registry exists twice
 * (`X` for answers, `XInput` for requests), and only the used ones belong in the document. */
const pruneSchemas = (document: TDocument): void => {
  const schemas = document.components.schemas ?? {}
  const reachable = new Set<string>()
  const queue = [...refsIn(document.paths)]
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const id = next.startsWith(SCHEMAS) ? next.slice(SCHEMAS.length) : null
    if (id === null || reachable.has(id) || !(id in schemas)) {
      continue
    }
    reachable.add(id)
    queue.push(...refsIn(schemas[id]))
  }
  document.components.schemas = Object.fromEntries(
    Object.entries(schemas).filter(([id]) => reachable.has(id)),
  )
}

const operationsOf = (document: TDocument) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  )

/** What a client generator needs from every operation; all problems at once, not the first one. */
const problemsOf = (document: TDocument): string[] => {
  const problems: string[] = []
  const seen = new Map<string, string>()
  for (const { path, method, operation } of operationsOf(document)) {
    const where = `${method.toUpperCase()} ${path}`
    if (!operation.summary?.trim()) {
      problems.push(`${where} has no summary`)
    }
    const id = operation.operationId
    if (!id) {
      problems.push(`${where} has no operationId`)
    } else if (seen.has(id)) {
      problems.push(`${where} repeats the operationId ${id} of ${seen.get(id)}`)
    } else {
      seen.set(id, where)
    }
  }
  const schemas = document.components.schemas ?? {}
  for (const target of refsIn(document)) {
    if (!target.startsWith(SCHEMAS) || !(target.slice(SCHEMAS.length) in schemas)) {
      problems.push(`$ref ${target} resolves to nothing`)
    }
  }
  const keys = new Set(operationsOf(document).map(({ path, method }) => extraKey(method, path)))
  for (const key of Object.keys(EXTRAS)) {
    if (!keys.has(key)) {
      problems.push(`the OpenAPI extra for ${key} matches no operation`)
    }
  }
  return problems
}

/** Whole document: the registered zod schemas as components, the extras' finishing, then the checks. */
export const openApiTransformObject: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as unknown as TDocument
  for (const { path, method, operation } of operationsOf(document)) {
    EXTRAS[extraKey(method, path)]?.operation?.(operation)
  }
  pruneSchemas(document)
  const problems = problemsOf(document)
  if (problems.length) {
    throw new Error(`The OpenAPI document is not usable:\n  ${problems.join('\n  ')}`)
  }
  return document as ReturnType<SwaggerTransformObject>
}

export const swaggerOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    info: {
      title: '有色金属科技成果转化平台 API',
      version: '1.0.0',
      description:
        '业务接口应答为信封 {code, success, data, msg}; 错误应答为 ErrorEnvelope, 令牌接口除外 (OAuthError)。' +
        'id 为 1-19 位数字字符串, 时间为 yyyy-MM-dd HH:mm:ss (Asia/Shanghai)。' +
        'operationId = <方法>_<路径去掉 /api/ 后以 _ 连接>, 如 post_ysjs_system_param_submit。',
    },
    components: {
      securitySchemes: {
        BladeAuth: {
          type: 'apiKey',
          in: 'header',
          name: TOKEN_HEADER,
          description: '`bearer <access_token>`; 图片等链接也可用查询参数 blade-auth=<access_token>',
        },
        ClientBasic: { type: 'http', scheme: 'basic', description: 'OAuth2 客户端: client_id:client_secret' },
      },
    },
    security: [{ BladeAuth: [] }],
  },
  transform: openApiTransform,
  transformObject: openApiTransformObject,
}
