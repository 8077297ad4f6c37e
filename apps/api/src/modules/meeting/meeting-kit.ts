import type { FastifyInstance } from 'fastify'
import { routeKit } from '../../lib/route-kit.ts'
import type { TAccess } from '../../plugins/access.ts'
import { MEETING_API } from './entities.service.ts'

export { ZIdQuery, ZIdsQuery } from '../../lib/route-kit.ts'

/** The meeting module's routes under `/api/ysjs-meeting/<resource>`, tagged with the resource. */
export const meetingKit = (app: FastifyInstance, resource: string, tag = resource) =>
  routeKit(app, { tags: [tag], prefix: `${MEETING_API}/${resource}` })
/** A route open to any of the codes (one code is declared as itself). */
export const anyOf = (...codes: string[]): TAccess => ({ permission: codes.length === 1 ? codes[0]! : codes })
