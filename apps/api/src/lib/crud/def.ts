import type { z } from 'zod'
import type { TCtx } from '../context.ts'
import type { TFilterFields } from '../filters.ts'
import type { TOrderBy } from '../paging.ts'
import type { TRichTextFields } from '../rich-text.ts'
import type { TLockedTable } from '../row-locks.ts'
import type { TXlsxColumn } from '../xlsx.ts'
import type { TAnyRow, TModelOf, TRowOf } from './model.ts'

export type TId = bigint
/** An update's body (`zPatchOf(submit)`): the fields it carries; `null` clears an optional one. */
export type TPatch<TSubmit extends z.ZodObject> = {
  [K in keyof z.output<TSubmit>]?: z.output<TSubmit>[K] | null
}

/** A permission code, or several of which any one grants (e.g. the staff button or the member centre). */
export type TCrudCodes = string | readonly string[]
export type TCrudPermissions = { list: TCrudCodes; add: TCrudCodes; edit: TCrudCodes; remove: TCrudCodes }
/**
 * A menu's standard buttons: the menu's code reads, `<menu>_add`, `<menu>_edit` and `<menu>_delete` write.
 * `also`: a code that grants each of them as well (e.g. the member centre's `top_member`).
 */
export const crudCodes = (menu: string, also?: string): TCrudPermissions => {
  const code = (c: string): TCrudCodes => (also ? [c, also] : c)
  return {
    list: code(menu),
    add: code(`${menu}_add`),
    edit: code(`${menu}_edit`),
    remove: code(`${menu}_delete`),
  }
}

/**
 * Everything a simple entity needs to get its five endpoints. Typed by its model (`(db) => db.param`):
 * `enrich` gets the model's rows and says what the routes answer (`TOut`, the row itself without it).
 * A module writes it as a `TCrudInput`, which may leave out what `crudDefOf` fills in.
 */
export type TCrudDef<TSubmit extends z.ZodObject, TModel = unknown, TOut extends TAnyRow = TRowOf<TModel>> = {
  /** Name used in the OpenAPI tags and logs; defaults to the prefix's last segment (`param`). */
  name: string
  /** Route prefix, e.g. `/api/ysjs-system/param`. */
  prefix: string
  /** The model's delegate on a (possibly tenant-scoped) client. */
  model: TModelOf<TModel>
  /**
   * Whether rows are the tenant's: the table's owner decides (`lib/table-ownership.ts`); a definition
   * that says so must agree with it.
   */
  tenantScoped: boolean
  submit: TSubmit
  record: z.ZodObject
  filters: TFilterFields
  sortable: readonly string[]
  /** The list's order when the query asks for none; defaults to the newest first (`createTime` desc). */
  defaultOrder: TOrderBy
  /** Defaults to the standard buttons of the menu named like the entity (`crudCodes(name)`). */
  permissions: TCrudPermissions
  /** Fields that must be unique among live rows (tenant-wide when tenant-scoped), with their message. */
  unique?: readonly { fields: readonly (keyof z.infer<TSubmit> & string)[]; message: string }[]
  /**
   * Rows this one refers to whose removal counts such references (`lib/row-locks.ts`): each write locks
   * the referenced row `FOR SHARE` in its transaction and is refused with `message` when it is not live.
   */
  refersTo?: readonly { field: keyof z.infer<TSubmit> & string; table: TLockedTable; message: string }[]
  /** Rich-text fields and their column length: sanitised against the editor's allow-list on every write. */
  richText?: TRichTextFields
  /**
   * The resource code data scopes name (`blade_scope_data.resource_code`); defaults to the list
   * permission (the menu code). Lists are filtered by the scopes granted to the user's roles.
   */
  resourceCode?: string
  /** Every route of the entity is the platform administrator's alone (access `platform`, contract `SA`). */
  platformOnly?: boolean
  /** Checks that need the database (e.g. that a referenced row exists); throws an AppError to refuse. */
  validate?: (ctx: TCtx, data: Record<string, unknown>) => Promise<void>
  /** Called after every successful write with the ids written, e.g. to drop a cache. */
  afterChange?: (ids: TId[]) => void
  /** Turns validated input into row data (e.g. date strings into dates); identity when absent. */
  toData?: (input: Omit<z.infer<TSubmit>, 'id'>) => Record<string, unknown>
  /** Adds label fields (e.g. `categoryName`) to rows before they are answered. */
  enrich?: (ctx: TCtx, rows: TRowOf<TModel>[]) => Promise<TOut[]>
  /**
   * A condition every list, export, detail, update and remove adds for the caller (e.g. only their own
   * records): a row outside it is not found for an update and skipped by a removal.
   */
  restrict?: (ctx: TCtx) => Promise<Record<string, unknown>>
  /** Gives the list a `GET <prefix>/export`: every row matching its filters as xlsx (lib/xlsx.ts). */
  export?: {
    fileName: string
    columns: readonly TXlsxColumn[]
    /**
     * The row fields the export's columns and `enrich` read (the id and the sort columns are added).
     * Absent: every field. A wide row or long texts no column shows are then not read at all: on 50,000
     * experts Prisma spends a quarter of the CPU time mapping 16 fields instead of 45.
     */
    select?: readonly string[]
  }
}

/** A definition as a module writes it: `name`, `tenantScoped`, `defaultOrder` and `permissions` may be left out. */
export type TCrudInput<
  TSubmit extends z.ZodObject,
  TModel = unknown,
  TOut extends TAnyRow = TRowOf<TModel>,
> = Omit<TCrudDef<TSubmit, TModel, TOut>, 'name' | 'tenantScoped' | 'defaultOrder' | 'permissions'> &
  Partial<Pick<TCrudDef<TSubmit, TModel, TOut>, 'name' | 'tenantScoped' | 'defaultOrder' | 'permissions'>>

/** The newest rows first: the list order of a definition that names none. */
export const NEWEST_FIRST: TOrderBy = [{ createTime: 'desc' }]

/** Fills in a definition's defaults; `tenantScoped` is the word of the owner of its table. */
export const crudDefOf = <TSubmit extends z.ZodObject, TModel, TOut extends TAnyRow>(
  def: TCrudInput<TSubmit, TModel, TOut>,
  table: string,
  owner: string | undefined,
): TCrudDef<TSubmit, TModel, TOut> => {
  const name = def.name ?? def.prefix.slice(def.prefix.lastIndexOf('/') + 1)
  const tenantScoped = owner === 'tenant'
  if ((owner !== 'tenant' && owner !== 'platform') || (def.tenantScoped ?? tenantScoped) !== tenantScoped) {
    throw new Error(
      `CRUD ${name}: table ${table} is ${owner ?? 'undecided'}, tenantScoped ${def.tenantScoped}`,
    )
  }
  return {
    ...def,
    name,
    tenantScoped,
    defaultOrder: def.defaultOrder ?? NEWEST_FIRST,
    permissions: def.permissions ?? crudCodes(name),
  }
}
