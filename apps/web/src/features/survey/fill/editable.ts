import { ExampleStatus, SurveyState, type TSurveyExample } from '@ysjs/shared'

/**
 * Whether the filling takes saves, as the server decides it: not submitted, the survey published and
 * `today` (yyyy-MM-dd, Asia/Shanghai) within its dates.
 */
export const isEditable = (
  example: Pick<TSurveyExample, 'status' | 'surveyState' | 'startDate' | 'endDate'> | undefined,
  today: string,
): boolean =>
  example !== undefined &&
  example.status !== ExampleStatus.SUBMITTED &&
  example.surveyState === SurveyState.PUBLISHED &&
  example.startDate <= today &&
  today <= example.endDate
