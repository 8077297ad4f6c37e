import { EVALUATION_PREFIX, ZWireIdSchema } from '@ysjs/shared'
import { z } from 'zod'

export const SURVEY = `${EVALUATION_PREFIX}/survey`
export const QUESTION = `${EVALUATION_PREFIX}/question`
export const EXAMPLE = `${EVALUATION_PREFIX}/example`
/** The answer of a creation: the new row's id. */
export const ZSaved = z.object({ id: ZWireIdSchema })
