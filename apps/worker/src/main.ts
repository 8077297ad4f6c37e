import { startWorker } from './worker.ts'

const SHUTDOWN_TIMEOUT_MS = 30_000

const worker = await startWorker()
const shutdown = (signal: string) => {
  const timer = setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS)
  timer.unref()
  worker
    .close()
    .then(() => process.exit(0))
    .catch((err: unknown) => {
      console.error(`worker shutdown on ${signal} failed`, err)
      process.exit(1)
    })
}
process.once('SIGTERM', () => shutdown('SIGTERM'))
process.once('SIGINT', () => shutdown('SIGINT'))
