import { type ChildProcess, spawn } from 'node:child_process'
import { appendFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { FLOW_COMMAND_QUEUE, FLOW_TIMER_QUEUE } from '@ysjs/shared'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'

const WORKER_DIR = fileURLToPath(new URL('../../../worker', import.meta.url))
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

/** A real worker process (the flow engine) on a test database and queue prefix. */
export const startFlowWorker = async (opts: { databaseUrl: string; queuePrefix: string }) => {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: WORKER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: opts.databaseUrl,
      REDIS_URL,
      QUEUE_PREFIX: opts.queuePrefix,
      WORKER_HEALTH_PORT: '0',
      LOG_LEVEL: 'info',
      JOB_STALLED_INTERVAL_MS: '2000',
      JOB_LOCK_DURATION_MS: '4000',
      WORKER_ID: `flow-test-${process.pid}-${opts.queuePrefix}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('worker did not start')), 60_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      if (process.env.FLOW_TEST_LOG) {
        appendFileSync(process.env.FLOW_TEST_LOG, chunk)
      }
      if (chunk.toString().includes('flow timers rescheduled')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => reject(new Error(`worker exited ${code}`)))
  })
  return {
    child,
    /** Kills the worker (SIGKILL) and waits for it to exit. */
    async kill() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGKILL')
        await exited
      }
    },
  }
}

/** Removes the flow queues of a test prefix. */
export const dropFlowQueues = async (queuePrefix: string) => {
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null })
  for (const name of [FLOW_COMMAND_QUEUE, FLOW_TIMER_QUEUE]) {
    const q = new Queue(name, { connection, prefix: queuePrefix })
    await q.obliterate({ force: true }).catch(() => {})
    await q.close()
  }
  connection.disconnect()
}
