// CPU profile of the built API under load on one endpoint, and the functions with the most self time.
//   node bench/profile.mjs <path> [user] [seconds]      e.g. node bench/profile.mjs /api/ysjs-system/menu/routes admin 10
// Runs against an existing, migrated and seeded database (env DATABASE_URL; it is not modified) and
// Redis (REDIS_URL, keys under a prefix of its own, deleted at the end). Starts apps/api/dist/server.js
// with --cpu-prof, logs in, drives the path with autocannon (10 connections), stops the API, and prints
// the top self-time functions and the top packages. The .cpuprofile stays in bench/results/ for
// Chrome DevTools. Dependencies resolve from apps/api.
import { spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const requireApi = createRequire(path.join(root, 'apps/api/package.json'))
const autocannon = requireApi('autocannon')
const { Redis } = requireApi('ioredis')

const [target = '/api/ysjs-system/menu/routes', user = 'admin', seconds = '10'] = process.argv.slice(2)
const DATABASE_URL = process.env.DATABASE_URL
if (!DATABASE_URL) {
  throw new Error('DATABASE_URL (a migrated and seeded database) is required')
}
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const REDIS_PREFIX = `bench-profile:${randomBytes(4).toString('hex')}:`
const outDir = path.join(root, 'bench/results')
fs.mkdirSync(outDir, { recursive: true })

const port = await new Promise((resolve, reject) => {
  const srv = net.createServer()
  srv.on('error', reject)
  srv.listen(0, '127.0.0.1', () => {
    const { port } = srv.address()
    srv.close(() => resolve(port))
  })
})
const base = `http://127.0.0.1:${port}`
const profName = `api-${Date.now()}.cpuprofile`
const api = spawn(
  process.execPath,
  ['--cpu-prof', `--cpu-prof-dir=${outDir}`, `--cpu-prof-name=${profName}`, 'apps/api/dist/server.js'],
  {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(48).toString('base64'),
      DATA_KEY: randomBytes(32).toString('base64'),
      CAPTCHA_ENABLED: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      REDIS_URL,
      REDIS_PREFIX,
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
      API_LOG_ENABLED: 'true',
      WEB_DIST_DIR: '',
      S3_ENDPOINT: '',
    },
  },
)

// The load's start and end on the monotonic clock V8 stamps samples with: start-up is left out.
const window = { from: 0n, to: 0n }
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
try {
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        break
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || api.exitCode !== null) {
      throw new Error('the API did not start')
    }
    await sleep(200)
  }
  const md5 = (s) => createHash('md5').update(s).digest('hex')
  const q = `tenantId=000000&username=${user}&password=${md5(user)}&grant_type=password&scope=all`
  const login = await fetch(`${base}/api/ysjs-auth/oauth/token?${q}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'tenant-id': '000000',
    },
  }).then((r) => r.json())
  const headers = { 'blade-auth': `bearer ${login.access_token}` }
  const probe = await fetch(`${base}${target}`, { headers })
  if (!probe.ok) {
    throw new Error(`${target}: ${probe.status} ${(await probe.text()).slice(0, 300)}`)
  }
  window.from = process.hrtime.bigint() / 1000n
  const result = await autocannon({
    url: `${base}${target}`,
    headers,
    connections: 10,
    duration: Number(seconds),
  })
  window.to = process.hrtime.bigint() / 1000n
  console.log(
    `${target} as ${user}: ${result.requests.mean.toFixed(0)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
  )
} finally {
  const exited = new Promise((resolve) => api.once('exit', resolve))
  api.kill('SIGTERM')
  await Promise.race([exited, sleep(15_000)])
  const redis = new Redis(REDIS_URL)
  const keys = await redis.keys(`${REDIS_PREFIX}*`)
  if (keys.length) {
    await redis.del(...keys)
  }
  redis.disconnect()
}

// Self time per function (and per package), from the sampled call tree.
const profile = JSON.parse(fs.readFileSync(path.join(outDir, profName), 'utf8'))
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const dt = new Map()
let at = profile.startTime
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0
  if (at >= Number(window.from) && at <= Number(window.to)) {
    dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
  }
})
const total = [...dt.values()].reduce((a, b) => a + b, 0)
const idle = new Set(['(idle)', '(program)', '(garbage collector)'])
const where = (cf) => {
  const m = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(cf.url)
  if (m) {
    return m[1]
  }
  if (cf.url.includes('/apps/api/dist/')) {
    return 'api'
  }
  return cf.url.startsWith('node:') || cf.url === '' ? 'node' : path.relative(root, cf.url)
}
const fns = new Map()
const pkgs = new Map()
for (const [id, us] of dt) {
  const cf = byId.get(id).callFrame
  const key = `${cf.functionName || '(anonymous)'}  ${where(cf)}${cf.url ? `:${cf.lineNumber + 1}` : ''}`
  fns.set(key, (fns.get(key) ?? 0) + us)
  const pkg = idle.has(cf.functionName) ? cf.functionName : where(cf)
  pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us)
}
const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)} %`
console.log(`\nself time by package (of ${(total / 1e6).toFixed(1)} s sampled):`)
for (const [k, us] of [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
  console.log(`${pct(us)}  ${k}`)
}
console.log('\ntop functions by self time:')
for (const [k, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
  console.log(`${pct(us)}  ${k}`)
}
// Inclusive time (a function and everything it called), counted once per stack.
const children = new Map(profile.nodes.map((n) => [n.id, n.children ?? []]))
const inclusive = new Map()
const walk = (id, onStack) => {
  const cf = byId.get(id).callFrame
  const key = `${cf.functionName || '(anonymous)'}  ${where(cf)}${cf.url ? `:${cf.lineNumber + 1}` : ''}`
  let sum = dt.get(id) ?? 0
  const fresh = !onStack.has(key)
  onStack.add(key)
  for (const child of children.get(id)) {
    sum += walk(child, onStack)
  }
  if (fresh) {
    onStack.delete(key)
    inclusive.set(key, (inclusive.get(key) ?? 0) + sum)
  }
  return sum
}
walk(profile.nodes[0].id, new Set())
const INCLUSIVE_OF =
  /\s(api|fastify|@fastify\/[\w-]+|helmet|fast-jwt|ioredis|@prisma\/[\w-]+|pg|pg-pool|zod|fastify-type-provider-zod|find-my-way|pino):/
console.log('\ntop functions by inclusive time (application and its libraries):')
for (const [k, us] of [...inclusive]
  .filter(([k]) => INCLUSIVE_OF.test(k))
  .sort((a, b) => b[1] - a[1])
  .slice(0, 60)) {
  console.log(`${pct(us)}  ${k}`)
}
console.log(`\nprofile: ${path.relative(root, path.join(outDir, profName))}`)
