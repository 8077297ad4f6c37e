/**
 * The generic CRUD (issue 23, decision 022): a definition per simple entity gives its service and its
 * routes, typed by the entity's Prisma model. `crud/table.ts` is the soft-deleted, audited table every
 * plain CRUD writes through; `crud/audit.ts` the one place audit columns and the live filter are made.
 */
export { LIVE, type TAuditActor, withAudit } from './crud/audit.ts'
export {
  crudCodes,
  type TCrudCodes,
  type TCrudDef,
  type TCrudInput,
  type TCrudPermissions,
  type TPatch,
} from './crud/def.ts'
export type { TCreateOf, TInsertOf, TLooseDelegate, TRowOf, TUpdateOf, TWhereOf } from './crud/model.ts'
export {
  bodyOf,
  keepSubmitted,
  patchableSubmit,
  patchBody,
  patchedInput,
  submitIdFor,
  updateIdOf,
} from './crud/patch-routes.ts'
export { registerCrudRoutes } from './crud/routes.ts'
export { createCrudService, scopeResources, type TCrudService } from './crud/service.ts'
export { crudTable, type TCrudTable, type TTx, type TUniqueRule } from './crud/table.ts'
export type { TKeyset } from './crud-keyset.ts'
