import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, BASIC, createTestApp, login, type TTestApp } from './helpers/app.ts'
import {
  badBody,
  badQuery,
  badText,
  countFiles,
  encodeBody,
  encodings,
  installWriteCounter,
  shapeOf,
  type TEncoding,
} from './helpers/fuzz.ts'

/**
 * The route-wide bad-input test (issue 6): every route the app registers — so every module added
 * later too — gets generated hostile values for each of its parameters and body fields, as the
 * administrator (past every permission check) and anonymously. Whatever comes in: never a 5xx,
 * always a JSON answer, errors in the envelope (the token endpoint: its OAuth error), and a refused
 * request writes nothing (no row in any non-log table, no file in storage).
 *
 * FUZZ_RUNS sets the runs per route and identity (default 25); FUZZ_SEED replays a failure; FUZZ_ROUTES
 * narrows the run to the routes whose URL it matches.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25)
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined
/** FUZZ_ROUTES (a regular expression) runs only the routes it matches: one module's, while working on it. */
const ONLY = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : null
/** Routes that are not API operations: the web app's fallback and the documentation UI. */
const SKIPPED = (url: string) => url === '/*' || url.startsWith('/api/docs') || !url.startsWith('/api/')
const TOKEN_ROUTE = '/api/ysjs-auth/oauth/token'

let t: TTestApp
let dir: string
let storage: string
let admin: string
let writes: () => Promise<number>
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ysjs-fuzz-'))
  storage = path.join(dir, 'storage')
  t = await createTestApp({
    STORAGE_DIR: storage,
    RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
    LOG_LEVEL: process.env.FUZZ_LOG ?? 'silent',
  })
  writes = await installWriteCounter(t.app.prisma)
  admin = (await login(t.app, 'admin')).access_token
})
afterAll(async () => {
  await t.close()
  await fs.rm(dir, { recursive: true, force: true })
})

type TCase = {
  query: [string, string | string[]][]
  body: unknown
  encoding: TEncoding
  pathValue: string
  fileName: string
  headers: [string, string][]
}

/** Lone surrogates cannot be percent-encoded; raw bad bytes are generated separately. */
const wellFormed = (v: string) =>
  v.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')

const asciiHeader = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', maxLength: 40 }).map((s) => s.replace(/[\r\n]/g, '')),
  fc.constantFrom('000000', '9223372036854775808', "' OR 1=1 --", '%', '-1', 'x'.repeat(500)),
)
const HEADER_NAMES = [
  'tenant-id',
  'captcha-key',
  'captcha-code',
  'dept-id',
  'role-id',
  'user-type',
  'authorization',
]

const caseFor = (route: TTestApp['app']['routeAccess'][number]): fc.Arbitrary<TCase> => {
  const query = shapeOf(route.schema?.querystring)
  const body = shapeOf(route.schema?.body)
  return fc.record({
    query: badQuery(query.kind === 'other' ? [] : query.keys),
    body: badBody(body),
    encoding: route.method === 'GET' ? fc.constant<TEncoding>('none') : encodings,
    // Already percent-encoded: also bytes that are not UTF-8 and broken escapes.
    pathValue: fc.oneof(
      badText.map((v) => encodeURIComponent(wellFormed(v))),
      fc.constantFrom('%FF', '%C0%AF', '%', '%E4%B8', '..%2F..%2Fetc%2Fpasswd', '%00', 'a/../../b'),
    ),
    fileName: fc.oneof(badText, fc.constantFrom('a.pdf', 'a\u0000.pdf', '../../x.pdf', 'a.exe')),
    headers: fc.array(fc.tuple(fc.constantFrom(...HEADER_NAMES), asciiHeader), { maxLength: 3 }),
  })
}

const urlOf = (routeUrl: string, c: TCase): string => {
  const pathname = routeUrl.replace(/\*$/, c.pathValue).replace(/:(\w+)/g, () => c.pathValue)
  const qs = new URLSearchParams()
  for (const [k, v] of c.query) {
    for (const value of Array.isArray(v) ? v : [v]) {
      qs.append(k, value)
    }
  }
  return `${pathname}?${qs.toString()}`
}

const isEnvelope = (body: unknown, status: number) => {
  const b = body as Record<string, unknown>
  return b?.code === status && b.success === false && typeof b.msg === 'string' && b.msg !== '' && 'data' in b
}
const isOAuthError = (body: unknown) => {
  const b = body as Record<string, unknown>
  return typeof b?.error === 'string' && typeof b.error_description === 'string'
}

/** One request and the properties every answer must have; returns a description of what broke. */
const check = async (route: TTestApp['app']['routeAccess'][number], c: TCase, token: string | null) => {
  const encoded = encodeBody(c.encoding, c.body, c.fileName)
  const headers: Record<string, string> = { ...encoded.headers }
  for (const [name, value] of c.headers) {
    headers[name] = value
  }
  if (route.url === TOKEN_ROUTE && !headers.authorization) {
    headers.authorization = BASIC
  }
  if (token) {
    Object.assign(headers, auth(token))
  }
  const [rowsBefore, filesBefore] = [await writes(), await countFiles(storage)]
  const res = await t.app.inject({
    method: route.method as 'GET',
    url: urlOf(route.url, c),
    headers,
    ...(encoded.payload !== undefined ? { payload: encoded.payload } : {}),
  })
  const problems: string[] = []
  if (res.statusCode >= 500) {
    problems.push(`answered ${res.statusCode}`)
  }
  const isFile =
    res.statusCode < 300 &&
    (route.url.startsWith('/api/ysjs-resource/oss/file/') ||
      // xlsx downloads (lib/xlsx.ts): the lists' exports and the import template.
      /\/(export|import-template)$/.test(route.url))
  if (!isFile && !String(res.headers['content-type']).startsWith('application/json')) {
    problems.push(`content-type ${res.headers['content-type']}`)
  }
  if (res.statusCode >= 400) {
    let body: unknown
    try {
      body = res.json()
    } catch {
      problems.push('error body is not JSON')
    }
    const shapeOk =
      route.url === TOKEN_ROUTE
        ? isOAuthError(body) || isEnvelope(body, res.statusCode)
        : isEnvelope(body, res.statusCode)
    if (body !== undefined && !shapeOk) {
      problems.push(`error body is not the envelope: ${res.body.slice(0, 200)}`)
    }
    const [rowsAfter, filesAfter] = [await writes(), await countFiles(storage)]
    if (rowsAfter !== rowsBefore) {
      problems.push(`refused (${res.statusCode}) but wrote ${rowsAfter - rowsBefore} row(s)`)
    }
    if (filesAfter !== filesBefore) {
      problems.push(`refused (${res.statusCode}) but left ${filesAfter - filesBefore} file(s) in storage`)
    }
  }
  return problems.length ? `${res.statusCode} ${problems.join('; ')} — ${res.body.slice(0, 300)}` : null
}

describe('every route, generated bad input', () => {
  it('never answers 5xx, always answers JSON in the envelope, and a refusal writes nothing', async () => {
    const routes = t.app.routeAccess.filter(
      (r) => !SKIPPED(r.url) && r.method !== 'HEAD' && (!ONLY || ONLY.test(r.url)),
    )
    expect(routes.length).toBeGreaterThan(ONLY ? 0 : 30)
    const failures: string[] = []
    for (const route of routes) {
      for (const identity of ['admin', 'anonymous'] as const) {
        // Logging out revokes the token it is called with: those routes get a token of their own.
        const revokes = route.url.includes('/logout')
        let lastProblem = ''
        try {
          await fc.assert(
            fc.asyncProperty(caseFor(route), async (c) => {
              const token =
                identity === 'anonymous' ? null : revokes ? (await login(t.app, 'admin')).access_token : admin
              const problem = await check(route, c, token).catch((err: Error) => `threw ${err.stack}`)
              if (problem) {
                lastProblem = problem
                throw new Error(problem)
              }
            }),
            { numRuns: identity === 'admin' ? RUNS : Math.ceil(RUNS / 5), seed: SEED, endOnFailure: true },
          )
        } catch (err) {
          const replay = /\{ seed: -?\d+, path: "[^"]*"/.exec((err as Error).message)?.[0] ?? ''
          failures.push(
            `${route.method} ${route.url} as ${identity}: ${lastProblem || (err as Error).message.slice(0, 800)}\n  ${replay}`,
          )
        }
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([])
  }, 600_000)
})
