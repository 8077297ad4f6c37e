import fs from 'node:fs'
import { dataKeysOf, zAllowList } from '@ysjs/server-core'
import { z } from 'zod'

/** A time limit in milliseconds: never 0, which would mean "wait forever" to pg and ioredis. */
const ms = (fallback: number) => z.coerce.number().int().min(100).max(3_600_000).default(fallback)

/** Every setting of the worker, parsed once at boot. */
export const ZWorkerEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().default('postgresql://postgres@127.0.0.1:5432/ysjs'),
  /** Opening a PostgreSQL connection, and waiting for a free one (same setting as the API's). */
  DATABASE_CONNECT_TIMEOUT_MS: ms(3_000),
  /** PostgreSQL `statement_timeout` for jobs: longer than the API's, jobs are batch work (decision 006). */
  WORKER_STATEMENT_TIMEOUT_MS: ms(300_000),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /** Opening the Redis connection (same setting as the API's); the worker retries forever after it. */
  REDIS_CONNECT_TIMEOUT_MS: ms(2_000),
  /** BullMQ key prefix, so deployments (and test runs) sharing a Redis stay apart. */
  QUEUE_PREFIX: z.string().default('ysjs-bull'),
  WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65_535).default(8091),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Log rows older than this are deleted by the daily retention job, unless param log.retentionDays says otherwise. */
  LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  TZ_SCHEDULE: z.string().default('Asia/Shanghai'),
  /** The API's Redis key prefix: the prune-auth job cleans the token indexes under it. */
  REDIS_PREFIX: z.string().default('ysjs:'),
  /**
   * What HTTP jobs (external processors, http-call, http-map) may call: `host` or `host:port` entries,
   * comma-separated (no port: the scheme's default). Empty by default: nothing until the operator lists
   * it; a listed host may be on a loopback or private address, an unlisted one is never called.
   */
  JOB_HTTP_ALLOWED_HOSTS: zAllowList(),
  /** The API's data key settings, same values: job alerts read the sealed SMS secrets (decision 026). */
  DATA_KEY: z.string().optional(),
  DATA_KEY_FILE: z.string().default(''),
  DATA_KEY_PREVIOUS: z.string().default(''),
  /**
   * The API's file storage settings, same values: the prune-uploads job removes objects left behind
   * (decision 026) from the default store (local disk under STORAGE_DIR, or S3 when S3_ENDPOINT is set)
   * and from tenants' object-storage configs (OSS_ALLOWED_HOSTS as the API has it).
   */
  STORAGE_DIR: z.string().default('storage'),
  S3_ENDPOINT: z.string().default(''),
  S3_PORT: z.coerce.number().int().optional(),
  S3_USE_SSL: z.enum(['true', 'false', '1', '0', '']).default('false'),
  S3_ACCESS_KEY: z.string().default(''),
  S3_SECRET_KEY: z.string().default(''),
  S3_BUCKET: z.string().default('ysjs'),
  OSS_ALLOWED_HOSTS: zAllowList(),
  /** SMS gateways of job alerts besides the vendors' documented hosts (the API's setting, same value). */
  SMS_ALLOWED_HOSTS: zAllowList(),
  /** How many runs one worker process executes at once, all jobs together. */
  JOB_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * A run's BullMQ lock (renewed at half of it) and how often workers look for runs whose lock expired
   * (their worker died): such a run comes back within about the sum. Same values on every worker.
   */
  JOB_LOCK_DURATION_MS: ms(30_000),
  JOB_STALLED_INTERVAL_MS: ms(15_000),
  /**
   * Leader lease: renewed every third of it, so another process takes over at most this long plus a
   * third after the leader dies (issue 27: within 5 s). A leader whose event loop stalls longer than
   * the lease loses it and steps down; the lock's compare-and-pexpire keeps two from leading at once.
   */
  JOB_LEADER_TTL_MS: ms(3_000),
  /**
   * How often the leader looks for runs left waiting or running with nothing that will deliver or end
   * them (their BullMQ job lost, their worker gone), and how long a row must be unchanged to qualify.
   */
  JOB_SWEEP_INTERVAL_MS: ms(60_000),
  /** How many flow commands (start, claim, complete) one worker process runs at once (decision 015). */
  FLOW_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(8),
  /** This process's name in job instances (hostname:pid when unset). */
  WORKER_ID: z.string().optional(),
})
export type TWorkerEnv = z.infer<typeof ZWorkerEnvSchema> & {
  /** The data key and the earlier ones still read (decision 026). */
  DATA_KEYS: { key: Buffer; previous: Buffer[] }
}

export const loadWorkerEnv = (source: NodeJS.ProcessEnv = process.env): TWorkerEnv => {
  // An empty value (`KEY=` in .env) means unset, so the default applies.
  const given = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''))
  const parsed = ZWorkerEnvSchema.safeParse(given)
  if (!parsed.success) {
    throw new Error(
      `Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    )
  }
  try {
    return { ...parsed.data, DATA_KEYS: dataKeysOf(parsed.data, (file) => fs.readFileSync(file, 'utf8')) }
  } catch (err) {
    throw new Error(`Invalid environment: ${(err as Error).message}`)
  }
}
