import { z } from 'zod'
import { JOB_DEFAULTS, JobEnable } from '../common/constants.ts'
import { DATE_OR_DATE_TIME_META, parseDateTime } from '../common/dates.ts'
import { isId } from '../common/ids.ts'
import { hasNul, ILLEGAL_CHAR_MSG, zInt } from '../common/validators.ts'
import { CRON_YEAR_MAX, CRON_YEAR_MIN } from './cron-expression.ts'
import { BUILT_IN_PROCESSORS, MAP_REDUCE_PROCESSORS } from './job-processors.ts'

/*
 * The job form's messages and the field rules its schema is made of (job-info.ts).
 */
/** At most this many users are alerted by one job (the column holds 500 characters). */
export const NOTIFY_USERS_MAX = 20

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
export const zChoice = (labels: Record<number, string>, message: string) =>
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
export const zOptionalChoice = (key: TDefaulted, labels: Record<number, string>) =>
  z.preprocess(
    orDefault(key),
    z.coerce
      .number()
      .int(JobInfoMsg.OPTION)
      .refine((n) => values(labels).includes(n), { message: JobInfoMsg.OPTION })
      .optional(),
  )
export const zCount = (key: TDefaulted, max = 1_000_000) =>
  z.preprocess(orDefault(key), zInt({ min: 0, max }).optional())
export const zAmount = (key: TDefaulted) =>
  z.preprocess(
    orDefault(key),
    z.coerce.number('请输入数字').min(0, '请输入不小于 0 的数字').max(1_000_000, '数值过大').optional(),
  )
/** Optional text: '' (or blanks) and null clear it, absent keeps the stored value. */
export const zClearableText = (max: number) =>
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
export const zNotifyUserIds = z.preprocess(
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
export const zLifecycle = z.preprocess(
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
export const zLifecycleRange = z.preprocess(
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
