import type { TTokenResponse } from '@ysjs/shared'

export type TTokenRefresher = {
  /** Refreshes once; concurrent callers share the same attempt (the lock). */
  refresh: () => Promise<boolean>
  isRefreshing: () => boolean
}

export const createTokenRefresher = (deps: {
  /** Asks the token endpoint for a new token; null when there is nothing to refresh with. */
  requestRefresh: () => Promise<TTokenResponse | null>
  onRefreshed: (res: TTokenResponse) => void
}): TTokenRefresher => {
  let inflight: Promise<boolean> | null = null
  const run = async (): Promise<boolean> => {
    try {
      const res = await deps.requestRefresh()
      if (!res?.access_token) {
        return false
      }
      deps.onRefreshed(res)
      return true
    } catch {
      return false
    } finally {
      inflight = null
    }
  }
  return {
    refresh: () => {
      inflight ??= run()
      return inflight
    },
    isRefreshing: () => inflight !== null,
  }
}

/**
 * Every `intervalMs` checks the token's age and refreshes it once it reaches `tokenTimeS` seconds.
 * Returns the function that stops the timer.
 */
export const startTokenRefreshTimer = (deps: {
  intervalMs: number
  tokenTimeS: () => number
  hasToken: () => boolean
  tokenAgeS: () => number
  refresher: TTokenRefresher
  onFailed: () => void
}): (() => void) => {
  const tick = async () => {
    if (!deps.hasToken() || deps.refresher.isRefreshing()) {
      return
    }
    if (deps.tokenAgeS() >= deps.tokenTimeS()) {
      const ok = await deps.refresher.refresh()
      if (!ok) {
        deps.onFailed()
      }
    }
  }
  const id = setInterval(() => void tick(), deps.intervalMs)
  return () => clearInterval(id)
}
