import type { TDept } from '@ysjs/shared'
import { ZSurveySubmitSchema } from '@ysjs/shared'
import type { TResource } from '@/components/crud/types'
import { http } from '@/lib/http'
import { flattenTree } from '@/lib/tree'
import { surveyApi, type TSurveyRow } from '../surveyApi'
import { CoverField } from './CoverField'

/** Member units are the depts of category 公司. */
const unitOptions = async () =>
  flattenTree(await http.get<TDept[]>('/api/ysjs-system/dept/list'))
    .filter((d) => d.deptCategory === 1)
    .map((d) => ({ value: String(d.id), label: d.deptName }))

const STATES = ['0', '1', '2'].map((v) => ({ value: v, labelKey: `survey.states.${v}` }))

/** 题目管理: the questionnaires (questions are edited in the designer dialog). */
export const surveyResource: TResource<TSurveyRow> = {
  key: 'survey-design',
  nameKey: 'survey.name.survey',
  schema: ZSurveySubmitSchema,
  api: surveyApi,
  permissions: { menuPath: '/survey/question' },
  dialogWidth: 'md',
  fields: [
    { name: 'name', labelKey: 'survey.surveyName', search: true, column: { flex: 1 } },
    { name: 'code', labelKey: 'survey.code', search: true, column: { width: 150 } },
    { name: 'startDate', labelKey: 'survey.startDate', kind: 'date', span: 6, column: { width: 110 } },
    { name: 'endDate', labelKey: 'survey.endDate', kind: 'date', span: 6, column: { width: 110 } },
    {
      name: 'state',
      labelKey: 'survey.state',
      kind: 'select',
      options: STATES,
      search: true,
      form: false,
      column: { width: 90 },
    },
    { name: 'version', labelKey: 'survey.version', form: false, column: { width: 70 } },
    { name: 'questionCount', labelKey: 'survey.questionCount', form: false, column: { width: 80 } },
    { name: 'submittedCount', labelKey: 'survey.submittedCount', form: false, column: { width: 80 } },
    {
      name: 'targetType',
      labelKey: 'survey.targetType',
      kind: 'select',
      span: 6,
      column: false,
      options: [
        { value: '0', labelKey: 'survey.targetAll' },
        { value: '1', labelKey: 'survey.targetChosen' },
      ],
    },
    {
      name: 'isIndustry',
      labelKey: 'survey.isIndustry',
      kind: 'select',
      span: 6,
      column: false,
      options: [
        { value: '1', labelKey: 'survey.yes' },
        { value: '0', labelKey: 'survey.no' },
      ],
    },
    {
      name: 'targetIds',
      labelKey: 'survey.targetIds',
      kind: 'multiselect',
      column: false,
      loadOptions: { key: 'survey-units', load: unitOptions },
    },
    { name: 'cover', labelKey: 'survey.cover', column: false, kind: 'custom', component: CoverField },
    { name: 'description', labelKey: 'survey.description', kind: 'textarea', rows: 3, column: false },
  ],
  defaults: () => ({ targetType: '0', isIndustry: '1', targetIds: '' }),
  toForm: (row) => ({
    id: row.id,
    name: row.name,
    code: row.code,
    startDate: row.startDate,
    endDate: row.endDate,
    targetType: String(row.targetType),
    isIndustry: String(row.isIndustry),
    targetIds: row.targetIds,
    cover: row.cover ?? '',
    description: row.description ?? '',
  }),
}
