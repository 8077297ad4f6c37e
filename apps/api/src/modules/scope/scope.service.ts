import type { PrismaClient } from '@ysjs/db'
import {
  API_SCOPE_TYPE_NAMES,
  ApiScopePermissions,
  DATA_SCOPE_TYPE_NAMES,
  DataScopePermissions,
  dataScopeValueIssue,
  parseScopeRule,
  ScopeMsg,
  type TScopeRuleField,
  ZApiScopeRecordSchema,
  ZApiScopeSubmitSchema,
  ZDataScopeRecordSchema,
  ZDataScopeSubmitSchema,
} from '@ysjs/shared'
import type { TCacheRegistry } from '../../lib/caches.ts'
import { createCrudService, scopeResources } from '../../lib/crud.ts'
import { AUDIT_SCOPE_FIELDS } from '../../lib/data-scope.ts'
import { AppError } from '../../lib/errors.ts'

const typeName = (names: Record<number, string>) => async (_ctx: unknown, rows: Record<string, unknown>[]) =>
  rows.map((r) => ({ ...r, scopeTypeName: names[Number(r.scopeType)] ?? '' }))

/** A scope menu's buttons: its code reads, its one setting button adds, edits and removes. */
const settingWrites = ({ list, setting }: { list: string; setting: string }) => ({
  list,
  add: setting,
  edit: setting,
  remove: setting,
})

/** Data and API scopes: platform rows attached to menus, written only by `administrator` (contract 6.2, 6.3). */
export const createScopeServices = (prisma: PrismaClient, caches: TCacheRegistry) => {
  const menuExists = async (data: Record<string, unknown>) => {
    const menu = await prisma.menu.findFirst({
      where: { id: BigInt(String(data.menuId)), isDeleted: 0 },
      select: { id: true },
    })
    if (!menu) {
      throw AppError.badRequest(ScopeMsg.MENU_MISSING)
    }
  }
  const data = createCrudService(prisma, {
    prefix: '/api/ysjs-system/data-scope',
    model: (db) => db.scopeData,
    resourceCode: 'data_scope',
    submit: ZDataScopeSubmitSchema,
    record: ZDataScopeRecordSchema,
    filters: { menuId: 'id?', resourceCode: 'string?', scopeName: 'string?', scopeType: 'int?' },
    sortable: ['scopeName', 'resourceCode', 'scopeType', 'createTime'],
    defaultOrder: [{ createTime: 'asc' }],
    permissions: settingWrites(DataScopePermissions),
    toData: (input) => {
      const issue = dataScopeValueIssue(input)
      if (issue) {
        throw AppError.badRequest(issue)
      }
      return {
        ...input,
        menuId: BigInt(input.menuId),
        scopeField: input.scopeField ?? '*',
        scopeValue: input.scopeValue ?? null,
      }
    },
    validate: async (_ctx, row) => {
      await menuExists(row)
      // A custom rule may only name fields the resource offers (when the resource is one we know).
      const resource = scopeResources.get(String(row.resourceCode))
      const rule = parseScopeRule(row.scopeValue as string | null)
      if (resource && rule) {
        const fields = { ...AUDIT_SCOPE_FIELDS, ...resource.fields }
        const unknown = rule.find((c) => !Object.hasOwn(fields, c.field))
        if (unknown) {
          throw AppError.badRequest(ScopeMsg.FIELD_UNKNOWN(unknown.field))
        }
      }
    },
    enrich: typeName(DATA_SCOPE_TYPE_NAMES),
    afterChange: () => caches.clearAll(),
  })
  const api = createCrudService(prisma, {
    prefix: '/api/ysjs-system/api-scope',
    model: (db) => db.scopeApi,
    resourceCode: 'api_scope',
    submit: ZApiScopeSubmitSchema,
    record: ZApiScopeRecordSchema,
    filters: {
      menuId: 'id?',
      resourceCode: 'string?',
      scopeName: 'string?',
      scopePath: 'string?',
      scopeType: 'int?',
    },
    sortable: ['scopeName', 'resourceCode', 'scopePath', 'scopeType', 'createTime'],
    defaultOrder: [{ createTime: 'asc' }],
    permissions: settingWrites(ApiScopePermissions),
    toData: (input) => ({ ...input, menuId: BigInt(input.menuId) }),
    validate: async (_ctx, row) => menuExists(row),
    enrich: typeName(API_SCOPE_TYPE_NAMES),
    afterChange: () => caches.clearAll(),
  })
  /**
   * The fields a custom rule of a resource may name, for the rule editor: the audit columns, plus the
   * resource's filterable fields when the resource is one the generic CRUD knows (the same list
   * `validate` checks a submitted rule against).
   */
  const ruleFields = (resourceCode: string | undefined): TScopeRuleField[] => {
    const resource = resourceCode ? scopeResources.get(resourceCode) : undefined
    return Object.entries({ ...AUDIT_SCOPE_FIELDS, ...resource?.fields }).map(([field, kind]) => ({
      field,
      kind,
    }))
  }
  return { data, api, ruleFields }
}
export type TScopeServices = ReturnType<typeof createScopeServices>
