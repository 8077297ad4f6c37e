import type { PrismaClient } from '@ysjs/db'
import { childTableOf } from '../../src/lib/table-ownership.ts'

/**
 * The route-wide sweep of the access matrix (issue 22): every route called by a tenant's administrator
 * with *valid* input aimed at rows it must not reach, and a fingerprint of everything outside its
 * tenant to prove nothing there changed.
 */

type TDef = {
  type: string
  shape?: Record<string, unknown>
  innerType?: unknown
  in?: unknown
  out?: unknown
  element?: unknown
  options?: unknown[]
  entries?: Record<string, unknown>
  values?: unknown[]
  valueType?: unknown
}
type TSchema = { _zod?: { def: TDef }; safeParse?: (v: unknown) => { success: boolean } }
const defOf = (schema: unknown): TDef | undefined => (schema as TSchema)?._zod?.def
const parses = (schema: unknown, value: unknown): boolean => !!(schema as TSchema)?.safeParse?.(value).success

/** Leaf values tried in order until the field's own schema accepts one. */
const LEAF_CANDIDATES: unknown[] = [
  '1',
  'x',
  'abc',
  1,
  0,
  2024,
  true,
  '2024-01-01 00:00:00',
  '2024-01-01',
  '00:00:00',
  '13800138000',
  'user@example.com',
  'https://example.com/a',
  '100000',
  '310000',
  '000000',
  'a1b2c3',
  'Abcdef12',
  '0 0 1 * * ?',
  '[]',
  '{}',
  [],
  {},
  null,
]

/** A value the schema accepts where one is easy to find (a first guess, not a guarantee). */
export const sampleOf = (schema: unknown, depth = 0): unknown => {
  const def = defOf(schema)
  if (!def || depth > 8) {
    return undefined
  }
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const v = sampleOf(field, depth + 1)
        if (v !== undefined) {
          out[key] = v
        }
      }
      return out
    }
    case 'array': {
      const item = sampleOf(def.element, depth + 1)
      return item === undefined ? [] : [item]
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sampleOf(def.innerType, depth + 1)
    case 'pipe': {
      const inner = sampleOf(def.in, depth + 1)
      if (parses(schema, inner)) {
        return inner
      }
      return LEAF_CANDIDATES.find((c) => parses(schema, c)) ?? inner
    }
    case 'union':
      for (const option of def.options ?? []) {
        const v = sampleOf(option, depth + 1)
        if (parses(option, v)) {
          return v
        }
      }
      return undefined
    case 'enum':
      return Object.values(def.entries ?? {})[0]
    case 'literal':
      return def.values?.[0]
    case 'record':
      return {}
    default:
      return LEAF_CANDIDATES.find((c) => parses(schema, c))
  }
}

const isIdKey = (key: string) => /^(id|ids|.*Id|.*Ids)$/.test(key) && key !== 'tenantId'

/**
 * Points a sample at rows of other tenants and the platform: every id-like field names `targets`
 * (one id, or all of them where a list is taken) and every `tenantId` names `foreignTenant`.
 */
export const aimAt = (value: unknown, targets: string[], foreignTenant: string, depth = 0): unknown => {
  if (depth > 8 || value === null || typeof value !== 'object') {
    return value
  }
  if (Array.isArray(value)) {
    return value.map((v) => aimAt(v, targets, foreignTenant, depth + 1))
  }
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) {
    if (key === 'tenantId') {
      out[key] = foreignTenant
    } else if (isIdKey(key) && (typeof v === 'string' || typeof v === 'number')) {
      out[key] = key.endsWith('s') ? targets.join(',') : targets[0]
    } else if (isIdKey(key) && Array.isArray(v)) {
      out[key] = targets
    } else {
      out[key] = aimAt(v, targets, foreignTenant, depth + 1)
    }
  }
  return out
}

type TTable = { name: string; tenant: boolean; id: boolean }

/** Written for every request of any tenant by design (each row names the caller's tenant anyway). */
const UNWATCHED = new Set(['_prisma_migrations', 'blade_log_api', 'blade_log_error', 'blade_log_usual'])

export const tablesOf = async (prisma: PrismaClient): Promise<TTable[]> => {
  const rows = await prisma.$queryRawUnsafe<{ table_name: string; tenant: boolean; id: boolean }[]>(
    `SELECT t.table_name,
            bool_or(c.column_name = 'tenant_id') AS tenant,
            bool_or(c.column_name = 'id') AS id
       FROM information_schema.tables t
       JOIN information_schema.columns c USING (table_schema, table_name)
      WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      GROUP BY t.table_name ORDER BY t.table_name`,
  )
  return rows
    .filter((r) => !UNWATCHED.has(r.table_name))
    .map((r) => ({ name: r.table_name, tenant: r.tenant, id: r.id }))
}

/** Everything outside `tenantId`, table by table: a digest of every row (child rows by their parent). */
export const fingerprint = async (prisma: PrismaClient, tenantId: string): Promise<Map<string, string>> => {
  const out = new Map<string, string>()
  for (const table of await tablesOf(prisma)) {
    const child = childTableOf(table.name)
    const where = table.tenant
      ? `WHERE x.tenant_id IS DISTINCT FROM '${tenantId}'`
      : child
        ? `WHERE x.${child.via} NOT IN (SELECT id FROM ${child.parentTable} WHERE tenant_id = '${tenantId}')`
        : ''
    const [row] = await prisma.$queryRawUnsafe<{ digest: string | null; n: bigint }[]>(
      `SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) AS digest, count(*) AS n FROM "${table.name}" x ${where}`,
    )
    out.set(table.name, `${row?.n}:${row?.digest ?? ''}`)
  }
  return out
}

/** Tables whose digest differs between two fingerprints. */
export const changedTables = (before: Map<string, string>, after: Map<string, string>): string[] =>
  [...new Set([...before.keys(), ...after.keys()])].filter((k) => before.get(k) !== after.get(k))

/**
 * Ids of rows outside `tenantId` to aim at, per table: the first live rows of tenant `owner` (tenant
 * tables) and of the platform tables.
 */
export const targetIds = async (
  prisma: PrismaClient,
  owner: string,
  perTable = 2,
): Promise<Map<string, string[]>> => {
  const out = new Map<string, string[]>()
  for (const table of await tablesOf(prisma)) {
    if (!table.id) {
      continue
    }
    const where = table.tenant ? `WHERE tenant_id = '${owner}'` : ''
    const rows = await prisma.$queryRawUnsafe<{ id: unknown }[]>(
      `SELECT id::text AS id FROM "${table.name}" ${where} ORDER BY id LIMIT ${perTable}`,
    )
    if (rows.length) {
      out.set(
        table.name,
        rows.map((r) => String(r.id)),
      )
    }
  }
  return out
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '')
/** Route segments that do not spell their table. */
const SEGMENT_TABLES: Record<string, string> = {
  datascope: 'blade_scope_data',
  apiscope: 'blade_scope_api',
  oss: 'blade_oss',
  results: 'ysjs_appraise_results',
  model: 'blade_model',
  code: 'blade_code',
  datasource: 'blade_datasource',
  report: 'blade_report_file',
  rest: 'blade_report_file',
  job: 'blade_job_info',
  jobinfo: 'blade_job_info',
  jobserver: 'blade_job_server',
  main: 'kms_main',
  catalog: 'kms_catalog',
  label: 'kms_label',
  expert: 'blade_expert_basic',
  unit: 'blade_unit_table',
  project: 'blade_project_basic',
  meeting: 'ysjs_meeting',
  survey: 'ysjs_survey',
  deal: 'ysjs_deal',
  equity: 'ysjs_appraise_equity',
  tradingproject: 'ysjs_trading_project',
  leave: 'blade_process_leave',
  process: 'blade_flow_instance',
  work: 'blade_flow_task',
  manager: 'blade_flow_definition',
  topmenu: 'blade_top_menu',
  attach: 'blade_attach',
  template: 'ysjs_template',
}

/** The ids a route's id fields are aimed at: its own table's rows where its path names one, else a mix. */
export const idsForRoute = (url: string, targets: Map<string, string[]>): string[] => {
  const byName = new Map<string, string>()
  for (const table of targets.keys()) {
    byName.set(norm(table.replace(/^(blade|ysjs|kms)_/, '')), table)
  }
  const segments = url.split('/').filter(Boolean).slice(2).reverse().map(norm)
  for (const s of segments) {
    const table = SEGMENT_TABLES[s] ?? byName.get(s)
    const ids = table ? targets.get(table) : undefined
    if (ids?.length) {
      return ids
    }
  }
  return ['blade_user', 'blade_role', 'blade_dept', 'blade_param', 'blade_notice'].flatMap(
    (t) => targets.get(t)?.slice(0, 1) ?? [],
  )
}
