import { TIME_ZONE } from '@ysjs/shared'
import { nextCronFire } from '@ysjs/shared/job'
import { defaultRepeatStrategy, type RepeatStrategy } from 'bullmq'

/**
 * BullMQ's repeat strategy for CRON job schedulers (decision 012): the next fire is computed by
 * `nextCronFire`, the Quartz reading the API previews with (W, LW, L-n, nL, n#k, lists of them, the
 * year), which BullMQ's own cron-parser cannot express. Strictly after the later of `millis` (now, or
 * the fire just handed out) and the lifecycle start; none after the lifecycle end or after the
 * expression's last fire. A pattern it cannot read is one written before this strategy (a cron-parser
 * pattern, Sunday = 0, no `?`): BullMQ's default reads it until reconcile replaces it.
 */
export const cronRepeatStrategy: RepeatStrategy = (millis, opts) => {
  const pattern = opts.pattern
  if (!pattern) {
    return undefined
  }
  const start = opts.startDate ? new Date(opts.startDate).getTime() : 0
  let next: number | null
  try {
    next = nextCronFire(pattern, opts.tz ?? TIME_ZONE, Math.max(millis, start))
  } catch {
    return defaultRepeatStrategy(millis, opts)
  }
  if (next === null || (opts.endDate && next > new Date(opts.endDate).getTime())) {
    return undefined
  }
  return next
}
