// The built API in a child process for the issue-11 benches (xlsx-export.mjs, kms-search.mjs): a bench
// database of its own (dropped and re-created, migrated and seeded), the server started on a free port,
// an admin token, and the process's memory: resident (from /proc) and, through the inspector, the heap
// that survives a forced collection (what the process really holds, not garbage waiting for the GC).
import { execFileSync, spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const pg = createRequire(path.join(root, 'apps/api/package.json'))('pg')

/** Re-runs the calling script with `--experimental-websocket` on Node 20 (the inspector client needs it). */
export const ensureWebSocket = async () => {
  if (typeof WebSocket !== 'undefined') {
    return
  }
  const child = spawn(process.execPath, ['--experimental-websocket', ...process.argv.slice(1)], {
    stdio: 'inherit',
  })
  process.exit(await new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1))))
}

/** Drops, creates, migrates and seeds the bench database; answers its URL. */
export const freshDatabase = async (name) => {
  const adminUrl = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres')
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const admin = new pg.Client({ connectionString: adminUrl.toString() })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const env = { ...process.env, DATABASE_URL: url.toString() }
  execFileSync('pnpm', ['db:migrate'], { cwd: root, env, stdio: 'ignore' })
  execFileSync('pnpm', ['db:seed'], { cwd: root, env, stdio: 'ignore' })
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl.toString() })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })

/** The inspector's `ws://` address, printed by the child on stderr at start. */
const inspectorUrl = (child) =>
  new Promise((resolve, reject) => {
    let text = ''
    const timer = setTimeout(() => reject(new Error('no inspector address within 60 s')), 60_000)
    child.stderr.on('data', (chunk) => {
      text += chunk
      const m = text.match(/Debugger listening on (ws:\/\/\S+)/)
      if (m) {
        clearTimeout(timer)
        resolve(m[1])
      }
      process.stderr.write(
        chunk
          .toString()
          .replace(
            /^(Debugger listening|Debugger attached|Debugger ending|Waiting for the debugger|For help).*\n/gm,
            '',
          ),
      )
    })
  })

/** Starts apps/api/dist/server.js on the database; answers its base URL, an admin token and meters. */
export const startApi = async (databaseUrl) => {
  const serverJs = path.join(root, 'apps/api/dist/server.js')
  if (!fs.existsSync(serverJs)) {
    throw new Error('apps/api/dist/server.js missing: run `pnpm --filter @ysjs/api build` first')
  }
  const port = await freePort()
  const child = spawn(process.execPath, ['--inspect=127.0.0.1:0', serverJs], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(48).toString('base64'),
      DATA_KEY: randomBytes(32).toString('base64'),
      CAPTCHA_ENABLED: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `bench:${randomBytes(4).toString('hex')}:`,
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '',
      S3_ENDPOINT: '',
    },
    stdio: ['ignore', 'inherit', 'pipe'],
  })
  const base = `http://127.0.0.1:${port}`
  const inspector = new WebSocket(await inspectorUrl(child))
  await new Promise((resolve, reject) => {
    inspector.onopen = resolve
    inspector.onerror = reject
  })
  let seq = 0
  const pending = new Map()
  inspector.onmessage = (e) => {
    const msg = JSON.parse(e.data)
    pending.get(msg.id)?.(msg.result)
    pending.delete(msg.id)
  }
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      seq += 1
      pending.set(seq, resolve)
      inspector.send(JSON.stringify({ id: seq, method, params }))
    })
  // A loaded machine may take longer to start the API: BENCH_START_TIMEOUT_MS raises the wait.
  const deadline = Date.now() + Number(process.env.BENCH_START_TIMEOUT_MS ?? 120_000)
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        break
      }
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGTERM')
      throw new Error(`API not healthy after ${process.env.BENCH_START_TIMEOUT_MS ?? 120_000} ms`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  const md5 = (s) => createHash('md5').update(s).digest('hex')
  const login = await fetch(
    `${base}/api/ysjs-auth/oauth/token?tenantId=000000&username=admin&password=${md5('admin')}&grant_type=password&scope=all`,
    {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'tenant-id': '000000',
      },
    },
  )
  const token = (await login.json()).access_token
  return {
    base,
    headers: { 'blade-auth': `bearer ${token}` },
    /** Peak and current resident memory (MB), from /proc. */
    resident: () => {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8')
      const kb = (key) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0)
      return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 }
    },
    /** The heap in use right after a full collection (MB). */
    /** The V8 heap now (no collection): used and reserved, in MiB. */
    heapMb: async () => {
      const { usedSize, totalSize } = await send('Runtime.getHeapUsage')
      return { used: usedSize / 1024 / 1024, total: totalSize / 1024 / 1024 }
    },
    retainedHeapMb: async () => {
      await send('HeapProfiler.collectGarbage')
      const { usedSize } = await send('Runtime.getHeapUsage')
      return usedSize / 1024 / 1024
    },
    stop: async () => {
      inspector.close()
      child.kill('SIGTERM')
      await new Promise((r) => setTimeout(r, 500))
    },
  }
}

export const percentile = (xs, p) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]
