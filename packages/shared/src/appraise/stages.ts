import { z } from 'zod'
import { RESULTS_STATUS as S, ZResultsPageQuerySchema } from './appraise.ts'

/**
 * The stage screens of 成果评价 (issue 24, decision 029): each stage menu lists the applications its step
 * serves, split into those waiting for the step (`todo`) and those past it (`done`).
 *
 * - agreement 评价协议: todo = 待审核 (the agreement is signed at acceptance); done = accepted onwards.
 * - notice 评价通知: todo = 已受理 (the first notice moves it to 评价中); done = 评价中 onwards.
 * - basic 专家推送: todo = 已受理/评价中 without a pushed expert; done = with one, or 已评分 onwards.
 * - index 评价指标: todo = 已受理/评价中 with experts pushed (scores awaited); done = 已评分 onwards.
 * - meeting 评价会议: todo = 已受理/评价中/已评分 without a generated meeting record; done = with one.
 * - report 评价报告: todo = 已评分 (the first report moves it on); done = 已出具报告 and 已归档.
 */
export const RESULTS_STAGES = ['agreement', 'notice', 'basic', 'index', 'meeting', 'report'] as const
export type TResultsStage = (typeof RESULTS_STAGES)[number]
export const RESULTS_STAGE_STATES = ['todo', 'done'] as const
export type TResultsStageState = (typeof RESULTS_STAGE_STATES)[number]

/** The statuses a stage's lists draw from; `pushed` / `meeting` say which need a second look. */
export const RESULTS_STAGE_STATUSES: Readonly<
  Record<TResultsStage, { todo: readonly number[]; done: readonly number[] }>
> = {
  agreement: { todo: [S.PENDING], done: [S.ACCEPTED, S.EVALUATING, S.SCORED, S.REPORTED, S.ARCHIVED] },
  notice: { todo: [S.ACCEPTED], done: [S.EVALUATING, S.SCORED, S.REPORTED, S.ARCHIVED] },
  basic: {
    todo: [S.ACCEPTED, S.EVALUATING],
    done: [S.ACCEPTED, S.EVALUATING, S.SCORED, S.REPORTED, S.ARCHIVED],
  },
  index: { todo: [S.ACCEPTED, S.EVALUATING], done: [S.SCORED, S.REPORTED, S.ARCHIVED] },
  meeting: {
    todo: [S.ACCEPTED, S.EVALUATING, S.SCORED],
    done: [S.ACCEPTED, S.EVALUATING, S.SCORED, S.REPORTED, S.ARCHIVED],
  },
  report: { todo: [S.SCORED], done: [S.REPORTED, S.ARCHIVED] },
}

export const StageMsg = {
  STAGE: `评价环节只能是 ${RESULTS_STAGES.join('、')}`,
  STATE: '环节状态只能是 todo 或 done',
} as const

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** `results/list`'s query: the status/name filters, and a stage with its todo/done half. */
export const ZResultsListQuerySchema = ZResultsPageQuerySchema.extend({
  stage: z.preprocess(blankToUndefined, z.enum(RESULTS_STAGES, { error: StageMsg.STAGE }).optional()),
  stageState: z.preprocess(
    blankToUndefined,
    z.enum(RESULTS_STAGE_STATES, { error: StageMsg.STATE }).optional(),
  ),
})
export type TResultsListQuery = z.infer<typeof ZResultsListQuerySchema>

/** Beside a stage's page: how many applications wait for the step and how many are past it. */
export const ZResultsStageCountsSchema = z.object({ todo: z.number().int(), done: z.number().int() })
export type TResultsStageCounts = z.infer<typeof ZResultsStageCountsSchema>
