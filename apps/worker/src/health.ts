import http from 'node:http'

/** Each check gets this long, all run at once: the endpoint answers within a second (decision 006). */
export const HEALTH_CHECK_TIMEOUT_MS = 500

/** True when `check` succeeds within `ms`; false when it fails or takes longer. */
export const within = (ms: number, check: () => Promise<boolean>): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
  })
  const answer = check().catch(() => false)
  return Promise.race([answer, late]).finally(() => clearTimeout(timer))
}

export type THealth = { status: 'ok' | 'degraded'; database: boolean; redis: boolean }

/** `GET /health`: 200 with the report when everything is up, 503 with it otherwise. */
export const startHealthServer = async (port: number, health: () => Promise<THealth>) => {
  const server = http.createServer((req, res) => {
    if (req.url !== '/health') {
      res.writeHead(404).end()
      return
    }
    void health().then((h) => {
      res
        .writeHead(h.status === 'ok' ? 200 : 503, { 'content-type': 'application/json' })
        .end(JSON.stringify(h))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '0.0.0.0', resolve)
  })
  const address = server.address()
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
