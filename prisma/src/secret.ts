import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * OAuth client secrets are stored as `sha256$<salt>$<hash>` (hash over salt and secret), never in
 * plain text. A fast salted hash, not argon2: the secret is checked on every token request (logins
 * and every refresh), the web client's secret ships in the browser bundle anyway, and machine
 * clients get long random secrets. Rows written before hashing hold the plain secret; they still
 * match and the caller replaces them with the hash (`needsUpgrade`).
 */
const PREFIX = 'sha256$'

const digest = (salt: string, secret: string) =>
  createHash('sha256').update(salt).update('\u0000').update(secret, 'utf8').digest('hex')

export const hashClientSecret = (secret: string): string => {
  const salt = randomBytes(16).toString('hex')
  return `${PREFIX}${salt}$${digest(salt, secret)}`
}

export const isHashedClientSecret = (stored: string): boolean => stored.startsWith(PREFIX)

const safeEqual = (a: string, b: string): boolean => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export const checkClientSecret = (secret: string, stored: string): { ok: boolean; needsUpgrade: boolean } => {
  if (!isHashedClientSecret(stored)) {
    return { ok: safeEqual(secret, stored), needsUpgrade: true }
  }
  const [salt = '', hash = ''] = stored.slice(PREFIX.length).split('$')
  return { ok: safeEqual(digest(salt, secret), hash), needsUpgrade: false }
}
