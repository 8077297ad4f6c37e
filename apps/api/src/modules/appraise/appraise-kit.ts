import type { FastifyInstance } from 'fastify'
import { routeKit } from '../../lib/route-kit.ts'
import type { TAccess } from '../../plugins/access.ts'

export { ZIdQuery, ZIdsQuery } from '../../lib/route-kit.ts'

/** The appraisal's routes (`/api/ysjs-appraise`, tag `appraise`). */
export const appraiseKit = (app: FastifyInstance) =>
  routeKit(app, { tags: ['appraise'], prefix: '/api/ysjs-appraise' })
/** A route open to any of the codes. */
export const anyOf = (...codes: (string | readonly string[])[]): TAccess => ({ permission: codes.flat() })
/** The ids of a `?ids=1,2` query. */
export const idsOf = (q: { ids: string[] }) => q.ids.map(BigInt)
