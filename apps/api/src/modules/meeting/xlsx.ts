import { PassThrough, type Readable } from 'node:stream'
import ExcelJS from 'exceljs'

/**
 * The module's one xlsx writer (decision 018): rows come from an async source in batches and go through
 * exceljs's streaming workbook writer, so memory stays flat whatever the row count. Kept in one place so
 * a shared list export can replace it.
 */
export type TXlsxColumn = { header: string; key: string; width?: number }

export const streamXlsx = (
  sheetName: string,
  columns: readonly TXlsxColumn[],
  rows: AsyncIterable<readonly unknown[]>,
): Readable => {
  const out = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  })
  const sheet = workbook.addWorksheet(sheetName)
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 16 }))
  const write = async () => {
    for await (const row of rows) {
      if (out.destroyed) {
        return
      }
      sheet.addRow([...row]).commit()
    }
    sheet.commit()
    await workbook.commit()
  }
  write().catch((error: unknown) => out.destroy(error as Error))
  return out
}
