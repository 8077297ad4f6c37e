import { z } from 'zod'
import { AllowListError, parseAllowList, type TAllowEntry } from './policy.ts'

/**
 * An operator allow-list variable as both apps parse it in `env.ts`: comma-separated `host` or
 * `host:port` entries (an entry without a port: the scheme's default port). Empty by default.
 */
export const zAllowList = () =>
  z
    .string()
    .default('')
    .transform((v, ctx): TAllowEntry[] => {
      try {
        return parseAllowList(v)
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: err instanceof AllowListError ? err.message : String(err) })
        return z.NEVER
      }
    })
