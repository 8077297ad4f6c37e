import { PERMISSIONS } from '@ysjs/shared'
import { useMemo } from 'react'
import { CrudScreen } from '@/components/crud/CrudScreen'
import type { TResource } from '@/components/crud/types'
import { equityResource, type TEquityRow } from './equity/equityResource'

/**
 * 知识产权 of one application: the equity grid filtered to it, new records filed under it. Without the
 * right to edit the application only viewing is offered (the server refuses the rest anyway).
 */
export const EquityTab = ({ resultsId, canEdit }: { resultsId: string; canEdit: boolean }) => {
  const resource = useMemo<TResource<TEquityRow>>(
    () => ({
      ...equityResource,
      key: 'appraise-equity',
      fields: equityResource.fields
        .filter((f) => f.name !== 'resultsName')
        .map((f) => (f.name === 'resultsId' ? { ...f, form: false } : f)),
      defaults: () => ({ ...equityResource.defaults?.(), resultsId }),
      permissions: canEdit ? equityResource.permissions : { codes: { view: PERMISSIONS.appraiseEquityView } },
    }),
    [resultsId, canEdit],
  )
  return <CrudScreen resource={resource} urlPrefix="eq" filter={{ resultsId }} />
}
