// Throughput benchmark of the API against a bare Fastify + pg baseline running the same SQL.
//   node bench/run.mjs        (from the repository root; `pnpm bench` does the same)
// Prints figures and writes bench/results/latest.json; asserts nothing. See bench/README.md.
// Settings (env): BENCH_PG_URL (server URL without database, default postgresql://postgres@127.0.0.1:5432),
// BENCH_REDIS_URL (redis://127.0.0.1:6379), BENCH_DURATION (s per scenario, 10), BENCH_WARMUP (s, 2),
// BENCH_CONNECTIONS (10), BENCH_ONLY (comma-separated scenario-name substrings to run a subset),
// BENCH_DB (database name, ysjs_bench), BENCH_PARAMS (parameters added for the list scenario, 300),
// BENCH_ROUNDS (1: run every scenario this many times in turn and report medians), BENCH_JIT_WARMUP
// (3000: requests per scenario before the first round, so the JIT has compiled the hot paths), BENCH_API_JS (the API
// bundle to start, apps/api/dist/server.js; e.g. a copy of an older build, to compare on one machine).
import { spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const requireApi = createRequire(path.join(root, 'apps/api/package.json'))
const autocannon = requireApi('autocannon')
const pg = requireApi('pg')
const { Redis } = requireApi('ioredis')
const argon2 = requireApi('@node-rs/argon2')

const PG_URL = (process.env.BENCH_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432').replace(/\/+$/, '')
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const DB_NAME = process.env.BENCH_DB ?? 'ysjs_bench'
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(DB_NAME)) {
  throw new Error(`BENCH_DB must be a plain lower-case identifier, not ${DB_NAME}`)
}
const EXTRA_PARAMS = Number(process.env.BENCH_PARAMS ?? 300)
const LIST_SIZE = 10
const DATABASE_URL = `${PG_URL}/${DB_NAME}`
const REDIS_PREFIX = `bench:${randomBytes(4).toString('hex')}:`
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1))
// The API runs far more JavaScript per request than the baseline (Prisma, Zod, Fastify plugins):
// measured cold, its first thousands of requests pay for V8 compiling it (on 2 busy cores, for
// 20 s or more at a few hundred requests per second), and the ratio would measure warm-up.
const JIT_WARMUP_REQUESTS = Math.max(0, Number(process.env.BENCH_JIT_WARMUP ?? 3000))
const POOL_MAX = 10 // the API's DATABASE_POOL_MAX default; the baseline gets the same
const RESULTS_FILE = path.join(root, 'bench/results/latest.json')

const md5 = (s) => createHash('md5').update(s).digest('hex')
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`
const TENANT = '000000'
const tokenQuery = (user, password = user) =>
  `tenantId=${TENANT}&username=${user}&password=${md5(password)}&grant_type=password&scope=all`
/**
 * The token rows log in with one account per connection: the login guard refuses more concurrent
 * checks of one account from one address than its failure limit (decision 005), so ten connections on
 * one account would measure that refusal, not logins. Copies of admin (its password, roles and depts).
 */
const benchAccount = (i) => `bench${String(i + 1).padStart(2, '0')}`

const log = (...args) => console.log('[bench]', ...args)
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

// --- processes ----------------------------------------------------------------------------------

const children = new Set()

/** Runs a command to completion (output captured), killing it after timeoutMs. */
const run = (cmd, args, { env = {}, timeoutMs = 180_000 } = {}) =>
  new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.add(child)
    let out = ''
    child.stdout.on('data', (d) => {
      out += d
    })
    child.stderr.on('data', (d) => {
      out += d
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      children.delete(child)
      if (code === 0) {
        resolve(out)
      } else {
        reject(
          new Error(`${cmd} ${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${out.slice(-4000)}`),
        )
      }
    })
  })

/** Starts a long-running server; its last output lines are kept for error messages. */
const startServer = (name, args, env) => {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  const tail = []
  const keep = (d) => {
    tail.push(...String(d).split('\n').filter(Boolean))
    tail.splice(0, Math.max(0, tail.length - 40))
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  child.on('exit', () => children.delete(child))
  return { name, child, tail }
}

const stopChild = async (child, graceMs = 5_000) => {
  if (child.exitCode !== null || child.signalCode !== null) {
    return
  }
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const deadline = Date.now() + graceMs
  while (child.exitCode === null && child.signalCode === null && Date.now() < deadline) {
    await Promise.race([exited, sleep(100)])
  }
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL')
    await Promise.race([exited, sleep(2_000)])
  }
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })

const waitForHealth = async (server, url, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`${server.name} exited (${server.child.exitCode}):\n${server.tail.join('\n')}`)
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      if (res.ok) {
        return
      }
    } catch {
      // not listening yet
    }
    await sleep(200)
  }
  throw new Error(`${server.name} not healthy after ${timeoutMs} ms:\n${server.tail.join('\n')}`)
}

// --- database and redis -------------------------------------------------------------------------

const query = async (url, sql, params = []) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
  await client.connect()
  try {
    return (await client.query(sql, params)).rows
  } finally {
    await client.end()
  }
}
const adminQuery = (sql) => query(`${PG_URL}/postgres`, sql)

/** Median wall time of one argon2id verification of the admin's stored hash, on this thread. */
const argon2VerifyMs = async () => {
  const [{ password }] = await query(
    DATABASE_URL,
    "SELECT password FROM blade_user WHERE account = 'admin' LIMIT 1",
  )
  const times = []
  for (let i = 0; i < 22; i++) {
    const t0 = process.hrtime.bigint()
    argon2.verifySync(password, md5('admin'))
    times.push(Number(process.hrtime.bigint() - t0) / 1e6)
  }
  const sorted = times.slice(2).sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/** The token rows' accounts: copies of admin (same hash, roles, depts), one per connection. */
const addBenchAccounts = async (count) => {
  await query(
    DATABASE_URL,
    `INSERT INTO blade_user
     SELECT (jsonb_populate_record(NULL::blade_user, to_jsonb(u) || jsonb_build_object(
       'id', 1910000000000000000 + i, 'account', 'bench' || lpad(i::text, 2, '0'),
       'real_name', 'bench' || lpad(i::text, 2, '0'), 'phone', NULL, 'email', NULL))).*
     FROM blade_user u, generate_series(1, $1::int) AS i
     WHERE u.account = 'admin' AND u.tenant_id = '000000' AND u.is_deleted = 0`,
    [count],
  )
  await query(
    DATABASE_URL,
    `INSERT INTO blade_user_dept (id, user_id, dept_id)
     SELECT 1920000000000000000 + i * 100 + row_number() OVER (PARTITION BY i), 1910000000000000000 + i, d.dept_id
     FROM blade_user_dept d JOIN blade_user u ON u.id = d.user_id, generate_series(1, $1::int) AS i
     WHERE u.account = 'admin' AND u.tenant_id = '000000' AND u.is_deleted = 0`,
    [count],
  )
}

/** Parameters for the list scenario, a minute apart, so a page is a page of a realistic table. */
const addParams = (count) =>
  query(
    DATABASE_URL,
    `INSERT INTO blade_param (id, param_name, param_key, param_value, remark, create_user, create_dept,
       create_time, update_user, update_time, status, is_deleted)
     SELECT 1900000000000000000 + i, '压测参数 ' || i, 'bench.param.' || i, repeat('v', 1 + i % 40),
       CASE WHEN i % 3 = 0 THEN NULL ELSE '备注 ' || i END, 1123598821738675201, 1123598813738675201,
       now() - i * interval '1 minute', CASE WHEN i % 2 = 0 THEN 1123598821738675201 END,
       CASE WHEN i % 2 = 0 THEN now() - i * interval '30 second' END, 1, CASE WHEN i % 10 = 0 THEN 1 ELSE 0 END
     FROM generate_series(1, $1::int) AS i`,
    [count],
  )

const resetDatabase = async () => {
  await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`)
  await adminQuery(`CREATE DATABASE ${DB_NAME}`)
}

/** Deletes every key under the run's prefix; bounded by time. Returns how many were deleted. */
const deleteRedisKeys = async (timeoutMs = 30_000) => {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3_000 })
  let deleted = 0
  try {
    await redis.connect()
    const deadline = Date.now() + timeoutMs
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${REDIS_PREFIX}*`, 'COUNT', 1000)
      cursor = next
      if (keys.length) {
        deleted += await redis.del(...keys)
      }
    } while (cursor !== '0' && Date.now() < deadline)
  } finally {
    redis.disconnect()
  }
  return deleted
}

// --- load ---------------------------------------------------------------------------------------

const cannon = (opts) =>
  new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, pipelining: 1, timeout: 10, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    )
  })

const TICKS_PER_S = 100 // USER_HZ: the unit of utime/stime in /proc/<pid>/stat on Linux

/** User and system CPU time of a process in ms (Linux /proc), or null elsewhere. */
const cpuMsOf = (pid) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return {
      user: (Number(fields[11]) * 1000) / TICKS_PER_S,
      system: (Number(fields[12]) * 1000) / TICKS_PER_S,
    }
  } catch {
    return null
  }
}

/** autocannon options of a scenario; `perConnection(i)` gives each connection its own path. */
const cannonOpts = (scenario) => {
  const opts = { url: scenario.url, method: scenario.method, headers: scenario.headers }
  if (!scenario.perConnection) {
    return opts
  }
  let next = 0
  return {
    ...opts,
    // setRequests, not setRequest: the latter changes only the next request, and the connection then
    // cycles back to the scenario's own URL.
    setupClient: (client) => {
      client.setRequests([
        {
          method: scenario.method,
          path: scenario.perConnection(next++ % CONNECTIONS),
          headers: scenario.headers,
        },
      ])
    },
  }
}

const measure = async (scenario) => {
  const opts = cannonOpts(scenario)
  if (WARMUP_S > 0) {
    await cannon({ ...opts, duration: WARMUP_S })
  }
  const cpuBefore = cpuMsOf(scenario.pid)
  const r = await cannon({ ...opts, duration: DURATION_S })
  const cpuAfter = cpuMsOf(scenario.pid)
  if (r.non2xx > 0) {
    const codes = Object.entries(r.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${count} × ${code}`)
    log(`  ${scenario.name}: non-2xx answers: ${codes.join(', ') || r.non2xx}`)
  }
  return {
    name: scenario.name,
    pair: scenario.pair,
    side: scenario.side,
    method: scenario.method,
    path: new URL(scenario.url).pathname,
    reqPerSec: r.requests.mean,
    latencyMs: {
      mean: r.latency.mean,
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
    },
    requests: r.requests.total,
    ok2xx: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    durationS: r.duration,
    // The server process's own CPU per answer: unlike req/s, hardly moved by other load on the machine
    // (PostgreSQL's and Redis's share is not in it).
    serverCpuMsPerReq:
      cpuBefore === null || cpuAfter === null || !r.requests.total
        ? null
        : (cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system) / r.requests.total,
    serverSystemCpuShare:
      cpuBefore === null || cpuAfter === null
        ? null
        : (cpuAfter.system - cpuBefore.system) /
          Math.max(1e-9, cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system),
  }
}

/** One request before load, so a broken scenario fails loudly instead of measuring error pages. */
const probe = async (scenario) => {
  const res = await fetch(scenario.url, { method: scenario.method, headers: scenario.headers })
  const body = await res.text()
  if (!res.ok) {
    throw new Error(`${scenario.name}: ${res.status} ${body.slice(0, 300)}`)
  }
  return body
}

const login = async (base, user) => {
  const res = await fetch(`${base}/api/ysjs-auth/oauth/token?${tokenQuery(user)}`, {
    method: 'POST',
    headers: { authorization: BASIC, 'tenant-id': TENANT },
  })
  const body = await res.json()
  if (!res.ok || !body.access_token) {
    throw new Error(`login as ${user} failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`)
  }
  return body
}

// --- report -------------------------------------------------------------------------------------

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-')

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** product/baseline of one round, per baseline scenario name. */
const roundRatios = (results) =>
  new Map(
    results
      .filter((r) => r.side !== 'product')
      .flatMap((r) => {
        const product = results.find((p) => p.pair === r.pair && p.side === 'product')
        return product
          ? [
              [
                r.name,
                {
                  reqPerSec: product.reqPerSec / r.reqPerSec,
                  p50: product.latencyMs.p50 / r.latencyMs.p50,
                  p99: product.latencyMs.p99 / r.latencyMs.p99,
                  serverCpu: product.serverCpuMsPerReq / r.serverCpuMsPerReq,
                },
              ],
            ]
          : []
      }),
  )

/**
 * Several rounds to one: per scenario the median of each figure (counts summed), per baseline the
 * median of the rounds' ratios (each ratio compares two runs minutes apart at most, so the machine's
 * other load cancels out better than in a ratio of medians).
 */
const combineRounds = (rounds) => {
  const results = rounds[0].map((first, i) => {
    const all = rounds.map((round) => round[i])
    const med = (f) => median(all.map(f))
    const sum = (f) => all.reduce((n, r) => n + f(r), 0)
    return {
      ...first,
      reqPerSec: med((r) => r.reqPerSec),
      latencyMs: Object.fromEntries(Object.keys(first.latencyMs).map((k) => [k, med((r) => r.latencyMs[k])])),
      serverCpuMsPerReq: all.some((r) => r.serverCpuMsPerReq === null)
        ? null
        : med((r) => r.serverCpuMsPerReq),
      requests: sum((r) => r.requests),
      ok2xx: sum((r) => r.ok2xx),
      non2xx: sum((r) => r.non2xx),
      errors: sum((r) => r.errors),
      timeouts: sum((r) => r.timeouts),
      durationS: sum((r) => r.durationS),
      rounds: all.map((r) => r.reqPerSec),
    }
  })
  const perRound = rounds.map(roundRatios)
  const ratios = new Map(
    [...perRound[0].keys()].map((name) => {
      const each = perRound.map((m) => m.get(name))
      return [
        name,
        {
          reqPerSec: median(each.map((x) => x.reqPerSec)),
          p50: median(each.map((x) => x.p50)),
          p99: median(each.map((x) => x.p99)),
          serverCpu: median(each.map((x) => x.serverCpu)),
          roundsReqPerSec: each.map((x) => x.reqPerSec),
        },
      ]
    }),
  )
  return { results, ratios }
}

const printTable = (results, ratios) => {
  const rows = [
    [
      'scenario',
      'req/s',
      'p50 ms',
      'p99 ms',
      'non-2xx',
      'CPU ms/req',
      'product/bare req/s',
      'product/bare p99',
      'product/bare CPU',
    ],
  ]
  for (const r of results) {
    const ratio = ratios.get(r.name)
    rows.push([
      r.name,
      fmt(r.reqPerSec),
      fmt(r.latencyMs.p50, 0),
      fmt(r.latencyMs.p99, 0),
      String(r.non2xx + r.errors),
      fmt(r.serverCpuMsPerReq, 2),
      ...(ratio ? [fmt(ratio.reqPerSec, 2), fmt(ratio.p99, 2), fmt(ratio.serverCpu, 2)] : ['', '', '']),
    ])
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)))
  const line = (row) =>
    `| ${row.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`
  console.log()
  console.log(line(rows[0]))
  console.log(
    `|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  )
  for (const row of rows.slice(1)) {
    console.log(line(row))
  }
  console.log()
}

/**
 * The list endpoint's ratio, and what the rest is made of, from the server CPU per answer of the three
 * sides (the one figure other load on the machine hardly moves): the SQL and the wire format (bare), the
 * token check every authenticated call makes (bare + token − bare), and what the product adds beyond
 * both. `node bench/profile.mjs '/api/ysjs-system/param/list?current=1&size=10'` splits that last part
 * by package.
 */
const explainList = (results) => {
  const side = (name) => results.find((r) => r.pair === 'list' && r.side === name)
  const product = side('product')
  const bare = side('bare')
  const token = side('bare-token')
  if (!product || !bare) {
    return
  }
  const ratio = product.reqPerSec / bare.reqPerSec
  log(
    `list: product/bare ${fmt(ratio, 2)} (goal ≥ 0.6): ${fmt(product.serverCpuMsPerReq, 2)} ms of API CPU per page ` +
      `against ${fmt(bare.serverCpuMsPerReq, 2)} ms for the same SQL and JSON on bare pg`,
  )
  if (token) {
    const tokenMs = Math.max(0, token.serverCpuMsPerReq - bare.serverCpuMsPerReq)
    const rest = product.serverCpuMsPerReq - Math.max(bare.serverCpuMsPerReq, token.serverCpuMsPerReq)
    log(
      `list: the token check (JWT + token state in Redis) costs ${fmt(tokenMs, 2)} ms; the other ${fmt(rest, 2)} ms ` +
        'are the generic CRUD: Prisma building and interpreting two queries (the page and the count) and ' +
        'mapping their rows, the access hook and filter parsing, the Zod response serialiser and the headers ' +
        '(bench/profile.mjs splits them by package)',
    )
  }
}

// --- main ---------------------------------------------------------------------------------------

let cleanedUp = false
const cleanup = async () => {
  if (cleanedUp) {
    return
  }
  cleanedUp = true
  await Promise.all([...children].map((c) => stopChild(c)))
  const steps = [
    ['drop database', () => adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`)],
    [
      'delete redis keys',
      async () => log(`deleted ${await deleteRedisKeys()} redis keys under ${REDIS_PREFIX}`),
    ],
  ]
  for (const [name, step] of steps) {
    try {
      await step()
    } catch (err) {
      console.error(`[bench] cleanup: ${name} failed: ${err.message}`)
    }
  }
}

const onSignal = (signal) => {
  console.error(`[bench] ${signal}: cleaning up`)
  const hardStop = setTimeout(() => process.exit(130), 45_000)
  hardStop.unref()
  cleanup().finally(() => process.exit(130))
}
process.once('SIGINT', () => onSignal('SIGINT'))
process.once('SIGTERM', () => onSignal('SIGTERM'))

const main = async () => {
  const started = Date.now()
  log(
    `node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per scenario`,
  )

  log(`database ${DB_NAME}: reset, migrate, seed`)
  await resetDatabase()
  await run('pnpm', ['db:migrate'], { env: { DATABASE_URL } })
  await run('pnpm', ['db:seed'], { env: { DATABASE_URL } })
  await addParams(EXTRA_PARAMS)
  const [{ live }] = await query(
    DATABASE_URL,
    'SELECT count(*)::int AS live FROM blade_param WHERE is_deleted = 0',
  )
  log(`blade_param: ${live} live rows (${EXTRA_PARAMS} added, every tenth soft-deleted)`)

  await addBenchAccounts(CONNECTIONS)
  log(`token rows: ${CONNECTIONS} accounts (bench01…), one per connection`)

  const verifyMs = await argon2VerifyMs()
  log(`argon2id verify of the seeded admin hash: ${fmt(verifyMs)} ms (median of 20, one thread)`)

  const serverJs = path.resolve(root, process.env.BENCH_API_JS ?? 'apps/api/dist/server.js')
  if (!fs.existsSync(serverJs) && !process.env.BENCH_API_JS) {
    log('apps/api/dist missing: building the API')
    await run('pnpm', ['--filter', '@ysjs/api', 'build'], { timeoutMs: 300_000 })
  }

  const [apiPort, barePort] = [await freePort(), await freePort()]
  const jwtSecret = randomBytes(48).toString('base64')
  const api = startServer('api', [serverJs], {
    NODE_ENV: 'production',
    JWT_SECRET: jwtSecret,
    DATA_KEY: randomBytes(32).toString('base64'),
    // The web client's password grant needs a captcha when it is on; the bench logs in without one.
    CAPTCHA_ENABLED: 'false',
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    DATABASE_URL,
    DATABASE_POOL_MAX: String(POOL_MAX),
    REDIS_URL,
    REDIS_PREFIX,
    RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
    LOG_LEVEL: 'warn',
    API_LOG_ENABLED: 'true',
    WEB_DIST_DIR: '',
    S3_ENDPOINT: '',
  })
  const bare = startServer('bare', [path.join(root, 'bench/bare-server.mjs')], {
    PORT: String(barePort),
    DATABASE_URL,
    DATABASE_POOL_MAX: String(POOL_MAX),
    // The list's token-checked baseline verifies the API's tokens against the API's token state.
    JWT_SECRET: jwtSecret,
    REDIS_URL,
    REDIS_PREFIX,
  })
  const apiBase = `http://127.0.0.1:${apiPort}`
  const bareBase = `http://127.0.0.1:${barePort}`
  await waitForHealth(api, `${apiBase}/api/health`)
  await waitForHealth(bare, `${bareBase}/bare/health`)
  log(`api on ${apiPort} (redis prefix ${REDIS_PREFIX}), bare on ${barePort}`)

  const admin = await login(apiBase, 'admin')
  const hr = await login(apiBase, 'hr')
  const who = (t) =>
    `roleIds=${t.role_id}&administrator=${t.role_name.split(',').includes('administrator') ? 1 : 0}&tenantId=${t.tenant_id}`
  const tokenHeaders = { authorization: BASIC, 'tenant-id': TENANT }
  const routes = '/api/ysjs-system/menu/routes'
  const page = `current=1&size=${LIST_SIZE}`

  const scenarios = [
    {
      pair: 'token',
      side: 'product',
      name: 'token (password grant) · product',
      method: 'POST',
      url: `${apiBase}/api/ysjs-auth/oauth/token?${tokenQuery(benchAccount(0), 'admin')}`,
      headers: tokenHeaders,
      perConnection: (i) => `/api/ysjs-auth/oauth/token?${tokenQuery(benchAccount(i), 'admin')}`,
    },
    {
      pair: 'token',
      side: 'bare',
      name: 'token (password grant) · bare',
      method: 'POST',
      url: `${bareBase}/bare/token?${tokenQuery(benchAccount(0), 'admin')}`,
      headers: tokenHeaders,
      perConnection: (i) => `/bare/token?${tokenQuery(benchAccount(i), 'admin')}`,
    },
    {
      pair: 'routes-admin',
      side: 'product',
      name: 'menu/routes admin · product',
      method: 'GET',
      url: `${apiBase}${routes}`,
      headers: { 'blade-auth': `bearer ${admin.access_token}` },
    },
    {
      pair: 'routes-admin',
      side: 'bare',
      name: 'menu/routes admin · bare',
      method: 'GET',
      url: `${bareBase}/bare/routes?${who(admin)}`,
    },
    {
      pair: 'routes-admin',
      side: 'bare-cached',
      name: 'menu/routes admin · bare, menus and grants cached 5 s',
      method: 'GET',
      url: `${bareBase}/bare/routes-cached?${who(admin)}`,
    },
    {
      pair: 'routes-hr',
      side: 'product',
      name: 'menu/routes hr · product',
      method: 'GET',
      url: `${apiBase}${routes}`,
      headers: { 'blade-auth': `bearer ${hr.access_token}` },
    },
    {
      pair: 'routes-hr',
      side: 'bare',
      name: 'menu/routes hr · bare',
      method: 'GET',
      url: `${bareBase}/bare/routes?${who(hr)}`,
    },
    {
      pair: 'routes-hr',
      side: 'bare-cached',
      name: 'menu/routes hr · bare, menus and grants cached 5 s',
      method: 'GET',
      url: `${bareBase}/bare/routes-cached?${who(hr)}`,
    },
    {
      pair: 'list',
      side: 'product',
      name: `param/list ${LIST_SIZE} admin · product`,
      method: 'GET',
      url: `${apiBase}/api/ysjs-system/param/list?${page}`,
      headers: { 'blade-auth': `bearer ${admin.access_token}` },
    },
    {
      pair: 'list',
      side: 'bare',
      name: `param/list ${LIST_SIZE} · bare`,
      method: 'GET',
      url: `${bareBase}/bare/param/list?${page}`,
    },
    {
      pair: 'list',
      side: 'bare-token',
      name: `param/list ${LIST_SIZE} · bare + token check`,
      method: 'GET',
      url: `${bareBase}/bare/param/list-token?${page}`,
      headers: { 'blade-auth': `bearer ${admin.access_token}` },
    },
  ]
    .filter((s) => !ONLY.length || ONLY.some((o) => s.name.includes(o) || s.pair.includes(o)))
    .map((s) => ({ ...s, pid: (s.url.startsWith(apiBase) ? api : bare).child.pid }))

  // Both sides must answer the same menus before their speed is compared.
  const bodies = {}
  for (const s of scenarios) {
    bodies[s.name] = await probe(s)
  }
  const sizes = {}
  for (const s of scenarios.filter((x) => x.pair.startsWith('routes'))) {
    const count = (nodes) => nodes.reduce((n, m) => n + 1 + count(m.children ?? []), 0)
    sizes[s.name] = count(JSON.parse(bodies[s.name]).data ?? [])
  }
  for (const pair of new Set(Object.keys(sizes).map((n) => scenarios.find((s) => s.name === n).pair))) {
    const counts = scenarios.filter((s) => s.pair === pair).map((s) => `${s.side} ${sizes[s.name]}`)
    log(`${pair}: menus in the tree: ${counts.join(', ')}`)
  }

  // The same page, byte for byte, on every side of the list pair.
  const lists = scenarios.filter((s) => s.pair === 'list')
  for (const s of lists.slice(1)) {
    if (bodies[s.name] !== bodies[lists[0].name]) {
      throw new Error(
        `list answers differ:\n${lists[0].name}: ${bodies[lists[0].name].slice(0, 400)}\n${s.name}: ${bodies[s.name].slice(0, 400)}`,
      )
    }
  }
  if (lists.length) {
    const { data } = JSON.parse(bodies[lists[0].name])
    log(`list: ${data.records.length} of ${data.total} rows, the same bytes on every side`)
  }

  if (JIT_WARMUP_REQUESTS > 0) {
    log(`JIT warm-up: ${JIT_WARMUP_REQUESTS} requests per scenario (token: a tenth; argon2 is native)`)
    for (const s of scenarios) {
      const amount = s.pair === 'token' ? Math.ceil(JIT_WARMUP_REQUESTS / 10) : JIT_WARMUP_REQUESTS
      await cannon({ ...cannonOpts(s), amount })
    }
  }

  const rounds = []
  for (let round = 1; round <= ROUNDS; round++) {
    const results = []
    for (const s of scenarios) {
      log(`${ROUNDS > 1 ? `round ${round}/${ROUNDS}: ` : ''}${s.name} …`)
      const r = await measure(s)
      if (s.pair.startsWith('routes')) {
        r.menus = sizes[s.name]
      }
      r.responseBytes = Buffer.byteLength(bodies[s.name])
      results.push(r)
    }
    rounds.push(results)
    if (ROUNDS > 1) {
      log(`round ${round}:`)
      printTable(results, roundRatios(results))
    }
  }

  const { results, ratios } = combineRounds(rounds)
  if (ROUNDS > 1) {
    log(`median of ${ROUNDS} rounds (ratios: median of the rounds' ratios):`)
    for (const [name, r] of ratios) {
      log(`  ${name}: product/bare req/s by round ${r.roundsReqPerSec.map((x) => fmt(x, 2)).join(', ')}`)
    }
  }
  printTable(results, ratios)
  const cores = os.cpus().length
  const ceiling = (cores * 1000) / verifyMs
  const token = results.find((r) => r.pair === 'token' && r.side === 'product')
  if (token) {
    log(
      `token issuance: ${fmt(token.reqPerSec)} logins/s; argon2id costs ${fmt(verifyMs)} ms of CPU per login (by design), ` +
        `so ${cores} cores cap logins at ≈ ${fmt(ceiling, 0)}/s before any other work`,
    )
  }

  explainList(results)

  const report = {
    at: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    settings: {
      connections: CONNECTIONS,
      warmupS: WARMUP_S,
      durationS: DURATION_S,
      rounds: ROUNDS,
      poolMax: POOL_MAX,
      database: DB_NAME,
    },
    argon2: { verifyMs, loginCeilingPerSec: ceiling },
    results,
    ratios: Object.fromEntries(
      results
        .filter((r) => ratios.has(r.name))
        .map((r) => [`${r.pair}: product/${r.side}`, ratios.get(r.name)]),
    ),
    elapsedS: Math.round((Date.now() - started) / 1000),
  }
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true })
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`)
  log(`results written to ${path.relative(root, RESULTS_FILE)}`)
}

let exitCode = 0
try {
  await main()
} catch (err) {
  console.error(`[bench] failed: ${err.stack ?? err}`)
  exitCode = 1
} finally {
  await cleanup()
}
process.exit(exitCode)
