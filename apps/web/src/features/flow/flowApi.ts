import type {
  TBladeFlow,
  TFlowDeployResult,
  TFlowExecution,
  TFlowHistory,
  TFlowModel,
  TFlowProcess,
  TFlowStartForm,
  TLeaveRecord,
  TPage,
} from '@ysjs/shared'
import { http } from '@/lib/http'

const FLOW = '/api/ysjs-flow'
const LEAVE = '/api/ysjs-desk/process/leave'

export type TWorkKind = 'start' | 'claim' | 'todo' | 'send' | 'done'
export type TPaging = { current: number; size: number }
/** The work lists' filters (contract 10.2 BladeFlow filters); empty ones are left out. */
export type TWorkFilters = {
  category?: string
  processDefinitionName?: string
  beginDate?: string
  endDate?: string
}

/** The calls the platform's front end sends with query parameters (@RequestParam) send them so too. */
export const flowApi = {
  startList: (q: TPaging & { mode?: number; category?: string }) =>
    http.get<TPage<TFlowProcess>>(`${FLOW}/work/start-list`, q),
  workList: (kind: Exclude<TWorkKind, 'start'>, q: TPaging & TWorkFilters) =>
    http.get<TPage<TBladeFlow>>(`${FLOW}/work/${kind}-list`, q),
  userList: () =>
    http.get<{ id: string; account: string; realName: string | null }[]>(`${FLOW}/work/user-list`),
  claim: (taskId: string) => http.post<string>(`${FLOW}/work/claim-task`, undefined, { params: { taskId } }),
  complete: (body: {
    taskId: string
    processInstanceId: string
    comment: string
    flag?: string
    variables?: Record<string, string | number | boolean | null>
  }) => http.post(`${FLOW}/work/complete-task`, body),
  startForm: (processDefinitionId: string) =>
    http.get<TFlowStartForm>(`${FLOW}/work/start-form`, { processDefinitionId }),
  startProcess: (body: {
    processDefinitionId: string
    variables: Record<string, string | number | boolean | null>
  }) => http.post<{ processInstanceId: string; finished: boolean }>(`${FLOW}/work/start-process`, body),
  history: (processInstanceId: string) =>
    http.get<TFlowHistory[]>(`${FLOW}/process/history-flow-list`, { processInstanceId }),
  modelView: (q: { processInstanceId?: string; processDefinitionId?: string }) =>
    http.get<{ xml: string; flow: TFlowHistory[] }>(`${FLOW}/process/model-view`, q),
  leaveStart: (body: {
    /** The leave to change (the applicant's 调整申请); without it a new leave and process. */
    id?: string
    processDefinitionId: string
    taskUser: string
    startTime: string
    endTime: string
    reason: string
  }) => http.post(`${LEAVE}/start-process`, body),
  leaveDetail: (businessId: string) => http.get<TLeaveRecord>(`${LEAVE}/detail`, { businessId }),

  modelList: (q: TPaging & { name?: string; modelKey?: string }) =>
    http.get<TPage<TFlowModel>>(`${FLOW}/model/list`, q),
  modelDetail: (id: string) => http.get<TFlowModel>(`${FLOW}/model/detail`, { id }),
  modelSubmit: (body: { id?: string; name: string; modelKey: string; description?: string; xml: string }) =>
    http.post<string>(`${FLOW}/model/submit`, body),
  modelRemove: (ids: string) => http.post(`${FLOW}/model/remove`, undefined, { params: { ids } }),
  modelDeploy: (params: { modelId: string; category: string; tenantIds?: string }) =>
    http.post(`${FLOW}/model/deploy`, undefined, { params }),
  managerList: (q: TPaging & { mode: number; category?: string }) =>
    http.get<TPage<TFlowProcess>>(`${FLOW}/manager/list`, q),
  changeState: (processId: string, state: 'active' | 'suspend') =>
    http.post<string>(`${FLOW}/manager/change-state`, undefined, { params: { processId, state } }),
  deleteDeployment: (deploymentIds: string) =>
    http.post(`${FLOW}/manager/delete-deployment`, undefined, { params: { deploymentIds } }),
  deployUpload: (form: FormData) => http.post<TFlowDeployResult>(`${FLOW}/manager/deploy-upload`, form),
  followList: (q: TPaging & { processInstanceId?: string; processDefinitionKey?: string }) =>
    http.get<TPage<TFlowExecution>>(`${FLOW}/follow/list`, q),
  /** Tenants a deployment may be bound to (the platform administrator's tenant dropdown). */
  tenantSelect: () => http.get<{ tenantId: string; tenantName: string }[]>('/api/ysjs-system/tenant/select'),
  deleteInstance: (processInstanceId: string, deleteReason: string) =>
    http.post(`${FLOW}/follow/delete-process-instance`, undefined, {
      params: { processInstanceId, deleteReason },
    }),
}
