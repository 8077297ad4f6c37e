import { ZIndustryFieldSubmitSchema } from '@ysjs/shared'
import { CrudScreen } from '@/components/crud/CrudScreen'
import type { TResource } from '@/components/crud/types'
import { industryApi, type TIndustryRow } from './surveyApi'

const industryResource: TResource<TIndustryRow> = {
  key: 'survey-industry',
  nameKey: 'survey.name.industry',
  schema: ZIndustryFieldSubmitSchema,
  api: industryApi,
  permissions: { menuPath: '/survey/industry' },
  invalidates: ['survey-industries'],
  fields: [
    { name: 'name', labelKey: 'survey.industryField', search: true, column: { flex: 1 } },
    { name: 'sort', labelKey: 'survey.sort', kind: 'number', column: { width: 100 } },
  ],
  defaults: () => ({ sort: '1' }),
  toForm: (row) => ({ id: row.id, name: row.name, sort: String(row.sort) }),
}

/** 行业领域: the choices of the company form's 行业领域. */
export const IndustryPage = () => <CrudScreen resource={industryResource} />
