import type { TAppraiseDeps } from './appraise-access.ts'
import type { TResultsService } from './results.service.ts'
import type { TIndexTemplateService } from './templates.service.ts'

export const ScoringMsg = {
  NOT_PUSHED: '您不是该成果的评审专家',
  PUSH_STATUS: '成果受理后才能推送专家',
  PUSH_CLOSED: '专家评分已完成，不能再推送专家',
  SCORE_STATUS: '当前状态不能评分',
  SCORED: '您已提交评分，不能修改',
  ALL_INDEXES: '请为每个指标输入指标分数',
  REMOVE_SCORED: '该专家已提交评分，不能移除',
  CONFIG_SCORED: '已有专家评分，不能修改评价指标',
  NO_EXPERT: '专家不存在',
  NO_ACCOUNT: (name: string) => `专家${name}没有登录账号，不能推送`,
} as const

export type TScoringDeps = TAppraiseDeps & {
  param: (key: string) => Promise<string | null>
  results: TResultsService
  /** Indicator templates; without them every application gets the shared default set. */
  templates?: TIndexTemplateService
}
