import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

/**
 * Serves the built web app with SPA fallback: unknown non-API GETs answer index.html so client-side
 * routes survive a reload. Hashed assets are cached for a year; index.html never.
 */
export const registerWebStatic = async (app: FastifyInstance, dir: string): Promise<boolean> => {
  const root = path.resolve(dir)
  const index = path.join(root, 'index.html')
  if (!fs.existsSync(index)) {
    app.log.warn({ root }, 'web app not built: static serving disabled')
    return false
  }
  await app.register(fastifyStatic, {
    root,
    // Files are sent by the one route below, so every route still declares its access.
    serve: false,
    setHeaders: (res, file) => {
      res.header(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
    },
  })
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api/')) {
      // Unknown API paths answer in the envelope (404, or 405 for a wrong method), never with the page.
      return reply.callNotFound()
    }
    const pathname = decodeURIComponent(request.url.split('?')[0]!)
    const file = path.join(root, pathname)
    const isFile =
      file.startsWith(root + path.sep) &&
      (await fs.promises.stat(file).then(
        (st) => st.isFile(),
        () => false,
      ))
    if (isFile) {
      return reply.sendFile(path.relative(root, file))
    }
    // A missing file (an asset of an older build, a typo) is a 404, never the page: answering HTML for
    // a script makes the browser fail with a MIME error instead of a clear not-found.
    if (pathname.startsWith('/assets/') || path.extname(pathname) !== '') {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found')
    }
    // Read on every request (it is small): a rebuild while the server runs must serve the new page.
    const html = await fs.promises.readFile(index)
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html)
  })
  return true
}
