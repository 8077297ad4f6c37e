export type TTenantInfo = { tenantId: string; domain: string; backgroundUrl: string | null }
