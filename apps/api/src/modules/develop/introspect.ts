import type { PrismaClient } from '@ysjs/db'
import { resolveTarget, type TAllowEntry } from '@ysjs/server-core'
import {
  arrayElementType,
  charLength,
  DevelopMsg,
  parseDatasourceUrl,
  type TColumn,
  type TTable,
} from '@ysjs/shared'
import pg from 'pg'
import { AppError } from '../../lib/errors.ts'

/** A data source row as the introspection needs it; an empty url is the application's own database. */
export type TDatasourceConn = {
  url: string
  username: string
  password: string
  /** `DATASOURCE_ALLOWED_HOSTS`: loopback or private hosts the operator lets data sources name. */
  allow?: readonly TAllowEntry[]
}

const PG_PORT = 5432

type TQuery = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>

const CONNECT_TIMEOUT_MS = 5_000
const STATEMENT_TIMEOUT_MS = 10_000

const TABLES_SQL = `select c.relname as name, coalesce(obj_description(c.oid, 'pg_class'), '') as comment
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v') and c.relname not like '\\_prisma%'
  order by c.relname`

// numeric columns carry their size in the type (`numeric(12,2)`): the generator and the forms need it.
// Arrays are named with their element (`text[]`, `character varying(20)[]`), enums `enum <type name>`,
// other types of their own by that name (decision 020).
const COLUMNS_SQL = `select c.column_name as name,
    case when c.data_type = 'numeric' and c.numeric_precision is not null
        then format('numeric(%s,%s)', c.numeric_precision, c.numeric_scale)
      when c.data_type = 'ARRAY' then format_type(a.atttypid, a.atttypmod)
      when c.data_type = 'USER-DEFINED' and t.typtype = 'e' then 'enum ' || c.udt_name
      when c.data_type = 'USER-DEFINED' then c.udt_name
      else c.data_type end as type,
    c.character_maximum_length::int as length, c.is_nullable = 'YES' as nullable,
    coalesce(col_description(format('%I.%I', c.table_schema, c.table_name)::regclass, c.ordinal_position::int), '') as comment,
    exists(select 1 from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = format('%I.%I', c.table_schema, c.table_name)::regclass and i.indisprimary
        and a.attname = c.column_name) as "primaryKey"
  from information_schema.columns c
  join pg_attribute a on a.attrelid = format('%I.%I', c.table_schema, c.table_name)::regclass
    and a.attname = c.column_name
  join pg_type t on t.oid = a.atttypid
  where c.table_schema = current_schema() and c.table_name = $1
  order by c.ordinal_position`

/**
 * The driver's settings, built from the URL's host, port, database and SSL mode only (never handed the
 * URL itself: see datasource-url.ts). The password is a function so that an empty one stays empty:
 * node-postgres would otherwise fill it from the server's PGPASSWORD or ~/.pgpass.
 */
const clientConfig = async (ds: TDatasourceConn): Promise<pg.ClientConfig> => {
  const parsed = parseDatasourceUrl(ds.url)
  if (!parsed.ok) {
    throw AppError.badRequest(parsed.message)
  }
  const { host, port, database, sslmode } = parsed.target
  const password = ds.password ?? ''
  const name = host.replace(/^\[(.*)\]$/, '$1')
  // The outbound guard (decision 020): a public host on any port, or one the operator lists; the driver
  // connects to the address checked, so a name cannot resolve elsewhere between check and connect.
  let address: string
  try {
    address = (await resolveTarget({ allow: ds.allow ?? [], anyPublicHost: true }, name, port, PG_PORT))[0]!
      .address
  } catch {
    throw AppError.badRequest(DevelopMsg.CONNECT_FAILED)
  }
  return {
    host: address,
    port,
    database,
    user: ds.username,
    password: () => password,
    ssl:
      sslmode === 'require'
        ? { rejectUnauthorized: false }
        : sslmode === 'verify-full'
          ? { servername: name }
          : false,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: STATEMENT_TIMEOUT_MS,
  }
}

/** An error the data source answered (SQLSTATE), not one of ours: a refusal, never a 500. */
const isServerError = (error: unknown) =>
  !(error instanceof AppError) && typeof (error as { code?: unknown })?.code === 'string'

/** Runs `use` with a query function on the data source, read-only, and always closes what it opened. */
export const withDatasource = async <T>(
  prisma: PrismaClient,
  ds: TDatasourceConn,
  use: (query: TQuery) => Promise<T>,
): Promise<T> => {
  if (!ds.url) {
    return use((sql, params) => prisma.$queryRawUnsafe<Record<string, unknown>[]>(sql, ...params))
  }
  const client = new pg.Client(await clientConfig(ds))
  // A connection that fails later (server gone) must not crash the process.
  client.on('error', () => {})
  try {
    await client.connect()
  } catch {
    await client.end().catch(() => {})
    throw AppError.badRequest(DevelopMsg.CONNECT_FAILED)
  }
  try {
    await client.query('set session characteristics as transaction read only')
    return await use(async (sql, params) => (await client.query(sql, params)).rows)
  } catch (error) {
    // Not a PostgreSQL of the expected shape, a missing privilege, a query timeout: the source's fault.
    if (isServerError(error) || (error as Error)?.message?.includes('timeout')) {
      throw AppError.badRequest(DevelopMsg.QUERY_FAILED)
    }
    throw error
  } finally {
    await client.end().catch(() => {})
  }
}

export const listTables = (query: TQuery): Promise<TTable[]> => query(TABLES_SQL, []) as Promise<TTable[]>

export const tableColumns = async (query: TQuery, table: string): Promise<TColumn[]> => {
  const rows = (await query(COLUMNS_SQL, [table])) as TColumn[]
  if (rows.length === 0) {
    throw AppError.badRequest(DevelopMsg.TABLE_NOT_FOUND)
  }
  return rows.map((r) => {
    // An array of character values: the length of its elements.
    const element = arrayElementType(r.type)
    const length = r.length === null ? (element ? charLength(element) : null) : Number(r.length)
    return { ...r, length }
  })
}

/** A column of a table the generator is about to write a module for (the application's database). */
export type TExistingColumn = TColumn & { hasDefault: boolean }

const DEFAULTS_SQL = `select c.column_name as name,
    (c.column_default is not null or c.is_identity = 'YES' or c.is_generated = 'ALWAYS') as "hasDefault"
  from information_schema.columns c
  where c.table_schema = current_schema() and c.table_name = $1`

/**
 * The table's columns with whether each has a default, or null when there is no such table: the
 * generated migration creates it then, else it must fit the module (generator.ts).
 */
export const existingTable = async (prisma: PrismaClient, table: string): Promise<TExistingColumn[] | null> =>
  withDatasource(prisma, { url: '', username: '', password: '' }, async (q) => {
    const defaults = new Map(
      ((await q(DEFAULTS_SQL, [table])) as { name: string; hasDefault: boolean }[]).map((r) => [
        r.name,
        r.hasDefault,
      ]),
    )
    if (defaults.size === 0) {
      return null
    }
    return (await tableColumns(q, table)).map((c) => ({ ...c, hasDefault: defaults.get(c.name) ?? false }))
  })

const ENUM_LABELS_SQL = `select t.typname as name, e.enumlabel as label
  from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
  where n.nspname = current_schema() and t.typname = any($1::text[])
  order by t.typname, e.enumsortorder`

/** The labels of enum types in the application's database, in their order; a missing type is absent. */
export const enumLabels = async (prisma: PrismaClient, types: string[]): Promise<Map<string, string[]>> => {
  const out = new Map<string, string[]>()
  if (types.length === 0) {
    return out
  }
  const rows = await prisma.$queryRawUnsafe<{ name: string; label: string }[]>(ENUM_LABELS_SQL, types)
  for (const r of rows) {
    out.set(r.name, [...(out.get(r.name) ?? []), r.label])
  }
  return out
}
