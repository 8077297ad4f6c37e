import { TenantStatus, ZTenantSubmitSchema } from '@ysjs/shared'
import { createElement } from 'react'
import { textValues } from '@/components/crud/formValues'
import { crudCodes } from '@/components/crud/permissions'
import type { TResource } from '@/components/crud/types'
import { AccountQuotaCell } from './AccountQuotaCell'
import { PackageSelect } from './PackageSelect'
import { type TTenantRow, tenantApi } from './tenantApi'

const STATUS_OPTIONS = [
  { value: String(TenantStatus.NORMAL), labelKey: 'system.tenant.statusNormal' },
  { value: String(TenantStatus.PENDING), labelKey: 'system.tenant.statusPending' },
  { value: String(TenantStatus.RECYCLED), labelKey: 'system.tenant.statusRecycled' },
]

/** 租户管理: the tenant form (contract 6.4); quota and expiry live in the setting dialog. */
export const tenantResource: TResource<TTenantRow> = {
  key: 'tenant',
  nameKey: 'system.tenant.name',
  schema: ZTenantSubmitSchema,
  api: tenantApi,
  permissions: crudCodes('tenant'),
  fields: [
    {
      name: 'tenantId',
      labelKey: 'system.tenant.tenantId',
      search: true,
      form: false,
      column: { width: 80 },
    },
    { name: 'tenantName', labelKey: 'system.tenant.tenantName', search: true },
    { name: 'linkman', labelKey: 'system.tenant.linkman', search: true, column: { width: 90 } },
    { name: 'contactNumber', labelKey: 'system.tenant.contactNumber', column: { width: 115 } },
    { name: 'address', labelKey: 'system.tenant.address', column: false, span: 12 },
    { name: 'domain', labelKey: 'system.tenant.domain', column: false },
    { name: 'backgroundUrl', labelKey: 'system.tenant.backgroundUrl', column: false },
    {
      name: 'packageId',
      labelKey: 'system.tenant.packageId',
      kind: 'custom',
      component: PackageSelect,
      column: false,
    },
    { name: 'packageName', labelKey: 'system.tenant.packageName', form: false, column: { width: 100 } },
    {
      name: 'accountNumber',
      labelKey: 'system.tenant.accountNumber',
      form: false,
      column: { width: 80, render: (row) => createElement(AccountQuotaCell, { value: row.accountNumber }) },
    },
    { name: 'expireTime', labelKey: 'system.tenant.expireTime', form: false, column: { width: 145 } },
    {
      name: 'status',
      labelKey: 'system.tenant.status',
      kind: 'select',
      options: STATUS_OPTIONS,
      form: false,
      column: { width: 64 },
    },
  ],
  toForm: (row) =>
    textValues(row, [
      'tenantName',
      'linkman',
      'contactNumber',
      'address',
      'domain',
      'backgroundUrl',
      'packageId',
    ]),
}
