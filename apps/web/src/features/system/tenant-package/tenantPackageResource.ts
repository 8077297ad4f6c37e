import { PERMISSIONS, ZTenantPackageSubmitSchema } from '@ysjs/shared'
import { createElement } from 'react'
import type { TResource } from '@/components/crud/types'
import { MenuTreeSelect } from './MenuTreeSelect'
import { PackagePreview } from './PackagePreview'
import { type TTenantPackageRow, tenantPackageApi } from './tenantPackageApi'

/** 产品包管理 (spec section 2): package name, menu tree multi-select, remark; add, edit, delete, no view. */
export const tenantPackageResource: TResource<TTenantPackageRow> = {
  key: 'tenant-package',
  nameKey: 'system.tenantPackage.name',
  schema: ZTenantPackageSubmitSchema,
  api: tenantPackageApi,
  permissions: {
    codes: {
      add: PERMISSIONS.tenantpackageAdd,
      edit: PERMISSIONS.tenantpackageEdit,
      delete: PERMISSIONS.tenantpackageDelete,
    },
  },
  fields: [
    { name: 'packageName', labelKey: 'system.tenantPackage.packageName', search: true, span: 12 },
    {
      name: 'menuId',
      labelKey: 'system.tenantPackage.menuId',
      kind: 'custom',
      component: MenuTreeSelect,
      column: false,
      span: 12,
    },
    { name: 'remark', labelKey: 'system.tenantPackage.remark', kind: 'textarea', rows: 2 },
  ],
  toForm: (row) => ({
    id: row.id,
    packageName: row.packageName,
    menuId: row.menuId,
    remark: row.remark ?? '',
  }),
  invalidates: ['tenant'],
  // Editing a package changes the menus of every tenant on it: show who gains or loses what before saving.
  formFooter: (values, mode) =>
    mode === 'edit' && typeof values.id === 'string'
      ? createElement(PackagePreview, { packageId: values.id, menuId: values.menuId })
      : null,
  dialogWidth: 'sm',
}
