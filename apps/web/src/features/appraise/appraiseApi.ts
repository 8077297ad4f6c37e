import type {
  TDocumentKind,
  TPage,
  TResultsRecord,
  TResultsStage,
  TResultsStageCounts,
  TResultsStageState,
  TResultsVO,
} from '@ysjs/shared'
import { downloadFile } from '@/lib/download'
import { http } from '@/lib/http'

const P = '/api/ysjs-appraise'

export type TIndexRow = {
  id: string
  name: string
  weight: number
  meaning: string | null
  score: number | null
  myScore: number | null
  expertScores: { expertId: string; expertName: string; score: number }[]
}
export type TIndexList = {
  records: TIndexRow[]
  totalScore: number | null
  grade: string | null
  submitted: boolean
  opinion: string | null
}
export type TEvent = {
  id: string
  kind: string
  fromStatus: number | null
  toStatus: number | null
  content: string | null
  userName: string | null
  createTime: string
}
export type TCandidate = {
  id: string
  name: string | null
  workUnit: string | null
  profession: string | null
  level: string | null
  hasAccount: boolean
}
export type TPushed = {
  id: string
  expertId: string
  expertName: string
  workUnit: string | null
  hasAccount: boolean
  scored: boolean
}
export type TReviewRow = {
  id: string
  agreementNumber: string | null
  name: string
  outcomeTypeName: string
  statusName: string
  meetingTime: string | null
  scored: boolean
}
export type TReviewDetail = {
  id: string
  agreementNumber: string | null
  name: string
  outcomeTypeName: string
  resultsSource: string | null
  synopsis: string | null
  meetingTime: string | null
  meetingVenue: string | null
  statusName: string
  units: { unitName: string; address: string | null; name: string | null; phone: string | null }[]
  principal: {
    unitName: string | null
    address: string | null
    name: string | null
    phone: string | null
    personMail: string | null
  } | null
  submitted: boolean
}
/** A form's read: spec section 3's fields at the top level, the form's own facts beside them. */
export type TForm = Record<string, unknown> & {
  id: string | null
  saved: boolean
  generated: boolean
  canEdit: boolean
}
export type TFormKind = 'notice' | 'report' | 'meeting'
const FORM_PATHS: Record<TFormKind, string> = { notice: 'notice', report: 'report', meeting: 'have' }
export type TFile = {
  id: string
  assortId: string | null
  kind: string
  name: string
  link: string
  attachSize: number
  createTime: string
}

export const appraiseApi = {
  list: (q: { current: number; size: number; status?: string; name?: string }) =>
    http.get<TPage<TResultsRecord>>(`${P}/results/list`, q),
  /** A stage screen's half, with both halves' counts (decision 029). */
  stagePage: (q: {
    current: number
    size: number
    name?: string
    stage: TResultsStage
    stageState: TResultsStageState
  }) => http.get<TPage<TResultsRecord> & { stageCounts?: TResultsStageCounts }>(`${P}/results/list`, q),
  auditPage: (q: { current: number; size: number; name?: string }) =>
    http.get<TPage<TResultsRecord>>(`${P}/results/auditPage`, q),
  detailVO: (id: string) => http.get<TResultsVO>(`${P}/results/detailResultsVO`, { id }),
  save: (body: unknown) => http.post<TResultsVO>(`${P}/results/saveResultsVO`, body),
  status: (id: string, status: number, opinion?: string) =>
    http.post(`${P}/results/submit`, { id, status, opinion }),
  audit: (body: { id: string; pass: boolean; opinion?: string; agreementNumber?: string }) =>
    http.post(`${P}/results/audit`, body),
  remove: (ids: string[]) => http.post(`${P}/results/remove`, undefined, { params: { ids: ids.join(',') } }),
  removeUnits: (ids: string[]) =>
    http.post(`${P}/project/unit/remove`, undefined, { params: { ids: ids.join(',') } }),
  removePeople: (ids: string[]) =>
    http.post(`${P}/people/remove`, undefined, { params: { ids: ids.join(',') } }),
  dossier: (resultsId: string) => http.get<TEvent[]>(`${P}/results/dossier`, { resultsId }),
  messages: (resultsId: string) => http.get<TEvent[]>(`${P}/results/message`, { resultsId }),
  postMessage: (resultsId: string, content: string) =>
    http.post(`${P}/results/message`, { resultsId, content }),
  candidates: (resultsId: string, keyword: string) =>
    http.get<TPage<TCandidate>>(`${P}/basic/candidates`, { resultsId, keyword, current: 1, size: 50 }),
  push: (resultsId: string, expertIds: string[]) => http.post(`${P}/basic/push`, { resultsId, expertIds }),
  pushed: async (resultsId: string) =>
    (await http.get<TPage<TPushed>>(`${P}/basic/list`, { resultsId, current: 1, size: 200 })).records,
  removePushed: (ids: string[]) =>
    http.post(`${P}/basic/remove`, undefined, { params: { ids: ids.join(',') } }),
  reviewDetail: (id: string) => http.get<TReviewDetail>(`${P}/results/reviewDetail`, { id }),
  indexes: (resultsId: string) => http.get<TIndexList>(`${P}/index/selectByResultsId`, { resultsId }),
  score: (body: { resultsId: string; opinion: string; scores: { indexId: string; score: number }[] }) =>
    http.post(`${P}/index/score`, body),
  reviewPage: (q: { current: number; size: number; name?: string }) =>
    http.get<TPage<TReviewRow>>(`${P}/results/reviewPage`, q),
  formDetail: (kind: TFormKind, resultsId: string) =>
    http.get<TForm>(`${P}/${FORM_PATHS[kind]}/detail`, { resultsId }),
  /** 暂存 of the notice, report or meeting form. */
  saveDraft: (kind: TFormKind, body: unknown) => http.post<TForm>(`${P}/${FORM_PATHS[kind]}/submit`, body),
  assorts: async () =>
    (await http.get<TPage<{ id: string; name: string }>>(`${P}/assort/list`, { current: 1, size: 200 }))
      .records,
  removeFiles: (ids: string[]) =>
    http.post(`${P}/attach/remove`, undefined, { params: { ids: ids.join(',') } }),
  files: (resultsId: string) => http.get<TFile[]>(`${P}/attach/findByResultsId`, { resultsId }),
  upload: (resultsId: string, assortId: string, file: File) => {
    const body = new FormData()
    body.append('file', file)
    return http.post(`${P}/attach/put-object`, body, { params: { resultsId, assortId } })
  },
}

/**
 * Fetches a generated file (docx or zip) and saves it under the server's name: true when saved (a
 * refusal's message is shown by the HTTP client).
 */
export const fetchFile = (path: string, opts: { params?: Record<string, string>; body?: unknown } = {}) =>
  downloadFile({ url: `${P}/${path}`, params: opts.params, body: opts.body }).then(
    () => true,
    () => false,
  )

/** Generates a document from a form's values and saves it (rejects with the refusal, already shown). */
export const createDocument = (path: string, body: unknown) => downloadFile({ url: `${P}/${path}`, body })

export const downloadDocument = (resultsId: string, type: TDocumentKind | 'all') =>
  fetchFile('results/download', { params: { resultsId, type } })
