// The worker with Redis unreachable at start (decision 006). Before, it waited forever on its first
// PING and never opened its health port. Now the port opens at once and reports Redis down, the
// connection is retried with backoff and logged, and the queues start when Redis is back.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cloneDatabase, ensureTemplate } from '../../../scripts/test-db.mjs'
import { blackHole, closedPort, slowProxy } from '../../../scripts/test-faults.mjs'
import { startWorker } from '../src/worker.ts'

const base = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
let db: Awaited<ReturnType<typeof cloneDatabase>>

beforeAll(async () => {
  db = await cloneDatabase(await ensureTemplate(base), base, 'worker')
})
afterAll(async () => {
  await db.drop()
})

const logLines = () => {
  const lines: Record<string, unknown>[] = []
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } }
}

const start = (redisPort: number, logStream: { write: (line: string) => void }) =>
  startWorker(
    {
      DATABASE_URL: db.url,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      WORKER_HEALTH_PORT: '0',
      QUEUE_PREFIX: `test-bull-${randomBytes(3).toString('hex')}`,
      LOG_LEVEL: 'info',
    },
    { logStream },
  )

const checkHealth = async (port: number) => {
  const started = performance.now()
  const res = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(5_000) })
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: await res.json(),
    ms: performance.now() - started,
  }
}

const timed = async <T>(fn: () => Promise<T>) => {
  const started = performance.now()
  const value = await fn()
  return { value, ms: performance.now() - started }
}

describe('worker with Redis unreachable at start', () => {
  it('refused port: opens its health port at once, reports Redis down, retries and starts the queues when Redis is back', async () => {
    const port = await closedPort()
    const log = logLines()
    const boot = await timed(() => start(port, log.stream))
    const worker = boot.value
    let proxy: Awaited<ReturnType<typeof slowProxy>> | undefined
    try {
      expect(boot.ms).toBeLessThan(8_000)
      const down = await checkHealth(worker.port)
      expect(down).toMatchObject({
        status: 503,
        type: 'application/json',
        body: { status: 'degraded', database: true, redis: false },
      })
      expect(down.ms).toBeLessThan(1_000)
      // The failure is logged (once, not once per attempt) and retried.
      await expect.poll(() => log.lines.filter((l) => l.msg === 'Redis unavailable, retrying').length).toBe(1)

      // Redis appears on that port: the connection comes back (backoff at most 5 s) and the queues start.
      proxy = await slowProxy({ port: Number(new URL(redisUrl).port || 6379), listenPort: port })
      await expect
        .poll(async () => (await checkHealth(worker.port)).status, { timeout: 15_000, interval: 250 })
        .toBe(200)
      expect((await checkHealth(worker.port)).body).toEqual({ status: 'ok', database: true, redis: true })
      expect(log.lines.map((l) => l.msg)).toEqual(
        expect.arrayContaining(['Redis available again', 'queues started']),
      )
    } finally {
      const closing = await timed(() => worker.close())
      expect(closing.ms).toBeLessThan(5_000)
      await proxy?.close()
    }
  })

  it('a server that accepts and never answers: health within a second, and it still shuts down promptly', async () => {
    const hole = await blackHole()
    const log = logLines()
    const boot = await timed(() => start(hole.port, log.stream))
    const worker = boot.value
    try {
      expect(boot.ms).toBeLessThan(3_000)
      for (let i = 0; i < 3; i++) {
        const down = await checkHealth(worker.port)
        expect(down).toMatchObject({
          status: 503,
          body: { status: 'degraded', database: true, redis: false },
        })
        expect(down.ms).toBeLessThan(1_000)
      }
      // The connect timeout (2 s) turns the silence into an error, which is logged, and the worker
      // connects again.
      await expect
        .poll(() => log.lines.some((l) => l.msg === 'Redis unavailable, retrying'), { timeout: 5_000 })
        .toBe(true)
      await expect.poll(() => hole.accepted(), { timeout: 5_000 }).toBeGreaterThanOrEqual(2)
    } finally {
      const closing = await timed(() => worker.close())
      expect(closing.ms).toBeLessThan(5_000)
      await hole.close()
    }
  })
})
