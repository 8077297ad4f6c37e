import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { CSP_DIRECTIVES } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * Helmet's options for every answer: exactly the shared CSP (no helmet defaults mixed in), which
 * docker/nginx.conf also sends with index.html (`security-headers.test.ts` pins all three).
 */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: Object.fromEntries(Object.entries(CSP_DIRECTIVES).map(([k, v]) => [k, [...v]])),
  },
  crossOriginEmbedderPolicy: false,
}

/** A response no request will use: it keeps the headers helmet sets, in helmet's order and spelling. */
class HeaderSink extends ServerResponse {
  readonly written = new Map<string, readonly [string, string]>()
  override setHeader(name: string, value: number | string | readonly string[]): this {
    this.written.set(name.toLowerCase(), [name, String(value)])
    return this
  }
  override removeHeader(name: string): void {
    this.written.delete(name.toLowerCase())
  }
}

/**
 * The headers helmet sets for these options, worked out once. @fastify/helmet builds helmet's
 * middleware again on every request (parsing the CSP directives each time), a measurable share of a
 * small answer's CPU; the headers only depend on the options, so they are computed at boot and copied
 * onto every response. Directives must therefore be static: a function directive (per-request nonce)
 * is refused here.
 */
export const securityHeaders = (options: HelmetOptions): readonly (readonly [string, string])[] => {
  const csp = options.contentSecurityPolicy
  const directives: Record<string, unknown> = typeof csp === 'object' ? (csp.directives ?? {}) : {}
  const dynamic = (v: unknown) => typeof v === 'function' || (Array.isArray(v) && v.some(dynamic))
  if (Object.values(directives).some(dynamic)) {
    throw new Error('security headers are computed once: CSP directives must not be functions')
  }
  const res = new HeaderSink(new IncomingMessage(new Socket()))
  helmet(options)(res.req, res, (err?: unknown) => {
    if (err) {
      throw err
    }
  })
  return [...res.written.values()]
}

/** Sets helmet's headers on every answer (errors and 404s included), as early as @fastify/helmet did. */
export const installSecurityHeaders = (app: FastifyInstance, options: HelmetOptions): void => {
  const headers = securityHeaders(options)
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) {
      reply.raw.setHeader(name, value)
    }
    done()
  })
}
