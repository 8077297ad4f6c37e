import type { FastifyInstance } from 'fastify'

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The platform's POST calls take their parameters either as a JSON body or, as its own front end
 * sends many of them (`change?id=&enable=`, `claim-task?taskId=`, `deploy?modelId=&category=`), as
 * query parameters (Spring's `@RequestParam`). Every POST route with a body schema therefore reads the
 * query parameters as body fields the body does not carry, so both client styles get the same answer.
 * The body wins where both name a field; the route's body schema validates the result as usual.
 */
export const installQueryBody = (app: FastifyInstance): void => {
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'POST' || !request.routeOptions.schema?.body || request.isMultipart()) {
      return
    }
    const query = request.query
    if (!isPlainObject(query) || Object.keys(query).length === 0) {
      return
    }
    const body = request.body
    if (body === undefined || body === null || body === '') {
      request.body = { ...query }
    } else if (isPlainObject(body)) {
      request.body = { ...query, ...body }
    }
  })
}
