import type { TTenant } from '@ysjs/shared'
import i18next from 'i18next'
import type { TValues } from '@/components/crud/types'
import { http } from '@/lib/http'
import { toast } from '@/lib/notify'
import { resourceApi } from '@/lib/resource/resourceApi'

const BASE = '/api/ysjs-system/tenant'

export type TTenantRow = TTenant & Record<string, unknown>

/** What a dialog on one tenant (licence, package) gets from the tenant screen. */
export type TTenantDialogProps = { tenant: TTenantRow; onClose: () => void; onSaved: () => void }

export const tenantApi = {
  ...resourceApi<TTenant>(BASE),
  submit: async (values: TValues) => {
    const created = await http.post<{ id: string; tenantId: string } | null>(`${BASE}/submit`, values)
    // A new tenant's code is drawn by the server: tell it, its admin logs in with it.
    if (created?.tenantId) {
      toast.info(i18next.t('system.tenant.created', { tenantId: created.tenantId }))
    }
    return created
  },
}

export const saveTenantSetting = (id: string, accountNumber: string, expireTime: string) =>
  http.post(`${BASE}/setting`, undefined, { params: { ids: id, accountNumber, expireTime } })

export const saveTenantPackage = (tenantId: string, packageId: string) =>
  http.post(`${BASE}/package-setting`, undefined, { params: { tenantId, packageId } })

export const passTenant = (id: string) => http.post(`${BASE}/pass`, undefined, { params: { ids: id } })
export const recycleTenant = (id: string) => http.post(`${BASE}/recycle`, undefined, { params: { ids: id } })
