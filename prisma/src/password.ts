import { createHash } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

/**
 * Passwords reach the server as md5(plain) in lowercase hex (the browser hashes them). We store an
 * argon2id hash of that string. Users imported from the old platform carry sha1(md5(plain)) as 40 hex
 * characters; they still sign in, and the caller upgrades the hash on the next successful login.
 */
const ARGON2 = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const
const LEGACY_PATTERN = /^[0-9a-f]{40}$/

export const md5Hex = (plain: string): string => createHash('md5').update(plain, 'utf8').digest('hex')
export const sha1Hex = (s: string): string => createHash('sha1').update(s, 'utf8').digest('hex')

export const hashPassword = (md5: string): Promise<string> => hash(md5, ARGON2)

export const isLegacyHash = (stored: string): boolean => LEGACY_PATTERN.test(stored)

export type TPasswordCheck = { ok: boolean; needsUpgrade: boolean }

export const checkPassword = async (md5: string, stored: string): Promise<TPasswordCheck> => {
  if (isLegacyHash(stored)) {
    return { ok: sha1Hex(md5) === stored, needsUpgrade: true }
  }
  if (!stored.startsWith('$argon2')) {
    return { ok: false, needsUpgrade: false }
  }
  try {
    return { ok: await verify(stored, md5), needsUpgrade: false }
  } catch {
    return { ok: false, needsUpgrade: false }
  }
}
