import ExcelJS from 'exceljs'

/** A cell's value as a test compares it: rich text (text that looks like a formula) as its text. */
const plain = (v: ExcelJS.CellValue): unknown =>
  v !== null && typeof v === 'object' && 'richText' in v ? v.richText.map((r) => r.text).join('') : v

/**
 * An export opened as a spreadsheet reads it: the sheet, its title and notes above the header row (the
 * frozen row), the header's texts and the data rows below it (first column first), with the cells
 * themselves for their formats.
 */
export const readExport = async (body: Buffer | string) => {
  const book = new ExcelJS.Workbook()
  await book.xlsx.load((typeof body === 'string' ? Buffer.from(body, 'binary') : body) as never)
  const sheet = book.worksheets[0]!
  const view = sheet.views[0] as { state?: string; ySplit?: number } | undefined
  const headerRow = view?.state === 'frozen' ? (view.ySplit ?? 1) : 1
  const values = (n: number) => (sheet.getRow(n).values as ExcelJS.CellValue[]).slice(1).map(plain)
  const above = Array.from({ length: headerRow - 1 }, (_, i) => String(values(i + 1)[0] ?? ''))
  const rows: unknown[][] = []
  const cells: ExcelJS.Row[] = []
  sheet.eachRow((row, n) => {
    if (n > headerRow) {
      rows.push(values(n))
      cells.push(row)
    }
  })
  return {
    book,
    sheet,
    headerRow,
    title: above[0] ?? '',
    notes: above.slice(1),
    header: values(headerRow) as string[],
    rows,
    /** The data rows as exceljs rows (formats, fonts). */
    cells,
  }
}
export type TExport = Awaited<ReturnType<typeof readExport>>

/** The column number (1-based) of a header in an export. */
export const columnOf = (x: TExport, header: string): number => {
  const i = x.header.indexOf(header)
  if (i < 0) {
    throw new Error(`no column ${header} in ${x.header.join(',')}`)
  }
  return i + 1
}

/**
 * What every export promises, as facts a test compares: the sheet's name, the frozen header row with
 * its autofilter and bold font, printing (landscape, one page wide, header repeated), and per named
 * column the kinds of its data cells and their formats (money: numbers with 0.00; dates: Date with
 * yyyy-mm-dd…).
 */
export const shapeOf = (x: TExport, columns: readonly string[] = []) => {
  const view = x.sheet.views[0] as { state?: string; ySplit?: number }
  const setup = x.sheet.pageSetup
  const header = x.sheet.getRow(x.headerRow)
  return {
    sheetName: x.sheet.name,
    frozen: view.state === 'frozen' ? view.ySplit : null,
    autoFilter: x.sheet.autoFilter,
    headerBold: x.header.every((_, i) => header.getCell(i + 1).font?.bold === true),
    orientation: setup.orientation,
    fitToWidth: setup.fitToPage ? setup.fitToWidth : null,
    printTitlesRow: setup.printTitlesRow,
    columns: Object.fromEntries(
      columns.map((name) => {
        const n = columnOf(x, name)
        const data = x.cells.map((r) => r.getCell(n)).filter((c) => c.value !== null && c.value !== undefined)
        return [
          name,
          {
            types: [...new Set(data.map((c) => (c.value instanceof Date ? 'date' : typeof c.value)))],
            formats: [...new Set(data.map((c) => c.numFmt ?? ''))],
          },
        ]
      }),
    ),
  }
}
