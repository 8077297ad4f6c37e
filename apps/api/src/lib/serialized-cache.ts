import type { FastifyReply } from 'fastify'
import { serializerCompiler } from 'fastify-type-provider-zod'
import type { z } from 'zod'

const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * Answers serialised once per (snapshot, key) with the route's own response serializer, so a cached
 * answer is byte for byte the one the route would send (the Zod schema still whitelists and checks
 * it). Validating and serialising a large payload costs more than everything else a request does; an
 * answer that only changes with (snapshot, key) needs it once. `snapshot` is an object whose identity
 * changes whenever the underlying data is read again: answers of an old snapshot are never served,
 * and go with it when it is garbage-collected. Answers beyond `maxPerSnapshot` are computed every time.
 */
export const createSerializedCache = (
  schema: z.ZodType,
  route: { method: string; url: string },
  maxPerSnapshot = 200,
) => {
  const serialize = serializerCompiler({ schema, method: route.method, url: route.url, httpStatus: '200' })
  const bySnapshot = new WeakMap<object, Map<string, Buffer>>()
  return {
    /** The answer for (snapshot, key), UTF-8 encoded; `payload` runs only when it is not known yet. */
    async get(snapshot: object, key: string, payload: () => Promise<unknown>): Promise<Buffer> {
      const known = bySnapshot.get(snapshot)?.get(key)
      if (known !== undefined) {
        return known
      }
      // Kept encoded: a string would be measured and encoded again on every send.
      const json = Buffer.from(serialize(await payload()))
      let answers = bySnapshot.get(snapshot)
      if (!answers) {
        answers = new Map()
        bySnapshot.set(snapshot, answers)
      }
      if (answers.size < maxPerSnapshot) {
        answers.set(key, json)
      }
      return json
    },
  }
}

/** Sends JSON serialised earlier (see createSerializedCache) with the headers Fastify gives JSON. */
export const sendJson = (reply: FastifyReply, json: Buffer): FastifyReply => reply.type(JSON_TYPE).send(json)
