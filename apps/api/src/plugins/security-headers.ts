import type { IncomingMessage, ServerResponse } from 'node:http'
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
  const headers = new Map<string, readonly [string, string]>()
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.set(name.toLowerCase(), [name, String(value)])
    },
    removeHeader: (name: string) => {
      headers.delete(name.toLowerCase())
    },
  }
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) {
      throw err
    }
  })
  return [...headers.values()]
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
