import type { TCompanyStaffRecord, TPage } from '@ysjs/shared'
import { COMPANY_PREFIX, PERMISSIONS } from '@ysjs/shared'
import { z } from 'zod'
import { CrudScreen } from '@/components/crud/CrudScreen'
import type { TListQuery, TListResult, TResource, TResourceApi } from '@/components/crud/types'
import { http } from '@/lib/http'

type TCompanyRow = TCompanyStaffRecord & Record<string, unknown>

const READ_ONLY = z.looseObject({})
const refuse = () => Promise.reject(new Error('company forms are the members’ answers'))

const companyApi: TResourceApi<TCompanyRow> = {
  list: async ({ current, size, search }: TListQuery): Promise<TListResult<TCompanyRow>> => {
    const page = await http.get<TPage<TCompanyRow>>(`${COMPANY_PREFIX}/list`, { current, size, ...search })
    return { records: page.records, total: page.total }
  },
  detail: (id: string) => http.get<TCompanyRow>(`${COMPANY_PREFIX}/detail`, { id }),
  submit: refuse,
  remove: refuse,
}

const STATUS = [1, 2, 3].map((s) => ({ value: String(s), labelKey: `survey.statuses.${s}` }))

const companyResource: TResource<TCompanyRow> = {
  key: 'survey-company',
  nameKey: 'survey.name.company',
  schema: READ_ONLY,
  api: companyApi,
  permissions: { codes: { view: PERMISSIONS.surveyCompanyView } },
  fields: [
    { name: 'name', labelKey: 'survey.companyName', search: true, column: { flex: 2 } },
    { name: 'firmName', labelKey: 'survey.unit', column: { flex: 1 }, span: 6 },
    { name: 'surveyName', labelKey: 'survey.survey', column: { flex: 2 }, span: 6 },
    { name: 'surveyCode', labelKey: 'survey.code', column: false, span: 6 },
    {
      name: 'status',
      labelKey: 'survey.status',
      kind: 'select',
      options: STATUS,
      column: { width: 100 },
      span: 6,
    },
    { name: 'provinceName', labelKey: 'survey.province', search: true, column: { width: 110 }, span: 6 },
    { name: 'address', labelKey: 'survey.address', column: false, span: 6 },
    { name: 'contact', labelKey: 'survey.contact', column: { width: 100 }, span: 6 },
    { name: 'phone', labelKey: 'survey.phone', column: { width: 140 }, span: 6 },
    { name: 'email', labelKey: 'survey.postcode', column: false, span: 6 },
    {
      name: 'industryFieldNames',
      labelKey: 'survey.industryField',
      column: false,
      kind: 'textarea',
      rows: 2,
    },
    { name: 'updateTime', labelKey: 'survey.updateTime', column: { width: 170 }, span: 6 },
  ],
}

/**
 * 单位信息 (staff): the company form of every unit's filling, read-only (they are the members' own
 * answers; a change goes through returning the filling).
 */
export const CompanyPage = () => <CrudScreen resource={companyResource} />
