import { nextId, type PrismaClient } from '@ysjs/db'
import type { TCtx } from '../context.ts'
import { AppError } from '../errors.ts'
import { modelColumns, tenantDb } from '../tenancy.ts'
import { LIVE, withAudit } from './audit.ts'
import type { TInsertOf, TLooseDelegate, TModelOf, TOrderOf, TRowOf, TUpdateOf, TWhereOf } from './model.ts'

/**
 * A transaction client as `$transaction` hands it, of the plain or of a tenant-scoped client: what the
 * two have in common is their raw SQL (row and advisory locks); the models are read from it by `model`.
 */
export type TTx = Pick<PrismaClient, '$executeRaw' | '$queryRaw'>

/** A uniqueness rule of a write: the values it keys on and the live rows that would clash. */
export type TUniqueRule<TModel> = {
  values: readonly unknown[]
  clash: TWhereOf<TModel>
  message: string
}

/**
 * One soft-deleted, audited table (issue 23): the plain reads and writes every CRUD of the codebase
 * repeated by hand. Reads see live rows only (`LIVE`), writes stamp the audit columns (`withAudit`),
 * creations get their id, and a tenant-owned model is read and written through the caller's tenant.
 * Rows come out as the model's own type; `where`, `data` and `orderBy` are checked against the model's
 * Prisma inputs.
 */
export const crudTable = <TModel>(
  prisma: PrismaClient,
  opts: { model: TModelOf<TModel>; tenantScoped: boolean; table: string },
) => {
  type TRow = TRowOf<TModel>
  type TWhere = TWhereOf<TModel>
  const clientOf = (ctx: Pick<TCtx, 'tenantId'>): unknown =>
    opts.tenantScoped ? tenantDb(prisma, ctx.tenantId) : prisma
  /** The model on `tx` when given (a transaction of the caller's client), else on the caller's client. */
  const delegate = (ctx: Pick<TCtx, 'tenantId'>, tx?: TTx): TModel =>
    opts.model((tx ?? clientOf(ctx)) as PrismaClient)
  // The one place the generic code calls Prisma's generic methods with arguments checked above.
  const loose = (ctx: Pick<TCtx, 'tenantId'>, tx?: TTx): TLooseDelegate<TRow> => {
    const model: unknown = delegate(ctx, tx)
    return model as TLooseDelegate<TRow>
  }
  const live = (where: TWhere | object) => ({ AND: [LIVE, where] })
  // The audit columns this model has (not every table carries the department, for one).
  let columns: ReadonlySet<string> | undefined
  const stamp = (audit: object) => {
    if (!columns) {
      const model: unknown = opts.model(prisma)
      columns = modelColumns(String((model as { name?: unknown }).name))
    }
    const has = columns
    return Object.fromEntries(Object.entries(audit).filter(([k]) => has.has(k)))
  }

  const lockedWrite = <T>(
    ctx: Pick<TCtx, 'tenantId'>,
    rules: readonly { values: readonly unknown[]; clash: object; message: string }[],
    write: (tx: TTx) => Promise<T>,
    before?: (tx: TTx) => Promise<void>,
  ): Promise<T> =>
    (clientOf(ctx) as PrismaClient).$transaction(async (tx) => {
      await before?.(tx)
      const keys = rules
        .map((rule) =>
          JSON.stringify([opts.tenantScoped ? ctx.tenantId : '', ...rule.values.map((v) => String(v ?? ''))]),
        )
        .sort()
      for (const key of keys) {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${opts.table}), hashtext(${key}))`
      }
      for (const rule of rules) {
        if (await loose(ctx, tx).findFirst({ where: live(rule.clash), select: { id: true } })) {
          throw AppError.badRequest(rule.message)
        }
      }
      return write(tx)
    })

  return {
    delegate,
    loose,
    /** The caller's client (tenant-scoped when the model is), for a transaction of its own. */
    transaction: <T>(ctx: Pick<TCtx, 'tenantId'>, write: (tx: TTx) => Promise<T>): Promise<T> =>
      (clientOf(ctx) as PrismaClient).$transaction((tx) => write(tx)),
    async first(ctx: Pick<TCtx, 'tenantId'>, where: TWhere, tx?: TTx): Promise<TRow | null> {
      return loose(ctx, tx).findFirst({ where: live(where) })
    },
    async many(
      ctx: Pick<TCtx, 'tenantId'>,
      args: { where: TWhere; orderBy: readonly TOrderOf<TModel>[]; skip?: number; take?: number },
    ): Promise<TRow[]> {
      return loose(ctx).findMany({ ...args, where: live(args.where) })
    },
    count: (ctx: Pick<TCtx, 'tenantId'>, where: TWhere): Promise<number> =>
      loose(ctx).count({ where: live(where) }),
    /** A new row with its id and audit columns. */
    insert: (ctx: TCtx, data: TInsertOf<TModel>, tx?: TTx): Promise<TRow> =>
      loose(ctx, tx).create({
        data: Object.assign({}, data, { id: nextId() }, stamp(withAudit(ctx).created)),
      }),
    /** Changes the live rows `where` names; answers how many. */
    async change(ctx: TCtx, where: TWhere, data: TUpdateOf<TModel>, tx?: TTx): Promise<number> {
      const { count } = await loose(ctx, tx).updateMany({
        where: live(where),
        data: Object.assign({}, data, stamp(withAudit(ctx).updated)),
      })
      return count
    },
    /** Soft-deletes the live rows `where` names; answers how many. */
    async remove(ctx: TCtx, where: TWhere, tx?: TTx): Promise<number> {
      const { count } = await loose(ctx, tx).updateMany({
        where: live(where),
        data: stamp(withAudit(ctx).deleted),
      })
      return count
    },
    /**
     * Runs a write in one transaction with its uniqueness checks: for each rule, a transaction-scoped
     * advisory lock on (table, tenant, the rule's values) makes two writers of the same values take
     * turns, so the second sees the first's row and is refused with the rule's message (rows are
     * soft-deleted, so a plain unique index cannot state "among live rows"). `before` runs first in
     * the transaction (e.g. locking the rows the write refers to).
     */
    writeUnique: <T>(
      ctx: Pick<TCtx, 'tenantId'>,
      rules: readonly TUniqueRule<TModel>[],
      write: (tx: TTx) => Promise<T>,
      before?: (tx: TTx) => Promise<void>,
    ): Promise<T> => lockedWrite(ctx, rules, write, before),
    /** `writeUnique` for rules built from a definition's field names (the generic service's). */
    lockedWrite,
  }
}
export type TCrudTable<TModel> = ReturnType<typeof crudTable<TModel>>
