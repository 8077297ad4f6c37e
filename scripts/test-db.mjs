// Test databases shared by the API integration tests, the worker tests and the browser tests:
// one template database per schema+seed version (migrated and seeded once), cloned per test file.
import { execFileSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const require = createRequire(path.join(root, 'prisma/package.json'))
const pg = require('pg')

export const DEFAULT_TEST_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/postgres'

const withDatabase = (url, database) => {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

const admin = async (url, fn) => {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

const filesUnder = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    return e.isDirectory() ? filesUnder(p) : [p]
  })

/**
 * A hash of everything that decides the template's content: migrations, seed, and the day (Asia/Shanghai)
 * it is seeded on, since the seed is relative to it (the sample survey's window), so tests never run on
 * a template seeded on another day.
 */
const templateVersion = () => {
  const h = createHash('sha256')
  h.update(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()))
  for (const f of [
    ...filesUnder(path.join(root, 'prisma/migrations')),
    ...filesUnder(path.join(root, 'prisma/seed')),
  ].sort()) {
    h.update(f.slice(root.length)).update(fs.readFileSync(f))
  }
  return h.digest('hex').slice(0, 12)
}

/** Creates (once) the migrated and seeded template database and returns its name. */
export const ensureTemplate = async (baseUrl = DEFAULT_TEST_DATABASE_URL) => {
  const name = `ysjs_tpl_${templateVersion()}`
  const exists = await admin(
    baseUrl,
    async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount > 0,
  )
  if (exists) {
    return name
  }
  const building = `${name}_build_${randomBytes(3).toString('hex')}`
  const url = withDatabase(baseUrl, building)
  const env = { ...process.env, DATABASE_URL: url }
  execFileSync('pnpm', ['--filter', '@ysjs/db', 'exec', 'prisma', 'migrate', 'deploy'], {
    cwd: root,
    env,
    stdio: 'pipe',
  })
  execFileSync('pnpm', ['--filter', '@ysjs/db', 'exec', 'tsx', 'seed/run.ts'], {
    cwd: root,
    env,
    stdio: 'pipe',
  })
  await admin(baseUrl, async (c) => {
    // Another run may have finished the same template meanwhile: keep theirs.
    const again = (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount > 0
    if (again) {
      await c.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`)
    } else {
      await c.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`)
    }
  })
  return name
}

/** A fresh database cloned from the template; returns its URL and a function that drops it. */
export const cloneDatabase = async (template, baseUrl = DEFAULT_TEST_DATABASE_URL, label = 't') => {
  const name = `ysjs_${label}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`
  await admin(baseUrl, (c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`))
  return {
    name,
    url: withDatabase(baseUrl, name),
    drop: () => admin(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  }
}

/** Recreates a named database from the template (the browser tests' fixed database). */
export const resetDatabase = async (name, baseUrl = DEFAULT_TEST_DATABASE_URL) => {
  const template = await ensureTemplate(baseUrl)
  await admin(baseUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`)
  })
  return withDatabase(baseUrl, name)
}
