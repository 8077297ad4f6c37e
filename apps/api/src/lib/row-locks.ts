import { Prisma, type PrismaClient } from '@ysjs/db'

/**
 * Removal guarded by a count, made atomic (issue 28, decision 030). A row that others refer to (a job
 * server its jobs, a category the files filed under it) is removed in a transaction that first locks
 * it `FOR UPDATE` and only then counts what refers to it; a write that refers to it locks it
 * `FOR SHARE` in its own transaction, live, before writing. Whichever comes second waits for the
 * first: a removal then counts the new reference and refuses, or a reference finds its row gone.
 */
type TRawClient = { $queryRaw: PrismaClient['$queryRaw'] }

/** Tables whose rows are locked so; a table name is never taken from input. */
export type TLockedTable =
  | 'blade_job_server'
  | 'blade_assort'
  | 'blade_tenant_package'
  | 'blade_dict'
  | 'blade_dict_biz'
  | 'blade_role'
  | 'blade_unit_table'

/** Locks the rows a removal is about to count references to (in id order, so removals do not deadlock). */
export const lockForRemoval = async (tx: TRawClient, table: TLockedTable, ids: bigint[]): Promise<void> => {
  if (ids.length) {
    await tx.$queryRaw`SELECT id::text FROM ${Prisma.raw(table)} WHERE id = ANY(${ids}::bigint[]) ORDER BY id FOR UPDATE`
  }
}

/**
 * Locks the live row a write refers to until the write commits; false when there is none (never was,
 * removed, or removed by a transaction this one waited for).
 */
export const lockReferenced = async (tx: TRawClient, table: TLockedTable, id: bigint): Promise<boolean> => {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM ${Prisma.raw(table)} WHERE id = ${id} AND is_deleted = 0 FOR SHARE`
  return rows.length > 0
}
