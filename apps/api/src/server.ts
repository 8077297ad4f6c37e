import { buildApp } from './app.ts'

const SHUTDOWN_TIMEOUT_MS = 10_000

const app = await buildApp()
const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down')
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out')
    process.exit(1)
  }, SHUTDOWN_TIMEOUT_MS)
  timer.unref()
  try {
    await app.close()
    process.exit(0)
  } catch (err) {
    app.log.error({ err }, 'shutdown failed')
    process.exit(1)
  }
}
process.once('SIGTERM', () => void shutdown('SIGTERM'))
process.once('SIGINT', () => void shutdown('SIGINT'))

try {
  await app.listen({ host: app.env.HOST, port: app.env.PORT })
} catch (err) {
  app.log.fatal({ err }, 'could not start')
  process.exit(1)
}
