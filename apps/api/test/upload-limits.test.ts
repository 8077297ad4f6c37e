import { UploadMsg } from '@ysjs/shared'
import { describe, expect, it } from 'vitest'
import type { TAuthUser, TCtx } from '../src/lib/context.ts'
import { AppError } from '../src/lib/errors.ts'
import { multipartFailure } from '../src/modules/oss/multipart.ts'
import {
  dayOf,
  fits,
  isUsedUp,
  limitOf,
  limitsOf,
  mbToBytes,
  minuteOf,
  UPLOAD_PARAMS,
  uploaderOf,
} from '../src/modules/oss/upload-limits.ts'

// Pure rules of the upload limits; the refusals themselves are proven end to end in upload.test.ts.
describe('upload limit arithmetic', () => {
  it('reads a limit parameter, falling back on anything that is not a positive number', () => {
    expect(limitOf('30', 30)).toBe(30)
    expect(limitOf(' 12 ', 30)).toBe(12)
    expect(limitOf('0.5', 500)).toBe(0.5)
    for (const bad of [null, '', '  ', 'abc', '0', '-1', 'Infinity', 'NaN', '1e400']) {
      expect(limitOf(bad, 500), String(bad)).toBe(500)
    }
  })

  it('has the defaults of the issue', () => {
    expect(UPLOAD_PARAMS).toEqual({
      userPerMinute: { key: 'upload.userPerMinute', fallback: 30 },
      userDailyMb: { key: 'upload.userDailyMb', fallback: 500 },
      tenantQuotaMb: { key: 'upload.tenantQuotaMb', fallback: 10_240 },
    })
  })

  it('turns the parameter values into limits', () => {
    expect(limitsOf({ perMinute: null, dailyMb: null, quotaMb: null })).toEqual({
      perMinute: 30,
      dailyBytes: 500 * 1_048_576,
      quotaBytes: 10_240 * 1_048_576,
    })
    expect(limitsOf({ perMinute: '2.7', dailyMb: '1', quotaMb: 'x' })).toEqual({
      perMinute: 2,
      dailyBytes: 1_048_576,
      quotaBytes: 10_240 * 1_048_576,
    })
    // A fraction of an upload per minute still allows one.
    expect(limitsOf({ perMinute: '0.5', dailyMb: null, quotaMb: null }).perMinute).toBe(1)
  })

  it('converts MB to bytes (binary megabytes, whole bytes)', () => {
    expect(mbToBytes(1)).toBe(1_048_576)
    expect(mbToBytes(10_240)).toBe(10_737_418_240)
    expect(mbToBytes(0.001)).toBe(1048)
  })

  it('lets a file fill a limit exactly, never go past it', () => {
    expect(fits(0, 100, 100)).toBe(true)
    expect(fits(40, 60, 100)).toBe(true)
    expect(fits(40, 61, 100)).toBe(false)
    expect(fits(0, 101, 100)).toBe(false)
    expect(fits(100, 0, 100)).toBe(true)
  })

  it('refuses before reading once the limit is reached', () => {
    expect(isUsedUp(99, 100)).toBe(false)
    expect(isUsedUp(100, 100)).toBe(true)
    expect(isUsedUp(150, 100)).toBe(true)
  })

  it('counts the rate per minute and the volume per Asia/Shanghai day', () => {
    expect(minuteOf(new Date('2026-11-22T10:00:59.999Z'))).toBe(minuteOf(new Date('2026-11-22T10:00:00Z')))
    expect(minuteOf(new Date('2026-11-22T10:01:00Z'))).toBe(minuteOf(new Date('2026-11-22T10:00:00Z')) + 1)
    // Shanghai midnight is 16:00 UTC of the day before.
    expect(dayOf(new Date('2026-11-22T15:59:59Z'))).toBe('20261122')
    expect(dayOf(new Date('2026-11-22T16:00:00Z'))).toBe('20261123')
  })

  it('keeps counters per user, and per third-party identity for guests', () => {
    const ctx = (user: Partial<TAuthUser> | null): TCtx =>
      ({ user, tenantId: '000000', log: undefined }) as unknown as TCtx
    expect(uploaderOf(ctx({ userId: 1123598821738675201n, oauthId: '' }))).toBe('1123598821738675201')
    expect(uploaderOf(ctx({ userId: -1n, oauthId: '42' }))).toBe('guest-42')
    expect(uploaderOf(ctx(null))).toBe('anonymous')
  })
})

describe('multipart parse errors', () => {
  const fail = (err: unknown) => multipartFailure(err) as AppError

  it('are the client’s 400, whatever busboy or @fastify/multipart calls them', () => {
    for (const err of [
      new Error('Unexpected end of form'),
      new Error('Malformed part header'),
      new Error('Multipart: Boundary not found'),
      Object.assign(new Error('closed'), { code: 'FST_MP_PREMATURE_CLOSE', statusCode: 400 }),
      Object.assign(new Error('proto'), { code: 'FST_PROTO_VIOLATION', statusCode: 400 }),
    ]) {
      expect(fail(err)).toBeInstanceOf(AppError)
      expect([fail(err).httpStatus, fail(err).code, fail(err).message]).toEqual([400, 400, UploadMsg.BROKEN])
    }
  })

  it('keep a too-large file a 413 and leave a non-multipart body to the 415 of the error handler', () => {
    const tooLarge = fail(Object.assign(new Error('big'), { code: 'FST_REQ_FILE_TOO_LARGE' }))
    expect([tooLarge.httpStatus, tooLarge.message]).toEqual([413, UploadMsg.TOO_LARGE])
    const notMultipart = Object.assign(new Error('no'), { code: 'FST_INVALID_MULTIPART_CONTENT_TYPE' })
    expect(multipartFailure(notMultipart)).toBe(notMultipart)
    const already = AppError.badRequest('x')
    expect(multipartFailure(already)).toBe(already)
  })
})
