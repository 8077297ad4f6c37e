import { Prisma, type PrismaClient } from '@ysjs/db'
import { isPlatformAdmin, type TCtx } from './context.ts'

/**
 * Tenancy by query shape: every query on a tenant-owned model made through `tenantDb(prisma, id)`
 * gets `tenantId` added to its `where`, and every row it creates gets the tenant stamped in. Modules
 * never take the tenant from a request body. Models are tenant-owned when they have a `tenantId`
 * column, except those listed in NOT_TENANT_SCOPED (the tenant table itself keys on it).
 */
const NOT_TENANT_SCOPED = new Set(['Tenant'])

const enums: unknown = Prisma
/** The scalar columns of a Prisma model (by model name, e.g. `ResultsUnit`); empty for an unknown one. */
export const modelColumns = (model: string): ReadonlySet<string> =>
  new Set(Object.keys((enums as Record<string, object | undefined>)[`${model}ScalarFieldEnum`] ?? {}))

const TENANT_MODELS: ReadonlySet<string> = new Set(
  Object.values(Prisma.ModelName).filter(
    (model) => modelColumns(model).has('tenantId') && !NOT_TENANT_SCOPED.has(model),
  ),
)

/** Whether a Prisma model is tenant-owned (has a `tenantId` column and is not the tenant table). */
export const isTenantModel = (model: string): boolean => TENANT_MODELS.has(model)

type TArgs = Record<string, unknown> & { where?: object; data?: unknown; create?: object }

const WHERE_OPS = new Set([
  'findMany',
  'findFirst',
  'findFirstOrThrow',
  'findUnique',
  'findUniqueOrThrow',
  'count',
  'aggregate',
  'groupBy',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'delete',
  'deleteMany',
  'upsert',
])

const scopeArgs = (operation: string, args: TArgs, tenantId: string): TArgs => {
  const next: TArgs = { ...args }
  if (WHERE_OPS.has(operation)) {
    next.where = { ...(args.where ?? {}), tenantId }
  }
  if (operation === 'create') {
    next.data = { ...(args.data as object), tenantId }
  }
  if (operation === 'createMany' || operation === 'createManyAndReturn') {
    const rows = Array.isArray(args.data) ? args.data : [args.data]
    next.data = rows.map((r) => ({ ...(r as object), tenantId }))
  }
  if (operation === 'upsert') {
    next.create = { ...(args.create ?? {}), tenantId }
  }
  return next
}

const extend = (prisma: PrismaClient, tenantId: string) =>
  prisma.$extends({
    name: `tenant:${tenantId}`,
    query: {
      $allModels: {
        $allOperations({ model, operation, args, query }) {
          if (!isTenantModel(model)) {
            return query(args)
          }
          return query(scopeArgs(operation, args as TArgs, tenantId))
        },
      },
    },
  })

export type TTenantDb = ReturnType<typeof extend>

const cache = new WeakMap<PrismaClient, Map<string, TTenantDb>>()

/** The tenant-scoped client for one tenant (cached: extending a client is not free). */
export const tenantDb = (prisma: PrismaClient, tenantId: string): TTenantDb => {
  let perClient = cache.get(prisma)
  if (!perClient) {
    perClient = new Map()
    cache.set(prisma, perClient)
  }
  let db = perClient.get(tenantId)
  if (!db) {
    db = extend(prisma, tenantId)
    perClient.set(tenantId, db)
  }
  return db
}

const unscoped = new WeakMap<PrismaClient, TTenantDb>()

/**
 * The client a caller's queries go through: every tenant's rows for the platform administrator
 * (administrator of tenant 000000, decision 003), the caller's tenant's otherwise. The unscoped one is
 * the client with an empty extension, so both answer the same typed client.
 */
export const callerDb = (prisma: PrismaClient, ctx: Pick<TCtx, 'user' | 'tenantId'>): TTenantDb => {
  if (!isPlatformAdmin(ctx.user)) {
    return tenantDb(prisma, ctx.tenantId)
  }
  let db = unscoped.get(prisma)
  if (!db) {
    db = prisma.$extends({ name: 'all-tenants' })
    unscoped.set(prisma, db)
  }
  return db
}
