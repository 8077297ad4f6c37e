import { z } from 'zod'
import { parseDateTime, ZWireDateTimeSchema } from '../common/dates.ts'
import { isId, ZIdSchema, ZWireIdSchema, zIdParam } from '../common/ids.ts'
import { ZPageQuerySchema } from '../common/page.ts'
import { zOptionalText, zRequired } from '../common/validators.ts'

export * from './bpmn-compat.ts'
export * from './expression.ts'
export * from './flow-start.ts'

/** BullMQ queue the API sends instance commands to; the worker's flow engine consumes it (decision 015). */
export const FLOW_COMMAND_QUEUE = 'flow-command'
/** BullMQ queue of delayed timer wake-ups (job id `timer-<instance>-<due ms>`). */
export const FLOW_TIMER_QUEUE = 'flow-timer'
/** How long the API waits for the worker's answer to a command. */
export const FLOW_COMMAND_TIMEOUT_MS = 15_000

/** Contract 10.1: a platform user is `taskUser_<id>` to the engine; candidate groups are role aliases. */
export const TASK_USER_PREFIX = 'taskUser_'
export const taskUserOf = (userId: string | bigint) => `${TASK_USER_PREFIX}${userId}`
export const userIdOfTaskUser = (taskUser: string | null | undefined): string | null => {
  if (!taskUser?.startsWith(TASK_USER_PREFIX)) {
    return null
  }
  const id = taskUser.slice(TASK_USER_PREFIX.length)
  return isId(id) ? id : null
}
/** Contract 10.1: business key `<table>:<id>`. */
export const LEAVE_TABLE = 'blade_process_leave'
export const LEAVE_CATEGORY = 'flow_1'

/**
 * Menus whose calls are the platform administrator's alone (contract 10.2 `SA`: process models,
 * deployments, running instances): a new tenant's admin never inherits them.
 */
export const PLATFORM_ONLY_MENU_CODES: readonly string[] = ['flow']

/**
 * Service tasks the worker runs (`flowable:delegateExpression="${name}"`); see the worker's handlers.
 * `job` is a task that starts a run of a 工作流-type scheduled job (`flowable:jobInfoId`, decision 012).
 */
export const FLOW_SERVICE_NAMES = ['notice', 'job'] as const
export type TFlowServiceName = (typeof FLOW_SERVICE_NAMES)[number]
/** The extension attribute naming the scheduled job a service task starts (any prefix). */
export const FLOW_JOB_ATTRIBUTE = 'jobInfoId'
/**
 * The service a service task names through `delegateExpression`, `expression` or `class` (`${name}` or
 * `name`); a task that names none but carries `jobInfoId` is the `job` service.
 */
export const flowServiceOf = (attrs: Record<string, string> | undefined): string | null => {
  const entries = Object.entries(attrs ?? {})
  for (const [k, v] of entries) {
    if (/(^|:)(delegateExpression|expression|class)$/.test(k)) {
      const m = /^\s*(?:\$\{\s*)?([A-Za-z_][\w]*)\s*\}?\s*$/.exec(v)
      return m ? m[1]! : v
    }
  }
  return entries.some(([k]) => k === FLOW_JOB_ATTRIBUTE || k.endsWith(`:${FLOW_JOB_ATTRIBUTE}`))
    ? 'job'
    : null
}

export const FLOW_INSTANCE_STATUS = { RUNNING: 1, FINISHED: 2, DELETED: 3 } as const
export const FLOW_TASK_STATUS = { OPEN: 1, COMPLETED: 2, CANCELLED: 3 } as const
export const FLOW_SUSPENSION = { ACTIVE: 1, SUSPENDED: 2 } as const

/** `manager/deploy-upload`: each file at most 2 MB, at most 20 files at once (FlowMsg says so). */
export const FLOW_UPLOAD = { MAX_FILE_BYTES: 2048 * 1024, MAX_FILES: 20 } as const

export const FlowMsg = {
  START_FAILED: '开启流程失败',
  ENGINE_FAILED: '流程执行失败',
  DEFINITION_MISSING: '流程定义不存在',
  DEFINITION_SUSPENDED: '流程定义已挂起,不能发起',
  TASK_MISSING: '任务不存在或已办结',
  TASK_NOT_CANDIDATE: '您不是该任务的候选人,不能签收',
  TASK_CLAIMED: '任务已被签收',
  TASK_NOT_ASSIGNEE: '您不是该任务的办理人',
  CLAIM_OK: '签收事务成功',
  INSTANCE_MISSING: '流程实例不存在或已结束',
  BUSY: '流程引擎繁忙,请稍后再试',
  START_PENDING: '流程正在发起,请稍后在已发事务中查看',
  XML_INVALID: 'BPMN 文件格式不正确',
  XML_NO_PROCESS: 'BPMN 文件中没有可执行的流程',
  XML_SCRIPT: '流程中不能包含脚本',
  XML_EXPRESSION: '流程表达式不正确',
  XML_SERVICE: '流程中的服务任务不存在',
  XML_NO_END: '流程没有结束事件',
  XML_UNSUPPORTED: '流程中有本引擎不支持的元素',
  XML_LISTENER: '流程中不能包含监听器',
  XML_LOOP: '多实例任务须以 loopCardinality 给出实例数 (不支持 collection)',
  XML_TASK_NOBODY: '用户任务没有办理人或候选人',
  XML_REFERENCE: '流程中的连线指向不存在的元素',
  XML_TASK_UNRESOLVED: '用户任务在租户中找不到办理人',
  WARN_VARIABLE: '办理人取决于发起时须提供的变量',
  WARN_PARTIAL: '部分候选人在租户中不存在',
  UNKNOWN_VARIABLE: '表达式使用了流程中不存在的变量',
  EXPRESSION_FAILED: '表达式无法计算',
  TASK_NOBODY: '任务找不到办理人',
  ENGINE_RETRIED: '流程引擎多次执行出错, 请稍后再试或联系管理员',
  MODEL_NAME: '请输入模型名称',
  MODEL_KEY: '请输入模型标识',
  MODEL_XML: '请输入流程文件',
  MODEL_MISSING: '模型不存在',
  MODEL_KEY_FORMAT: '模型标识须以字母或下划线开头,只含字母、数字、下划线、点或横线',
  MODEL_KEY_PROCESS: '模型标识须与流程标识一致',
  CATEGORY: '请选择流程类型',
  FILES: '请选择流程文件',
  FILE_SUFFIX: '流程文件须为 .bpmn 或 .bpmn20.xml',
  FILE_TOO_LARGE: '流程文件大小不能超过 2048 KB',
  FILES_TOO_MANY: '一次最多上传 20 个流程文件',
  STATE: '请选择状态',
  DELETE_REASON: '请输入删除原因',
  LEAVE_TASK_USER: '请选择审批用户',
  LEAVE_START: '请选择开始时间',
  LEAVE_END: '请选择结束时间',
  LEAVE_REASON: '请输入请假理由',
  LEAVE_RANGE: '结束时间不能早于开始时间',
  LEAVE_MISSING: '请假单不存在',
  COMMENT: '请输入审批意见',
} as const

/** `yyyy-MM-dd HH:mm:ss` (or a day) required, with one message. */
const zMoment = (message: string) =>
  zRequired(message, 19).refine((v) => parseDateTime(v) !== null, { message })

// ---- commands (API → worker) ----

const ZActorSchema = z.object({
  userId: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
})
export const ZFlowCommandSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('start'),
    tenantId: z.string(),
    actor: ZActorSchema,
    /** Chosen by the API so a redelivered start finds the instance it already created. */
    instanceId: z.string(),
    definitionId: z.string(),
    businessKey: z.string().nullable(),
    variables: z.record(z.string(), z.unknown()),
  }),
  z.object({ kind: z.literal('claim'), tenantId: z.string(), actor: ZActorSchema, taskId: z.string() }),
  z.object({
    kind: z.literal('complete'),
    tenantId: z.string(),
    actor: ZActorSchema,
    taskId: z.string(),
    comment: z.string(),
    pass: z.boolean(),
    variables: z.record(z.string(), z.unknown()),
  }),
  z.object({
    kind: z.literal('delete'),
    tenantId: z.string(),
    actor: ZActorSchema,
    instanceId: z.string(),
    reason: z.string(),
  }),
])
export type TFlowCommand = z.infer<typeof ZFlowCommandSchema>
export type TFlowActor = z.infer<typeof ZActorSchema>

/** The worker's answer: ok with the instance, or a refusal with the message the API answers (400). */
export const ZFlowResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), instanceId: z.string(), finished: z.boolean() }),
  z.object({ ok: z.literal(false), msg: z.string() }),
])
export type TFlowResult = z.infer<typeof ZFlowResultSchema>

export const ZFlowTimerPayloadSchema = z.object({ instanceId: z.string() })

// ---- requests ----

const ZFlowFilterSchema = ZPageQuerySchema.extend({
  category: zOptionalText(64),
  processDefinitionName: zOptionalText(255),
  beginDate: zOptionalText(19).refine((v) => v === undefined || parseDateTime(v) !== null, {
    message: '请求参数类型错误: beginDate',
  }),
  endDate: zOptionalText(19).refine((v) => v === undefined || parseDateTime(v) !== null, {
    message: '请求参数类型错误: endDate',
  }),
})
export const ZWorkListQuerySchema = ZFlowFilterSchema
export type TWorkListQuery = z.infer<typeof ZWorkListQuerySchema>

/** Contract 10.1: mode 1 = common deployments, 2 = the tenant's own. */
const FLOW_MODE_MSG = '请求参数类型错误: mode'
export const ZFlowModeQuerySchema = ZPageQuerySchema.extend({
  category: zOptionalText(64),
  mode: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v),
    z.coerce
      .number({ error: FLOW_MODE_MSG })
      .int(FLOW_MODE_MSG)
      .min(1, FLOW_MODE_MSG)
      .max(2, FLOW_MODE_MSG)
      .default(1),
  ),
})
export type TFlowModeQuery = z.infer<typeof ZFlowModeQuerySchema>

export const ZTaskIdSchema = z.object({ taskId: zIdParam('taskId') })
export const ZCompleteTaskSchema = z.object({
  taskId: zIdParam('taskId'),
  processInstanceId: zIdParam('processInstanceId').optional(),
  comment: zOptionalText(1000),
  flag: zOptionalText(16),
  variables: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
})
export type TCompleteTask = z.infer<typeof ZCompleteTaskSchema>

export const ZProcessInstanceQuerySchema = z.object({ processInstanceId: zIdParam('processInstanceId') })
export const ZModelViewQuerySchema = z
  .object({
    processInstanceId: zIdParam('processInstanceId').optional(),
    processDefinitionId: zOptionalText(255),
  })
  .refine((q) => q.processInstanceId || q.processDefinitionId, {
    message: '缺少必要的请求参数: processInstanceId',
  })

export const ZModelListQuerySchema = ZPageQuerySchema.extend({
  modelKey: zOptionalText(255),
  name: zOptionalText(255),
})
export const ZFlowModelSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  name: zRequired(FlowMsg.MODEL_NAME, 255),
  modelKey: zRequired(FlowMsg.MODEL_KEY, 255).refine((v) => /^[A-Za-z_][\w.-]*$/.test(v), {
    message: FlowMsg.MODEL_KEY_FORMAT,
  }),
  description: zOptionalText(1000),
  xml: zRequired(FlowMsg.MODEL_XML, 2_000_000),
})
export type TFlowModelSubmit = z.infer<typeof ZFlowModelSubmitSchema>
export const ZModelDeploySchema = z.object({
  modelId: zIdParam('modelId'),
  category: zRequired(FlowMsg.CATEGORY, 64),
  tenantIds: zOptionalText(2000),
})
export const ZChangeStateSchema = z.object({
  processId: zRequired('缺少必要的请求参数: processId', 255),
  state: z.enum(['active', 'suspend'], { error: FlowMsg.STATE }),
})
export const ZDeleteDeploymentSchema = z.object({
  deploymentIds: zRequired('缺少必要的请求参数: deploymentIds', 20_000).refine(
    (v) => v.split(',').every((s) => isId(s.trim())),
    { message: '请求参数类型错误: deploymentIds' },
  ),
})
export const ZFollowListQuerySchema = ZPageQuerySchema.extend({
  processInstanceId: zOptionalText(19),
  processDefinitionKey: zOptionalText(255),
})
export const ZDeleteInstanceSchema = z.object({
  processInstanceId: zIdParam('processInstanceId'),
  deleteReason: zRequired(FlowMsg.DELETE_REASON, 500),
})

export const ZLeaveStartSchema = z
  .object({
    id: ZIdSchema.optional(),
    processDefinitionId: zRequired(FlowMsg.DEFINITION_MISSING, 255),
    taskUser: zRequired(FlowMsg.LEAVE_TASK_USER, 64).refine((v) => isId(v) || userIdOfTaskUser(v) !== null, {
      message: FlowMsg.LEAVE_TASK_USER,
    }),
    startTime: zMoment(FlowMsg.LEAVE_START),
    endTime: zMoment(FlowMsg.LEAVE_END),
    reason: zRequired(FlowMsg.LEAVE_REASON, 1000),
  })
  .refine((v) => (parseDateTime(v.endTime)?.getTime() ?? 0) >= (parseDateTime(v.startTime)?.getTime() ?? 0), {
    message: FlowMsg.LEAVE_RANGE,
    path: ['endTime'],
  })
export type TLeaveStart = z.infer<typeof ZLeaveStartSchema>
export const ZLeaveDetailQuerySchema = z.object({ businessId: zIdParam('businessId') })

/** Contract 10.4: whole days between the start and the end. */
export const leaveDays = (start: Date, end: Date): number =>
  Math.max(0, Math.floor((end.getTime() - start.getTime()) / 86_400_000))

// ---- records ----

const str = z.string().nullable()
/** BladeFlow: one work-list row (contract 10.2). */
export const ZBladeFlowSchema = z.object({
  taskId: str,
  taskName: str,
  taskDefinitionKey: str,
  assignee: str,
  assigneeName: str,
  category: str,
  categoryName: str,
  createTime: ZWireDateTimeSchema.nullable(),
  endTime: ZWireDateTimeSchema.nullable(),
  claimTime: ZWireDateTimeSchema.nullable(),
  historyTaskEndTime: ZWireDateTimeSchema.nullable(),
  executionId: str,
  processInstanceId: str,
  processDefinitionId: str,
  processDefinitionKey: str,
  processDefinitionName: str,
  processDefinitionVersion: z.number().nullable(),
  processDefinitionDesc: str,
  processDefinitionDiagramResName: str,
  processDefinitionResName: str,
  historyProcessInstanceId: str,
  processIsFinished: str,
  historyActivityId: str,
  historyActivityName: str,
  historyActivityType: str,
  historyActivityDurationTime: str,
  businessTable: str,
  businessId: str,
  status: str,
  comment: str,
  pass: z.boolean().nullable(),
  flag: str,
  beginDate: str,
  endDate: str,
  variables: z.record(z.string(), z.unknown()).nullable(),
  /** Beside the contract's fields: why a running instance cannot go on (已发事务), null when it can. */
  problem: str,
})
export type TBladeFlow = z.infer<typeof ZBladeFlowSchema>

/** A process definition id, `<key>:<version>:<deployment id>` (a 64-bit id where the platform had one). */
export const ZDefinitionIdSchema = z.union([
  ZWireIdSchema,
  z.string().meta({ pattern: '^[A-Za-z_][\\w.-]*:\\d+:\\d{1,19}$', example: 'Leave:1:1286042809322209921' }),
])

/** FlowProcess: a definition's latest version (manager and start lists). */
export const ZFlowProcessSchema = z.object({
  id: ZDefinitionIdSchema,
  tenantId: z.string(),
  name: str,
  key: z.string(),
  category: str,
  categoryName: str,
  version: z.number(),
  deploymentId: ZWireIdSchema,
  resourceName: z.string(),
  diagramResourceName: z.string(),
  suspensionState: z.number(),
  deploymentTime: ZWireDateTimeSchema,
  /** Beside the contract's fields: what the deploy check could not know (it depends on an instance). */
  warnings: z.array(z.string()),
})
export type TFlowProcess = z.infer<typeof ZFlowProcessSchema>

export const ZFlowModelSchema = z.object({
  id: ZWireIdSchema,
  name: z.string(),
  modelKey: z.string(),
  description: str,
  created: ZWireDateTimeSchema,
  lastUpdated: ZWireDateTimeSchema,
  createdBy: str,
  lastUpdatedBy: str,
  version: z.number(),
  /** Flowable's model JSON; this platform keeps BPMN XML (`xml`, in the detail), so null. */
  modelEditorJson: str,
  modelComment: str,
  modelType: z.number(),
  tenantId: z.string(),
  thumbnail: str,
  xml: z.string().optional(),
})
export type TFlowModel = z.infer<typeof ZFlowModelSchema>

/** FlowExecution: a running instance (follow list). */
export const ZFlowExecutionSchema = z.object({
  id: ZWireIdSchema,
  name: str,
  startUserId: str,
  startUser: str,
  startTime: ZWireDateTimeSchema,
  taskDefinitionId: str,
  taskDefinitionKey: str,
  category: str,
  categoryName: str,
  processInstanceId: ZWireIdSchema,
  processDefinitionId: z.string(),
  processDefinitionKey: str,
  activityId: str,
  suspensionState: z.number(),
  executionId: str,
  tenantId: z.string(),
  /** The open task's name (the step the instance waits on), beside its key. */
  taskName: str,
  /** Why the instance cannot go on by itself (a task that resolved to nobody, a failed timer step). */
  problem: str,
})
export type TFlowExecution = z.infer<typeof ZFlowExecutionSchema>

export const ZFlowHistorySchema = z.object({
  historyActivityId: z.string(),
  historyActivityName: str,
  historyActivityType: z.string(),
  createTime: ZWireDateTimeSchema,
  endTime: ZWireDateTimeSchema.nullable(),
  historyActivityDurationTime: z.string(),
  assignee: str,
  assigneeName: str,
  comment: str,
})
export type TFlowHistory = z.infer<typeof ZFlowHistorySchema>

/** A deployment's answer: the deployments made, and what only a running instance can tell (warnings). */
export const ZFlowDeployResultSchema = z.object({
  deploymentIds: z.array(ZWireIdSchema),
  warnings: z.array(z.string()),
})
export type TFlowDeployResult = z.infer<typeof ZFlowDeployResultSchema>

export const ZModelViewSchema = z.object({ xml: z.string(), flow: z.array(ZFlowHistorySchema) })

/** Contract 9 `blade_process_leave` (BaseEntity columns, then its own) and the embedded BladeFlow. */
export const ZLeaveRecordSchema = z.object({
  id: ZWireIdSchema,
  createUser: ZWireIdSchema.nullable(),
  createDept: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateUser: ZWireIdSchema.nullable(),
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
  tenantId: z.string(),
  processDefinitionId: str,
  processInstanceId: str,
  startTime: ZWireDateTimeSchema.nullable(),
  endTime: ZWireDateTimeSchema.nullable(),
  days: z.number().nullable(),
  reason: str,
  taskUser: str,
  applyTime: ZWireDateTimeSchema.nullable(),
  /**
   * Contract 10.4: a BladeFlow whose `assigneeName` is the applicant's name; here also whether the
   * process ended and its open task (if any), the rest null.
   */
  flow: ZBladeFlowSchema,
})
export type TLeaveRecord = z.infer<typeof ZLeaveRecordSchema>

/** Human duration text of `historyActivityDurationTime` (e.g. `1天2小时3分钟`, `5秒`). */
export const durationText = (ms: number): string => {
  const s = Math.max(0, Math.floor(ms / 1000))
  const d = Math.floor(s / 86_400)
  const h = Math.floor((s % 86_400) / 3600)
  const m = Math.floor((s % 3600) / 60)
  const parts = [d ? `${d}天` : '', h ? `${h}小时` : '', m ? `${m}分钟` : ''].join('')
  return parts || `${s % 60}秒`
}
