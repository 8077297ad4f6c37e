#!/usr/bin/env node
// `pnpm start`: build, apply migrations and the seed, then run the API (serving the built web app)
// and the worker side by side until one of them stops or the process is told to.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ensureSecret } from './ensure-secret.mjs'

const root = path.resolve(import.meta.dirname, '..')
process.chdir(root)
if (fs.existsSync('.env')) {
  process.loadEnvFile('.env')
}
process.env.NODE_ENV ??= 'production'
process.env.PORT ??= '8080'
// Production refuses the example signing key: without one of its own, the app gets a random key kept
// in .secrets/ (git-ignored), so sessions survive restarts.
if (!process.env.JWT_SECRET && !process.env.JWT_SECRET_FILE) {
  process.env.JWT_SECRET_FILE = path.join(root, '.secrets', 'jwt-secret')
  if (ensureSecret(process.env.JWT_SECRET_FILE)) {
    console.log(`▶ generated a signing key in ${path.relative(root, process.env.JWT_SECRET_FILE)}`)
  }
}
// Production does not start without a data key (the SMS and object-storage secrets are sealed under it,
// decision 026): without one of its own, a random one is kept in .secrets/ the same way. Keep that file:
// without it the sealed secrets cannot be read.
if (!process.env.DATA_KEY && !process.env.DATA_KEY_FILE) {
  process.env.DATA_KEY_FILE = path.join(root, '.secrets', 'data-key')
  if (ensureSecret(process.env.DATA_KEY_FILE, 32)) {
    console.log(`▶ generated a data key in ${path.relative(root, process.env.DATA_KEY_FILE)}`)
  }
}
process.env.WEB_DIST_DIR ??= path.join(root, 'apps/web/dist')

const step = (title, cmd, args) => {
  console.log(`\n▶ ${title}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  if (r.status !== 0) {
    console.error(`✖ ${title} failed (exit ${r.status ?? r.signal})`)
    process.exit(r.status ?? 1)
  }
}

if (process.env.SKIP_BUILD !== 'true') {
  step('build', 'pnpm', ['build'])
}
step('migrate', 'pnpm', ['db:migrate'])
step('seed', 'pnpm', ['db:seed'])

const children = [
  ['api', 'apps/api/dist/server.js'],
  ['worker', 'apps/worker/dist/main.js'],
].map(([name, file]) => {
  const child = spawn(process.execPath, ['--enable-source-maps', file], {
    stdio: 'inherit',
    env: process.env,
  })
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`✖ ${name} stopped (${signal ?? code}); stopping the rest`)
      stop(code || 1)
    }
  })
  return child
})
console.log(`\n✔ http://localhost:${process.env.PORT}  (admin / admin)`)

let stopping = false
const stop = (code) => {
  stopping = true
  for (const c of children) {
    if (c.exitCode === null) {
      c.kill('SIGTERM')
    }
  }
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(
    () => process.exit(code),
  )
}
process.once('SIGINT', () => stop(0))
process.once('SIGTERM', () => stop(0))
