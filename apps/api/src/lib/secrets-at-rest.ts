import type { PrismaClient } from '@ysjs/db'
import { SecretKeyError, type TSecretBox } from '@ysjs/server-core'
import { maskSecret, SECRET_MASK, SECRET_UNREADABLE } from '@ysjs/shared'
import type { FastifyBaseLogger } from 'fastify'
import { AppError } from './errors.ts'

/**
 * Secrets at rest (decision 026): the SMS and object-storage secret keys are stored sealed by the
 * data key (`@ysjs/server-core` secret box). They are sealed on write, opened only where a request
 * is signed, and answered masked.
 */

/** The stored (sealed) value of a submitted secret; empty stays empty. */
export const sealSecret = (secrets: TSecretBox, plain: string): string =>
  plain ? secrets.seal(plain) : plain

/** The answer's mask of a stored secret; one the key cannot open shows the mask alone. */
export const maskStoredSecret = (secrets: TSecretBox, stored: string | null): string | null => {
  if (!stored) {
    return null
  }
  try {
    return maskSecret(secrets.open(stored))
  } catch {
    return SECRET_MASK
  }
}

/** The plain secret to sign with; a key this process does not hold is a clear 500 (and the log says which). */
export const openStoredSecret = (
  secrets: TSecretBox,
  stored: string | null,
  log: FastifyBaseLogger,
  where: Record<string, string>,
): string => {
  if (!stored) {
    return ''
  }
  try {
    return secrets.open(stored)
  } catch (err) {
    if (err instanceof SecretKeyError) {
      log.error({ err, ...where }, 'a stored secret cannot be opened with the configured data keys')
      throw new AppError(500, SECRET_UNREADABLE, 500)
    }
    throw err
  }
}

/**
 * At boot: seals the plain secrets stored before encryption, and re-seals under DATA_KEY those sealed
 * under a key of DATA_KEY_PREVIOUS (key rotation). Each row is written only if it still holds the value
 * read (compare-and-set), so instances booting together or an edit meanwhile lose nothing; a value no
 * configured key opens is left as it is and logged. Idempotent: a second run finds nothing to do.
 */
export const sealSecretsAtRest = async (
  prisma: PrismaClient,
  secrets: TSecretBox,
  log: FastifyBaseLogger,
): Promise<{ sealed: number; unreadable: number }> => {
  let sealed = 0
  let unreadable = 0
  const tables = [
    {
      name: 'blade_sms',
      rows: () =>
        prisma.sms.findMany({ where: { secretKey: { not: null } }, select: { id: true, secretKey: true } }),
      write: (id: bigint, from: string, to: string) =>
        prisma.sms.updateMany({ where: { id, secretKey: from }, data: { secretKey: to } }),
    },
    {
      name: 'blade_oss',
      rows: () =>
        prisma.ossConfig.findMany({
          where: { secretKey: { not: null } },
          select: { id: true, secretKey: true },
        }),
      write: (id: bigint, from: string, to: string) =>
        prisma.ossConfig.updateMany({ where: { id, secretKey: from }, data: { secretKey: to } }),
    },
  ]
  for (const table of tables) {
    for (const row of await table.rows()) {
      const stored = row.secretKey ?? ''
      if (!stored || secrets.isCurrent(stored)) {
        continue
      }
      let plain: string
      try {
        plain = secrets.open(stored)
      } catch (err) {
        unreadable += 1
        log.error(
          { err, table: table.name, id: String(row.id) },
          'a stored secret cannot be opened with the configured data keys',
        )
        continue
      }
      sealed += (await table.write(row.id, stored, secrets.seal(plain))).count
    }
  }
  if (sealed > 0 || unreadable > 0) {
    log.info(
      { sealed, unreadable, keyId: secrets.keyId },
      'secrets at rest sealed under the current data key',
    )
  }
  return { sealed, unreadable }
}
