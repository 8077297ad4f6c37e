import fs from 'node:fs'
import { dataKeysOf, zAllowList } from '@ysjs/server-core'
import { z } from 'zod'

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)))

/** The value in .env.example and the development default: public, so never a production key. */
export const EXAMPLE_JWT_SECRET = 'change-me-please-a-long-random-secret'
export const JWT_SECRET_MIN_BYTES = 32
/** A switch whose default depends on other settings (see `derived`): undefined when unset. */
const optionalBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['true', '1', 'yes'].includes(v)))

/** A time limit in milliseconds: never 0, which would mean "wait forever" to pg and ioredis. */
const ms = (fallback: number) => z.coerce.number().int().min(100).max(600_000).default(fallback)

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional())

/** Every setting of the API, parsed once at boot. Nothing else reads process.env. */
export const ZEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  DATABASE_URL: z.string().default('postgresql://postgres@127.0.0.1:5432/ysjs'),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Requests allowed to queue for a pooled connection; beyond it a request is answered 503 at once
   * instead of after the acquire timeout (decision 006: a fast, honest answer under overload).
   */
  DATABASE_POOL_QUEUE_MAX: z.coerce.number().int().min(1).max(100_000).default(200),
  /** Opening a connection, and waiting for a free one when the pool is full; then 503 (decision 006). */
  DATABASE_CONNECT_TIMEOUT_MS: ms(3_000),
  /** PostgreSQL `statement_timeout`: the server cancels a longer statement; the request answers 503. */
  DATABASE_STATEMENT_TIMEOUT_MS: ms(15_000),
  /** How long the client waits for any answer (a silent server or network). Unset: statement timeout + 2 s. */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  /** An idle pooled connection is closed after this long. */
  DATABASE_IDLE_TIMEOUT_MS: ms(30_000),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /** Opening the Redis connection; the API waits at most this long for Redis at boot. */
  REDIS_CONNECT_TIMEOUT_MS: ms(2_000),
  /** Any Redis command; Redis answers in well under a millisecond when it is healthy. */
  REDIS_COMMAND_TIMEOUT_MS: ms(1_000),
  /** Prefix of every Redis key, so several deployments (or test files) can share one Redis. */
  REDIS_PREFIX: z.string().default('ysjs:'),
  /** BullMQ key prefix shared with the worker (job runs and reconcile messages go through it). */
  QUEUE_PREFIX: z.string().default('ysjs-bull'),
  /**
   * Operator allow-lists of what the server may reach on a user's behalf (decision 005): entries `host`
   * or `host:port` (no port: the scheme's default), reachable even on loopback or private addresses.
   * Empty by default. HTTP jobs (the worker's setting): a job naming another host:port is refused at submit.
   */
  JOB_HTTP_ALLOWED_HOSTS: zAllowList(),
  /** SMS gateways besides the providers' documented hosts (sms.tencentcloudapi.com). */
  SMS_ALLOWED_HOSTS: zAllowList(),
  /** Object stores besides the clouds' documented hosts: every self-hosted MinIO must be listed. */
  OSS_ALLOWED_HOSTS: zAllowList(),
  /** Data sources of the code generator on loopback or private addresses (public ones need no entry). */
  DATASOURCE_ALLOWED_HOSTS: zAllowList(),
  /** Imports (xlsx) one instance runs at once; one more is refused with 429 (decision 016). */
  IMPORT_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** xlsx exports one instance streams at once; one more is refused with 429 (decision 028). */
  EXPORT_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(3),
  /** Signing key of the tokens. Production refuses the example value and anything under 32 bytes. */
  JWT_SECRET: z.string().min(16).default(EXAMPLE_JWT_SECRET),
  /** A file holding JWT_SECRET (Docker secrets, the compose file's generated secret); JWT_SECRET wins. */
  JWT_SECRET_FILE: z.string().default(''),
  /**
   * Data key sealing the SMS and object-storage secrets at rest (base64 of 32 bytes, decision 026).
   * Production refuses to start without one; development and tests use a public development key.
   */
  DATA_KEY: z.string().optional(),
  /** A file holding DATA_KEY (Docker secrets, `pnpm start`'s .secrets/data-key); DATA_KEY wins. */
  DATA_KEY_FILE: z.string().default(''),
  /** Earlier data keys (comma-separated), read while the boot re-seals their values under DATA_KEY. */
  DATA_KEY_PREVIOUS: z.string().default(''),
  CAPTCHA_ENABLED: bool(true),
  TENANT_MODE: bool(false),
  REGISTER_ENABLED: bool(true),
  DEFAULT_TENANT_ID: z.string().default('000000'),
  /** Secret of the `saber` OAuth client written by the seed. */
  CLIENT_SECRET: z.string().default('saber_secret'),
  WEB_CLIENT_ID: z.string().default('saber'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Write a blade_log_api row for every authenticated request. */
  API_LOG_ENABLED: bool(true),
  /** Swagger UI and the OpenAPI document under /api/docs. Unset: on, except with NODE_ENV=production. */
  API_DOCS_ENABLED: optionalBool,
  /** Behind a reverse proxy (nginx in docker-compose): trust its X-Forwarded-For. Off when clients reach the API directly. */
  TRUST_PROXY: bool(false),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Built web app served with SPA fallback; empty disables static serving. */
  WEB_DIST_DIR: z.string().default(''),
  CORS_ORIGINS: z.string().default(''),
  SSO_AUTHORIZE_URL: optionalUrl,
  SSO_LOGOUT_URL: optionalUrl,
  MAIN_SITE_URL: z.string().default('/'),
  MEMBER_CENTER_URL: z.string().default('/topMember'),
  SITE_TITLE: z.string().default('有色金属科技成果转化服务平台'),
  SITE_SHORT_TITLE: z.string().default('有色成果'),
  /** Third-party (OAuth2/OIDC) login for the `social` grant; refused when unset. */
  SOCIAL_TOKEN_URL: optionalUrl,
  SOCIAL_USERINFO_URL: optionalUrl,
  SOCIAL_CLIENT_ID: z.string().default(''),
  SOCIAL_CLIENT_SECRET: z.string().default(''),
  SOCIAL_REDIRECT_URI: z.string().default(''),
  SOCIAL_SOURCE: z.string().default('oidc'),
  /** Object storage: MinIO/S3 when S3_ENDPOINT is set, local disk under STORAGE_DIR otherwise. */
  S3_ENDPOINT: z.string().default(''),
  S3_PORT: z.coerce.number().int().optional(),
  S3_USE_SSL: bool(false),
  S3_ACCESS_KEY: z.string().default(''),
  S3_SECRET_KEY: z.string().default(''),
  S3_BUCKET: z.string().default('ysjs'),
  S3_PUBLIC_URL: z.string().default(''),
  STORAGE_DIR: z.string().default('storage'),
  WORKER_ID: z.coerce.number().int().min(0).max(1023).optional(),
  /** Statement timeout of report queries (read-only transactions, decision 020). */
  REPORT_STATEMENT_TIMEOUT_MS: ms(10_000),
  /** How long a workflow call waits for the worker's answer before answering 503 (decision 015). */
  FLOW_ANSWER_TIMEOUT_MS: ms(15_000),
})
type TParsedEnv = z.infer<typeof ZEnvSchema>
export type TEnv = Omit<TParsedEnv, 'API_DOCS_ENABLED' | 'DATABASE_QUERY_TIMEOUT_MS'> & {
  API_DOCS_ENABLED: boolean
  DATABASE_QUERY_TIMEOUT_MS: number
  /** The data key and the earlier ones still read (decision 026). */
  DATA_KEYS: { key: Buffer; previous: Buffer[] }
}

/** The client waits this much longer than the server runs a statement, so the server cancels first. */
const QUERY_TIMEOUT_MARGIN_MS = 2_000

/** Defaults that depend on other settings. */
const derived = (env: TParsedEnv): TEnv => ({
  ...env,
  DATA_KEYS: dataKeys(env),
  // The document maps the whole attack surface: production publishes it only when told to.
  API_DOCS_ENABLED: env.API_DOCS_ENABLED ?? env.NODE_ENV !== 'production',
  DATABASE_QUERY_TIMEOUT_MS:
    env.DATABASE_QUERY_TIMEOUT_MS ?? env.DATABASE_STATEMENT_TIMEOUT_MS + QUERY_TIMEOUT_MARGIN_MS,
})

export const loadEnv = (source: NodeJS.ProcessEnv = process.env): TEnv => {
  // An empty value (`KEY=` in .env) means unset, so the default applies.
  const given: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== ''),
  )
  if (given.JWT_SECRET === undefined && given.JWT_SECRET_FILE) {
    given.JWT_SECRET = readSecretFile(given.JWT_SECRET_FILE)
  }
  const parsed = ZEnvSchema.safeParse(given)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  assertProductionSecrets(parsed.data)
  const env = derived(parsed.data)
  assertTimeouts(env)
  return env
}

/**
 * A query timeout at or under the statement timeout makes the client drop connections where the
 * server would have cancelled the statement cleanly and kept the connection.
 */
const assertTimeouts = (env: TEnv): void => {
  if (env.DATABASE_QUERY_TIMEOUT_MS <= env.DATABASE_STATEMENT_TIMEOUT_MS) {
    throw new Error(
      'Invalid environment:\n  DATABASE_QUERY_TIMEOUT_MS: must be greater than DATABASE_STATEMENT_TIMEOUT_MS',
    )
  }
}

/** The data keys; production without DATA_KEY or DATA_KEY_FILE does not start (decision 026). */
const dataKeys = (env: TParsedEnv): TEnv['DATA_KEYS'] => {
  try {
    return dataKeysOf(env, (file) => fs.readFileSync(file, 'utf8'))
  } catch (err) {
    throw new Error(`Invalid environment:\n  ${(err as Error).message}`)
  }
}

const readSecretFile = (file: string): string => {
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch (err) {
    throw new Error(
      `Invalid environment:\n  JWT_SECRET_FILE: cannot read ${file} (${(err as Error).message})`,
    )
  }
}

/**
 * Anyone who knows the signing key can mint an administrator's token: in production the API does
 * not start with the public example key or a short one.
 */
const assertProductionSecrets = (env: Pick<TParsedEnv, 'NODE_ENV' | 'JWT_SECRET'>): void => {
  if (env.NODE_ENV !== 'production') {
    return
  }
  if (env.JWT_SECRET === EXAMPLE_JWT_SECRET || Buffer.byteLength(env.JWT_SECRET) < JWT_SECRET_MIN_BYTES) {
    throw new Error(
      `Invalid environment:\n  JWT_SECRET: in production it must be a random value of at least ${JWT_SECRET_MIN_BYTES} bytes, not the example (e.g. \`openssl rand -base64 48\`)`,
    )
  }
}
