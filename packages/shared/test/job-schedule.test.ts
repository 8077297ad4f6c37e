import { describe, expect, it } from 'vitest'
import {
  FIXED_MS_MIN,
  fireTimesBetween,
  JOB_INFO_DEFAULTS,
  JobInfoMsg,
  nextFireTimes,
  parseCron,
  parseTimeExpression,
  ScheduleMsg,
  type TSchedule,
  ZJobInfoSubmitSchema,
  ZJobServerSubmitSchema,
  ZNextFireTimesQuerySchema,
} from '../src/job/index.ts'

const cron = (expr: string): TSchedule => {
  const r = parseCron(expr)
  if (!r.ok) {
    throw new Error(r.message)
  }
  return r.schedule
}
// Asia/Shanghai wall time as ISO with offset, to read the assertions easily.
const sh = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().replace('.000Z', '+08')
const at = (s: string) => new Date(s)

describe('Quartz CRON', () => {
  it('fires Quartz "every Monday at noon" on Mondays, Asia/Shanghai', () => {
    // 2026-01-01 is a Thursday.
    const times = nextFireTimes(cron('0 0 12 ? * 2'), 3, { from: at('2026-01-01T00:00:00Z') })
    expect(times.map(sh)).toEqual([
      '2026-01-05T12:00:00+08',
      '2026-01-12T12:00:00+08',
      '2026-01-19T12:00:00+08',
    ])
    expect(times.every((d) => new Date(d.getTime() + 8 * 3600_000).getUTCDay() === 1)).toBe(true)
  })

  it('reads 5-field crontab as minutes first with 0/7 = Sunday', () => {
    const times = nextFireTimes(cron('30 8 * * 0'), 2, { from: at('2026-01-01T00:00:00Z') })
    expect(times.map(sh)).toEqual(['2026-01-04T08:30:00+08', '2026-01-11T08:30:00+08'])
  })

  it('supports seconds, last day of month, nth weekday and a 7th year field of *', () => {
    expect(nextFireTimes(cron('*/10 * * * * ?'), 3, { from: at('2026-01-01T00:00:00Z') }).map(sh)).toEqual([
      '2026-01-01T08:00:10+08',
      '2026-01-01T08:00:20+08',
      '2026-01-01T08:00:30+08',
    ])
    expect(nextFireTimes(cron('0 0 1 L * ?'), 2, { from: at('2026-01-01T00:00:00Z') }).map(sh)).toEqual([
      '2026-01-31T01:00:00+08',
      '2026-02-28T01:00:00+08',
    ])
    // Quartz 2#1: first Monday.
    expect(nextFireTimes(cron('0 0 9 ? * 2#1 *'), 2, { from: at('2026-01-01T00:00:00Z') }).map(sh)).toEqual([
      '2026-01-05T09:00:00+08',
      '2026-02-02T09:00:00+08',
    ])
  })

  it('refuses what Quartz refuses or cannot run', () => {
    expect(parseCron('0 0 12 1 * 2')).toEqual({ ok: false, message: ScheduleMsg.CRON_DAYS })
    expect(parseCron('0 0 12 * * ? 2030').ok).toBe(true)
    expect(parseCron('* * *')).toEqual({ ok: false, message: ScheduleMsg.CRON_FIELDS })
    // The field at fault, named as the form names it, in Chinese (the refusal says which field and why).
    expect(parseCron('0 0 25 * * ?')).toEqual({
      ok: false,
      message: `${ScheduleMsg.CRON_BAD}: 「时」段 25 不正确, 应为 0-23`,
    })
    expect(parseCron('0 61 * * * ?')).toMatchObject({
      message: expect.stringContaining('「分」段 61 不正确'),
    })
    expect(parseCron('0 0 0 ? * 8')).toMatchObject({ message: expect.stringContaining('「周」段 8 不正确') })
    expect(parseCron('0 0 * 13 *')).toMatchObject({ message: expect.stringContaining('「月」段 13 不正确') })
    expect(parseCron('0 0 * * 9')).toMatchObject({ message: expect.stringContaining('0-7(周日为 0 或 7)') })
    expect(parseCron('*/0 * * * * ?')).toMatchObject({ message: expect.stringContaining('「秒」段 */0') })
    expect(parseCron('0 0 0 30 2 ?')).toEqual({ ok: false, message: ScheduleMsg.CRON_NEVER })
    for (const e of ['0 0 25 * * ?', '0 0 0 30 2 ?', '0 0 0 32 * ?', '0 0 0 ? * 2#6', 'x * * * * ?']) {
      const r = parseCron(e)
      expect(!r.ok && /[A-Za-z]{4,}/.test(r.message.replace(/JAN-DEC|SUN-SAT|CRON/g, ''))).toBe(false)
    }
    expect(parseCron('0 0 12 * * ?', 'Mars/Olympus').ok).toBe(false)
  })
})

describe('fixed rate and delay', () => {
  it('parses milliseconds within bounds', () => {
    expect(parseTimeExpression(3, '5000')).toEqual({ ok: true, schedule: { kind: 'rate', everyMs: 5000 } })
    expect(parseTimeExpression(4, '2000')).toEqual({ ok: true, schedule: { kind: 'delay', delayMs: 2000 } })
    expect(parseTimeExpression(3, String(FIXED_MS_MIN - 1))).toEqual({
      ok: false,
      message: ScheduleMsg.FIXED_MS,
    })
    expect(parseTimeExpression(3, '1e4').ok).toBe(false)
    expect(parseTimeExpression(1, null)).toEqual({ ok: true, schedule: { kind: 'none' } })
  })

  it('fixed rate fires on multiples of the period, as BullMQ `every` does', () => {
    const times = nextFireTimes({ kind: 'rate', everyMs: 60_000 }, 3, { from: at('2026-01-01T00:00:30Z') })
    expect(times.map((d) => d.toISOString())).toEqual([
      '2026-01-01T00:01:00.000Z',
      '2026-01-01T00:02:00.000Z',
      '2026-01-01T00:03:00.000Z',
    ])
  })

  it('fixed delay knows only its first run', () => {
    const times = nextFireTimes({ kind: 'delay', delayMs: 5000 }, 10, { from: at('2026-01-01T00:00:00Z') })
    expect(times.map((d) => d.toISOString())).toEqual(['2026-01-01T00:00:05.000Z'])
  })
})

describe('lifecycle range and count', () => {
  it('starts at the lifecycle start and stops at its end', () => {
    const times = nextFireTimes(cron('0 0 * * * ?'), 20, {
      from: at('2026-01-01T00:00:00Z'),
      start: at('2026-01-02T00:00:00Z'),
      end: at('2026-01-02T02:30:00Z'),
    })
    expect(times.map((d) => d.toISOString())).toEqual([
      '2026-01-02T01:00:00.000Z',
      '2026-01-02T02:00:00.000Z',
    ])
  })

  it('answers at most 20', () => {
    expect(nextFireTimes(cron('* * * * * ?'), 50, { from: new Date() })).toHaveLength(20)
  })

  it('lists the fire times between two instants (missed runs)', () => {
    const missed = fireTimesBetween(
      cron('0 */15 * * * ?'),
      at('2026-01-01T00:00:00Z'),
      at('2026-01-01T01:00:00Z'),
      100,
    )
    expect(missed.map((d) => d.toISOString())).toEqual([
      '2026-01-01T00:15:00.000Z',
      '2026-01-01T00:30:00.000Z',
      '2026-01-01T00:45:00.000Z',
      '2026-01-01T01:00:00.000Z',
    ])
    expect(
      fireTimesBetween(
        { kind: 'rate', everyMs: 1000 },
        at('2026-01-01T00:00:00Z'),
        at('2026-01-01T01:00:00Z'),
        5,
      ),
    ).toHaveLength(5)
  })
})

describe('job forms', () => {
  const valid = {
    jobServerId: '1',
    jobName: '测试任务',
    enable: JOB_INFO_DEFAULTS.enable,
    timeExpressionType: JOB_INFO_DEFAULTS.timeExpressionType,
    timeExpression: '0 0 12 ? * 2',
    executeType: JOB_INFO_DEFAULTS.executeType,
    dispatchStrategy: JOB_INFO_DEFAULTS.dispatchStrategy,
    processorType: JOB_INFO_DEFAULTS.processorType,
    processorInfo: 'prune-logs',
  }
  const firstMessage = (input: unknown) => {
    const r = ZJobInfoSubmitSchema.safeParse(input)
    return r.success ? null : r.error.issues[0]?.message
  }

  it('has the spec defaults', () => {
    expect(JOB_INFO_DEFAULTS).toMatchObject({
      timeExpressionType: 2,
      executeType: 1,
      dispatchStrategy: 1,
      processorType: 1,
      concurrency: 5,
      logType: 1,
      logLevel: 2,
      enable: 0,
      maxInstanceNum: 0,
      instanceTimeLimit: 0,
    })
  })

  it('answers the form messages for each required field', () => {
    expect(firstMessage(valid)).toBeNull()
    expect(firstMessage({ ...valid, jobServerId: '' })).toBe(JobInfoMsg.JOB_SERVER)
    expect(firstMessage({ ...valid, enable: '' })).toBe('请选择任务状态')
    expect(firstMessage({ ...valid, jobName: ' ' })).toBe('请输入任务名称')
    expect(firstMessage({ ...valid, timeExpressionType: undefined })).toBe('请选择定时类型')
    expect(firstMessage({ ...valid, executeType: 9 })).toBe('请选择执行类型')
    expect(firstMessage({ ...valid, dispatchStrategy: '' })).toBe('请选择运行时配置')
    expect(firstMessage({ ...valid, dispatchStrategy: 7 })).toBe('请选择运行时配置')
    expect(firstMessage({ ...valid, timeExpression: '' })).toBe('请输入时间表达式')
    expect(firstMessage({ ...valid, timeExpressionType: 4, timeExpression: null })).toBe('请输入时间表达式')
    expect(firstMessage({ ...valid, processorType: 2 })).toBe('请选择处理器类型')
    expect(firstMessage({ ...valid, processorInfo: '' })).toBe('请输入处理器参数')
  })

  it('refuses an expression that cannot be parsed, an unknown processor and bad params', () => {
    expect(firstMessage({ ...valid, timeExpression: '0 0 12 1 * 2' })).toBe(ScheduleMsg.CRON_DAYS)
    expect(firstMessage({ ...valid, timeExpressionType: 3, timeExpression: 'abc' })).toBe(
      ScheduleMsg.FIXED_MS,
    )
    expect(firstMessage({ ...valid, timeExpressionType: 1, timeExpression: '' })).toBeNull()
    expect(firstMessage({ ...valid, processorInfo: 'rm-rf' })).toBe(JobInfoMsg.BUILT_IN_UNKNOWN)
    expect(firstMessage({ ...valid, processorType: 4, processorInfo: 'GET http://127.0.0.1:9/x' })).toBeNull()
    expect(firstMessage({ ...valid, processorType: 4, processorInfo: 'ftp://x' })).toBe(
      JobInfoMsg.EXTERNAL_URL,
    )
    expect(firstMessage({ ...valid, jobParams: '{' })).toBe(JobInfoMsg.JOB_PARAMS_JSON)
    expect(
      firstMessage({ ...valid, lifecycleStart: '2026-02-01 00:00:00', lifecycleEnd: '2026-01-01 00:00:00' }),
    ).toBe(JobInfoMsg.LIFECYCLE_ORDER)
  })

  it('job server messages', () => {
    const r = ZJobServerSubmitSchema.safeParse({})
    expect(r.success).toBe(false)
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      '请输入服务名称',
      '请输入服务器地址',
      '请输入应用名称',
      '请输入应用密码',
    ])
  })

  it('next-fire-times takes at most 20', () => {
    expect(
      ZNextFireTimesQuerySchema.safeParse({
        timeExpressionType: '2',
        timeExpression: '* * * * *',
        count: '21',
      }).success,
    ).toBe(false)
    expect(
      ZNextFireTimesQuerySchema.safeParse({
        timeExpressionType: '2',
        timeExpression: '* * * * *',
        count: '20',
      }).success,
    ).toBe(true)
  })
})
