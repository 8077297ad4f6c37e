#!/usr/bin/env node
// Applies a module zip of the code generator (`/api/ysjs-develop/code/gen-code`) to a checkout:
// writes its files (never over an existing one), puts the registration lines of `generated.json` into
// the shared registry files above their marker comments (or at the end when the marker is empty), and
// formats the touched files with Biome. Then: pnpm db:generate, pnpm db:migrate, pnpm db:seed.
//
//   node scripts/apply-generated.mjs <module.zip> [repository root, default: this checkout]
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { inflateRawSync } from 'node:zlib'

const MANIFEST = 'generated.json'

/** Entries of a zip archive (stored or deflated), read through its central directory. */
export const readZip = (buffer) => {
  const endAt = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (endAt < 0) {
    throw new Error('not a zip archive')
  }
  const count = buffer.readUInt16LE(endAt + 10)
  let at = buffer.readUInt32LE(endAt + 16)
  const entries = new Map()
  for (let i = 0; i < count; i++) {
    const method = buffer.readUInt16LE(at + 10)
    const size = buffer.readUInt32LE(at + 20)
    const nameLength = buffer.readUInt16LE(at + 28)
    const extraLength = buffer.readUInt16LE(at + 30)
    const commentLength = buffer.readUInt16LE(at + 32)
    const localAt = buffer.readUInt32LE(at + 42)
    const name = buffer.subarray(at + 46, at + 46 + nameLength).toString('utf8')
    const dataAt = localAt + 30 + buffer.readUInt16LE(localAt + 26) + buffer.readUInt16LE(localAt + 28)
    const data = buffer.subarray(dataAt, dataAt + size)
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data))
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

/** A path inside the root, or an error: an archive must not write outside the checkout. */
const inside = (root, relative) => {
  const target = path.resolve(root, relative)
  if (!target.startsWith(`${path.resolve(root)}${path.sep}`)) {
    throw new Error(`refusing a path outside the repository: ${relative}`)
  }
  return target
}

/** Source files under a folder of the checkout (none when it is not there). */
const sourcesUnder = (root, folder, pattern) => {
  const dir = path.join(root, folder)
  if (!existsSync(dir)) {
    return []
  }
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => pattern.test(f) && !f.includes('node_modules'))
    .map((f) => path.join(dir, f))
}

/**
 * Refuses a module whose Prisma model or table, route, screen or menu code the checkout has already:
 * written anyway, it would break `prisma generate`, the app's start or the seed.
 */
const assertFree = (root, modules) => {
  const read = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : '')
  const schema = read(path.join(root, 'prisma/schema.prisma'))
  const screens = sourcesUnder(root, 'apps/web/src/features', /routes\.tsx?$/).map(read)
  const api = sourcesUnder(root, 'apps/api/src/modules', /\.ts$/).map(read)
  const menus = sourcesUnder(root, 'prisma/seed/data', /\.ts$/).map(read)
  for (const m of modules ?? []) {
    const taken = [
      [`model ${m.className} {`, [schema], `Prisma model ${m.className}`],
      [`@@map("${m.table}")`, [schema], `table ${m.table}`],
      [`'${m.webPath}'`, screens, `screen ${m.webPath}`],
      [`'${m.apiPrefix}'`, api, `API prefix ${m.apiPrefix}`],
      [`'${m.menuCode}'`, menus, `menu code ${m.menuCode}`],
    ].find(([needle, texts]) => texts.some((text) => text.includes(needle)))
    if (taken) {
      throw new Error(`${taken[2]} exists already: the module was applied before or clashes with another`)
    }
  }
}

export const applyGenerated = (zip, root) => {
  const entries = readZip(zip)
  const manifest = entries.get(MANIFEST)
  if (!manifest) {
    throw new Error(`${MANIFEST} missing: not a module of the code generator`)
  }
  const { modules, inserts } = JSON.parse(manifest.toString('utf8'))
  assertFree(root, modules)
  const written = []
  for (const name of entries.keys()) {
    if (name === MANIFEST || name.endsWith('/')) {
      continue
    }
    const target = inside(root, name)
    if (existsSync(target)) {
      throw new Error(`${name} exists already: the module was applied before or clashes with another`)
    }
    written.push(target)
  }
  const touched = new Map()
  for (const insert of inserts) {
    const target = inside(root, insert.file)
    let text = touched.get(target) ?? readFileSync(target, 'utf8')
    if (!insert.marker) {
      text = `${text.replace(/\n*$/, '\n')}${insert.text}`
    } else {
      const lines = text.split('\n')
      const at = lines.findIndex((line) => line.includes(insert.marker))
      if (at < 0) {
        throw new Error(`${insert.file}: marker ${insert.marker} not found`)
      }
      lines.splice(at, 0, insert.text)
      text = lines.join('\n')
    }
    touched.set(target, text)
  }
  for (const [name, content] of entries) {
    if (name === MANIFEST || name.endsWith('/')) {
      continue
    }
    const target = inside(root, name)
    mkdirSync(path.dirname(target), { recursive: true })
    writeFileSync(target, content)
  }
  for (const [target, text] of touched) {
    writeFileSync(target, text)
  }
  return { written, touched: [...touched.keys()] }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [zipPath, rootArg] = process.argv.slice(2)
  if (!zipPath) {
    console.error('usage: node scripts/apply-generated.mjs <module.zip> [repository root]')
    process.exit(2)
  }
  const root = path.resolve(rootArg ?? path.join(import.meta.dirname, '..'))
  const { written, touched } = applyGenerated(readFileSync(zipPath), root)
  const biome = path.join(root, 'node_modules', '.bin', 'biome')
  const code = [...written, ...touched].filter((f) => /\.(ts|tsx)$/.test(f))
  if (existsSync(biome) && code.length) {
    const result = spawnSync(biome, ['check', '--write', ...code], { cwd: root, stdio: 'inherit' })
    if (result.status !== 0) {
      process.exit(result.status ?? 1)
    }
  }
  console.log(`applied: ${written.length} files written, ${touched.length} registry files changed`)
  console.log('next: pnpm db:generate && pnpm db:migrate && pnpm db:seed')
}
