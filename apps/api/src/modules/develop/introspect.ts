import type { PrismaClient } from '@ysjs/db'
import { DevelopMsg, type TColumn, type TTable } from '@ysjs/shared'
import pg from 'pg'
import { AppError } from '../../lib/errors.ts'

/** A data source row as the introspection needs it; an empty url is the application's own database. */
export type TDatasourceConn = { url: string; username: string; password: string }

type TQuery = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>

const CONNECT_TIMEOUT_MS = 5_000
const STATEMENT_TIMEOUT_MS = 10_000

const TABLES_SQL = `select c.relname as name, coalesce(obj_description(c.oid, 'pg_class'), '') as comment
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v') and c.relname not like '\\_prisma%'
  order by c.relname`

const COLUMNS_SQL = `select c.column_name as name, c.data_type as type,
    c.character_maximum_length::int as length, c.is_nullable = 'YES' as nullable,
    coalesce(col_description(format('%I.%I', c.table_schema, c.table_name)::regclass, c.ordinal_position::int), '') as comment,
    exists(select 1 from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = format('%I.%I', c.table_schema, c.table_name)::regclass and i.indisprimary
        and a.attname = c.column_name) as "primaryKey"
  from information_schema.columns c
  where c.table_schema = current_schema() and c.table_name = $1
  order by c.ordinal_position`

/** `jdbc:postgresql://…` (the old platform's form) or a plain URL, as node-postgres takes it. */
const connectionString = (url: string) => url.replace(/^jdbc:/, '').replace(/^postgres:/, 'postgresql:')

/** Runs `use` with a query function on the data source, read-only, and always closes what it opened. */
export const withDatasource = async <T>(
  prisma: PrismaClient,
  ds: TDatasourceConn,
  use: (query: TQuery) => Promise<T>,
): Promise<T> => {
  if (!ds.url) {
    return use((sql, params) => prisma.$queryRawUnsafe<Record<string, unknown>[]>(sql, ...params))
  }
  const client = new pg.Client({
    connectionString: connectionString(ds.url),
    user: ds.username || undefined,
    password: ds.password || undefined,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: STATEMENT_TIMEOUT_MS,
  })
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
  return rows.map((r) => ({ ...r, length: r.length === null ? null : Number(r.length) }))
}
