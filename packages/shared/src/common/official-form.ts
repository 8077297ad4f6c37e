/**
 * Chinese official form (decision 027): how every generated document writes dates, times and amounts.
 * Dates 2026年12月18日, times 09:00 or 上午9:00 (never seconds), amounts in 元 with two decimals and, where a
 * contract states a fee, in capital figures (大写). Every moment is read in China time (Asia/Shanghai, no
 * daylight saving, so a fixed offset is exact).
 */

const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000
const WIRE = /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/

type TParts = { y: number; mo: number; d?: number; h?: number; mi?: number }

/** A moment (read in China time) or a wire text (`yyyy-MM[-dd][ HH:mm[:ss]]`, already China time). */
export type TMoment = Date | string | null | undefined

const partsOf = (v: TMoment): TParts | null => {
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) {
      return null
    }
    const t = new Date(v.getTime() + SHANGHAI_OFFSET_MS)
    return {
      y: t.getUTCFullYear(),
      mo: t.getUTCMonth() + 1,
      d: t.getUTCDate(),
      h: t.getUTCHours(),
      mi: t.getUTCMinutes(),
    }
  }
  const m = WIRE.exec((v ?? '').trim())
  if (!m) {
    return null
  }
  const n = (s: string | undefined) => (s === undefined ? undefined : Number(s))
  return { y: Number(m[1]), mo: Number(m[2]), d: n(m[3]), h: n(m[4]), mi: n(m[5]) }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** 2026年12月18日 (or 2026年12月 for a month); text that is no date is returned as it is. */
export const cnDate = (v: TMoment): string => {
  const p = partsOf(v)
  if (!p) {
    return typeof v === 'string' ? v : ''
  }
  return p.d === undefined ? `${p.y}年${p.mo}月` : `${p.y}年${p.mo}月${p.d}日`
}

/** The period of the day an official text names: 上午 before noon, 下午 until six, 晚上 after. */
const periodOf = (h: number) => (h < 12 ? '上午' : h < 18 ? '下午' : '晚上')

/** A time of day: `clock` 09:00, `spoken` 上午9:00 / 下午2:30; empty when the value holds no time. */
export const cnTime = (v: TMoment, style: 'clock' | 'spoken' = 'clock'): string => {
  const p = partsOf(v)
  if (!p || p.h === undefined || p.mi === undefined) {
    return ''
  }
  if (style === 'clock') {
    return `${pad(p.h)}:${pad(p.mi)}`
  }
  const h12 = p.h > 12 ? p.h - 12 : p.h
  return `${periodOf(p.h)}${h12}:${pad(p.mi)}`
}

/** 2026年12月18日 上午9:00 (spoken) or 2026年12月18日 09:00 (clock); the date alone when no time is held. */
export const cnDateTime = (v: TMoment, style: 'clock' | 'spoken' = 'spoken'): string => {
  const time = cnTime(v, style)
  return time ? `${cnDate(v)} ${time}` : cnDate(v)
}

const toCents = (amount: number | string | null | undefined): bigint | null => {
  const text = typeof amount === 'number' ? amount.toFixed(2) : (amount ?? '').trim()
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text)
  if (!m) {
    return null
  }
  const cents = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0')
  return m[1] ? -cents : cents
}

/** 12,000.00元: an amount in 元 with two decimals and thousands separators; '' when it is no number. */
export const yuan = (amount: number | string | null | undefined): string => {
  const cents = toCents(amount)
  if (cents === null) {
    return ''
  }
  const abs = cents < 0n ? -cents : cents
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${cents < 0n ? '-' : ''}${whole}.${pad(Number(abs % 100n))}元`
}

const DIGITS = '零壹贰叁肆伍陆柒捌玖'
const SMALL_UNITS = ['', '拾', '佰', '仟']
const BIG_UNITS = ['', '万', '亿', '万亿']

/** One group of four digits (0–9999) in capital figures, with its inner zeros (壹仟零伍). */
const groupText = (n: number): string => {
  let out = ''
  let zero = false
  for (let i = 3; i >= 0; i--) {
    const digit = Math.floor(n / 10 ** i) % 10
    if (digit === 0) {
      zero = out !== ''
      continue
    }
    out += (zero ? '零' : '') + DIGITS[digit] + SMALL_UNITS[i]
    zero = false
  }
  return out
}

/**
 * 人民币壹万贰仟元整 / 人民币壹佰元零伍分: the amount in capital figures as a contract states a fee (GB/T
 * usage: 元, 角, 分, 整 when there are no 分). Amounts up to 9999万亿; negative amounts are refused ('').
 */
export const capitalYuan = (amount: number | string | null | undefined): string => {
  const cents = toCents(amount)
  if (cents === null || cents < 0n || cents >= 10n ** 18n) {
    return ''
  }
  let whole = cents / 100n
  const jiao = Number((cents / 10n) % 10n)
  const fen = Number(cents % 10n)
  const groups: number[] = []
  while (whole > 0n) {
    groups.push(Number(whole % 10000n))
    whole /= 10000n
  }
  let text = ''
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i]!
    if (g === 0) {
      continue
    }
    // A gap before this group (a zero group, or fewer than four digits after a higher one) reads 零.
    const needsZero = text !== '' && (g < 1000 || groups[i + 1] === 0)
    text += (needsZero && !text.endsWith('零') ? '零' : '') + groupText(g) + BIG_UNITS[i]
  }
  if (text) {
    text += '元'
  }
  if (jiao === 0 && fen === 0) {
    return `人民币${text || '零元'}整`
  }
  const jiaoText = jiao ? `${DIGITS[jiao]}角` : text ? '零' : ''
  const fenText = fen ? `${DIGITS[fen]}分` : '整'
  return `人民币${text}${jiaoText}${fenText}`
}

/**
 * A moment as a zip entry's time: zip entries hold a wall-clock time without a zone, written from the
 * date's UTC fields, so the moment is shifted to show China time to whoever unpacks it.
 */
export const chinaZipDate = (d: Date): Date => new Date(d.getTime() + SHANGHAI_OFFSET_MS)
