/** Business constants and limits of spec section 9. */

export const REQUEST_TIMEOUT_MS = 100_000
export const TOKEN_HEADER = 'Blade-Auth'
export const TOKEN_QUERY = 'blade-auth'
export const TENANT_HEADER = 'Tenant-Id'
export const DEPT_HEADER = 'Dept-Id'
export const ROLE_HEADER = 'Role-Id'
export const CAPTCHA_KEY_HEADER = 'Captcha-Key'
export const CAPTCHA_CODE_HEADER = 'Captcha-Code'
export const DEFAULT_TENANT_ID = '000000'
/** The client polls every 10 s and refreshes when the token is this old (seconds). */
export const TOKEN_CHECK_INTERVAL_MS = 10_000
export const TOKEN_REFRESH_AGE_S = 3000
export const ACCESS_TOKEN_TTL_S = 3600
export const REFRESH_TOKEN_TTL_S = 604_800
export const CAPTCHA_TTL_S = 1800
export const LOGIN_FAIL_LIMIT = 5
export const LOGIN_LOCK_S = 1800
/** Failures of one account, all sources together, that lock it for everyone (a sustained attack). */
export const LOGIN_HARD_LOCK_LIMIT = 50
export const LOCK_PAGE = '/lock'
export const STORAGE_KEY_PREFIX = 'ysjs-'
export const CHUNK_LOAD_TIMEOUT_MS = 120_000

/** Screen breakpoints: width ≥ 1200 → 3, ≥ 992 → 2, ≥ 768 → 1, else 0. */
export const BREAKPOINTS = [
  { minWidth: 1200, level: 3 },
  { minWidth: 992, level: 2 },
  { minWidth: 768, level: 1 },
] as const
export const screenLevel = (width: number): 0 | 1 | 2 | 3 =>
  (BREAKPOINTS.find((b) => width >= b.minWidth)?.level ?? 0) as 0 | 1 | 2 | 3

export const UPLOAD = {
  AVATAR_MAX_BYTES: 500 * 1024,
  AVATAR_TYPES: ['image/jpeg', 'image/png'],
  AVATAR_EXTENSIONS: ['jpg', 'jpeg', 'png'],
  ATTACHMENT_MAX_FILES: 1,
  ATTACHMENT_MAX_BYTES: 20_480 * 1024,
  ATTACHMENT_EXTENSIONS: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'png'],
} as const

export const RICH_TEXT = { MIN_ROWS: 3, MAX_ROWS: 99 } as const
export const SURVEY_LAST_PAGE = 17
export const AGREEMENT_NUMBER_MAX = 12
export const INDICATOR_SCORE = { MIN: 0, MAX: 100, DECIMALS: 1 } as const
export const FORM_LABEL_WIDTH = 120
export const DEFAULT_APPRAISE_TYPE = '会议形式'
export const DEFAULT_MEETING_VENUE = '北京'

export const MeetingType = { ONLINE: 1, OFFLINE: 2 } as const
export const DEFAULT_MEETING_TYPE = MeetingType.OFFLINE
/** The expert form encodes sex 0 female / 1 male; person rows encode 1 male / 2 female. */
export const ExpertSex = { FEMALE: 0, MALE: 1 } as const
export const PersonSex = { MALE: 1, FEMALE: 2 } as const
export const DEFAULT_PERSON_SEX = PersonSex.MALE

export const QuestionType = { SINGLE: 0, MULTIPLE: 1, FILL: 2, SHORT_ANSWER: 3 } as const
export const SubmitType = { DRAFT: 0, FINAL: 1 } as const
export const QuestionnaireStatus = { DRAFT: 1, TO_FILL: 2, SUBMITTED: 3 } as const
export const IpValidity = { VALID: 1, INVALID: 2 } as const
export const DEFAULT_IP_VALIDITY = IpValidity.VALID
export const SecretFlag = { PUBLIC: 1, SECRET: 2 } as const
export const SealedFlag = { NO: 0, YES: 1 } as const

/** Achievement attachment categories (ids 12 to 17). */
export const ATTACHMENT_CATEGORIES = [
  { id: 12, name: '科技查新报告' },
  { id: 13, name: '检测报告' },
  { id: 14, name: '应用证明' },
  { id: 15, name: '论文专著' },
  { id: 16, name: '审批文件' },
  { id: 17, name: '其他资料' },
] as const

/** Scheduled jobs: enums and the form's defaults. */
export const TimeExpressionType = { API: 1, CRON: 2, FIXED_RATE: 3, FIXED_DELAY: 4, WORKFLOW: 5 } as const
export const ExecuteType = { STANDALONE: 1, BROADCAST: 2, MAP_REDUCE: 3 } as const
export const ProcessorType = { BUILT_IN: 1, EXTERNAL: 4 } as const
export const DispatchStrategy = { HEALTH_FIRST: 1, RANDOM: 2 } as const
export const LogType = { ONLINE: 1, LOCAL: 2, STDOUT: 3, LOCAL_AND_ONLINE: 4, NULL: 999 } as const
export const LogLevel = { DEBUG: 1, INFO: 2, WARN: 3, ERROR: 4, OFF: 99 } as const
export const JobEnable = { PAUSED: 0, ENABLED: 1 } as const
export const JOB_DEFAULTS = {
  timeExpressionType: TimeExpressionType.CRON,
  executeType: ExecuteType.STANDALONE,
  dispatchStrategy: DispatchStrategy.HEALTH_FIRST,
  processorType: ProcessorType.BUILT_IN,
  concurrency: 5,
  logType: LogType.ONLINE,
  logLevel: LogLevel.INFO,
  maxInstanceNum: 0,
  instanceTimeLimit: 0,
  instanceRetryNum: 0,
  taskRetryNum: 0,
  minCpuCores: 0,
  minMemorySpace: 0,
  minDiskSpace: 0,
  maxWorkerCount: 0,
  alertThreshold: 0,
  statisticWindowLen: 0,
  silenceWindowLen: 0,
} as const
