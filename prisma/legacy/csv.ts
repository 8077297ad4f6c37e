/**
 * RFC 4180 CSV as database tools export it: a header row, fields separated by commas, quoted fields
 * may hold commas, line breaks and doubled quotes; CRLF or LF line ends; a UTF-8 BOM is ignored.
 */
export const parseCsv = (text: string): string[][] => {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  const endField = () => {
    row.push(field)
    field = ''
  }
  const endRow = () => {
    endField()
    // A blank line is no row.
    if (row.length > 1 || row[0] !== '') {
      rows.push(row)
    }
    row = []
  }
  for (; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') {
        quoted = false
      } else {
        field += c
      }
      continue
    }
    if (c === '"' && field === '') {
      quoted = true
    } else if (c === ',') {
      endField()
    } else if (c === '\n') {
      endRow()
    } else if (c === '\r') {
      if (text[i + 1] !== '\n') {
        endRow()
      }
    } else {
      field += c
    }
  }
  if (quoted) {
    throw new Error('CSV: 引号未闭合')
  }
  if (field !== '' || row.length) {
    endRow()
  }
  return rows
}

/** Rows as objects keyed by the (trimmed, lower-cased) header names. */
export const csvRecords = (text: string): Record<string, string>[] => {
  const [header, ...rows] = parseCsv(text)
  if (!header) {
    return []
  }
  const keys = header.map((h) => h.trim().toLowerCase())
  return rows.map((r) => Object.fromEntries(keys.map((k, j) => [k, r[j] ?? ''])))
}
