import { formatDateTime } from '@ysjs/shared'

/** One client error as the server's error log takes it. */
export type TClientError = {
  type: string
  message: string
  stack: string
  info: string
  url: string
  time: string
}

export const ERROR_LOG_URL = '/api/ysjs-log/error/send-logs'
const MAX_QUEUE = 50
const FLUSH_DELAY_MS = 3000

export type TErrorLogDeps = {
  send: (logs: TClientError[]) => Promise<unknown>
  canSend: () => boolean
}

export const toClientError = (type: string, error: unknown, info = ''): TClientError => {
  const err =
    error instanceof Error ? error : new Error(typeof error === 'string' ? error : JSON.stringify(error))
  return {
    type,
    message: err.message,
    stack: err.stack ?? '',
    info,
    url: window.location.href,
    time: formatDateTime(new Date()),
  }
}

/** Queues client errors and sends them in batches once a session can carry them. */
export const createErrorLog = (deps: TErrorLogDeps) => {
  let queue: TClientError[] = []
  let scheduled = false

  const flush = async () => {
    scheduled = false
    if (queue.length === 0 || !deps.canSend()) {
      return
    }
    const batch = queue
    queue = []
    try {
      await deps.send(batch)
    } catch {
      // The log is best effort: a failing error log must not produce more errors.
    }
  }

  const push = (entry: TClientError) => {
    queue = [...queue, entry].slice(-MAX_QUEUE)
    if (!scheduled) {
      scheduled = true
      setTimeout(() => void flush(), FLUSH_DELAY_MS)
    }
  }

  return { push, flush, pending: () => [...queue] }
}
