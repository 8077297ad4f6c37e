import type {
  TBladeFlow,
  TFlowExecution,
  TFlowHistory,
  TFlowModel,
  TFlowProcess,
  TLeaveRecord,
  TPage,
} from '@ysjs/shared'
import { http } from '@/lib/http'

const FLOW = '/api/ysjs-flow'
const LEAVE = '/api/ysjs-desk/process/leave'

export type TWorkKind = 'start' | 'claim' | 'todo' | 'send' | 'done'
export type TPaging = { current: number; size: number }

/** The calls the platform's front end sends with query parameters (@RequestParam) send them so too. */
export const flowApi = {
  startList: (q: TPaging & { mode?: number }) => http.get<TPage<TFlowProcess>>(`${FLOW}/work/start-list`, q),
  workList: (kind: Exclude<TWorkKind, 'start'>, q: TPaging) =>
    http.get<TPage<TBladeFlow>>(`${FLOW}/work/${kind}-list`, q),
  userList: () =>
    http.get<{ id: string; account: string; realName: string | null }[]>(`${FLOW}/work/user-list`),
  claim: (taskId: string) => http.post<string>(`${FLOW}/work/claim-task`, undefined, { params: { taskId } }),
  complete: (body: { taskId: string; processInstanceId: string; comment: string; flag?: string }) =>
    http.post(`${FLOW}/work/complete-task`, body),
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

  modelList: (q: TPaging & { name?: string }) => http.get<TPage<TFlowModel>>(`${FLOW}/model/list`, q),
  modelDetail: (id: string) => http.get<TFlowModel>(`${FLOW}/model/detail`, { id }),
  modelSubmit: (body: { id?: string; name: string; modelKey: string; description?: string; xml: string }) =>
    http.post<string>(`${FLOW}/model/submit`, body),
  modelRemove: (ids: string) => http.post(`${FLOW}/model/remove`, undefined, { params: { ids } }),
  modelDeploy: (params: { modelId: string; category: string; tenantIds?: string }) =>
    http.post(`${FLOW}/model/deploy`, undefined, { params }),
  managerList: (q: TPaging & { mode: number }) => http.get<TPage<TFlowProcess>>(`${FLOW}/manager/list`, q),
  changeState: (processId: string, state: 'active' | 'suspend') =>
    http.post<string>(`${FLOW}/manager/change-state`, undefined, { params: { processId, state } }),
  deleteDeployment: (deploymentIds: string) =>
    http.post(`${FLOW}/manager/delete-deployment`, undefined, { params: { deploymentIds } }),
  deployUpload: (form: FormData) => http.post(`${FLOW}/manager/deploy-upload`, form),
  followList: (q: TPaging) => http.get<TPage<TFlowExecution>>(`${FLOW}/follow/list`, q),
  deleteInstance: (processInstanceId: string, deleteReason: string) =>
    http.post(`${FLOW}/follow/delete-process-instance`, undefined, {
      params: { processInstanceId, deleteReason },
    }),
}

/** Contract 10.1: category `flow_<key>` → the dict item's remark (`leave`) → the screens' path segment. */
export const routeSegmentOf = (category: string | null) => (category === 'flow_1' ? 'leave' : null)

/** `Date` → `yyyy-MM-dd HH:mm:ss` of a datetime-local input's value. */
export const fromLocalInput = (v: string) =>
  v ? `${v.replace('T', ' ')}${v.length === 16 ? ':00' : ''}` : ''
