import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/**
 * Secrets at rest (decision 026): a stored secret is `enc:v1:<key id>:<base64 of iv | ciphertext | tag>`,
 * AES-256-GCM under the data key. The key id (the first 8 hex digits of the key's SHA-256) says which key
 * sealed it, so a value sealed under the previous key is still read while keys rotate, and a value
 * sealed under a key this process does not hold fails with a message that says so.
 */
export const SECRET_VERSION = 'enc:v1:'
const IV_BYTES = 12
const TAG_BYTES = 16
export const DATA_KEY_BYTES = 32

/**
 * Development and tests only: public, so `NODE_ENV=production` refuses it (like the example JWT key).
 * 32 bytes: the SHA-256 of a fixed phrase.
 */
export const DEV_DATA_KEY = createHash('sha256').update('ysjs development data key, public').digest('base64')

/** A secret that cannot be read: its key is not configured, or the value was altered. */
export class SecretKeyError extends Error {
  override name = 'SecretKeyError'
}

export type TSecretBox = {
  /** The current key's id. */
  keyId: string
  seal(plain: string): string
  /** The plain value; a value without the `enc:` prefix is a plain one stored before encryption. */
  open(stored: string): string
  /** True when the value is sealed under the current key (nothing to re-encrypt). */
  isCurrent(stored: string): boolean
}

const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8)

/** A data key given as base64 of exactly 32 bytes; `name` names the setting in the message. */
export const parseDataKey = (value: string, name = 'DATA_KEY'): Buffer => {
  const key = Buffer.from(value.trim(), 'base64')
  if (key.length !== DATA_KEY_BYTES || key.toString('base64') !== value.trim()) {
    throw new SecretKeyError(
      `${name}: must be the base64 of ${DATA_KEY_BYTES} random bytes (e.g. \`openssl rand -base64 32\`)`,
    )
  }
  return key
}

export const isSealed = (stored: string): boolean => stored.startsWith('enc:')

export const createSecretBox = (key: Buffer, previous: readonly Buffer[] = []): TSecretBox => {
  const keyId = keyIdOf(key)
  const keys = new Map<string, Buffer>([...previous.map((k) => [keyIdOf(k), k] as const), [keyId, key]])
  return {
    keyId,
    seal(plain) {
      const iv = randomBytes(IV_BYTES)
      const header = `${SECRET_VERSION}${keyId}:`
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(header))
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return `${header}${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64')}`
    },
    open(stored) {
      if (!isSealed(stored)) {
        return stored
      }
      if (!stored.startsWith(SECRET_VERSION)) {
        throw new SecretKeyError(`secret in an unknown format (${stored.split(':', 2).join(':')})`)
      }
      const [id = '', data = ''] = stored.slice(SECRET_VERSION.length).split(':')
      const k = keys.get(id)
      if (!k) {
        throw new SecretKeyError(
          `secret sealed under data key ${id}, which is neither DATA_KEY (${keyId}) nor in DATA_KEY_PREVIOUS`,
        )
      }
      const raw = Buffer.from(data, 'base64')
      try {
        const decipher = createDecipheriv('aes-256-gcm', k, raw.subarray(0, IV_BYTES))
        decipher.setAAD(Buffer.from(`${SECRET_VERSION}${id}:`))
        decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES))
        return Buffer.concat([
          decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8')
      } catch {
        throw new SecretKeyError(`secret sealed under data key ${id} cannot be decrypted: altered or damaged`)
      }
    },
    isCurrent: (stored) => stored.startsWith(`${SECRET_VERSION}${keyId}:`),
  }
}

export type TDataKeySettings = {
  NODE_ENV: string
  DATA_KEY?: string | undefined
  DATA_KEY_FILE?: string | undefined
  /** Comma-separated earlier keys, read (never written) while their values are re-encrypted. */
  DATA_KEY_PREVIOUS?: string | undefined
}

/**
 * The data keys of a process from its settings (already read from the environment by its env.ts):
 * DATA_KEY, else the file DATA_KEY_FILE names, else in development and tests the public DEV_DATA_KEY.
 * With NODE_ENV=production a missing key, or the public one, is refused: the process does not start.
 */
export const dataKeysOf = (
  settings: TDataKeySettings,
  readFile: (file: string) => string,
): { key: Buffer; previous: Buffer[] } => {
  let value = settings.DATA_KEY?.trim() || undefined
  if (!value && settings.DATA_KEY_FILE) {
    try {
      value = readFile(settings.DATA_KEY_FILE).trim()
    } catch (err) {
      throw new SecretKeyError(
        `DATA_KEY_FILE: cannot read ${settings.DATA_KEY_FILE} (${(err as Error).message})`,
      )
    }
  }
  if (settings.NODE_ENV === 'production' && (!value || value === DEV_DATA_KEY)) {
    throw new SecretKeyError(
      'DATA_KEY: in production set DATA_KEY or DATA_KEY_FILE to the base64 of 32 random bytes, not the development key (e.g. `openssl rand -base64 32`)',
    )
  }
  const key = parseDataKey(value ?? DEV_DATA_KEY)
  const previous = (settings.DATA_KEY_PREVIOUS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => parseDataKey(s, 'DATA_KEY_PREVIOUS'))
  return { key, previous }
}

/** The box of a process's settings. */
export const secretBoxOf = (settings: TDataKeySettings, readFile: (file: string) => string): TSecretBox => {
  const { key, previous } = dataKeysOf(settings, readFile)
  return createSecretBox(key, previous)
}
