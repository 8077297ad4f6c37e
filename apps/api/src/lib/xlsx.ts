import { Readable } from 'node:stream'
import type { PrismaClient } from '@ysjs/db'
import ExcelJS from 'exceljs'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { unzipSync, type Zippable, zipSync } from 'fflate'
import type { z } from 'zod'
import type { TAccess } from '../plugins/access.ts'
import { ctxOf, type TCtx } from './context.ts'
import { dictLabels } from './dict-labels.ts'
import { AppError } from './errors.ts'
import type { TExportGate } from './export-gate.ts'
import { type TXlsxColumn, xlsxStream } from './xlsx-writer.ts'
import { assertZipWithin, type TZipLimits, ZipMsg } from './zip-guard.ts'

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export {
  TOTAL_ROW,
  type TXlsxColumn,
  type TXlsxKind,
  type TXlsxSheet,
  xlsxStream,
  xlsxTemplate,
} from './xlsx-writer.ts'

/** Rows read per query while exporting: the memory an export holds is one batch, whatever the total. */
export const EXPORT_BATCH = 1000

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a file (xlsx) on success, not the JSON envelope (documented by lib/openapi). */
    download?: 'xlsx'
  }
  interface FastifyInstance {
    /** The instance's limit on exports streaming at once (EXPORT_CONCURRENCY, lib/export-gate.ts). */
    exportGate: TExportGate
  }
}

/** `Content-Disposition` for a Chinese file name (RFC 5987), with an ASCII fallback. */
export const attachmentHeader = (fileName: string) =>
  `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`

export const sendXlsx = (reply: FastifyReply, fileName: string, stream: Readable | Buffer) =>
  reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachmentHeader(fileName))
    .send(stream)

/**
 * The columns with their dictionaries' labels resolved for the tenant (the one rule of
 * lib/dict-labels: the tenant's entries over the management tenant's), as fixed `labels`.
 */
export const withDictLabels = async (
  prisma: PrismaClient,
  tenantId: string,
  columns: readonly TXlsxColumn[],
): Promise<TXlsxColumn[]> =>
  Promise.all(
    columns.map(async (c) =>
      c.dict
        ? { ...c, labels: { ...Object.fromEntries(await dictLabels(prisma, tenantId, c.dict)), ...c.labels } }
        : c,
    ),
  )

/** A started export: the file's name, its stream, and how many data rows it holds when known. */
export type TExportFile = { fileName: string; stream: Readable; rows?: number }

/**
 * Answers an export within the instance's limit (429 over it): `open` reads the first batch and
 * starts the stream; `rows`, when the export knows it, is sent as `X-Export-Rows` for the screens'
 * progress panel.
 */
export const sendExport = async (reply: FastifyReply, open: () => Promise<TExportFile>) => {
  let file: TExportFile | undefined
  const stream = await reply.server.exportGate.open(async () => {
    file = await open()
    return file.stream
  })
  if (file?.rows !== undefined) {
    reply.header(EXPORT_ROWS_HEADER, String(file.rows))
  }
  return sendXlsx(reply, file?.fileName ?? 'export.xlsx', stream)
}

/** The header that tells the screens how many data rows an export holds, when the export knows. */
export const EXPORT_ROWS_HEADER = 'x-export-rows'

/**
 * The filters of a list export as the line under its title (`筛选条件：工作单位：昆明理工大学；…`):
 * the given fields only (never paging, order or tokens), named by their column's header or label.
 */
export const filterNote = (query: Record<string, unknown>, labels: Record<string, string>): string => {
  const parts = Object.entries(labels).flatMap(([key, label]) => {
    const v = query[key]
    return v === undefined || v === null || v === '' ? [] : [`${label}：${String(v)}`]
  })
  return `筛选条件：${parts.length ? parts.join('；') : '全部'}`
}

/**
 * One batch of an export read by keyset: the rows, and where the next batch starts (null: no more).
 * The cursor is whatever the reader needs to continue after the last row (its id and sort values).
 */
export type TExportBatch<TCursor = unknown> = { rows: Record<string, unknown>[]; next: TCursor | null }

/**
 * Reads a list batch after batch by keyset (each batch continues after the previous one's last row in
 * the list's order), never by OFFSET: every batch costs the same, however deep into the list it is.
 */
export async function* pagesOf<TCursor>(
  read: (after: TCursor | null, take: number) => Promise<TExportBatch<TCursor>>,
): AsyncGenerator<Record<string, unknown>[]> {
  let after: TCursor | null = null
  do {
    const batch: TExportBatch<TCursor> = await read(after, EXPORT_BATCH)
    if (batch.rows.length) {
      yield batch.rows
    }
    after = batch.next
  } while (after !== null)
}

/**
 * The one export mechanism: `GET <list url>/export` takes the list's own filters and answers every
 * matching row (not a page) as a streamed xlsx. The generic CRUD registers it for every entity that
 * declares its columns; modules with their own list (knowledge entries) register it with their query.
 */
export const registerExportRoute = <TQuery extends z.ZodType>(
  app: FastifyInstance,
  opts: {
    url: string
    access: TAccess
    tags: string[]
    summary: string
    querystring: TQuery
    fileName: string
    columns: readonly TXlsxColumn[]
    /** Labels of the query's filter fields (besides the columns' own keys), for the filters line. */
    filterLabels?: Record<string, string>
    /** The batch of `take` rows after the cursor (null: from the start), in the list's order. */
    rows: (ctx: TCtx, query: z.infer<TQuery>, after: unknown, take: number) => Promise<TExportBatch>
  },
) => {
  app.withTypeProvider<ZodTypeProvider>().get(opts.url, {
    config: { access: opts.access, download: 'xlsx' },
    schema: { tags: opts.tags, summary: opts.summary, querystring: opts.querystring },
    handler: async (request, reply) => {
      const ctx = ctxOf(request)
      const query = request.query as z.infer<TQuery>
      const columns = await withDictLabels(request.server.prisma, ctx.tenantId, opts.columns)
      const labels = {
        ...Object.fromEntries(opts.columns.map((c) => [c.key, c.header])),
        ...opts.filterLabels,
      }
      return sendExport(reply, async () => ({
        fileName: `${opts.fileName}.xlsx`,
        stream: await xlsxStream(
          {
            name: opts.fileName,
            title: opts.fileName,
            notes: [filterNote(query as Record<string, unknown>, labels)],
            columns,
          },
          pagesOf((after, take) => opts.rows(ctx, query, after, take)),
          (err) => request.log.error({ err }, 'xlsx export failed'),
        ),
      }))
    },
  })
}

/** A cell as the text a user sees (dates as `yyyy-MM-dd`, rich text and formulas by their text). */
const cellText = (cell: ExcelJS.Cell): string => {
  const v = cell.value
  const text =
    v instanceof Date
      ? v.toISOString().slice(0, 10)
      : v !== null && typeof v === 'object'
        ? cell.text
        : v === null || v === undefined
          ? ''
          : String(v)
  return text.trim()
}

/** What an import's workbook may expand to: far more than 5,000 rows of any template need. */
const IMPORT_ZIP_LIMITS: TZipLimits = { maxBytes: 48 * 1024 * 1024, maxRatio: 100, maxEntries: 1_000 }

type TStreamRow = { number: number; getCell: (i: number) => ExcelJS.Cell }

/** The parts ExcelJS's streaming reader must have met before a worksheet to read it in place. */
const READ_FIRST = [
  '[Content_Types].xml',
  '_rels/.rels',
  'xl/_rels/workbook.xml.rels',
  'xl/workbook.xml',
  'xl/sharedStrings.xml',
  'xl/styles.xml',
]

/**
 * The workbook re-packed (stored, no compression) with its shared strings, relations and styles
 * before its worksheets. Excel, WPS and ExcelJS itself write the worksheets first; the streaming
 * reader then spools each worksheet to a temporary file and scans deflated entries for their data
 * descriptors: disk and content-dependent parsing where a valid template was once refused under load.
 * Read in this order, nothing touches the disk. The archive's inflated size is already bounded by the
 * zip guard, so holding its entries once is bounded too.
 */
const readableOrder = (body: Buffer): Buffer => {
  const entries = unzipSync(body)
  const ordered: Zippable = {}
  for (const name of READ_FIRST) {
    const data = entries[name]
    if (data) {
      ordered[name] = data
    }
  }
  for (const [name, data] of Object.entries(entries)) {
    if (!(name in ordered) && !name.endsWith('/')) {
      ordered[name] = data
    }
  }
  return Buffer.from(zipSync(ordered, { level: 0 }))
}

/**
 * Reads the first sheet of an uploaded xlsx: the header row's texts (one per key, for the caller to
 * check against its template) and one string-valued record per non-empty row below it. The archive is
 * metered first (its real inflated size and ratio, zip-guard.ts), then the sheet is read as a stream
 * and reading stops at `maxRows + 1` rows: a workbook of a million rows costs no more than the cap
 * (issue 22). The caller refuses more than `maxRows`.
 */
export const readXlsxRows = async (
  body: Buffer,
  keys: readonly string[],
  maxRows: number,
): Promise<{ header: string[]; rows: { row: number; values: Record<string, string> }[] }> => {
  try {
    assertZipWithin(body, IMPORT_ZIP_LIMITS)
  } catch (err) {
    if (err instanceof AppError && err.message === ZipMsg.TOO_LARGE) {
      throw err
    }
    throw AppError.badRequest('导入文件不是有效的 xlsx 文件')
  }
  let archive: Buffer
  try {
    archive = readableOrder(body)
  } catch {
    throw AppError.badRequest('导入文件不是有效的 xlsx 文件')
  }
  const header: string[] = []
  const rows: { row: number; values: Record<string, string> }[] = []
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([archive]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  })
  try {
    for await (const sheet of reader) {
      for await (const raw of sheet as unknown as AsyncIterable<TStreamRow>) {
        const row = raw as TStreamRow
        if (row.number === 1) {
          keys.forEach((_, i) => {
            header[i] = cellText(row.getCell(i + 1))
          })
          continue
        }
        const values: Record<string, string> = {}
        keys.forEach((key, i) => {
          values[key] = cellText(row.getCell(i + 1))
        })
        if (Object.values(values).some((v) => v !== '')) {
          rows.push({ row: row.number, values })
        }
        if (rows.length > maxRows) {
          break
        }
      }
      break
    }
  } catch {
    throw AppError.badRequest('导入文件不是有效的 xlsx 文件')
  }
  return { header: keys.map((_, i) => header[i] ?? ''), rows }
}
