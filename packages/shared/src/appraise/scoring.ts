import { z } from 'zod'
import { ZWireDateTimeSchema } from '../common/dates.ts'
import { ZWireIdSchema } from '../common/ids.ts'
import { hasNul, ILLEGAL_CHAR_MSG, zOptionalText } from '../common/validators.ts'
import { ResultsMsg, zAppraiseId } from './appraise.ts'
import { blank, intRule, nullableText } from './fields.ts'

// Indicators and scoring

export const ZIndexItemSchema = z.object({
  name: z.string({ error: ResultsMsg.INDEX_NAME }).trim().min(1, ResultsMsg.INDEX_NAME).max(255),
  weight: z.coerce
    .number({ error: ResultsMsg.INDEX_WEIGHT })
    .gt(0, ResultsMsg.INDEX_WEIGHT)
    .max(1000, ResultsMsg.INDEX_WEIGHT),
  meaning: zOptionalText(1000),
})
export const ZIndexConfigSchema = z.object({
  resultsId: zAppraiseId(ResultsMsg.RESULTS),
  indexList: z.array(ZIndexItemSchema, { error: ResultsMsg.INDEX_SET }).min(1, ResultsMsg.INDEX_SET).max(50),
})
export const ZDefaultConfigQuerySchema = z.object({
  resultsId: zAppraiseId(ResultsMsg.RESULTS),
  /** An outcome type (dictionary `achievement_type`) whose template is asked for. */
  type: z.preprocess((v) => (blank(v) ? undefined : v), intRule(ResultsMsg.OUTCOME_TYPE, 1, 999).optional()),
})

/** 0 to 100 with at most one decimal (spec sections 3 and 5). */
export const isScore = (n: number): boolean =>
  Number.isFinite(n) && n >= 0 && n <= 100 && Math.abs(Math.round(n * 10) - n * 10) < 1e-9
export const zScore = () =>
  z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.coerce.number({ error: ResultsMsg.SCORE }).refine(isScore, { message: ResultsMsg.SCORE }),
  )

export const ZScoreSubmitSchema = z.object({
  resultsId: zAppraiseId(ResultsMsg.RESULTS),
  opinion: z
    .string({ error: ResultsMsg.OPINION })
    .trim()
    .min(1, ResultsMsg.OPINION)
    .max(2000, '长度不能超过2000个字符')
    .refine((v) => !hasNul(v), { message: ILLEGAL_CHAR_MSG }),
  scores: z
    .array(z.object({ indexId: zAppraiseId(ResultsMsg.SCORE), score: zScore() }), { error: ResultsMsg.SCORE })
    .min(1, ResultsMsg.SCORE)
    .max(50),
})

export const ZIndexRecordSchema = z.object({
  id: ZWireIdSchema,
  resultsId: ZWireIdSchema,
  name: z.string(),
  weight: z.number(),
  meaning: nullableText,
  sort: z.number(),
  /** The mean of the experts' scores (staff only; null for an expert). */
  score: z.number().nullable(),
  /** The caller's own score when the caller is a pushed expert. */
  myScore: z.number().nullable(),
  /** Every expert's score (staff only; empty for an expert). */
  expertScores: z.array(z.object({ expertId: ZWireIdSchema, expertName: z.string(), score: z.number() })),
})
/** A page as every list answers it (contract 4.2), with the set's total, grade and the expert's state. */
export const ZIndexListSchema = z.object({
  records: z.array(ZIndexRecordSchema),
  total: z.number(),
  size: z.number(),
  current: z.number(),
  pages: z.number(),
  orders: z.array(z.object({ column: z.string(), asc: z.boolean() })),
  searchCount: z.boolean(),
  totalScore: z.number().nullable(),
  grade: nullableText,
  /** For an expert: whether their scores are submitted. */
  submitted: z.boolean(),
  opinion: nullableText,
})

// Experts

export const ZExpertPushSchema = z.object({
  resultsId: zAppraiseId(ResultsMsg.RESULTS),
  expertIds: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z
      .array(zAppraiseId(ResultsMsg.EXPERTS), { error: ResultsMsg.EXPERTS })
      .min(1, ResultsMsg.EXPERTS)
      .max(100),
  ),
})
export const ZExpertCandidatesQuerySchema = z.object({
  resultsId: zAppraiseId(ResultsMsg.RESULTS),
  keyword: zOptionalText(64),
  current: z.coerce.number().int().min(1).max(1_000_000).default(1).catch(1),
  size: z.coerce.number().int().min(1).max(200).default(10).catch(10),
})
export const ZExpertCandidateSchema = z.object({
  id: ZWireIdSchema,
  name: nullableText,
  workUnit: nullableText,
  profession: nullableText,
  level: nullableText,
  hasAccount: z.boolean(),
})
export const ZPushedExpertSchema = z.object({
  id: ZWireIdSchema,
  resultsId: ZWireIdSchema,
  expertId: ZWireIdSchema,
  expertName: z.string(),
  workUnit: nullableText,
  hasAccount: z.boolean(),
  scored: z.boolean(),
  scoredTime: ZWireDateTimeSchema.nullable(),
  createTime: ZWireDateTimeSchema,
})
