#!/usr/bin/env node
// Makes sure a file holds a random secret: creates it (48 random bytes by default, base64, mode 600)
// when it is missing or empty, and leaves an existing one alone so tokens survive restarts (and values
// sealed under a data key stay readable). Prints no secret.
//   node scripts/ensure-secret.mjs <file> [bytes]     (the data key: 32)
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Returns true when it generated a new secret. */
export const ensureSecret = (file, bytes = 48) => {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8').trim() !== '') {
    return false
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  fs.writeFileSync(file, `${randomBytes(bytes).toString('base64')}\n`, { mode: 0o600 })
  return true
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2]
  const bytes = Number(process.argv[3] ?? 48)
  if (!file || !Number.isInteger(bytes) || bytes < 16) {
    console.error('usage: node scripts/ensure-secret.mjs <file> [bytes]')
    process.exit(2)
  }
  console.log(
    ensureSecret(file, bytes) ? `generated a new secret in ${file}` : `keeping the secret in ${file}`,
  )
}
