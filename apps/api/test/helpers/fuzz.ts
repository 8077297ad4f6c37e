import fs from 'node:fs/promises'
import path from 'node:path'
import type { PrismaClient } from '@ysjs/db'
import fc from 'fast-check'

/**
 * Hostile values for the route-wide bad-input test: what attackers and broken clients send. Query
 * values are strings (that is all a query string carries); bodies also get numbers beyond every
 * column's range, wrong types and nesting.
 */
const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '',
  ' ',
  '%',
  '_',
  '%_%',
  '\\',
  "'",
  "'; DROP TABLE blade_user; --",
  '9223372036854775807',
  '9223372036854775808',
  '18446744073709551616',
  '2147483647',
  '2147483648',
  '-2147483649',
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '\uD800',
  'x\uDFFFy',
  '\uFEFF\u202E',
  '2024-13-45',
  '2024-02-30 25:61:61',
  '0000-01-01',
  '0000-01-01 00:00:00',
  '9999-12-31 23:59:59',
  '99999-01-01',
  'x'.repeat(5000),
  '中'.repeat(3000),
] as const

export const badText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
)

const badScalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: badText },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      2 ** 63,
      2 ** 64,
      2 ** 31,
      -(2 ** 31) - 1,
      1e308,
      -1e308,
      -1,
      0,
      0.5,
      Number.MAX_SAFE_INTEGER + 2,
      true,
      false,
      null,
    ),
  },
  { weight: 1, arbitrary: fc.double() },
)

export const badJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: badScalar },
  { weight: 1, arbitrary: fc.array(badScalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), badScalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constant([[[[[['deep']]]]]]) },
)

/** The property names a zod schema takes at its top level (object, or objects inside an array). */
export type TShape =
  | { kind: 'object'; keys: string[] }
  | { kind: 'array'; keys: string[] }
  | { kind: 'other' }

type TDef = {
  type: string
  shape?: Record<string, unknown>
  innerType?: unknown
  in?: unknown
  element?: unknown
}
const defOf = (schema: unknown): TDef | undefined => (schema as { _zod?: { def: TDef } })?._zod?.def

export const shapeOf = (schema: unknown, depth = 0): TShape => {
  const def = defOf(schema)
  if (!def || depth > 10) {
    return { kind: 'other' }
  }
  switch (def.type) {
    case 'object':
      return { kind: 'object', keys: Object.keys(def.shape ?? {}) }
    case 'array': {
      const item = shapeOf(def.element, depth + 1)
      return { kind: 'array', keys: item.kind === 'other' ? [] : item.keys }
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return shapeOf(def.innerType, depth + 1)
    case 'pipe':
      return shapeOf(def.in, depth + 1)
    default:
      return { kind: 'other' }
  }
}

const FILTER_SUFFIXES = [
  '',
  '_like',
  '_notlike',
  '_equal',
  '_notequal',
  '_gt',
  '_lt',
  '_datege',
  '_null',
  '_notnull',
]
const NOISE_KEYS = ['current', 'size', 'ascs', 'descs', 'id', 'ids', '__proto__', 'constructor']

/** Query strings: the declared keys (with every filter suffix), paging keys and noise, bad values. */
export const badQuery = (declared: string[]): fc.Arbitrary<[string, string | string[]][]> => {
  const keys = [...new Set([...declared.flatMap((k) => FILTER_SUFFIXES.map((s) => k + s)), ...NOISE_KEYS])]
  return fc.array(
    fc.tuple(fc.constantFrom(...keys), fc.oneof(badText, fc.array(badText, { minLength: 2, maxLength: 3 }))),
    { minLength: 1, maxLength: 5 },
  )
}

/** Bodies: an object (array of objects) over the declared keys with bad values, or no object at all. */
export const badBody = (shape: TShape): fc.Arbitrary<unknown> => {
  const keys = shape.kind === 'other' || shape.keys.length === 0 ? ['id', 'name'] : shape.keys
  const object = fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 })), badJson, {
    minKeys: 1,
    maxKeys: Math.min(6, keys.length + 1),
  })
  return fc.oneof(
    {
      weight: 5,
      arbitrary: shape.kind === 'array' ? fc.array(object, { minLength: 1, maxLength: 3 }) : object,
    },
    { weight: 1, arbitrary: badJson },
  )
}

/** How the body travels: JSON, a form, text, a broken multipart stream, or nothing. */
export type TEncoding = 'json' | 'form' | 'text' | 'multipart' | 'none'
export const encodings: fc.Arbitrary<TEncoding> = fc.constantFrom(
  'json',
  'json',
  'form',
  'text',
  'multipart',
  'none',
)

export const encodeBody = (
  encoding: TEncoding,
  body: unknown,
  fileName: string,
): { payload?: string | Buffer; headers: Record<string, string> } => {
  switch (encoding) {
    case 'json':
      return { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
    case 'form': {
      const entries =
        body && typeof body === 'object' && !Array.isArray(body) ? Object.entries(body) : [['v', body]]
      const form = new URLSearchParams(
        entries.map(([k, v]): [string, string] => [String(k), typeof v === 'string' ? v : JSON.stringify(v)]),
      )
      return { payload: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } }
    }
    case 'text':
      return {
        payload: String(JSON.stringify(body)).slice(0, 2000),
        headers: { 'content-type': 'text/plain' },
      }
    case 'multipart': {
      // A file part whose name is hostile and whose closing boundary never comes.
      const boundary = 'fuzzBoundary'
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 partial`
      return {
        payload: Buffer.from(head),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      }
    }
    case 'none':
      return { headers: {} }
  }
}

/** Tables whose rows are the record (log tables are written for every request, by design). */
const UNWATCHED = new Set([
  'blade_log_api',
  'blade_log_error',
  'blade_log_usual',
  '_prisma_migrations',
  'fuzz_writes',
])

/** Counts every row written to the database from now on (row-level triggers on each table). */
export const installWriteCounter = async (prisma: PrismaClient): Promise<() => Promise<number>> => {
  await prisma.$executeRawUnsafe('CREATE TABLE fuzz_writes (n bigint NOT NULL)')
  await prisma.$executeRawUnsafe('INSERT INTO fuzz_writes VALUES (0)')
  await prisma.$executeRawUnsafe(
    `CREATE FUNCTION fuzz_bump() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN UPDATE fuzz_writes SET n = n + 1; RETURN NULL; END $$`,
  )
  const tables = await prisma.$queryRawUnsafe<{ tablename: string }[]>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public'",
  )
  for (const { tablename } of tables.filter((t) => !UNWATCHED.has(t.tablename))) {
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER fuzz_bump AFTER INSERT OR UPDATE OR DELETE ON "${tablename}" FOR EACH ROW EXECUTE FUNCTION fuzz_bump()`,
    )
  }
  return async () => {
    const [row] = await prisma.$queryRawUnsafe<{ n: bigint }[]>('SELECT n FROM fuzz_writes')
    return Number(row?.n ?? 0)
  }
}

/** Number of files under a directory (uploads must leave none behind when refused). */
export const countFiles = async (dir: string): Promise<number> => {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((e) => e.isFile()).length
}

export const tmpStorage = (base: string) => path.join(base, 'storage')
