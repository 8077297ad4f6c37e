import { ZAllowedHostsSchema } from '@ysjs/shared/job'
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
  /** Hosts HTTP jobs (external processors and the http-call built-in) may call, comma-separated. */
  JOB_HTTP_ALLOWED_HOSTS: ZAllowedHostsSchema,
  /** How many runs one worker process executes at once, all jobs together. */
  JOB_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * A run's BullMQ lock (renewed at half of it) and how often workers look for runs whose lock expired
   * (their worker died): such a run comes back within about the sum. Same values on every worker.
   */
  JOB_LOCK_DURATION_MS: ms(30_000),
  JOB_STALLED_INTERVAL_MS: ms(15_000),
  /** Leader lock time to live: another process takes over this long after the leader dies. */
  JOB_LEADER_TTL_MS: ms(15_000),
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
export type TWorkerEnv = z.infer<typeof ZWorkerEnvSchema>

export const loadWorkerEnv = (source: NodeJS.ProcessEnv = process.env): TWorkerEnv => {
  // An empty value (`KEY=` in .env) means unset, so the default applies.
  const given = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''))
  const parsed = ZWorkerEnvSchema.safeParse(given)
  if (!parsed.success) {
    throw new Error(
      `Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    )
  }
  return parsed.data
}
