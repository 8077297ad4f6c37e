import { EVALUATION_PREFIX, ZIdSchema, ZWireIdSchema } from '@ysjs/shared'
import { z } from 'zod'
import { zEnvelope } from '../../lib/envelope.ts'

export const SURVEY = `${EVALUATION_PREFIX}/survey`
export const QUESTION = `${EVALUATION_PREFIX}/question`
export const EXAMPLE = `${EVALUATION_PREFIX}/example`
/** The answer of a creation: the new row's id. */
export const ZSaved = zEnvelope(z.object({ id: ZWireIdSchema }))
export const ZIdQuery = z.object({ id: ZIdSchema })
