import { z } from 'zod'
import { ProcessorType } from '../common/constants.ts'

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
