import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  createSecretBox,
  DEV_DATA_KEY,
  dataKeysOf,
  parseDataKey,
  SecretKeyError,
  secretBoxOf,
} from '../src/crypto/secret-box.ts'

describe('the secret box (decision 026)', () => {
  const key = randomBytes(32)
  const box = createSecretBox(key)

  it('seals with the version and key id, a fresh nonce each time, and opens what it sealed', () => {
    const a = box.seal('QyVqGnhIQQE734UYSUFlGOZViE6+ZlDEfUG3NjhJ')
    const b = box.seal('QyVqGnhIQQE734UYSUFlGOZViE6+ZlDEfUG3NjhJ')
    expect(a).toMatch(new RegExp(`^enc:v1:${box.keyId}:[A-Za-z0-9+/]+=*$`))
    expect(a).not.toBe(b)
    expect(a).not.toContain('QyVq')
    expect(box.open(a)).toBe('QyVqGnhIQQE734UYSUFlGOZViE6+ZlDEfUG3NjhJ')
    expect(box.open(box.seal(''))).toBe('')
    expect(box.open(box.seal('密钥'.repeat(120)))).toBe('密钥'.repeat(120))
    expect(box.isCurrent(a)).toBe(true)
  })

  it('reads a plain value stored before encryption as it is, and says it is not sealed', () => {
    expect(box.open('plain-secret')).toBe('plain-secret')
    expect(box.isCurrent('plain-secret')).toBe(false)
  })

  it('fails clearly under another key, on an altered value or an unknown version', () => {
    const sealed = box.seal('secret')
    const other = createSecretBox(randomBytes(32))
    expect(() => other.open(sealed)).toThrow(SecretKeyError)
    expect(() => other.open(sealed)).toThrow(`sealed under data key ${box.keyId}, which is neither DATA_KEY`)
    const raw = Buffer.from(sealed.split(':')[3]!, 'base64')
    raw[raw.length - 20]! ^= 1
    const altered = `enc:v1:${box.keyId}:${raw.toString('base64')}`
    expect(() => box.open(altered)).toThrow(/cannot be decrypted: altered or damaged/)
    // A value naming a key id no configured key has does not open either.
    expect(() => createSecretBox(key, [randomBytes(32)]).open(sealed.replace(box.keyId, '00000000'))).toThrow(
      SecretKeyError,
    )
    expect(() => box.open('enc:v2:abc:def')).toThrow(/unknown format \(enc:v2\)/)
  })

  it('rotates: the new box reads values of the previous key, and re-seals them under the new one', () => {
    const next = createSecretBox(randomBytes(32), [key])
    const old = box.seal('rotate me')
    expect(next.isCurrent(old)).toBe(false)
    expect(next.open(old)).toBe('rotate me')
    const resealed = next.seal(next.open(old))
    expect(next.isCurrent(resealed)).toBe(true)
    expect(() => box.open(resealed)).toThrow(SecretKeyError)
  })
})

describe('data keys from the settings', () => {
  const never = () => {
    throw new Error('no file')
  }
  it('accepts exactly 32 bytes of base64', () => {
    expect(parseDataKey(Buffer.alloc(32, 1).toString('base64'))).toHaveLength(32)
    expect(() => parseDataKey(Buffer.alloc(16, 1).toString('base64'))).toThrow(
      /DATA_KEY: must be the base64 of 32/,
    )
    expect(() => parseDataKey('not base64 at all!!')).toThrow(SecretKeyError)
  })
  it('falls back on the development key outside production, and refuses it in production', () => {
    expect(dataKeysOf({ NODE_ENV: 'test' }, never).key).toEqual(Buffer.from(DEV_DATA_KEY, 'base64'))
    expect(() => dataKeysOf({ NODE_ENV: 'production' }, never)).toThrow(/DATA_KEY: in production/)
    expect(() => dataKeysOf({ NODE_ENV: 'production', DATA_KEY: DEV_DATA_KEY }, never)).toThrow(
      /DATA_KEY: in production/,
    )
  })
  it('prefers DATA_KEY to the file, reads the file otherwise', () => {
    const [a, b] = [randomBytes(32).toString('base64'), randomBytes(32).toString('base64')]
    expect(
      dataKeysOf({ NODE_ENV: 'production', DATA_KEY: a, DATA_KEY_FILE: '/x' }, () => b).key.toString(
        'base64',
      ),
    ).toBe(a)
    expect(
      dataKeysOf({ NODE_ENV: 'production', DATA_KEY_FILE: '/x' }, () => `${b}\n`).key.toString('base64'),
    ).toBe(b)
    expect(() => dataKeysOf({ NODE_ENV: 'production', DATA_KEY_FILE: '/x' }, never)).toThrow(
      /DATA_KEY_FILE: cannot read \/x/,
    )
  })
  it('builds the box of the settings: a value sealed by one process opens in another with the same key', () => {
    const DATA_KEY = randomBytes(32).toString('base64')
    const api = secretBoxOf({ NODE_ENV: 'production', DATA_KEY }, never)
    const worker = secretBoxOf({ NODE_ENV: 'production', DATA_KEY }, never)
    expect(worker.open(api.seal('短信密钥'))).toBe('短信密钥')
  })
})
