import { formatDateTime, CLIENT_ERROR_LIMITS as L } from '@ysjs/shared'

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
  // The server refuses longer fields (and bodies over 16 KB): trim rather than lose the report.
  return {
    type: type.slice(0, L.TYPE),
    message: err.message.slice(0, L.MESSAGE),
    stack: (err.stack ?? '').slice(0, L.STACK),
    info: info.slice(0, L.INFO),
    url: window.location.href.slice(0, L.URL),
    time: formatDateTime(new Date()),
  }
}

const encoder = new TextEncoder()
const bytesOf = (v: unknown) => encoder.encode(JSON.stringify(v)).length
/** What one request may carry, with room for the rest of the request. */
const BODY_BUDGET = L.BODY_BYTES - 512

/** A row that fits a request on its own: the longest texts are halved until it does (UTF-8 and escapes). */
const fitted = (row: TClientError): TClientError => {
  let r = row
  for (const field of ['stack', 'info', 'message'] as const) {
    while (bytesOf([r]) > BODY_BUDGET && r[field].length > 0) {
      r = { ...r, [field]: r[field].slice(0, Math.floor(r[field].length / 2)) }
    }
  }
  return r
}

/** Rows in batches of at most 10 rows and 16 KB, the server's limits. */
export const toBatches = (rows: TClientError[]): TClientError[][] => {
  const batches: TClientError[][] = []
  let current: TClientError[] = []
  for (const row of rows.map(fitted)) {
    if (current.length > 0 && (current.length >= L.ROWS || bytesOf([...current, row]) > BODY_BUDGET)) {
      batches.push(current)
      current = []
    }
    current.push(row)
  }
  if (current.length) {
    batches.push(current)
  }
  return batches
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
    const pending = queue
    queue = []
    for (const batch of toBatches(pending)) {
      try {
        await deps.send(batch)
      } catch {
        // The log is best effort: a failing error log must not produce more errors.
        return
      }
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
