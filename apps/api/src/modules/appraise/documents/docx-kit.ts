import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  HeightRule,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  type ParagraphChild,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  VerticalAlign,
  WidthType,
} from 'docx'

/**
 * The building blocks of the appraisal's Word documents (decisions 017, 027): A4, 宋体 body, 仿宋
 * headings, fixed-width tables, the issuer in the header, page numbers in the footer, signature blocks
 * with room for a seal that stay on the page of what precedes them.
 */

export const SONG = { ascii: 'SimSun', hAnsi: 'SimSun', eastAsia: '宋体', cs: 'SimSun' }
export const FANG = { ascii: 'FangSong', hAnsi: 'FangSong', eastAsia: '仿宋', cs: 'FangSong' }
export const HEI = { ascii: 'SimHei', hAnsi: 'SimHei', eastAsia: '黑体', cs: 'SimHei' }

/** A4 in twentieths of a point; 2.54 cm margins. */
const A4 = { width: 11906, height: 16838 }
const MARGIN = 1440
/** The width between the margins, which every table fills. */
export const TEXT_WIDTH = A4.width - 2 * MARGIN
/** Table text is 10.5 pt (五号): one Chinese character is 210 twips wide. */
const CELL_CHAR = 210
const CELL_PAD = 100

export type TBlock = Paragraph | Table
export type TFont = typeof SONG

export const run = (text: string, opts: { bold?: boolean; size?: number; font?: TFont } = {}) =>
  new TextRun({ text, bold: opts.bold, size: opts.size, font: opts.font })
/** Table text: 10.5 pt through the paragraph style, so each cell carries only its text. */
export const CELL_STYLE = 'TableText'

export const title = (text: string, opts: { pageBreakBefore?: boolean } = {}) =>
  new Paragraph({
    alignment: AlignmentType.CENTER,
    keepNext: true,
    pageBreakBefore: opts.pageBreakBefore,
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

type TParaOpts = { indent?: boolean; align?: 'right' | 'center'; keepNext?: boolean; bold?: boolean }
const alignOf = (a: TParaOpts['align']) =>
  a === 'right' ? AlignmentType.RIGHT : a === 'center' ? AlignmentType.CENTER : undefined

export const para = (text: string, opts: TParaOpts = {}) =>
  new Paragraph({
    alignment: alignOf(opts.align),
    indent: opts.indent ? { firstLine: 480 } : undefined,
    keepNext: opts.keepNext,
    keepLines: opts.keepNext,
    spacing: { line: 360 },
    children: [run(text, { size: 24, bold: opts.bold })],
  })

const border = { style: BorderStyle.SINGLE, size: 4, color: '000000' }
const borders = {
  top: border,
  bottom: border,
  left: border,
  right: border,
  insideHorizontal: border,
  insideVertical: border,
}

type TCellOpts = { bold?: boolean; width?: number; span?: number; keepNext?: boolean; center?: boolean }

// Borders and cell margins are the table's (written once), not each cell's: a document's tables hold
// hundreds of cells and every element costs rendering time.
const cell = (text: string, opts: TCellOpts = {}) =>
  new TableCell({
    columnSpan: opts.span,
    width: opts.width ? { size: opts.width, type: WidthType.DXA } : undefined,
    verticalAlign: opts.center ? VerticalAlign.CENTER : undefined,
    // A line break in the text is a paragraph of its own (a TextRun would show it as a space).
    children: (text || '').split('\n').map(
      (line) =>
        new Paragraph({
          style: CELL_STYLE,
          keepNext: opts.keepNext,
          children: [run(line, { bold: opts.bold })],
        }),
    ),
  })

/** The printed width of a text in table type, in twips (CJK full width, ASCII about half). */
export const textWidth = (text: string) => {
  let w = 0
  let wide: boolean | null = null
  for (const ch of text) {
    const isWide = ch.charCodeAt(0) > 0x2e80
    w += isWide ? CELL_CHAR : CELL_CHAR * 0.6
    // Writers put a small space where Chinese meets Latin text or digits (1975 年 6 月).
    if (wide !== null && wide !== isWide) {
      w += 50
    }
    wide = isWide
  }
  return Math.ceil(w)
}

/**
 * Column widths in twips filling the text width. A `fit` column is as wide as its longest line (header
 * included), so short values (硕士研究生, 1975年6月) never break inside a word; the other columns share
 * what is left by their weights.
 */
const columnsOf = (
  header: readonly string[],
  rows: readonly string[][],
  weights: readonly number[],
  fit: readonly boolean[],
) => {
  const widths: number[] = header.map(() => 0)
  let fixed = 0
  header.forEach((h, i) => {
    if (fit[i]) {
      const longest = Math.max(textWidth(h), ...rows.flatMap((r) => (r[i] ?? '').split('\n').map(textWidth)))
      widths[i] = Math.min(longest + 2 * CELL_PAD + 20, Math.floor(TEXT_WIDTH / 3))
      fixed += widths[i]!
    }
  })
  const flexible = header.map((_, i) => (fit[i] ? 0 : (weights[i] ?? 1)))
  const sum = flexible.reduce((a, b) => a + b, 0)
  const rest = TEXT_WIDTH - fixed
  header.forEach((_, i) => {
    if (!fit[i]) {
      widths[i] = Math.floor((rest * flexible[i]!) / sum)
    }
  })
  const last = fit.lastIndexOf(false)
  widths[last >= 0 ? last : widths.length - 1]! += TEXT_WIDTH - widths.reduce((a, b) => a + b, 0)
  return widths
}

const fixedTable = (widths: number[], rows: TableRow[]) =>
  new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: widths,
    layout: TableLayoutType.FIXED,
    borders,
    margins: { top: 60, bottom: 60, left: CELL_PAD, right: CELL_PAD },
    rows,
  })

/**
 * A table with a bold header row repeated on every page; cells are text. `weights` give the flexible
 * columns' relative widths (equal by default), `fit` marks columns sized to their content; `totals`
 * are label/value rows under the body, the label spanning every column but the last.
 */
export const table = (
  header: string[],
  rows: string[][],
  opts: { weights?: readonly number[]; fit?: readonly boolean[]; totals?: readonly [string, string][] } = {},
) => {
  const body = rows.length ? rows : [header.map(() => '')]
  const widths = columnsOf(
    header,
    body,
    opts.weights ?? header.map(() => 1),
    opts.fit ?? header.map(() => false),
  )
  const lastSpan = widths.slice(0, -1).reduce((a, b) => a + b, 0)
  return fixedTable(widths, [
    new TableRow({
      tableHeader: true,
      cantSplit: true,
      children: header.map((h, i) => cell(h, { bold: true, width: widths[i], keepNext: true })),
    }),
    ...body.map(
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

/** Label/value pairs, two pairs a row; labels are sized to the longest one. */
export const fields = (pairs: [string, string][]) => {
  const label = Math.max(...pairs.map(([l]) => textWidth(l))) + 2 * CELL_PAD + 20
  const value = Math.floor((TEXT_WIDTH - 2 * label) / 2)
  const widths = [label, value, label, TEXT_WIDTH - 2 * label - value]
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

/** A paragraph kept on the page of the signature that follows it (特此通知。, 以下无正文). */
export const closing = (text: string, opts: { align?: 'center' | 'right'; indent?: boolean } = {}) =>
  para(text, { ...opts, keepNext: true })

/**
 * The issuing organisation's signature: its name, a tall （盖章） space and the date, right-aligned and
 * kept together (and, through `closing`, with what precedes it).
 */
export const signature = (issuer: string, date: string) => {
  const line = (text: string, opts: { before?: number; last?: boolean } = {}) =>
    new Paragraph({
      alignment: AlignmentType.RIGHT,
      keepNext: !opts.last,
      keepLines: true,
      spacing: { before: opts.before ?? 0, line: 360 },
      indent: { right: 240 },
      children: [run(text, { size: 24 })],
    })
  return [
    line(issuer, { before: 720 }),
    line('（盖章）', { before: 240 }),
    line(date, { before: 720, last: true }),
  ]
}

/**
 * The two parties' signature table (甲方 / 乙方): each with its name, （盖章）, a tall space for the seal
 * and the representative's signature, and the date; one block that never breaks across pages.
 */
export const partiesSignature = (first: string, second: string) => {
  const half = Math.floor(TEXT_WIDTH / 2)
  const widths = [half, TEXT_WIDTH - half]
  const row = (cells: [string, string], height?: number) =>
    new TableRow({
      cantSplit: true,
      height: height ? { value: height, rule: HeightRule.ATLEAST } : undefined,
      children: cells.map((c, i) => cell(c, { width: widths[i], keepNext: true, center: !!height })),
    })
  return fixedTable(widths, [
    row([`甲方（盖章）：${first}`, `乙方（盖章）：${second}`]),
    row(['', ''], 1800),
    row(['法定代表人或委托代理人（签字）：', '法定代表人或委托代理人（签字）：'], 900),
    new TableRow({
      cantSplit: true,
      children: ['日期：    年    月    日', '日期：    年    月    日'].map((c, i) =>
        cell(c, { width: widths[i] }),
      ),
    }),
  ])
}

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

/** Word numbering of rich-text lists: 1. （1） ① for ordered, • ◦ ▪ for bulleted, three levels. */
export const LIST_REF = { ol: 'rich-ol', ul: 'rich-ul' } as const
const level = (
  n: number,
  format: (typeof LevelFormat)[keyof typeof LevelFormat],
  text: string,
  hanging = 360,
) => ({
  level: n,
  format,
  text,
  alignment: AlignmentType.LEFT,
  style: { paragraph: { indent: { left: 480 * (n + 1) + hanging - 120, hanging } } },
})
const NUMBERING = {
  config: [
    {
      reference: LIST_REF.ol,
      levels: [
        level(0, LevelFormat.DECIMAL, '%1.'),
        level(1, LevelFormat.DECIMAL, '（%2）', 600),
        level(2, LevelFormat.DECIMAL_ENCLOSED_CIRCLE, '%3'),
      ],
    },
    {
      reference: LIST_REF.ul,
      levels: [
        level(0, LevelFormat.BULLET, '•'),
        level(1, LevelFormat.BULLET, '◦'),
        level(2, LevelFormat.BULLET, '▪'),
      ],
    },
  ],
}

/** One document: the issuer in the header, page numbers in the footer, rich-text list numbering. */
export const renderDocx = async (opts: {
  issuer: string
  title: string
  blocks: TBlock[]
}): Promise<Buffer> => {
  const doc = new Document({
    creator: opts.issuer,
    title: opts.title,
    numbering: NUMBERING,
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
