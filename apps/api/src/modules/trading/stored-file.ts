import type { PrismaClient } from '@ysjs/db'
import { EquityMsg, storedFileKey } from '@ysjs/shared'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'

/**
 * An attachment link (deal contract, intellectual property certificate) must be a live file the
 * caller's tenant uploaded with `put-file-attach`, which records it in `blade_attach` under its key:
 * never another tenant's file or a link to elsewhere, which the screens would open with the token.
 */
export const assertStoredAttachment = async (prisma: PrismaClient, tenantId: string, link: unknown) => {
  if (typeof link !== 'string' || !link) {
    return
  }
  const key = storedFileKey(link)
  const found = key
    ? await tenantDb(prisma, tenantId).attach.findFirst({
        where: { name: key, isDeleted: 0 },
        select: { id: true },
      })
    : null
  if (!found) {
    throw AppError.badRequest(EquityMsg.FILE_MISSING)
  }
}
