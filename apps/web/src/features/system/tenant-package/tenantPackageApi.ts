import type { TTenantPackage } from '@ysjs/shared'
import { http } from '@/lib/http'
import { resourceApi } from '@/lib/resource/resourceApi'

const BASE = '/api/ysjs-system/tenant-package'

export type TTenantPackageRow = TTenantPackage & Record<string, unknown>
export type TMenuNode = {
  id: string
  parentId: string
  title: string
  category: number
  children?: TMenuNode[]
}

export const tenantPackageApi = resourceApi<TTenantPackage>(BASE)

export const fetchPackageMenuTree = () => http.get<TMenuNode[]>(`${BASE}/menu-tree`)
export const fetchPackageOptions = () => http.get<{ id: string; packageName: string }[]>(`${BASE}/select`)
