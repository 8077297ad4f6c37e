import type {
  TCompany,
  TEvaluationDetail,
  TEvaluationRecord,
  TEvaluationSubmit,
  TEvaluationUnit,
  TExampleDetail,
  TIndustryField,
  TMemberNotice,
  TMemberOverview,
  TOpenSurvey,
  TPage,
  TQuestion,
  TResultsVO,
  TSurvey,
  TSurveyExample,
  TSurveySummary,
} from '@ysjs/shared'
import { COMPANY_PREFIX, EVALUATION_PREFIX, EVALUATION_REPORT_PREFIX } from '@ysjs/shared'
import type { TListQuery, TListResult, TResourceApi, TValues } from '@/components/crud/types'
import { downloadFile } from '@/lib/download'
import { http } from '@/lib/http'

const E = EVALUATION_PREFIX
export type TSurveyRow = TSurvey & Record<string, unknown>
export type TIndustryRow = TIndustryField & Record<string, unknown>
export type TExampleRow = TSurveyExample & Record<string, unknown>
export type TAnswerInput = { questionId: string; optionId?: string; inputText?: string }

const page = async <Row>(url: string, { current, size, search }: TListQuery): Promise<TListResult<Row>> => {
  const p = await http.get<TPage<Row>>(url, { current, size, ...search })
  return { records: p.records, total: p.total }
}
const removeCall = (path: string) => (ids: string[]) =>
  http.post(`${E}/${path}/remove`, undefined, { params: { ids: ids.join(',') } })

/** 题目管理 (staff): surveys and their questions. */
export const surveyApi: TResourceApi<TSurveyRow> & {
  publish: (id: string) => Promise<unknown>
  close: (id: string) => Promise<unknown>
  newVersion: (id: string) => Promise<{ id: string }>
  all: () => Promise<TSurveyRow[]>
} = {
  list: (q) => page<TSurveyRow>(`${E}/survey/list`, q),
  detail: (id) => http.get<TSurveyRow>(`${E}/survey/detail`, { id }),
  submit: (values: TValues) => http.post(`${E}/survey/submit`, values),
  remove: removeCall('survey'),
  publish: (id) => http.post(`${E}/survey/publish`, undefined, { params: { id } }),
  close: (id) => http.post(`${E}/survey/close`, undefined, { params: { id } }),
  newVersion: (id) => http.post<{ id: string }>(`${E}/survey/newVersion`, undefined, { params: { id } }),
  all: async () =>
    (await http.get<TPage<TSurveyRow>>(`${E}/survey/list`, { current: 1, size: 1000 })).records,
}

export const questionApi = {
  list: async (surveyId: string) =>
    (await http.get<TPage<TQuestion>>(`${E}/question/list`, { surveyId })).records,
  submit: (values: TValues) => http.post<{ id: string }>(`${E}/question/submit`, values),
  remove: (id: string) => http.post(`${E}/question/remove`, undefined, { params: { ids: id } }),
  sort: (surveyId: string, ids: string[]) =>
    http.post(`${E}/question/sort`, { surveyId, ids: ids.join(',') }),
}

/** 问卷填报 (member). Loads are silent: the screens show the spec's messages themselves. */
export const fillApi = {
  cards: async ({ current, size, search }: TListQuery): Promise<TListResult<TExampleRow>> => {
    const p = await http.get<TPage<TExampleRow>>(
      `${E}/survey/surveyExampleList`,
      { current, size, ...search },
      { silent: true },
    )
    return { records: p.records, total: p.total }
  },
  open: () => http.get<TOpenSurvey[]>(`${E}/survey/openList`, undefined, { silent: true }),
  start: (surveyId: string) => http.post<TSurveyExample>(`${E}/example/submit`, { surveyId }),
  mine: (surveyId: string) => http.get<TSurveyExample>(`${E}/example/mine`, { surveyId }, { silent: true }),
  questions: async (surveyId: string, pageNo?: number) =>
    (
      await http.get<TPage<TQuestion>>(
        `${E}/question/pageQuestionList`,
        { surveyId, page: pageNo },
        { silent: true },
      )
    ).records,
  answer: (body: { surveyId: string; submitType: 0 | 1; page?: number; answerList: TAnswerInput[] }) =>
    http.post(`${E}/answer/submit`, body, { silent: true }),
  company: (surveyId: string) =>
    http.get<TCompany>(`${COMPANY_PREFIX}/companyInfo`, { surveyId }, { silent: true }),
  saveCompany: (values: TValues) => http.post(`${COMPANY_PREFIX}/submit`, values, { silent: true }),
  industries: () => http.get<TIndustryField[]>(`${E}/industryField/listAll`),
  overview: () => http.get<TMemberOverview>(`${E}/member/overview`, undefined, { silent: true }),
  notice: (id: string) => http.get<TMemberNotice>(`${E}/member/notice`, { id }, { silent: true }),
}

/** 成果申报 (member): drafts of appraisal applications for the caller's unit. Loads are silent. */
export const evaluationApi = {
  unit: () => http.get<TEvaluationUnit>(`${EVALUATION_REPORT_PREFIX}/unit`, undefined, { silent: true }),
  list: (q: { current: number; size: number; status?: string }) =>
    http.get<TPage<TEvaluationRecord>>(
      `${EVALUATION_REPORT_PREFIX}/list`,
      { current: q.current, size: q.size, ...(q.status ? { status: q.status } : {}) },
      { silent: true },
    ),
  submit: (body: TEvaluationSubmit) =>
    http.post<TResultsVO>(`${EVALUATION_REPORT_PREFIX}/submit`, body, { silent: true }),
  detail: (id: string) =>
    http.get<TEvaluationDetail>(`${EVALUATION_REPORT_PREFIX}/detail`, { id }, { silent: true }),
}

/** 调查管理 (staff): fillings, return, summary, export. */
export const resultsApi = {
  list: (surveyId: string, q: TListQuery) =>
    page<TExampleRow>(`${E}/example/list`, { ...q, search: { ...q.search, surveyId } }),
  detail: (id: string) => http.get<TExampleDetail>(`${E}/example/detail`, { id }),
  back: (surveyId: string, exampleId: string, reason: string) =>
    http.post(`${E}/example/statusBack`, { surveyId, exampleId, reason }),
  remove: removeCall('example'),
  summary: (id: string) => http.get<TSurveySummary>(`${E}/survey/summary`, { id }),
  exportFile: (id: string) =>
    downloadFile({ url: `${E}/survey/export`, params: { id } }).catch(() => undefined),
}

export const industryApi: TResourceApi<TIndustryRow> = {
  list: (q) => page<TIndustryRow>(`${E}/industryField/list`, q),
  detail: (id) => http.get<TIndustryRow>(`${E}/industryField/detail`, { id }),
  submit: (values: TValues) => http.post(`${E}/industryField/submit`, values),
  remove: removeCall('industryField'),
}

/** The region data's provinces (`region/lazy-tree` under the root). */
export const provinceOptions = async () => {
  const nodes = await http.get<{ id?: string; key?: string; value?: string; title: string }[]>(
    '/api/ysjs-system/region/lazy-tree',
    { parentCode: '00' },
    { silent: true },
  )
  return nodes.map((n) => ({ code: String(n.value ?? n.key ?? n.id), name: n.title }))
}
