import { randomUUID } from 'node:crypto'
import { Msg, ResultCode } from '@ysjs/shared'
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'
import type { TEnv } from '../env.ts'
import { fail } from '../lib/envelope.ts'
import { redactUrl } from '../lib/redact.ts'

const REQUEST_ID = /^[\w.-]{8,64}$/

/** The server's own options: the log (redacted), limits, request ids, and errors raised before routing. */
export const serverOptions = (
  env: TEnv,
  logStream?: { write: (line: string) => void },
): FastifyServerOptions => ({
  logger: {
    level: env.LOG_LEVEL,
    ...(logStream ? { stream: logStream } : {}),
    redact: [
      'req.headers.authorization',
      'req.headers["blade-auth"]',
      'req.headers.cookie',
      'req.headers["captcha-code"]',
    ],
    // The default request serializer logs the raw URL: a `?blade-auth=` token would be printed.
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  },
  bodyLimit: env.BODY_LIMIT_BYTES,
  trustProxy: env.TRUST_PROXY,
  requestIdHeader: false,
  genReqId: (req) => {
    const incoming = req.headers['x-request-id']
    return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID()
  },
  routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  // Requests Node's HTTP parser refuses before Fastify sees them (raw non-ASCII in the URL, a
  // malformed header line) answer the envelope too, instead of Fastify's own JSON.
  clientErrorHandler: (error, socket) => {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ECONNRESET' || socket.destroyed) {
      return
    }
    const [status, reason, msg] =
      code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', Msg.FAILURE]
        : code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', Msg.PAYLOAD_TOO_LARGE]
          : [400, 'Bad Request', Msg.PARAM_TYPE_ERROR]
    const body = JSON.stringify(fail(ResultCode.FAILURE, msg))
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      )
    }
    socket.destroy(error)
  },
  // Errors raised before routing (a URL that is not valid percent-encoding) answer the envelope too.
  frameworkErrors: (_error, _request, reply: FastifyReply) => {
    reply
      .code(400)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(fail(ResultCode.FAILURE, Msg.PARAM_TYPE_ERROR)))
  },
})
