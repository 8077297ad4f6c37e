import type { JobInfo, PrismaClient } from '@ysjs/db'
import { LogLevel, LogType } from '@ysjs/shared'
import { JOB_LOG_LEVEL_NAMES, JobInstanceStatus, jobLogLine } from '@ysjs/shared/job'
import type { Logger } from 'pino'
import type { TJobLog } from './processors.ts'

export const RESULT_MAX = 2000
const LOG_MAX = 100_000
/**
 * A run's log lines reach its row at most this long after they are written (and at every end of an
 * attempt): a worker killed mid-run loses at most the lines of its last quarter second.
 */
const LOG_FLUSH_MS = 250

/** A run's result as its row keeps it: text, at most RESULT_MAX characters. */
export const summary = (value: unknown): string | null => {
  if (value === undefined || value === null) {
    return null
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.slice(0, RESULT_MAX)
}

/** The log a processor writes to: the job's level and log type decide what is kept and where. */
const writeLogLine = (log: Logger, job: JobInfo, lines: string[], onLine: () => void): TJobLog => {
  return (level, message) => {
    if (job.logLevel === LogLevel.OFF || level < job.logLevel || job.logType === LogType.NULL) {
      return
    }
    const name = JOB_LOG_LEVEL_NAMES[level]
    const line = jobLogLine(level, message)
    if (job.logType === LogType.ONLINE || job.logType === LogType.LOCAL_AND_ONLINE) {
      lines.push(line)
      onLine()
    }
    if (job.logType !== LogType.ONLINE) {
      log.info({ jobInfoId: String(job.id), level: name }, message)
    }
  }
}

/**
 * The log of one claimed attempt of a run and the writes that end it. Earlier attempts' lines are
 * kept (the log tells the whole story of the run); lines reach the row within LOG_FLUSH_MS while the
 * attempt runs, and every end of the attempt writes them all.
 */
export const createRunLog = (
  deps: { prisma: PrismaClient; log: Logger },
  job: JobInfo,
  run: { instanceId: bigint; attempt: number; previous: string | null },
) => {
  const { prisma, log } = deps
  const { instanceId, attempt } = run
  const lines: string[] = run.previous ? run.previous.split('\n') : []
  const text = () => lines.join('\n').slice(-LOG_MAX)
  let flushTimer: NodeJS.Timeout | null = null
  let flushing: Promise<unknown> = Promise.resolve()
  const flushNow = () => {
    flushTimer = null
    const logText = text()
    flushing = flushing
      .then(() =>
        prisma.jobInstance.updateMany({
          where: { id: instanceId, status: JobInstanceStatus.RUNNING, attempt },
          data: { log: logText },
        }),
      )
      .catch((e: unknown) => log.debug({ err: e }, 'flushing a run log failed'))
  }
  let logEnded = false
  const jobLog = writeLogLine(log, job, lines, () => {
    if (!logEnded) {
      flushTimer ??= setTimeout(flushNow, LOG_FLUSH_MS)
    }
  })

  return {
    jobLog,
    /** The attempt is ending: no more timed flushes, the end writes every line. */
    async end() {
      logEnded = true
      if (flushTimer) {
        clearTimeout(flushTimer)
        flushTimer = null
      }
      await flushing
    },
    /** Ends the attempt; a row already final (stopped from the API) is left as it is. */
    async finish(status: string, result: string | null) {
      const logText = lines.length ? text() : null
      const ended = await prisma.jobInstance.updateMany({
        where: { id: instanceId, status: JobInstanceStatus.RUNNING, attempt },
        data: {
          status,
          result,
          endTime: new Date(),
          updateTime: new Date(),
          ...(logText ? { log: logText } : {}),
        },
      })
      if (ended.count === 0 && logText) {
        // Stopped meanwhile: keep the log lines written until the stop.
        await prisma.jobInstance.updateMany({ where: { id: instanceId }, data: { log: logText } })
      }
    },
    /** The attempt failed and the run will be tried again: it waits, with its log so far. */
    async retry(message: string) {
      await prisma.jobInstance.updateMany({
        where: { id: instanceId, status: JobInstanceStatus.RUNNING, attempt },
        data: {
          status: JobInstanceStatus.WAITING,
          result: summary(message),
          log: text(),
          updateTime: new Date(),
        },
      })
    },
  }
}
