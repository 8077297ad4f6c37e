#!/usr/bin/env node
// The server the browser tests run against: a fresh database `ysjs_e2e` cloned from the seeded
// template, the built API serving the built web app on E2E_PORT (8181), captcha off, and the built
// worker running the scheduled jobs (its own queue prefix, shared with this API only).
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startOidcStub } from './oidc-stub.mjs'
import { resetDatabase } from './test-db.mjs'
import { startTestServices } from './test-services.mjs'

const root = path.resolve(import.meta.dirname, '..')
for (const built of ['apps/api/dist/server.js', 'apps/web/dist/index.html', 'apps/worker/dist/main.js']) {
  if (!fs.existsSync(path.join(root, built))) {
    console.error(`${built} is missing: run \`pnpm build\` first`)
    process.exit(1)
  }
}
const services = await startTestServices()
const oidc = await startOidcStub()
const databaseUrl = await resetDatabase(process.env.E2E_DATABASE ?? 'ysjs_e2e', services.databaseUrl)
const port = process.env.E2E_PORT ?? '8181'
const redisPrefix = `e2e:${randomBytes(3).toString('hex')}:`
const queuePrefix = `e2e-bull-${randomBytes(3).toString('hex')}`
// Where a browser test finds this server's Redis keys (the captcha a human would read off the image).
const servicesFile = path.join(os.tmpdir(), `ysjs-e2e-${port}.json`)
fs.writeFileSync(servicesFile, JSON.stringify({ redisUrl: services.redisUrl, redisPrefix }))
const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: services.redisUrl,
    REDIS_PREFIX: redisPrefix,
    QUEUE_PREFIX: queuePrefix,
    CAPTCHA_ENABLED: 'false',
    WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    RATE_LIMIT_AUTH_PER_MINUTE: '10000',
    // The test database is on this machine: the operator's allow-list lets the code generator's data
    // sources reach it (the develop spec tests a connection to it).
    DATASOURCE_ALLOWED_HOSTS: new URL(services.databaseUrl).host,
    // Third-party login against the local provider stub (the guest registration spec uses it).
    SOCIAL_TOKEN_URL: `${oidc.url}/token`,
    SOCIAL_USERINFO_URL: `${oidc.url}/userinfo`,
    SOCIAL_CLIENT_ID: 'ysjs-e2e',
    SOCIAL_CLIENT_SECRET: 'e2e-secret',
  },
})
const worker = spawn(process.execPath, [path.join(root, 'apps/worker/dist/main.js')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: services.redisUrl,
    REDIS_PREFIX: redisPrefix,
    QUEUE_PREFIX: queuePrefix,
    WORKER_HEALTH_PORT: '0',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  },
})
const stop = () => {
  worker.kill('SIGTERM')
  child.kill('SIGTERM')
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
child.on('exit', async (code) => {
  worker.kill('SIGTERM')
  fs.rmSync(servicesFile, { force: true })
  oidc.close()
  await services.stop()
  process.exit(code ?? 0)
})
