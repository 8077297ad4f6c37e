import { describe, expect, it } from 'vitest'
import {
  formatDate,
  formatDateTime,
  isDateOrDateTime,
  isUrlMenuPath,
  normalizeDateTime,
  parseDateTime,
  permissionMap,
  screenLevel,
  type TMenu,
  ZMeetingSubmitSchema,
} from '../src/index.ts'

describe('dates in Asia/Shanghai', () => {
  it('formats UTC instants as Shanghai wall time', () => {
    expect(formatDateTime(new Date('2026-01-01T16:30:05Z'))).toBe('2026-01-02 00:30:05')
    expect(formatDate(new Date('2026-01-01T15:59:59Z'))).toBe('2026-01-01')
  })
  it('parses both formats and refuses impossible dates', () => {
    expect(parseDateTime('2026-01-02 00:30:05')?.toISOString()).toBe('2026-01-01T16:30:05.000Z')
    expect(parseDateTime('2026-02-28')?.toISOString()).toBe('2026-02-27T16:00:00.000Z')
    expect(parseDateTime('2026-02-30')).toBeNull()
    expect(parseDateTime('2026-01-01 24:00:00')).toBeNull()
    expect(parseDateTime('01/02/2026')).toBeNull()
  })
  it('takes a moment typed without seconds as :00, and nothing shorter', () => {
    expect(parseDateTime('2026-12-15 15:30')?.toISOString()).toBe('2026-12-15T07:30:00.000Z')
    expect(normalizeDateTime('2026-12-15 15:30')).toBe('2026-12-15 15:30:00')
    expect(normalizeDateTime(' 2026-12-15 15:30:07 ')).toBe('2026-12-15 15:30:07')
    expect(normalizeDateTime('2026-12-15')).toBeNull()
    expect(isDateOrDateTime('2026-12-15 15:30')).toBe(true)
    expect(isDateOrDateTime('2026-12-15 15')).toBe(false)
    expect(isDateOrDateTime('2026-12-15 15:60')).toBe(false)
    expect(isDateOrDateTime('2026-12-15T15:30')).toBe(false)
  })
  it('the API schemas of moments accept a time without seconds', () => {
    const meeting = ZMeetingSubmitSchema.safeParse({
      meetingName: 'm',
      startTime: '2026-12-15 15:30',
      endTime: '2026-12-16 09:00',
    })
    const issues = meeting.success ? [] : meeting.error.issues.map((i) => String(i.path[0]))
    expect(issues).not.toContain('startTime')
    expect(issues).not.toContain('endTime')
  })
})

describe('screen breakpoints', () => {
  it.each([
    [1920, 3],
    [1200, 3],
    [1199, 2],
    [992, 2],
    [991, 1],
    [768, 1],
    [767, 0],
    [0, 0],
  ])('%i px is level %i', (width, level) => {
    expect(screenLevel(width)).toBe(level)
  })
})

describe('menus', () => {
  it('opens http(s) and html paths in the iframe route', () => {
    expect(isUrlMenuPath('https://example.com/doc')).toBe(true)
    expect(isUrlMenuPath('/static/report.html')).toBe(true)
    expect(isUrlMenuPath('/system/param')).toBe(false)
    expect(isUrlMenuPath(null)).toBe(false)
  })
  it('turns the leaf codes of the buttons tree into the permission map', () => {
    const node = (code: string, children?: TMenu[]): TMenu => ({ code, children }) as unknown as TMenu
    const tree = [node('system', [node('param', [node('param_add'), node('param_edit')]), node('dictbiz')])]
    expect(permissionMap(tree)).toEqual({ param_add: true, param_edit: true, dictbiz: true })
  })
})
