/**
 * CRON expressions read as Quartz reads them (decision 012): 6 fields (seconds first) or 7 with a year,
 * `?` in exactly one of day of month and day of week, days of week 1 (SUN) to 7 (SAT), `L`, `W`, `LW`,
 * `L-n`, `L-nW`, `nL`, `n#k`; and plain crontab (5 fields, minutes first, days of week 0/7 = Sunday,
 * day of month and day of week ORed when both are restricted). Pure code, no dependency: the web form,
 * the API and the worker (its BullMQ repeat strategy) compute fire times with this one module.
 */

/** The fields as the job form names them, seconds first; 年 is Quartz's optional seventh. */
export const CRON_FIELD_NAMES = ['秒', '分', '时', '日', '月', '周', '年'] as const
export const CRON_YEAR_MIN = 1970
export const CRON_YEAR_MAX = 2099

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT']

type TSpec = {
  /** Index in CRON_FIELD_NAMES. */
  index: number
  min: number
  max: number
  /** Names and the value of the first one (JAN = 1; SUN = 1 in Quartz, 0 in crontab). */
  names?: readonly string[]
  nameBase?: number
  /** The largest step Quartz takes in this field. */
  stepMax: number
  /** The values the field takes, as the refusal says them. */
  values: string
}

const SPECS = {
  second: { index: 0, min: 0, max: 59, stepMax: 59, values: '0-59' },
  minute: { index: 1, min: 0, max: 59, stepMax: 59, values: '0-59' },
  hour: { index: 2, min: 0, max: 23, stepMax: 23, values: '0-23' },
  dom: { index: 3, min: 1, max: 31, stepMax: 31, values: '1-31、L、L-n、nW、LW 或 ?' },
  month: { index: 4, min: 1, max: 12, names: MONTHS, nameBase: 1, stepMax: 12, values: '1-12 或 JAN-DEC' },
  dow: {
    index: 5,
    min: 1,
    max: 7,
    names: DAYS,
    nameBase: 1,
    stepMax: 7,
    values: '1-7(周日为 1)、SUN-SAT、L、nL、n#k 或 ?',
  },
  crontabDow: {
    index: 5,
    min: 0,
    max: 7,
    names: DAYS,
    nameBase: 0,
    stepMax: 7,
    values: '0-7(周日为 0 或 7)、SUN-SAT、L、nL 或 n#k',
  },
  year: {
    index: 6,
    min: CRON_YEAR_MIN,
    max: CRON_YEAR_MAX,
    stepMax: CRON_YEAR_MAX - CRON_YEAR_MIN,
    values: `${CRON_YEAR_MIN}-${CRON_YEAR_MAX}`,
  },
} as const satisfies Record<string, TSpec>

/** A refusal naming the field at fault (its index in CRON_FIELD_NAMES) and why, in Chinese. */
export class CronFieldError extends Error {
  constructor(
    readonly field: number,
    message: string,
  ) {
    super(message)
  }
}

/** A compiled expression: the values each field allows, and the day rules. */
export type TCronExpression = {
  crontab: boolean
  seconds: number[]
  minutes: number[]
  hours: number[]
  /** Index 1-12. */
  months: boolean[]
  /** null: every year 1970-2099. */
  years: Set<number> | null
  dom: {
    /** `?` (Quartz: the day of week decides). */
    none: boolean
    /** The field starts with `*` (crontab: the other day field alone decides). */
    star: boolean
    days: Set<number>
    /** `L`, `L-n` (offset n), with `W` the nearest weekday to that day. */
    last: { offset: number; weekday: boolean }[]
    /** `nW`: the weekday nearest the n-th, within the month. */
    nearest: number[]
  }
  dow: {
    none: boolean
    star: boolean
    /** Quartz numbering: 1 = SUN … 7 = SAT. */
    days: Set<number>
    nth: { day: number; nth: number }[]
    /** `nL`: the last such weekday of the month. */
    last: number[]
  }
}

const bad = (spec: TSpec, text: string, why?: string) =>
  new CronFieldError(
    spec.index,
    `「${CRON_FIELD_NAMES[spec.index]}」段 ${text} 不正确, ${why ?? `应为 ${spec.values}`}`,
  )

const VALUE = '(\\d+|[A-Z]{3})'
const ITEM = new RegExp(`^(?:(\\*)|${VALUE}(?:-${VALUE})?)?(?:/(\\d+))?$`)

/** One number or name of `spec`, in its range. */
const numberOf = (spec: TSpec, token: string, text: string): number => {
  let v: number
  if (/^\d+$/.test(token)) {
    v = Number(token)
  } else {
    const i = spec.names?.indexOf(token) ?? -1
    if (i < 0) {
      throw bad(spec, text)
    }
    v = i + (spec.nameBase ?? 0)
  }
  if (spec.index === 5 && spec.min === 1 && v === 0) {
    throw bad(spec, text, '周的取值为 1-7(周日为 1、周六为 7), 没有 0')
  }
  if (v < spec.min || v > spec.max) {
    throw bad(spec, text)
  }
  return v
}

/**
 * The values of one list item: `*`, `a`, `a-b` (b < a wraps around, as Quartz's 22-2 or FRI-MON),
 * each optionally with `/step`; `a/step` runs to the end of the field, `/step` is `* /step`.
 */
const itemValues = (spec: TSpec, item: string, text: string): number[] => {
  const m = ITEM.exec(item)
  if (!m || item === '') {
    throw bad(spec, text)
  }
  const [, star, from, to, stepText] = m
  if (stepText !== undefined) {
    const step = Number(stepText)
    if (step < 1 || step > spec.stepMax) {
      throw bad(spec, text, `步长 ${stepText} 超出范围, 应为 1-${spec.stepMax}`)
    }
  }
  const step = stepText === undefined ? 1 : Number(stepText)
  const start = star !== undefined || from === undefined ? spec.min : numberOf(spec, from, text)
  if (from !== undefined && to === undefined && stepText === undefined) {
    return [start]
  }
  let end = to === undefined ? spec.max : numberOf(spec, to, text)
  const size = spec.max - spec.min + 1
  if (end < start) {
    if (spec.index === 6) {
      throw bad(spec, text, '起始年份应不大于结束年份')
    }
    end += size
  }
  const out: number[] = []
  for (let v = start; v <= end; v += step) {
    out.push(((v - spec.min) % size) + spec.min)
  }
  return out
}

const sorted = (values: Iterable<number>) => [...new Set(values)].sort((a, b) => a - b)

const listOf = (field: string, spec: TSpec): number[] =>
  sorted(field.split(',').flatMap((item) => itemValues(spec, item, field)))

const parseDom = (field: string): TCronExpression['dom'] => {
  const spec = SPECS.dom
  const dom: TCronExpression['dom'] = {
    none: false,
    star: field.startsWith('*'),
    days: new Set(),
    last: [],
    nearest: [],
  }
  for (const item of field.split(',')) {
    const last = /^L(?:-(\d+))?(W)?$/.exec(item)
    if (last) {
      const offset = Number(last[1] ?? 0)
      if (offset > 30) {
        throw bad(spec, field, `L- 后应为 0-30`)
      }
      dom.last.push({ offset, weekday: last[2] === 'W' })
      continue
    }
    const nearest = /^(\d+)W$/.exec(item)
    if (nearest) {
      dom.nearest.push(numberOf(spec, nearest[1]!, field))
      continue
    }
    for (const d of itemValues(spec, item, field)) {
      dom.days.add(d)
    }
  }
  return dom
}

/** Day of week: Quartz (1 = SUN) or crontab (0 and 7 = SUN); answers Quartz numbering. */
const parseDow = (field: string, crontab: boolean): TCronExpression['dow'] => {
  const spec = crontab ? SPECS.crontabDow : SPECS.dow
  const q = (v: number) => (crontab ? (v % 7) + 1 : v)
  const dow: TCronExpression['dow'] = {
    none: false,
    star: field.startsWith('*'),
    days: new Set(),
    nth: [],
    last: [],
  }
  for (const item of field.split(',')) {
    if (item === 'L') {
      dow.days.add(7) // `L` alone is the last day of the week: Saturday.
      continue
    }
    const last = new RegExp(`^${VALUE}L$`).exec(item)
    if (last) {
      dow.last.push(q(numberOf(spec, last[1]!, field)))
      continue
    }
    const nth = new RegExp(`^${VALUE}#(\\d+)$`).exec(item)
    if (nth) {
      const k = Number(nth[2])
      if (k < 1 || k > 5) {
        throw bad(spec, field, '# 后应为 1-5(当月第几个)')
      }
      dow.nth.push({ day: q(numberOf(spec, nth[1]!, field)), nth: k })
      continue
    }
    for (const d of itemValues(spec, item, field)) {
      dow.days.add(q(d))
    }
  }
  return dow
}

export const CronMsg = {
  FIELDS: 'CRON 表达式应为 5 段(分 时 日 月 周)、6 段(秒 分 时 日 月 周)或 7 段(含年)',
  DAYS: 'CRON 表达式的「日」段和「周」段不能同时指定, 请将其中一段设为 ?',
  DAYS_NONE: 'CRON 表达式的「日」段和「周」段不能都为 ?, 请指定其中一段',
} as const

/** `?` is only for the day fields (and, read as `*`, the year). */
const noQuestion = (field: string, spec: TSpec) => {
  if (field.includes('?')) {
    throw bad(spec, field, '只有「日」段和「周」段可以为 ?')
  }
}

/**
 * Compiles an expression; throws CronFieldError (a field at fault) or Error (the field count, both or
 * neither day field `?`) with the reason in Chinese.
 */
export const compileCron = (expression: string): TCronExpression => {
  const fields = expression.trim().toUpperCase().split(/\s+/)
  const crontab = fields.length === 5
  if (!crontab && fields.length !== 6 && fields.length !== 7) {
    throw new Error(CronMsg.FIELDS)
  }
  const [sec, min, hour, dom, month, dow, year] = crontab ? ['0', ...fields] : fields
  for (const [f, spec] of [
    [sec, SPECS.second],
    [min, SPECS.minute],
    [hour, SPECS.hour],
    [month, SPECS.month],
  ] as const) {
    noQuestion(f!, spec)
  }
  const domOpen = dom === '?'
  const dowOpen = dow === '?'
  if (!crontab && !domOpen && !dowOpen) {
    throw new Error(CronMsg.DAYS)
  }
  if (!crontab && domOpen && dowOpen) {
    throw new Error(CronMsg.DAYS_NONE)
  }
  const monthSet = listOf(month!, SPECS.month)
  const months = Array.from({ length: 13 }, (_, i) => monthSet.includes(i))
  const compiled: TCronExpression = {
    crontab,
    seconds: listOf(sec!, SPECS.second),
    minutes: listOf(min!, SPECS.minute),
    hours: listOf(hour!, SPECS.hour),
    months,
    years: year === undefined || year === '*' || year === '?' ? null : new Set(listOf(year, SPECS.year)),
    dom: domOpen ? { none: !crontab, star: true, days: new Set(), last: [], nearest: [] } : parseDom(dom!),
    dow: dowOpen
      ? { none: !crontab, star: true, days: new Set(), nth: [], last: [] }
      : parseDow(dow!, crontab),
  }
  if (domOpen) {
    compiled.dom.days = new Set(Array.from({ length: 31 }, (_, i) => i + 1))
  }
  if (dowOpen) {
    compiled.dow.days = new Set([1, 2, 3, 4, 5, 6, 7])
  }
  return compiled
}
