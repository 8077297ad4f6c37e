import { Prisma } from '@ysjs/db'
import { isPlatformAdmin, type TCtx } from './context.ts'
import { AppError } from './errors.ts'
import { isTenantModel } from './tenancy.ts'

/**
 * Who owns each table: the one place that decides it (decision 003).
 * - `tenant`: a `tenantId` column; reached through `tenantDb`, each tenant reads and writes its own rows.
 * - `platform`: one set for every tenant (the platform's parameters, packages, regions, categories, the
 *   system dictionary, menus and scopes, OAuth clients, report designs, jobs, process models, the code
 *   generator's tables, the tenant table itself). Written by the platform administrator alone; read by
 *   tenants where a screen of theirs needs it.
 * - `child`: rows of a tenant row (a user's depts, a role's grants), written only through their parent's
 *   service, which checks the parent's tenant.
 * A test proves every Prisma model is decided here, so a new table cannot be left undecided.
 */
export const PLATFORM_TABLES: ReadonlySet<string> = new Set([
  'Tenant',
  'TenantPackage',
  'Menu',
  'Dict',
  'Param',
  'Client',
  'Region',
  'Assort',
  'ScopeData',
  'ScopeApi',
  'ReportFile',
  'JobServer',
  'JobInfo',
  'JobInstance',
  'JobTask',
  'WorkCalendarDay',
  'FlowModel',
  'Datasource',
  'DevModel',
  'DevModelPrototype',
  'DevCode',
  // Tables of generated modules without a tenant column (scripts/apply-generated.mjs).
  // @generated-platform-tables
])

/**
 * Child tables: the table their rows belong to and, for SQL, the column naming the parent row (a report
 * over a child table joins its parent to keep to the caller's tenant).
 */
export const CHILD_TABLES: Readonly<
  Record<string, { parent: string; table: string; via: string; parentTable: string }>
> = {
  UserDept: { parent: 'User', table: 'blade_user_dept', via: 'user_id', parentTable: 'blade_user' },
  UserWeb: { parent: 'User', table: 'blade_user_web', via: 'user_id', parentTable: 'blade_user' },
  UserApp: { parent: 'User', table: 'blade_user_app', via: 'user_id', parentTable: 'blade_user' },
  UserOther: { parent: 'User', table: 'blade_user_other', via: 'user_id', parentTable: 'blade_user' },
  RoleMenu: { parent: 'Role', table: 'blade_role_menu', via: 'role_id', parentTable: 'blade_role' },
  RoleScope: { parent: 'Role', table: 'blade_role_scope', via: 'role_id', parentTable: 'blade_role' },
  TopMenuSetting: {
    parent: 'TopMenu',
    table: 'blade_top_menu_setting',
    via: 'top_menu_id',
    parentTable: 'blade_top_menu',
  },
}

/** The child table (by its SQL name) and how its rows reach their tenant, if it is one. */
export const childTableOf = (table: string) => Object.values(CHILD_TABLES).find((c) => c.table === table)

export type TTableOwner = 'tenant' | 'platform' | 'child'

/** The owner of a Prisma model (`Param`), or of a client delegate key (`param`). */
export const tableOwnerOf = (model: string): TTableOwner | undefined => {
  const name = model.charAt(0).toUpperCase() + model.slice(1)
  if (PLATFORM_TABLES.has(name)) {
    return 'platform'
  }
  if (name in CHILD_TABLES) {
    return 'child'
  }
  return isTenantModel(name) ? 'tenant' : undefined
}

/** Every model of the schema that no rule above decides (a test keeps this empty). */
export const undecidedTables = (): string[] =>
  Object.values(Prisma.ModelName).filter((m) => tableOwnerOf(m) === undefined)

/** Refuses a write to a platform table by anyone but the platform administrator. */
export const assertTableWritable = (ctx: TCtx, model: string): void => {
  if (tableOwnerOf(model) === 'platform' && !isPlatformAdmin(ctx.user)) {
    throw AppError.forbidden()
  }
}
