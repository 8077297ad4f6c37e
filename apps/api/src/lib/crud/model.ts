import type { PrismaClient } from '@ysjs/db'

/**
 * A Prisma model delegate's own types, read from the symbol-keyed member every generated delegate
 * carries (`[K: symbol]: { types: Prisma.TypeMap['model'][M] }`): the generic CRUD is typed by the
 * model its definition names, with no cast in the modules that use it.
 */
type TTypesOf<TModel> = TModel extends { [K: symbol]: { types: infer T } } ? T : never
type TOps<TModel> = TTypesOf<TModel> extends { operations: infer O } ? O : never

/** A row of the model, as `findFirst` answers it (every CRUD table is keyed by a bigint `id`). */
export type TRowOf<TModel> = (TTypesOf<TModel> extends { payload: { scalars: infer R extends TAnyRow } }
  ? R
  : TAnyRow) & { id: bigint }
/** What a CRUD answers: a row, or a row with its labels (`enrich`). */
export type TAnyRow = Record<string, unknown>
/** The model's `where` input. */
export type TWhereOf<TModel> =
  TOps<TModel> extends { findMany: { args: { where?: infer W } } } ? NonNullable<W> : never
/** The model's `orderBy` input (one entry). */
export type TOrderOf<TModel> =
  TOps<TModel> extends { findMany: { args: { orderBy?: infer O } } }
    ? Exclude<NonNullable<O>, readonly unknown[]>
    : never
/** The model's flat (unchecked) creation input: scalar columns, foreign keys as ids. */
export type TCreateOf<TModel> =
  TOps<TModel> extends { createMany: { args: { data: infer D } } } ? Exclude<D, readonly unknown[]> : never
/** The columns `withAudit` and the table layer stamp themselves. */
export type TStamped =
  | 'id'
  | 'createUser'
  | 'createDept'
  | 'createTime'
  | 'updateUser'
  | 'updateTime'
  | 'isDeleted'
/** What a caller gives to create a row: its own columns, without the stamped ones. */
export type TInsertOf<TModel> = Omit<TCreateOf<TModel>, TStamped>
/** The model's `updateMany` data. */
export type TUpdateOf<TModel> = TOps<TModel> extends { updateMany: { args: { data: infer D } } } ? D : never

/** How a definition names its model: `(db) => db.param`. */
export type TModelOf<TModel> = (db: PrismaClient) => TModel

/**
 * What the generic code calls on a delegate. Prisma's methods are generic over their arguments, which
 * a generic caller cannot name; the table layer checks its callers' arguments against the model's own
 * input types (above) and calls through this shape, in this one place.
 */
export type TLooseDelegate<TRow> = {
  findMany(args: object): Promise<TRow[]>
  findFirst(args: object): Promise<TRow | null>
  count(args: object): Promise<number>
  create(args: object): Promise<TRow>
  updateMany(args: object): Promise<{ count: number }>
}
