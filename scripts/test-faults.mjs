// Broken networks for the fault tests (API and worker): a server that accepts connections and never
// answers, a port nobody listens on, and a proxy that delays every chunk in both directions.
import net from 'node:net'

const listen = (server) =>
  new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve(server.address().port))
  })

/** Tracks sockets so `close()` ends them too (a server's close waits for its connections). */
const closable = (server) => {
  const sockets = new Set()
  let accepted = 0
  server.on('connection', (socket) => {
    accepted += 1
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
  })
  return {
    connections: () => sockets.size,
    accepted: () => accepted,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) {
          socket.destroy()
        }
        server.close(() => resolve())
      }),
  }
}

/** Accepts TCP connections and never sends a byte: a hung server or a silently dropping network. */
export const blackHole = async () => {
  const server = net.createServer(() => {})
  const port = await listen(server)
  return { port, ...closable(server) }
}

/** A local port with nothing listening on it (connections are refused at once). */
export const closedPort = async () => {
  const server = net.createServer()
  const port = await listen(server)
  await new Promise((resolve) => server.close(() => resolve()))
  return port
}

/**
 * Forwards to `target` and holds every chunk `delayMs` before passing it on, both ways (a slow
 * network: latency per chunk, order kept). `delayMs` can be changed while it runs; `port` can be
 * given to take over a port a client was told about before the proxy existed.
 */
export const slowProxy = async ({ host = '127.0.0.1', port: targetPort, delayMs = 0, listenPort = 0 }) => {
  const state = { delayMs }
  const pipe = (from, to) => {
    from.on('data', (chunk) => {
      const write = () => {
        if (!to.destroyed) {
          to.write(chunk)
        }
      }
      if (state.delayMs > 0) {
        setTimeout(write, state.delayMs)
      } else {
        write()
      }
    })
    from.on('end', () => setTimeout(() => to.end(), state.delayMs))
    from.on('close', () => setTimeout(() => to.destroy(), state.delayMs))
  }
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, host)
    upstream.on('error', () => client.destroy())
    pipe(client, upstream)
    pipe(upstream, client)
  })
  const handle = closable(server)
  const port = await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(listenPort, '127.0.0.1', () => resolve(server.address().port))
  })
  return {
    port,
    setDelay: (ms) => {
      state.delayMs = ms
    },
    ...handle,
  }
}
