import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  Packer,
  PageNumber,
  Paragraph,
  type ParagraphChild,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  WidthType,
} from 'docx'

/**
 * Word documents of the appraisal (评价通知, 评价报告, 评价协议书, 评价会议通知): A4, SimSun body and
 * FangSong for headings, the tenant's name as issuer in the header, page numbers in the footer and real
 * tables for every list (decision 017).
 */

const SONG = { ascii: 'SimSun', hAnsi: 'SimSun', eastAsia: '宋体', cs: 'SimSun' }
const FANG = { ascii: 'FangSong', hAnsi: 'FangSong', eastAsia: '仿宋', cs: 'FangSong' }

/** A4 in twentieths of a point; 2.54 cm margins. */
const A4 = { width: 11906, height: 16838 }
const MARGIN = 1440
/** The width between the margins, which every table fills. */
const TEXT_WIDTH = A4.width - 2 * MARGIN

export type TBlock = Paragraph | Table

/** A run in the document's default font (SimSun/宋体, 12 pt) unless told otherwise. */
const run = (text: string, opts: { bold?: boolean; size?: number; font?: typeof SONG } = {}) =>
  new TextRun({ text, bold: opts.bold, size: opts.size, font: opts.font })
/** Table text: 10.5 pt through the paragraph style, so each cell carries only its text. */
const CELL_STYLE = 'TableText'

export const title = (text: string) =>
  new Paragraph({
    alignment: AlignmentType.CENTER,
    keepNext: true,
    spacing: { before: 240, after: 360 },
    children: [run(text, { bold: true, size: 36, font: FANG })],
  })

/** A heading stays on the page of what follows it. */
export const heading = (text: string) =>
  new Paragraph({
    keepNext: true,
    keepLines: true,
    spacing: { before: 240, after: 120 },
    children: [run(text, { bold: true, size: 28, font: FANG })],
  })

export const para = (text: string, opts: { indent?: boolean; align?: 'right' | 'center' } = {}) =>
  new Paragraph({
    alignment:
      opts.align === 'right'
        ? AlignmentType.RIGHT
        : opts.align === 'center'
          ? AlignmentType.CENTER
          : undefined,
    indent: opts.indent ? { firstLine: 480 } : undefined,
    spacing: { line: 360 },
    children: [run(text, { size: 24 })],
  })

/** Rich text (the editor's HTML) as plain paragraphs: one per block, tags dropped, entities decoded. */
export const richParas = (html: string | null | undefined): Paragraph[] => {
  const text = (html ?? '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|blockquote|pre)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
  return (lines.length ? lines : ['—']).map((l) => para(l, { indent: true }))
}

const border = { style: BorderStyle.SINGLE, size: 4, color: '000000' }
const borders = {
  top: border,
  bottom: border,
  left: border,
  right: border,
  insideHorizontal: border,
  insideVertical: border,
}

// Borders and cell margins are the table's (written once), not each cell's: a document's tables hold
// hundreds of cells and every element costs rendering time.
const cell = (text: string, opts: { bold?: boolean; width?: number; span?: number } = {}) =>
  new TableCell({
    columnSpan: opts.span,
    width: opts.width ? { size: opts.width, type: WidthType.DXA } : undefined,
    // A line break in the text is a paragraph of its own (a TextRun would show it as a space).
    children: (text || '')
      .split('\n')
      .map((line) => new Paragraph({ style: CELL_STYLE, children: [run(line, { bold: opts.bold })] })),
  })

/** Column widths in twips from relative weights, filling the text width (the last takes the rest). */
const columnsOf = (weights: readonly number[]) => {
  const sum = weights.reduce((a, b) => a + b, 0)
  const widths = weights.map((w) => Math.floor((TEXT_WIDTH * w) / sum))
  widths[widths.length - 1]! += TEXT_WIDTH - widths.reduce((a, b) => a + b, 0)
  return widths
}

const fixedTable = (widths: number[], rows: TableRow[]) =>
  new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: widths,
    layout: TableLayoutType.FIXED,
    borders,
    margins: { top: 60, bottom: 60, left: 100, right: 100 },
    rows,
  })

/**
 * A table with a bold header row repeated on every page; cells are text. `weights` give the columns'
 * relative widths (equal by default); `totals` are label/value rows under the body, the label spanning
 * every column but the last.
 */
export const table = (
  header: string[],
  rows: string[][],
  opts: { weights?: readonly number[]; totals?: readonly [string, string][] } = {},
) => {
  const widths = columnsOf(opts.weights ?? header.map(() => 1))
  const lastSpan = widths.slice(0, -1).reduce((a, b) => a + b, 0)
  return fixedTable(widths, [
    new TableRow({
      tableHeader: true,
      keepNext: true,
      children: header.map((h, i) => cell(h, { bold: true, width: widths[i] })),
    }),
    ...(rows.length ? rows : [header.map(() => '')]).map(
      (r) => new TableRow({ cantSplit: true, children: r.map((c, i) => cell(c, { width: widths[i] })) }),
    ),
    ...(opts.totals ?? []).map(
      ([label, value]) =>
        new TableRow({
          cantSplit: true,
          children: [
            cell(label, { bold: true, width: lastSpan, span: header.length - 1 }),
            cell(value, { bold: true, width: widths[widths.length - 1] }),
          ],
        }),
    ),
  ])
}

/** Label/value pairs, two pairs a row. */
export const fields = (pairs: [string, string][]) => {
  const widths = columnsOf([18, 32, 18, 32])
  const rows: TableRow[] = []
  for (let i = 0; i < pairs.length; i += 2) {
    const a = pairs[i]!
    const b = pairs[i + 1]
    rows.push(
      new TableRow({
        cantSplit: true,
        children: b
          ? [
              cell(a[0], { bold: true, width: widths[0] }),
              cell(a[1], { width: widths[1] }),
              cell(b[0], { bold: true, width: widths[2] }),
              cell(b[1], { width: widths[3] }),
            ]
          : [
              cell(a[0], { bold: true, width: widths[0] }),
              cell(a[1], { span: 3, width: widths[1]! + widths[2]! + widths[3]! }),
            ],
      }),
    )
  }
  return fixedTable(widths, rows)
}

/** The issuer's signature: its name and the date, right-aligned, kept together. */
export const signature = (issuer: string, date: string) => [
  new Paragraph({
    spacing: { before: 480, line: 360 },
    keepNext: true,
    alignment: AlignmentType.RIGHT,
    children: [run(issuer, { size: 24 })],
  }),
  new Paragraph({
    spacing: { line: 360 },
    alignment: AlignmentType.RIGHT,
    children: [run(date, { size: 24 })],
  }),
]

const pageNumber = () =>
  new Paragraph({
    alignment: AlignmentType.CENTER,
    children: [
      new TextRun({
        children: ['第 ', PageNumber.CURRENT, ' 页 共 ', PageNumber.TOTAL_PAGES, ' 页'],
        font: SONG,
        size: 18,
      }),
    ] as ParagraphChild[],
  })

/** One document: the issuer in the header, page numbers in the footer. */
export const renderDocx = async (opts: {
  issuer: string
  title: string
  blocks: TBlock[]
}): Promise<Buffer> => {
  const doc = new Document({
    creator: opts.issuer,
    title: opts.title,
    styles: {
      default: { document: { run: { font: SONG, size: 24 } } },
      paragraphStyles: [{ id: CELL_STYLE, name: 'Table Text', run: { font: SONG, size: 21 } }],
    },
    sections: [
      {
        properties: {
          page: { size: A4, margin: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN } },
        },
        headers: {
          default: new Header({
            children: [
              new Paragraph({
                alignment: AlignmentType.RIGHT,
                border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: '000000', space: 1 } },
                children: [run(opts.issuer, { size: 18 })],
              }),
            ],
          }),
        },
        footers: { default: new Footer({ children: [pageNumber()] }) },
        children: opts.blocks,
      },
    ],
  })
  return Packer.toBuffer(doc)
}
