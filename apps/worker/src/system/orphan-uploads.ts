import { Prisma, type PrismaClient } from '@ysjs/db'

/**
 * Uploads left behind (decision 026): files uploaded in a dialog that was not saved keep their
 * attachment row (`blade_attach`) and object, and count against the tenant's quota. An upload is an
 * orphan when it is older than the grace period and no row refers to it:
 * - by id: `ysjs_attach_file.attach_id`, `ysjs_appraise_attach.attach_id`, the comma-separated ids of
 *   `kms_main.file_attach`;
 * - by its key, anywhere in any text column of any other table (links in forms, avatars, pictures,
 *   rich text): the key (`upload/<tenant>/<store>/<day>/<uuid>.<ext>`) is unique, so any mention keeps it.
 * Rows marked deleted still refer (they can be restored). Log tables are not read: a request log
 * naming a file is no reference to it. A reference written
 * after a file's grace period has passed, between the check and the removal, is lost: the grace
 * period (a day by default) is far longer than any form stays open.
 */

/** Tables whose text never refers to an upload (logs, job output) or that hold the uploads themselves. */
const NOT_REFERENCES = new Set([
  'blade_attach',
  'blade_log_api',
  'blade_log_error',
  'blade_log_usual',
  'blade_job_instance',
  'blade_job_task',
  '_prisma_migrations',
])

export type TOrphan = { id: bigint; tenantId: string; name: string; attachSize: bigint }

/** The text columns that may mention a key: every char/varchar/text column of the other tables. */
const textColumns = async (prisma: PrismaClient) =>
  (
    await prisma.$queryRaw<{ table_name: string; column_name: string }[]>`
      SELECT c.table_name::text, c.column_name::text
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
        AND c.data_type IN ('character varying', 'text', 'character', 'json', 'jsonb')
      ORDER BY 1, 2`
  ).filter((c) => !NOT_REFERENCES.has(c.table_name))

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * The orphans among the live uploads created before `before`, oldest first, at most `limit`:
 * candidates no id refers to, then those whose key no text column mentions.
 */
export const findOrphanUploads = async (
  prisma: PrismaClient,
  before: Date,
  limit: number,
  signal?: AbortSignal,
): Promise<TOrphan[]> => {
  const candidates = await prisma.$queryRaw<TOrphan[]>`
    SELECT a.id, a.tenant_id AS "tenantId", a.name, COALESCE(a.attach_size, 0)::bigint AS "attachSize"
    FROM blade_attach a
    WHERE a.is_deleted = 0 AND a.create_time < ${before}
      AND NOT EXISTS (SELECT 1 FROM ysjs_attach_file f WHERE f.attach_id = a.id)
      AND NOT EXISTS (SELECT 1 FROM ysjs_appraise_attach r WHERE r.attach_id = a.id)
      AND NOT EXISTS (
        SELECT 1 FROM kms_main k
        WHERE k.file_attach IS NOT NULL AND a.id::text = ANY (string_to_array(k.file_attach, ','))
      )
    ORDER BY a.create_time, a.id
    LIMIT ${limit}`
  if (candidates.length === 0) {
    return []
  }
  const mentioned = new Set<string>()
  const keys = candidates.map((c) => c.name)
  for (const { table_name, column_name } of await textColumns(prisma)) {
    signal?.throwIfAborted()
    const open = keys.filter((k) => !mentioned.has(k))
    if (open.length === 0) {
      break
    }
    const column = `${ident(table_name)}.${ident(column_name)}::text`
    const found = await prisma.$queryRaw<{ key: string }[]>(
      Prisma.sql`SELECT k AS key FROM unnest(${open}::text[]) AS k
        WHERE EXISTS (SELECT 1 FROM ${Prisma.raw(ident(table_name))} WHERE strpos(${Prisma.raw(column)}, k) > 0)`,
    )
    for (const f of found) {
      mentioned.add(f.key)
    }
  }
  return candidates.filter((c) => !mentioned.has(c.name))
}

/**
 * Removes orphans: each row is marked deleted and its bytes given back to its tenant's quota in one
 * transaction (only if still live, so two runs never count a file twice), then its object is removed.
 */
export const removeOrphanUploads = async (
  prisma: PrismaClient,
  orphans: readonly TOrphan[],
  removeObject: (key: string) => Promise<void>,
  onError: (orphan: TOrphan, err: unknown) => void,
): Promise<{ removed: number; bytes: bigint }> => {
  let removed = 0
  let bytes = 0n
  for (const orphan of orphans) {
    const gone = await prisma.$transaction(async (tx) => {
      const { count } = await tx.attach.updateMany({
        where: { id: orphan.id, isDeleted: 0 },
        data: { isDeleted: 1, updateTime: new Date() },
      })
      if (count === 0) {
        return false
      }
      await tx.$executeRaw`
        UPDATE blade_storage_usage SET used_bytes = GREATEST(used_bytes - ${orphan.attachSize}, 0), update_time = now()
        WHERE tenant_id = ${orphan.tenantId}`
      return true
    })
    if (!gone) {
      continue
    }
    removed += 1
    bytes += orphan.attachSize
    await removeObject(orphan.name).catch((err: unknown) => onError(orphan, err))
  }
  return { removed, bytes }
}
