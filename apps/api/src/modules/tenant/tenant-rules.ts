import type { Prisma, PrismaClient } from '@ysjs/db'
import { AuthMsg, DEFAULT_TENANT_ID, TenantMsg, TenantStatus, UNLIMITED_ACCOUNTS } from '@ysjs/shared'
import { AppError } from '../../lib/errors.ts'

/**
 * The tenant rules other modules apply: who may sign in (auth) and whether one more account fits
 * (user creation, guest approval, legacy import). Pure decisions first, then the database helpers.
 */
export type TTenantGate = {
  tenantId: string
  status: number
  expireTime: Date | null
  isDeleted: number
}

/** Why users of this tenant may not sign in now, or null when they may (contract 3.1 step 5). */
export const tenantLoginRefusal = (tenant: TTenantGate | null, now: Date = new Date()): string | null => {
  if (tenant?.isDeleted !== 0) {
    return AuthMsg.TENANT_UNKNOWN
  }
  // The management tenant can be neither expired nor recycled: it would lock out everyone.
  if (tenant.tenantId === DEFAULT_TENANT_ID) {
    return null
  }
  if (tenant.status === TenantStatus.RECYCLED) {
    return TenantMsg.RECYCLED
  }
  if (tenant.status === TenantStatus.PENDING) {
    return TenantMsg.PENDING
  }
  if (tenant.expireTime && tenant.expireTime.getTime() <= now.getTime()) {
    return AuthMsg.TENANT_EXPIRED
  }
  return null
}

/** Whether `adding` more accounts fit a quota of `accountNumber` (-1, or any negative, is unlimited). */
export const quotaAllows = (accountNumber: number, current: number, adding = 1): boolean =>
  accountNumber <= UNLIMITED_ACCOUNTS || current + adding <= accountNumber

type TTx = Prisma.TransactionClient | PrismaClient

/**
 * Refuses (当前租户已到最大账号额度!) when `adding` more live users would exceed the tenant's quota.
 * Call it inside the transaction that creates the users: it locks the tenant row, so two concurrent
 * creations in one tenant are counted one after the other and cannot both take the last place.
 */
export const assertAccountQuota = async (tx: TTx, tenantId: string, adding = 1): Promise<void> => {
  const rows = await tx.$queryRaw<{ account_number: number }[]>`
    SELECT account_number FROM blade_tenant WHERE tenant_id = ${tenantId} AND is_deleted = 0 FOR UPDATE`
  const tenant = rows[0]
  if (!tenant) {
    throw AppError.badRequest(AuthMsg.TENANT_UNKNOWN)
  }
  if (tenant.account_number <= UNLIMITED_ACCOUNTS) {
    return
  }
  const current = await tx.user.count({ where: { tenantId, isDeleted: 0 } })
  if (!quotaAllows(tenant.account_number, current, adding)) {
    throw AppError.badRequest(TenantMsg.QUOTA_REACHED)
  }
}
