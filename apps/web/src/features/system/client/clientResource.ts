import { ZClientSubmitSchema } from '@ysjs/shared'
import { crudCodes } from '@/components/crud/permissions'
import type { TResource } from '@/components/crud/types'
import { clientApi, type TClientRow } from './clientApi'

/** 应用管理: OAuth clients; the secret is typed on creation, stored hashed and never shown again. */
export const clientResource: TResource<TClientRow> = {
  key: 'client',
  nameKey: 'system.client.name',
  schema: ZClientSubmitSchema,
  api: clientApi,
  permissions: crudCodes('client'),
  fields: [
    { name: 'clientId', labelKey: 'system.client.clientId', search: true },
    { name: 'clientSecret', labelKey: 'system.client.clientSecret', column: false },
    { name: 'scope', labelKey: 'system.client.scope', column: { width: 100 } },
    { name: 'authorizedGrantTypes', labelKey: 'system.client.authorizedGrantTypes', column: { flex: 2 } },
    {
      name: 'accessTokenValidity',
      labelKey: 'system.client.accessTokenValidity',
      kind: 'number',
      column: { width: 110 },
    },
    {
      name: 'refreshTokenValidity',
      labelKey: 'system.client.refreshTokenValidity',
      kind: 'number',
      column: { width: 120 },
    },
    { name: 'webServerRedirectUri', labelKey: 'system.client.webServerRedirectUri', column: false, span: 12 },
    { name: 'resourceIds', labelKey: 'system.client.resourceIds', column: false },
    { name: 'authorities', labelKey: 'system.client.authorities', column: false },
    { name: 'autoapprove', labelKey: 'system.client.autoapprove', column: false },
  ],
  defaults: () => ({
    scope: 'all',
    authorizedGrantTypes: 'refresh_token,password,captcha',
    accessTokenValidity: '3600',
    refreshTokenValidity: '604800',
  }),
  toForm: (row) => ({
    id: row.id,
    clientId: row.clientId,
    clientSecret: '',
    scope: row.scope,
    authorizedGrantTypes: row.authorizedGrantTypes,
    accessTokenValidity: String(row.accessTokenValidity),
    refreshTokenValidity: String(row.refreshTokenValidity),
    webServerRedirectUri: row.webServerRedirectUri ?? '',
    resourceIds: row.resourceIds ?? '',
    authorities: row.authorities ?? '',
    autoapprove: row.autoapprove ?? '',
  }),
}
