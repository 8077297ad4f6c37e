import type { TCtx } from '../context.ts'

/** The live rows of a soft-deleted table: every read of one adds it to its `where`. */
export const LIVE = { isDeleted: 0 } as const

/** Who writes: a request's context, a user id (a user changing their own row), or nobody (the system). */
export type TAuditActor = Pick<TCtx, 'user'> | bigint | null | undefined

/**
 * The audit columns of a write, stamped in this one place (issue 23). `created` goes into a new row,
 * `updated` into every change, `deleted` is the soft delete. Without an actor (a system write: a quota
 * counter, a job's own state) only the time is stamped and the last user is left as it was. `author`
 * is the creation stamp of a table that keeps only its creator (an uploaded file, a history row).
 */
export const withAudit = (actor?: TAuditActor) => {
  const system = actor === undefined
  const user = typeof actor === 'bigint' ? actor : (actor?.user?.userId ?? null)
  const dept = typeof actor === 'object' && actor ? (actor.user?.deptIds[0] ?? null) : null
  const now = new Date()
  const updated = system ? { updateTime: now } : { updateUser: user, updateTime: now }
  return {
    author: { createUser: user },
    created: { createUser: user, createDept: dept, updateUser: user, updateTime: now },
    updated,
    deleted: { isDeleted: 1, ...updated },
  }
}
