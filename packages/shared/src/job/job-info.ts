import { z } from 'zod'
import {
  ExecuteType,
  JOB_DEFAULTS,
  JobEnable,
  ProcessorType,
  TimeExpressionType,
} from '../common/constants.ts'
import {
  DATE_OR_DATE_TIME_META,
  DATE_TIME_PATTERN,
  parseDateTime,
  TIME_ZONE,
  ZWireDateTimeSchema,
} from '../common/dates.ts'
import { isId, ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import {
  hasNul,
  ILLEGAL_CHAR_MSG,
  zInt,
  zOptionalInt,
  zOptionalText,
  zRequired,
} from '../common/validators.ts'
import { CRON_YEAR_MAX, CRON_YEAR_MIN } from './cron-expression.ts'
import { NEXT_FIRE_TIMES_MAX, parseTimeExpression } from './schedule.ts'
import { ZJobExtraSchema } from './work-calendar.ts'

/** At most this many users are alerted by one job (the column holds 500 characters). */
export const NOTIFY_USERS_MAX = 20

/** Labels for the selects of the job form and list. */
export const JOB_LABELS = {
  timeExpressionType: { 1: 'API', 2: 'CRON', 3: '固定频率(毫秒)', 4: '固定延迟(毫秒)', 5: '工作流' },
  executeType: { 1: '单机执行', 2: '广播执行', 3: 'MapReduce' },
  processorType: { 1: '内建处理器', 4: '外部 HTTP' },
  dispatchStrategy: { 1: '健康度优先', 2: '随机' },
  logType: { 1: '在线', 2: '本地', 3: '标准输出', 4: '本地和在线', 999: '不记录' },
  logLevel: { 1: '调试', 2: '信息', 3: '警告', 4: '错误', 99: '关闭' },
  enable: { 0: '停用', 1: '启用' },
} as const satisfies Record<string, Record<number, string>>

/** The built-in processors the worker registers, selected by `processorInfo` (processor type 1). */
export const BUILT_IN_PROCESSORS = {
  'prune-logs': '清理过期日志 (jobParams: {"days": 90})',
  'prune-auth': '清理过期令牌与验证码',
  'publish-notices': '发布到达发布时间的通知',
  'prune-uploads': '清理未引用的上传文件 (jobParams: {"graceHours": 24, "dryRun": true})',
  'http-call': 'HTTP 调用 (jobParams: {"url", "method", "body"})',
  'http-map': 'MapReduce: 每个地址一个子任务 (jobParams: {"urls": [...], "method"})',
} as const
export type TBuiltInProcessor = keyof typeof BUILT_IN_PROCESSORS
/** The built-in processors that split a run into sub-tasks: executed only as MapReduce (execute type 3). */
export const MAP_REDUCE_PROCESSORS = ['http-map'] as const satisfies readonly TBuiltInProcessor[]
export type TMapReduceProcessor = (typeof MAP_REDUCE_PROCESSORS)[number]
export const isMapReduceProcessor = (v: string): v is TMapReduceProcessor =>
  (MAP_REDUCE_PROCESSORS as readonly string[]).includes(v)
export const isBuiltInProcessor = (v: string): v is TBuiltInProcessor => Object.hasOwn(BUILT_IN_PROCESSORS, v)

const HTTP_METHOD = /^(GET|POST|PUT|PATCH|DELETE)$/i
const zHttpUrl = z.string().refine((v) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol)
  } catch {
    return false
  }
})
/** `jobParams` of each built-in processor (JSON; null when empty), checked at submit and again by the worker. */
export const BUILT_IN_PARAMS = {
  'prune-logs': {
    schema: z.object({ days: z.coerce.number().int().min(1).max(3650).optional() }).nullish(),
    message: '清理过期日志的任务参数应为空或 {"days": 1 到 3650 的天数}',
  },
  'prune-auth': { schema: z.unknown(), message: '' },
  'publish-notices': { schema: z.unknown(), message: '' },
  'prune-uploads': {
    schema: z
      .object({
        /** Only uploads older than this many hours are considered (default 24: a form left open overnight). */
        graceHours: z.number().int().min(1).max(8760).optional(),
        /** List the orphans in the run's log, remove nothing. */
        dryRun: z.boolean().optional(),
        /** At most this many uploads per run (default 1000). */
        limit: z.number().int().min(1).max(10_000).optional(),
      })
      .strict()
      .nullish(),
    message:
      '清理未引用上传文件的任务参数应为空或 {"graceHours": 1 到 8760 的小时数, "dryRun": true|false, "limit": 1 到 10000}',
  },
  'http-call': {
    schema: z.object({
      url: zHttpUrl,
      method: z.string().regex(HTTP_METHOD).default('POST'),
      body: z.unknown().optional(),
    }),
    message:
      'HTTP 调用的任务参数应为 {"url": "http(s)://…", "method": "GET|POST|PUT|PATCH|DELETE", "body": …}',
  },
  'http-map': {
    schema: z.object({
      urls: z.array(zHttpUrl).min(1).max(1000),
      method: z.string().regex(HTTP_METHOD).default('GET'),
      body: z.unknown().optional(),
    }),
    message:
      'MapReduce HTTP 的任务参数应为 {"urls": ["http(s)://…", …(1 到 1000 个)], "method": "GET|POST|…"}',
  },
} as const satisfies Record<TBuiltInProcessor, { schema: z.ZodType; message: string }>

/** The parsed `jobParams` of a built-in processor, or the message that says what it takes. */
export const parseBuiltInParams = <K extends TBuiltInProcessor>(
  name: K,
  params: unknown,
): { ok: true; value: z.output<(typeof BUILT_IN_PARAMS)[K]['schema']> } | { ok: false; message: string } => {
  const spec = BUILT_IN_PARAMS[name]
  const parsed = spec.schema.safeParse(params)
  return parsed.success
    ? { ok: true, value: parsed.data as z.output<(typeof BUILT_IN_PARAMS)[K]['schema']> }
    : { ok: false, message: spec.message }
}

/**
 * Form messages: the spec's required labels (section 5: 任务应用, 任务状态, 任务名称, 定时类型, 执行类型,
 * 运行时配置 = the dispatch strategy, 处理器类型, 处理器参数), 请选择 for selects and 请输入 for inputs;
 * the time expression (时间表达式) is required only for the scheduled types.
 */
export const JobInfoMsg = {
  JOB_SERVER: '请选择任务应用',
  ENABLE: '请选择任务状态',
  JOB_NAME: '请输入任务名称',
  TIME_EXPRESSION_TYPE: '请选择定时类型',
  EXECUTE_TYPE: '请选择执行类型',
  TIME_EXPRESSION: '请输入时间表达式',
  DISPATCH_STRATEGY: '请选择运行时配置',
  PROCESSOR_TYPE: '请选择处理器类型',
  PROCESSOR_INFO: '请输入处理器参数',
  BUILT_IN_UNKNOWN: `内建处理器不存在,可选: ${Object.keys(BUILT_IN_PROCESSORS).join(', ')}`,
  EXTERNAL_URL: '外部处理器参数应为 [GET|POST|PUT|DELETE ]http(s)://… 的地址',
  LIFECYCLE_FORMAT: '生命周期时间格式应为 yyyy-MM-dd HH:mm:ss',
  LIFECYCLE_ORDER: '生命周期结束时间应晚于开始时间',
  FIRE_FROM_FORMAT: '开始时间格式应为 yyyy-MM-dd HH:mm:ss',
  FIRE_FROM_RANGE: `开始时间应在 ${CRON_YEAR_MIN} 到 ${CRON_YEAR_MAX} 年之间`,
  JOB_PARAMS_JSON: '任务参数应为 JSON',
  SERVER_MISSING: '任务应用不存在',
  JOB_MISSING: '任务不存在',
  INSTANCE_MISSING: '任务实例不存在',
  INSTANCE_NOT_RUNNING: '任务实例不在运行中',
  INSTANCE_NOT_MISSED: '只有错过的任务实例可以补跑',
  OPTION: '请选择有效的选项',
  MAP_REDUCE_PROCESSOR: `MapReduce 执行需要 MapReduce 内建处理器: ${MAP_REDUCE_PROCESSORS.join(', ')}`,
  MAP_REDUCE_ONLY: 'MapReduce 处理器只能以 MapReduce 方式执行',
  EXTRA_JSON: '扩展参数应为 JSON, 如 {"workingDay": "only"} 或 {"workingDay": "shift"}',
  NOTIFY_USERS: `报警用户应为用户 id, 多个以逗号分隔 (最多 ${NOTIFY_USERS_MAX} 个)`,
  NOTIFY_USER_MISSING: '报警用户不存在',
} as const

/** Spec section 9: timeExpressionType 2, executeType 1, dispatchStrategy 1, processorType 1, concurrency 5, logType 1, logLevel 2, others 0 (a new job is paused). */
export const JOB_INFO_DEFAULTS = { ...JOB_DEFAULTS, enable: JobEnable.PAUSED } as const

const values = (labels: Record<number, string>) => Object.keys(labels).map(Number)

/** A required choice among the enumeration's values; the message answers a missing or unknown value. */
const zChoice = (labels: Record<number, string>, message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: message })
      .int(message)
      .refine((n) => values(labels).includes(n), { message }),
  )

/*
 * Optional fields on edit (submit is a full save): '' or null clears a field — text to null, a number
 * or choice back to its section-9 default — while a field left out keeps its stored value.
 */
type TDefaulted = keyof typeof JOB_DEFAULTS
const orDefault = (key: TDefaulted) => (v: unknown) => (v === '' || v === null ? JOB_DEFAULTS[key] : v)

/** An optional choice: '' or null is the default, absent keeps the stored value. */
const zOptionalChoice = (key: TDefaulted, labels: Record<number, string>) =>
  z.preprocess(
    orDefault(key),
    z.coerce
      .number()
      .int(JobInfoMsg.OPTION)
      .refine((n) => values(labels).includes(n), { message: JobInfoMsg.OPTION })
      .optional(),
  )
const zCount = (key: TDefaulted, max = 1_000_000) =>
  z.preprocess(orDefault(key), zInt({ min: 0, max }).optional())
const zAmount = (key: TDefaulted) =>
  z.preprocess(
    orDefault(key),
    z.coerce.number('请输入数字').min(0, '请输入不小于 0 的数字').max(1_000_000, '数值过大').optional(),
  )
/** Optional text: '' (or blanks) and null clear it, absent keeps the stored value. */
const zClearableText = (max: number) =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string()
      .trim()
      .max(max, `长度不能超过${max}个字符`)
      .refine((v) => !hasNul(v), { message: ILLEGAL_CHAR_MSG })
      .transform((v) => v || null)
      .nullable()
      .optional(),
  )
/**
 * `notifyUserIds`: user ids separated by commas (or an array of ids), stored as `id1,id2`; '' or null
 * clears it, absent keeps it. Each id must be a 64-bit id (a larger number would break the query).
 */
const zNotifyUserIds = z.preprocess(
  (v) => (v === '' ? null : Array.isArray(v) ? v.join(',') : typeof v === 'number' ? String(v) : v),
  z
    .string()
    .max(4000, JobInfoMsg.NOTIFY_USERS)
    .transform((v) => [
      ...new Set(
        v
          .split(/[,，\s]+/)
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .refine((ids) => ids.length <= NOTIFY_USERS_MAX && ids.every(isId), { message: JobInfoMsg.NOTIFY_USERS })
    .transform((ids) => (ids.length ? ids.join(',') : null))
    .nullable()
    .optional()
    .meta({ example: '1123598821738675201,1123598821738675202' }),
)
const zLifecycle = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string()
    .trim()
    .max(19)
    .refine((v) => parseDateTime(v) !== null, { message: JobInfoMsg.LIFECYCLE_FORMAT })
    .meta(DATE_OR_DATE_TIME_META)
    .nullable()
    .optional(),
)

/** The two ends of a lifecycle range (either may be open). */
export type TLifecycle = { start: string | null; end: string | null }
/**
 * The spec's `lifecycle` range as the platform's date-time range picker posts it: an array of two
 * date-times or the pair joined by a comma; an end may be empty (open). '' / null / [] clears both.
 */
const zLifecycleRange = z.preprocess(
  (v) => {
    if (v === null || v === '') {
      return null
    }
    const pair = typeof v === 'string' ? v.split(',') : v
    if (!Array.isArray(pair)) {
      return v
    }
    if (pair.length === 0) {
      return null
    }
    return pair.map((x) => (x === null || (typeof x === 'string' && x.trim() === '') ? null : x))
  },
  z
    .array(
      z
        .string()
        .trim()
        .max(19)
        .refine((d) => parseDateTime(d) !== null, { message: JobInfoMsg.LIFECYCLE_FORMAT })
        .nullable(),
      { error: JobInfoMsg.LIFECYCLE_FORMAT },
    )
    .max(2, JobInfoMsg.LIFECYCLE_FORMAT)
    .transform((pair): TLifecycle => ({ start: pair[0] ?? null, end: pair[1] ?? null }))
    .nullable()
    .optional()
    .meta({ example: ['2026-01-01 00:00:00', '2026-12-31 23:59:59'] }),
)

/**
 * A job URL whose host and port are not in `JOB_HTTP_ALLOWED_HOSTS` (parsed and checked by both apps
 * through `@ysjs/server-core`; `host` is the URL's host with its port when it names one).
 */
export const jobHostRefused = (host: string) => `主机 ${host} 不在 JOB_HTTP_ALLOWED_HOSTS 中`
/**
 * The URLs a job would call: an external processor's, or those of its `http-call` / `http-map`
 * parameters. Unparseable parameters give none (the submit schema refuses them with its own message).
 */
export const jobUrls = (job: {
  processorType: number
  processorInfo: string
  jobParams?: string | null | undefined
}): URL[] => {
  if (job.processorType === ProcessorType.EXTERNAL) {
    const target = parseExternalProcessor(job.processorInfo)
    return target ? [target.url] : []
  }
  if (job.processorInfo !== 'http-call' && job.processorInfo !== 'http-map') {
    return []
  }
  let params: unknown
  try {
    params = JSON.parse(job.jobParams ?? 'null')
  } catch {
    return []
  }
  const parsed = parseBuiltInParams(job.processorInfo, params)
  if (!parsed.ok) {
    return []
  }
  const urls = 'urls' in parsed.value ? parsed.value.urls : [parsed.value.url]
  return urls.map((u) => new URL(u))
}

/** `[METHOD ]http(s)://host[:port]/path` as external processors take it. */
export const EXTERNAL_PROCESSOR_PATTERN = /^(?:(GET|POST|PUT|PATCH|DELETE)\s+)?(https?:\/\/\S+)$/i
export const parseExternalProcessor = (info: string): { method: string; url: URL } | null => {
  const m = EXTERNAL_PROCESSOR_PATTERN.exec(info.trim())
  if (!m) {
    return null
  }
  try {
    return { method: (m[1] ?? 'POST').toUpperCase(), url: new URL(m[2]!) }
  } catch {
    return null
  }
}

const ZJobInfoFields = z.object({
  id: ZIdSchema.optional(),
  jobServerId: z.preprocess((v) => (v === '' || v === null ? undefined : v), ZIdSchema.optional()),
  jobName: zRequired(JobInfoMsg.JOB_NAME, 100),
  jobDescription: zClearableText(500),
  enable: zChoice(JOB_LABELS.enable, JobInfoMsg.ENABLE),
  timeExpressionType: zChoice(JOB_LABELS.timeExpressionType, JobInfoMsg.TIME_EXPRESSION_TYPE),
  timeExpression: zClearableText(255),
  executeType: zChoice(JOB_LABELS.executeType, JobInfoMsg.EXECUTE_TYPE),
  processorType: zChoice(JOB_LABELS.processorType, JobInfoMsg.PROCESSOR_TYPE),
  processorInfo: zRequired(JobInfoMsg.PROCESSOR_INFO, 500),
  /** 运行时配置 (spec section 5): how sub-tasks are dispatched (decision 012). */
  dispatchStrategy: zChoice(JOB_LABELS.dispatchStrategy, JobInfoMsg.DISPATCH_STRATEGY),
  lifecycleStart: zLifecycle,
  lifecycleEnd: zLifecycle,
  /** The same range as one field (spec section 3); when given it decides both ends. */
  lifecycle: zLifecycleRange,
  jobParams: zClearableText(4000),
  maxInstanceNum: zCount('maxInstanceNum', 1000),
  concurrency: zCount('concurrency', 1000),
  /** Milliseconds; 0 = no limit. */
  instanceTimeLimit: zCount('instanceTimeLimit', 86_400_000),
  instanceRetryNum: zCount('instanceRetryNum', 100),
  taskRetryNum: zCount('taskRetryNum', 100),
  minCpuCores: zAmount('minCpuCores'),
  minMemorySpace: zAmount('minMemorySpace'),
  minDiskSpace: zAmount('minDiskSpace'),
  designatedWorkers: zClearableText(500),
  maxWorkerCount: zCount('maxWorkerCount', 1000),
  notifyUserIds: zNotifyUserIds,
  alertThreshold: zCount('alertThreshold'),
  statisticWindowLen: zCount('statisticWindowLen'),
  silenceWindowLen: zCount('silenceWindowLen'),
  logType: zOptionalChoice('logType', JOB_LABELS.logType),
  logLevel: zOptionalChoice('logLevel', JOB_LABELS.logLevel),
  extra: zClearableText(1000),
})

/**
 * The lifecycle a submit asks for: `lifecycle` when given (it decides both ends), else the two
 * separate ends. An end that is undefined keeps its stored value; null clears it.
 */
export const lifecycleOf = (v: {
  lifecycle?: TLifecycle | null | undefined
  lifecycleStart?: string | null | undefined
  lifecycleEnd?: string | null | undefined
}): { start?: string | null | undefined; end?: string | null | undefined } =>
  v.lifecycle !== undefined
    ? (v.lifecycle ?? { start: null, end: null })
    : { start: v.lifecycleStart, end: v.lifecycleEnd }

/**
 * A job definition as submit and the job form take it. The job server (任务应用) is required; the time
 * expression (时间表达式) is required and parsed for CRON, fixed rate and fixed delay only, so an
 * expression that cannot run is refused here with the reason.
 */
export const ZJobInfoSubmitSchema = ZJobInfoFields.superRefine((v, ctx) => {
  if (!v.jobServerId) {
    ctx.addIssue({ code: 'custom', path: ['jobServerId'], message: JobInfoMsg.JOB_SERVER })
  }
  const scheduled = [TimeExpressionType.CRON, TimeExpressionType.FIXED_RATE, TimeExpressionType.FIXED_DELAY]
  if ((scheduled as readonly number[]).includes(v.timeExpressionType)) {
    if (!v.timeExpression) {
      ctx.addIssue({ code: 'custom', path: ['timeExpression'], message: JobInfoMsg.TIME_EXPRESSION })
    } else {
      const parsed = parseTimeExpression(v.timeExpressionType, v.timeExpression ?? undefined, TIME_ZONE)
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', path: ['timeExpression'], message: parsed.message })
      }
    }
  }
  if (v.processorType === ProcessorType.BUILT_IN && !isBuiltInProcessor(v.processorInfo)) {
    ctx.addIssue({ code: 'custom', path: ['processorInfo'], message: JobInfoMsg.BUILT_IN_UNKNOWN })
  }
  if (v.processorType === ProcessorType.EXTERNAL && !parseExternalProcessor(v.processorInfo)) {
    ctx.addIssue({ code: 'custom', path: ['processorInfo'], message: JobInfoMsg.EXTERNAL_URL })
  }
  const mapReduceProcessor =
    v.processorType === ProcessorType.BUILT_IN && isMapReduceProcessor(v.processorInfo)
  if (v.executeType === ExecuteType.MAP_REDUCE && !mapReduceProcessor) {
    ctx.addIssue({ code: 'custom', path: ['processorInfo'], message: JobInfoMsg.MAP_REDUCE_PROCESSOR })
  }
  if (v.executeType !== ExecuteType.MAP_REDUCE && mapReduceProcessor) {
    ctx.addIssue({ code: 'custom', path: ['executeType'], message: JobInfoMsg.MAP_REDUCE_ONLY })
  }
  if (v.extra?.trim().startsWith('{')) {
    try {
      if (!ZJobExtraSchema.safeParse(JSON.parse(v.extra)).success) {
        ctx.addIssue({ code: 'custom', path: ['extra'], message: JobInfoMsg.EXTRA_JSON })
      }
    } catch {
      ctx.addIssue({ code: 'custom', path: ['extra'], message: JobInfoMsg.EXTRA_JSON })
    }
  }
  let params: unknown = null
  if (v.jobParams) {
    try {
      params = JSON.parse(v.jobParams)
    } catch {
      ctx.addIssue({ code: 'custom', path: ['jobParams'], message: JobInfoMsg.JOB_PARAMS_JSON })
      params = undefined
    }
  }
  // A field left out of an edit keeps its stored value: checked on creation, and on edit when sent.
  if (
    params !== undefined &&
    (v.jobParams !== undefined || v.id === undefined) &&
    v.processorType === ProcessorType.BUILT_IN &&
    isBuiltInProcessor(v.processorInfo)
  ) {
    const checked = parseBuiltInParams(v.processorInfo, params)
    if (!checked.ok) {
      ctx.addIssue({ code: 'custom', path: ['jobParams'], message: checked.message })
    }
  }
  const range = lifecycleOf(v)
  if (range.start && range.end) {
    const start = parseDateTime(range.start)
    const end = parseDateTime(range.end)
    if (start && end && end <= start) {
      ctx.addIssue({
        code: 'custom',
        path: [v.lifecycle === undefined ? 'lifecycleEnd' : 'lifecycle'],
        message: JobInfoMsg.LIFECYCLE_ORDER,
      })
    }
  }
})
export type TJobInfoSubmit = z.infer<typeof ZJobInfoSubmitSchema>

/** A job definition as list and detail answer it (wire format). */
export const ZJobInfoRecordSchema = z.object({
  id: ZWireIdSchema,
  jobServerId: ZWireIdSchema.nullable(),
  jobServerName: z.string(),
  jobId: ZWireIdSchema.nullable(),
  jobName: z.string(),
  jobDescription: z.string().nullable(),
  enable: z.number(),
  timeExpressionType: z.number(),
  timeExpression: z.string().nullable(),
  executeType: z.number(),
  processorType: z.number(),
  processorInfo: z.string(),
  dispatchStrategy: z.number(),
  lifecycleStart: ZWireDateTimeSchema.nullable(),
  lifecycleEnd: ZWireDateTimeSchema.nullable(),
  /** The same two ends as the platform's range picker reads them; null when neither is set. */
  lifecycle: z.array(ZWireDateTimeSchema.nullable()).nullable(),
  jobParams: z.string().nullable(),
  maxInstanceNum: z.number(),
  concurrency: z.number(),
  instanceTimeLimit: z.number(),
  instanceRetryNum: z.number(),
  taskRetryNum: z.number(),
  minCpuCores: z.number(),
  minMemorySpace: z.number(),
  minDiskSpace: z.number(),
  designatedWorkers: z.string().nullable(),
  maxWorkerCount: z.number(),
  notifyUserIds: z.string().nullable(),
  alertThreshold: z.number(),
  statisticWindowLen: z.number(),
  silenceWindowLen: z.number(),
  logType: z.number(),
  logLevel: z.number(),
  extra: z.string().nullable(),
  createUser: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})
export type TJobInfo = z.infer<typeof ZJobInfoRecordSchema>

/** `POST change`: 0 pauses (and unschedules), 1 enables. */
export const ZJobChangeSchema = z.object({
  id: ZIdSchema,
  enable: zChoice(JOB_LABELS.enable, JobInfoMsg.ENABLE),
})
/** `POST run`: one run now, enabled or not. */
export const ZJobRunSchema = z.object({ id: ZIdSchema })
/**
 * `POST sync`: reconcile one job (id) or every job (no id) with the scheduler. The platform's front end
 * posts it with no body at all: that is "every job".
 */
export const ZJobSyncSchema = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? {} : v),
  z.object({ id: ZIdSchema.optional() }),
)

/**
 * `from` of `next-fire-times`: the moment the preview starts after, `yyyy-MM-dd HH:mm:ss` China time
 * (`yyyy-MM-dd HH:mm` too: seconds 00), within the years CRON expressions reach. Absent or empty: now.
 */
const zFireFrom = z.preprocess(
  (v) => {
    if (v === '' || v === null) {
      return undefined
    }
    return typeof v === 'string' && /^\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}\s*$/.test(v) ? `${v.trim()}:00` : v
  },
  z
    .string()
    .trim()
    .regex(DATE_TIME_PATTERN, JobInfoMsg.FIRE_FROM_FORMAT)
    .refine((v) => parseDateTime(v) !== null, { message: JobInfoMsg.FIRE_FROM_FORMAT })
    .refine((v) => Number(v.slice(0, 4)) >= CRON_YEAR_MIN && Number(v.slice(0, 4)) <= CRON_YEAR_MAX, {
      message: JobInfoMsg.FIRE_FROM_RANGE,
    })
    .meta({ pattern: DATE_TIME_PATTERN.source, example: '2026-08-01 00:00:00' })
    .optional(),
)

/**
 * `GET next-fire-times`: preview of a time expression (Asia/Shanghai, the zone schedules use by
 * default), after `from` (default now).
 */
export const ZNextFireTimesQuerySchema = z.object({
  timeExpressionType: zChoice(JOB_LABELS.timeExpressionType, JobInfoMsg.TIME_EXPRESSION_TYPE),
  timeExpression: zOptionalText(255),
  count: zOptionalInt({ min: 1, max: NEXT_FIRE_TIMES_MAX, message: `数量应为 1 到 ${NEXT_FIRE_TIMES_MAX}` }),
  lifecycleStart: zLifecycle,
  lifecycleEnd: zLifecycle,
  from: zFireFrom,
})
export const ZNextFireTimesSchema = z.array(ZWireDateTimeSchema)
