import { Transform } from 'node:stream'
import { Unzip, UnzipInflate } from 'fflate'
import { AppError } from './errors.ts'

/**
 * Bounds on what a zip-based upload (xlsx, docx, zip) may expand to (decision 004): the bytes its
 * entries actually inflate to (not what their headers claim), the ratio of those to the bytes received,
 * and the number of entries. A spreadsheet bomb (a few MB holding a million rows) is refused while it
 * streams in, before it is stored or parsed.
 */
export type TZipLimits = { maxBytes: number; maxRatio: number; maxEntries: number }

export const ZIP_LIMITS: TZipLimits = { maxBytes: 100 * 1024 * 1024, maxRatio: 100, maxEntries: 10_000 }
/** A ratio is only judged past this many inflated bytes: tiny files compress unevenly. */
const RATIO_FLOOR_BYTES = 4 * 1024 * 1024

export const ZipMsg = {
  TOO_LARGE: '压缩文件解压后过大或压缩比异常,请检查文件',
  BROKEN: '文件内容与扩展名不符',
} as const

/** Feeds bytes of an archive as they come; throws an AppError (400) as soon as a bound is passed. */
export const createZipMeter = (limits: TZipLimits = ZIP_LIMITS) => {
  let received = 0
  let inflated = 0
  let entries = 0
  let problem: AppError | null = null
  const fail = (message: string) => {
    problem ??= AppError.badRequest(message)
  }
  const unzip = new Unzip((file) => {
    entries += 1
    if (entries > limits.maxEntries) {
      fail(ZipMsg.TOO_LARGE)
      return
    }
    file.ondata = (err, chunk) => {
      if (err) {
        fail(ZipMsg.BROKEN)
        return
      }
      inflated += chunk.length
      if (
        inflated > limits.maxBytes ||
        (inflated > RATIO_FLOOR_BYTES && inflated / Math.max(received, 1) > limits.maxRatio)
      ) {
        fail(ZipMsg.TOO_LARGE)
        file.terminate()
      }
    }
    try {
      file.start()
    } catch {
      fail(ZipMsg.BROKEN)
    }
  })
  unzip.register(UnzipInflate)
  const push = (chunk: Uint8Array, final = false) => {
    if (problem) {
      throw problem
    }
    received += chunk.length
    try {
      unzip.push(chunk, final)
    } catch {
      fail(ZipMsg.BROKEN)
    }
    if (problem) {
      throw problem
    }
  }
  return { push, stats: () => ({ received, inflated, entries }) }
}

/** Checks a whole archive in memory (an import's upload). */
export const assertZipWithin = (body: Uint8Array, limits: TZipLimits = ZIP_LIMITS): void => {
  const meter = createZipMeter(limits)
  const step = 256 * 1024
  for (let at = 0; at < body.length; at += step) {
    meter.push(body.subarray(at, Math.min(at + step, body.length)), at + step >= body.length)
  }
  if (body.length === 0) {
    meter.push(new Uint8Array(0), true)
  }
}

/** Passes an upload through unchanged while metering it; the stream fails once a bound is passed. */
export const zipGuardStream = (limits: TZipLimits = ZIP_LIMITS): Transform => {
  const meter = createZipMeter(limits)
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      try {
        meter.push(chunk)
        done(null, chunk)
      } catch (err) {
        done(err as Error)
      }
    },
    flush(done) {
      try {
        meter.push(new Uint8Array(0), true)
        done()
      } catch (err) {
        done(err as Error)
      }
    },
  })
}
