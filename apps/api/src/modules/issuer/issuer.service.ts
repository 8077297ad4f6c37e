import { nextId, type PrismaClient } from '@ysjs/db'
import type { TIssuer, TIssuerSubmit } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { withAudit } from '../../lib/crud.ts'
import { tenantDb } from '../../lib/tenancy.ts'

/** What every document prints of its issuer; the record answered by the profile screen. */
export type TIssuerProfile = Omit<TIssuer, 'id' | 'updateTime'> & {
  id: bigint | null
  updateTime: Date | null
}

const FIELDS = [
  'shortName',
  'address',
  'postcode',
  'phone',
  'fax',
  'email',
  'bankName',
  'bankAccount',
  'sealText',
] as const

/**
 * The issuing centre of a tenant (decision 027): one row per tenant; while none is saved the tenant's
 * name stands in, so a document never goes out without an issuer.
 */
export const createIssuerService = (prisma: PrismaClient) => {
  const db = (ctx: TCtx) => tenantDb(prisma, ctx.tenantId)

  const profile = async (ctx: TCtx): Promise<TIssuerProfile> => {
    const row = await db(ctx).issuer.findFirst({})
    if (row) {
      return {
        ...row,
        configured: true,
        updateTime: row.updateTime ?? row.createTime,
      }
    }
    const tenant = await prisma.tenant.findFirst({
      where: { tenantId: ctx.tenantId },
      select: { tenantName: true, address: true, contactNumber: true },
    })
    return {
      id: null,
      tenantId: ctx.tenantId,
      fullName: tenant?.tenantName ?? '',
      shortName: null,
      address: tenant?.address ?? null,
      postcode: null,
      phone: tenant?.contactNumber ?? null,
      fax: null,
      email: null,
      bankName: null,
      bankAccount: null,
      sealText: null,
      configured: false,
      updateTime: null,
    }
  }

  return {
    profile,

    /** Saves the tenant's profile (created on the first save); empty optional fields are cleared. */
    async submit(ctx: TCtx, input: TIssuerSubmit) {
      const data = {
        fullName: input.fullName,
        ...Object.fromEntries(FIELDS.map((k) => [k, input[k] ?? null])),
      } as Omit<TIssuerSubmit, (typeof FIELDS)[number]> & Record<(typeof FIELDS)[number], string | null>
      const userId = ctx.user?.userId ?? null
      await db(ctx).issuer.upsert({
        where: { tenantId: ctx.tenantId },
        update: { ...data, ...withAudit(ctx).updated },
        create: { ...data, id: nextId(), tenantId: ctx.tenantId, createUser: userId },
      })
      return profile(ctx)
    },
  }
}

export type TIssuerService = ReturnType<typeof createIssuerService>
