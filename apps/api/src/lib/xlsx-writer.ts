import { PassThrough, type Readable } from 'node:stream'
import { formatDateTime } from '@ysjs/shared'
import ExcelJS from 'exceljs'
import { toWire } from './serialize.ts'

/**
 * How a column's cells are written: `text` as it is (codes turned into labels before), `money` a number
 * shown with two decimals, `number` a plain number, `date` a real date shown `yyyy-mm-dd`, `datetime`
 * a real date and time (China time) shown `yyyy-mm-dd hh:mm`.
 */
export type TXlsxKind = 'text' | 'money' | 'number' | 'date' | 'datetime'

/** One column of an exported sheet: the record field and its (Chinese) header. */
export type TXlsxColumn = {
  key: string
  header: string
  /** The widest the column grows to (characters; default 40): longer text wraps. */
  width?: number
  /** The narrowest it is, for what comes after the first batch (a totals row's label). */
  minWidth?: number
  kind?: TXlsxKind
  /** A business dictionary whose label the cell shows instead of the stored key (lib/dict-labels). */
  dict?: string
  /** Labels of a fixed coding (an expert's sex: 0 女, 1 男) the cell shows instead of the code. */
  labels?: Readonly<Record<string, string>>
  /** The cell from the (wire-format) row when it is not the field itself, e.g. names of a list. */
  value?: (row: Record<string, unknown>) => unknown
}

/** What a sheet is: its tab name, the title line above it, and lines saying what it holds (filters). */
export type TXlsxSheet = {
  /** The tab's name (what the sheet holds; at most 31 characters, no `[]:*?/\`). */
  name: string
  /** The first line of the sheet, e.g. the meeting's or the survey's name and what is listed. */
  title: string
  /** Lines under the title: the filters used, what a total counts… */
  notes?: readonly string[]
  columns: readonly TXlsxColumn[]
}

export const MONEY_FORMAT = '0.00'
export const DATE_FORMAT_XLSX = 'yyyy-mm-dd'
export const DATETIME_FORMAT_XLSX = 'yyyy-mm-dd hh:mm'
const DEFAULT_MAX_WIDTH = 40
/** The widest sheet (characters) still printed one page wide: about twice a landscape A4 page. */
const PRINT_FIT_MAX_WIDTH = 300
const MIN_WIDTH = 6
/** Rows written between two waits for the compressor. */
const SLICE_ROWS = 200
/** The sheet XML the compressor may have waiting before the writing pauses. */
const BACKLOG_MAX = 1024 * 1024

/** A cell the writer accepts (a rich text is a string kept from being read as a formula). */
type TCellValue = string | number | Date | ExcelJS.CellRichTextValue | null

// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 cannot hold
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g
/** Text a spreadsheet would run as a formula (or a DDE call) if it were typed in. */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * Text as a cell: without the characters XML cannot hold, and — when it starts like a formula — as an
 * inline rich-text string, which no spreadsheet evaluates (never a formula cell, whatever it says).
 */
export const textCell = (text: string): string | ExcelJS.CellRichTextValue => {
  const clean = text.replace(CONTROL, '')
  return FORMULA_START.test(clean) ? { richText: [{ text: clean }] } : clean
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/

/**
 * A date for a cell: the China wall-clock time as the sheet's (zone-less) serial date. Dates arrive as
 * wire text (`yyyy-MM-dd HH:mm:ss`, already China time) or as Date objects; `date` keeps the day only.
 */
const dateCell = (v: unknown, withTime: boolean): Date | null => {
  const text = v instanceof Date ? formatDateTime(v) : typeof v === 'string' ? v : null
  const m = text ? WALL_TIME.exec(text) : null
  if (!m) {
    return null
  }
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as number[]
  const at = withTime ? new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!)) : new Date(Date.UTC(y!, mo! - 1, d!))
  return Number.isNaN(at.getTime()) ? null : at
}

const numberCell = (v: unknown): number | null => {
  if (typeof v === 'number') {
    return Number.isFinite(v) ? v : null
  }
  const text = String(v).trim().replace(/,/g, '')
  // More than 15 significant digits (an id, a long code) would lose its last ones as a number.
  if (!/^-?\d+(\.\d+)?$/.test(text) || text.replace(/^-|\./g, '').replace(/^0+/, '').length > 15) {
    return null
  }
  return Number(text)
}

const plainText = (v: unknown): string => {
  if (typeof v === 'boolean') {
    return v ? '是' : '否'
  }
  if (Array.isArray(v)) {
    return v.map((x) => (x === null || x === undefined ? '' : plainText(x))).join(',')
  }
  if (typeof v === 'object' && v !== null) {
    // A Decimal answers its digits; anything else its JSON.
    return 'toFixed' in v ? String(v) : JSON.stringify(v)
  }
  return String(v)
}

/** A value (wire format or raw) as the cell of a column of `kind`. */
export const cellOf = (v: unknown, kind: TXlsxKind = 'text'): TCellValue => {
  if (v === null || v === undefined || v === '') {
    return null
  }
  switch (kind) {
    case 'money':
    case 'number': {
      const n = numberCell(typeof v === 'object' ? String(v) : v)
      return n ?? textCell(plainText(v))
    }
    case 'date':
    case 'datetime':
      return dateCell(v, kind === 'datetime') ?? textCell(plainText(v))
    case 'text':
      return typeof v === 'number' ? v : textCell(plainText(v))
  }
}

/** Display width of a text: CJK and full-width characters take two columns. */
export const textWidth = (text: string): number => {
  let width = 0
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0
    width += code > 0x2e7f ? 2 : 1
  }
  return width
}

const cellWidth = (v: TCellValue, kind: TXlsxKind): number => {
  if (v === null) {
    return 0
  }
  if (kind === 'date') {
    return 10
  }
  if (kind === 'datetime') {
    return 16
  }
  if (typeof v === 'number') {
    return kind === 'money' ? v.toFixed(2).length : String(v).length
  }
  if (typeof v === 'string') {
    return Math.max(...v.split('\n').map(textWidth))
  }
  return v instanceof Date ? 10 : textWidth(v.richText.map((r) => r.text).join(''))
}

/** A sheet name Excel accepts: no `[]:*?/\`, at most 31 characters, never empty. */
export const sheetNameOf = (name: string): string =>
  Array.from(name.replace(/[[\]:*?/\\]/g, ' ').trim())
    .slice(0, 31)
    .join('') || 'Sheet1'

/** The column's letter(s) for the 1-based column number. */
export const columnLetter = (n: number): string => {
  let s = ''
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) {
    s = String.fromCharCode(65 + ((x - 1) % 26)) + s
  }
  return s
}

/**
 * The widths of the columns: each fitted to its header and the cells of the sample (the first batch:
 * the widths are written before the rows, so a streamed sheet cannot wait for the last one), between
 * a floor and the column's cap; a column whose sample passes its cap wraps.
 */
const fitColumns = (columns: readonly TXlsxColumn[], sample: readonly TCellValue[][]) =>
  columns.map((c, i) => {
    const kind = c.kind ?? 'text'
    const cap = c.width ?? DEFAULT_MAX_WIDTH
    let widest = textWidth(c.header) + 2
    for (const row of sample) {
      widest = Math.max(widest, cellWidth(row[i] ?? null, kind) + 2)
    }
    const width = Math.min(Math.max(widest, MIN_WIDTH, c.minWidth ?? 0), Math.max(cap, MIN_WIDTH))
    return { width, wrap: widest > cap }
  })

/** One frozen (shared, never mutated) style per column: exceljs resolves a style object once. */
const columnStyles = (columns: readonly TXlsxColumn[], wraps: boolean[]) =>
  columns.map((c, i) => {
    const kind = c.kind ?? 'text'
    // Middle: a row mixing Latin and CJK fonts (or one grown for wrapped text) lines up across cells.
    const style: Partial<ExcelJS.Style> = { alignment: { vertical: 'middle' } }
    if (kind === 'money') {
      style.numFmt = MONEY_FORMAT
    } else if (kind === 'date') {
      style.numFmt = DATE_FORMAT_XLSX
    } else if (kind === 'datetime') {
      style.numFmt = DATETIME_FORMAT_XLSX
    }
    if (wraps[i]) {
      style.alignment = { wrapText: true, vertical: 'middle' }
    }
    return Object.freeze(style) as Partial<ExcelJS.Style>
  })

/** The sheet's rows above the data: title, notes, then the header (its row number is `headerRow`). */
const headerRowOf = (sheet: TXlsxSheet) => 2 + (sheet.notes?.length ?? 0)

/** The rows of one batch as cells (wire conversion only of the fields the columns read). */
export const rowCells = (columns: readonly TXlsxColumn[], row: Record<string, unknown>): TCellValue[] => {
  let wire: Record<string, unknown> | undefined
  const whole = () => {
    wire ??= toWire(row) as Record<string, unknown>
    return wire
  }
  return columns.map((c) => {
    const v = c.value ? c.value(whole()) : toWire(row[c.key])
    const label = c.labels && v !== null && v !== undefined ? c.labels[String(v)] : undefined
    return cellOf(label ?? v, c.kind)
  })
}

const TITLE_STYLE = Object.freeze({ font: { bold: true, size: 14 } }) as Partial<ExcelJS.Style>
const NOTE_STYLE = Object.freeze({ font: { color: { argb: 'FF595959' } } }) as Partial<ExcelJS.Style>
const HEADER_STYLE = Object.freeze({
  font: { bold: true },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE7ECF3' } },
  alignment: { vertical: 'middle', horizontal: 'center', wrapText: true },
  border: { bottom: { style: 'thin', color: { argb: 'FF8EA0B8' } } },
}) as Partial<ExcelJS.Style>
/** A row that sums or names what it counts (the invoicing totals). */
export const TOTAL_ROW = Symbol('total row')

/**
 * The one export writer: streams the rows of `batches` to an xlsx with exceljs' streaming writer —
 * no shared strings, each row committed as it is written, and the writing waits for the compressor
 * (exceljs pushes the sheet's XML into the zip without back-pressure: a million rows once held
 * 650 MB of uncompressed XML), so memory stays flat however many rows there are. The sheet is named
 * after its content, carries a title and notes above a bold, frozen header row with an autofilter,
 * columns fitted to the first batch, real dates and numbers, and prints landscape, one page wide,
 * the header row repeated. The first batch is read before anything is sent, so a failing query still
 * answers the JSON envelope; a failure later aborts the download (the client sees a broken transfer,
 * the log the cause). The next batch is read while the current one is written.
 * A row carrying `[TOTAL_ROW]: true` is written bold (a totals line).
 */
export const xlsxStream = async (
  spec: TXlsxSheet,
  batches: AsyncIterable<Record<string, unknown>[]>,
  onError: (err: unknown) => void,
  onRow?: () => void,
): Promise<Readable> => {
  const iterator = batches[Symbol.asyncIterator]()
  const first = await iterator.next()
  const out = new PassThrough()
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  })
  book.title = spec.title
  book.creator = 'ysjs'
  const n = spec.columns.length
  const headerRow = headerRowOf(spec)
  const lastColumn = columnLetter(Math.max(n, 1))
  const sample = first.done ? [] : first.value.map((r) => rowCells(spec.columns, r))
  const fitted = fitColumns(spec.columns, sample)
  // One page wide while that stays readable; a wider sheet (a questionnaire's dozens of questions)
  // prints at full size over several pages, its first column repeated beside the header row.
  const wide = fitted.reduce((sum, f) => sum + f.width, 0) > PRINT_FIT_MAX_WIDTH
  const sheet = book.addWorksheet(sheetNameOf(spec.name), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: headerRow, topLeftCell: `A${headerRow + 1}` }],
    pageSetup: {
      orientation: 'landscape',
      paperSize: 9,
      ...(wide ? { printTitlesColumn: 'A:A' } : { fitToPage: true, fitToWidth: 1, fitToHeight: 0 }),
      printTitlesRow: `${headerRow}:${headerRow}`,
      margins: { left: 0.4, right: 0.4, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 },
    },
    headerFooter: { oddFooter: '&C第 &P 页，共 &N 页' },
  }) as ExcelJS.Worksheet & { stream?: { pipes?: { _writableState?: { length: number } }[] } }
  sheet.autoFilter = `A${headerRow}:${lastColumn}${headerRow}`
  sheet.columns = fitted.map((f) => ({ width: f.width }))
  const styles = columnStyles(
    spec.columns,
    fitted.map((f) => f.wrap),
  )
  const boldStyles = styles.map(
    (s) => Object.freeze({ ...s, font: { bold: true } }) as Partial<ExcelJS.Style>,
  )
  const line = (text: string, style: Partial<ExcelJS.Style>) => {
    const row = sheet.addRow([textCell(text)])
    row.getCell(1).style = style
    row.commit()
  }
  line(spec.title, TITLE_STYLE)
  for (const note of spec.notes ?? []) {
    line(note, NOTE_STYLE)
  }
  const header = sheet.addRow(spec.columns.map((c) => c.header))
  header.height = 20
  header.eachCell((cell) => {
    cell.style = HEADER_STYLE
  })
  header.commit()

  const wrapped = fitted.flatMap((f, i) => (f.wrap ? [i] : []))
  const writeCells = (cells: TCellValue[], total: boolean) => {
    const row = sheet.addRow(cells)
    const shared = total ? boldStyles : styles
    for (let i = 0; i < n; i++) {
      row.getCell(i + 1).style = shared[i]!
    }
    // A row's height is not fitted to wrapped text by every reader (LibreOffice keeps the default):
    // the lines its longest wrapped cell needs, set here.
    let lines = 1
    for (const i of wrapped) {
      lines = Math.max(
        lines,
        Math.ceil(cellWidth(cells[i] ?? null, 'text') / Math.max(fitted[i]!.width - 1, 1)),
      )
    }
    if (lines > 1) {
      row.height = 15 * Math.min(lines, 10)
    }
    row.commit()
    onRow?.()
  }
  /** The compressor's backlog: the zip entry stream exceljs writes the sheet's XML into. */
  const backlog = () => sheet.stream?.pipes?.[0]?._writableState?.length ?? 0
  const settle = async () => {
    while (backlog() > BACKLOG_MAX) {
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
    if (out.writableLength > out.writableHighWaterMark) {
      await new Promise((resolve) => out.once('drain', resolve))
    }
  }
  void (async () => {
    try {
      let current = first
      let cells: TCellValue[][] | undefined = sample
      while (!current.done) {
        const next = iterator.next()
        // Let the next batch's query go out before the synchronous writing of this one.
        await new Promise((resolve) => setImmediate(resolve))
        const rows = current.value
        // A slice at a time, the compressor caught up between slices: what a slice makes (cells,
        // styles, XML) dies young instead of being promoted, so the heap does not grow with garbage.
        for (let at = 0; at < rows.length; at += SLICE_ROWS) {
          const end = Math.min(at + SLICE_ROWS, rows.length)
          for (let i = at; i < end; i++) {
            const row = rows[i]!
            writeCells(cells?.[i] ?? rowCells(spec.columns, row), Reflect.get(row, TOTAL_ROW) === true)
          }
          await settle()
        }
        cells = undefined
        current = await next
      }
      sheet.commit()
      await book.commit()
    } catch (err) {
      onError(err)
      out.destroy(err as Error)
    }
  })()
  return out
}

/**
 * An import template: the header row (bold, frozen, with an autofilter: the row the import reads back,
 * so nothing stands above it), the columns fitted to their headers, the sheet named after the content.
 */
export const xlsxTemplate = async (name: string, columns: readonly TXlsxColumn[]): Promise<Buffer> => {
  const book = new ExcelJS.Workbook()
  book.title = name
  const sheet = book.addWorksheet(sheetNameOf(name), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2' }],
    pageSetup: {
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: '1:1',
    },
  })
  const fitted = fitColumns(columns, [])
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: c.key, width: fitted[i]!.width }))
  columns.forEach((c, i) => {
    const kind = c.kind ?? 'text'
    if (kind !== 'text') {
      sheet.getColumn(i + 1).numFmt =
        kind === 'money'
          ? MONEY_FORMAT
          : kind === 'date'
            ? DATE_FORMAT_XLSX
            : kind === 'datetime'
              ? DATETIME_FORMAT_XLSX
              : ''
    }
  })
  sheet.getRow(1).eachCell((cell) => {
    cell.style = { ...HEADER_STYLE }
  })
  sheet.autoFilter = `A1:${columnLetter(Math.max(columns.length, 1))}1`
  return Buffer.from(await book.xlsx.writeBuffer())
}
