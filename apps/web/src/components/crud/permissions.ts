import { PERMISSIONS } from '@ysjs/shared'
import type { TPermissionSource } from '@/lib/session/permissions'

type TCode = keyof typeof PERMISSIONS

/** The pages whose buttons are the seeded four: `<page>Add`, `<page>Edit`, `<page>Delete`, `<page>View`. */
export type TCrudPage = {
  [K in TCode]: K extends `${infer Page}Add`
    ? [`${Page}Edit` | `${Page}Delete` | `${Page}View`] extends [TCode]
      ? Page
      : never
    : never
}[TCode]

/** A generic screen's permissions: the four button codes of one seeded page (e.g. `crudCodes('deal')`). */
export const crudCodes = (page: TCrudPage): TPermissionSource => ({
  codes: {
    add: PERMISSIONS[`${page}Add`],
    edit: PERMISSIONS[`${page}Edit`],
    delete: PERMISSIONS[`${page}Delete`],
    view: PERMISSIONS[`${page}View`],
  },
})
