import fastifyCors from '@fastify/cors'
import fastifyFormbody from '@fastify/formbody'
import fastifyJwt from '@fastify/jwt'
import fastifyMultipart from '@fastify/multipart'
import fastifyRateLimit from '@fastify/rate-limit'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import { Msg, ResultCode, UPLOAD } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import type { TEnv } from '../env.ts'
import { fail } from '../lib/envelope.ts'
import { swaggerOptions } from '../lib/openapi.ts'
import { HELMET_OPTIONS, installSecurityHeaders } from './security-headers.ts'

/** Security headers, CORS, rate limits, body parsers, JWT and the API docs: before any route. */
export const registerExternalPlugins = async (app: FastifyInstance, env: TEnv, redis: Redis) => {
  installSecurityHeaders(app, HELMET_OPTIONS)
  await app.register(fastifyCors, {
    origin: env.CORS_ORIGINS ? env.CORS_ORIGINS.split(',').map((s) => s.trim()) : false,
    credentials: true,
  })
  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: 'rate:',
    // A Redis that is down or slow must not take the API down with it: the request goes on unlimited.
    skipOnError: true,
    errorResponseBuilder: () => ({
      ...fail(ResultCode.TOO_MANY_REQUESTS, Msg.TOO_MANY_REQUESTS),
      statusCode: 429,
    }),
  })
  await app.register(fastifyFormbody)
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD.ATTACHMENT_MAX_BYTES, files: 10, fields: 50 },
  })
  await app.register(fastifyJwt, {
    secret: env.JWT_SECRET,
    sign: { algorithm: 'HS256' },
    verify: { algorithms: ['HS256'] },
  })
  // Off: /api/docs* is an unknown path like any other (404).
  if (env.API_DOCS_ENABLED) {
    await app.register(fastifySwagger, swaggerOptions)
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' })
  }
}
