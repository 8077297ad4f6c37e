import { AlignmentType, BorderStyle, ImageRun, Paragraph, type ParagraphChild, TextRun } from 'docx'
import { FANG, LIST_REF, TEXT_WIDTH } from './docx-kit.ts'

/**
 * Rich text (the editor's sanitised HTML, decision 027) as Word blocks that keep its structure:
 * paragraphs, headings, real Word numbering for ol/ul (nested to three levels, each list restarting),
 * bold/italic/underline/strike runs, line breaks, block quotes, code, rules and embedded images.
 */

/** A picture of the rich text, read from storage before rendering (`imageSources`). */
export type TRichImage = { data: Buffer; type: 'png' | 'jpg' | 'gif' | 'bmp'; width: number; height: number }
export type TRichImages = ReadonlyMap<string, TRichImage>

const ENTITIES: Record<string, string> = { nbsp: '\u00a0', lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1))
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ''
    }
    return ENTITIES[e.toLowerCase()] ?? whole
  })

const attrOf = (attrs: string, name: string) => {
  const m = new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attrs)
  return m ? decode(m[2] ?? m[3] ?? m[4] ?? '') : undefined
}

/** The sources of the images a rich text embeds, to read before rendering. */
export const imageSources = (html: string | null | undefined): string[] =>
  [...(html ?? '').matchAll(/<img\b([^>]*)>/gi)].map((m) => attrOf(m[1]!, 'src') ?? '').filter(Boolean)

type TStyle = { bold?: boolean; italics?: boolean; underline?: boolean; strike?: boolean; code?: boolean }
type TList = { kind: 'ol' | 'ul'; instance: number }
type TBlockKind = {
  heading?: number
  list?: { ref: string; level: number; instance: number }
  quote?: number
  pre?: boolean
}

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+)/g
const HEADING_SIZE = [32, 30, 28, 26, 24, 24]
/** The widest an image may print: the text width, in pixels at 96 dpi (1 px = 15 twips). */
const MAX_IMAGE_PX = Math.floor(TEXT_WIDTH / 15)

/** Numbering instances are per document: each list of each rich text restarts at 1. */
export type TListCounter = { next: number }

export const richBlocks = (
  html: string | null | undefined,
  images: TRichImages,
  lists: TListCounter,
): Paragraph[] => {
  const out: Paragraph[] = []
  const styles: TStyle[] = [{}]
  const listStack: TList[] = []
  let kind: TBlockKind = {}
  let runs: ParagraphChild[] = []
  let quote = 0

  const style = () => styles[styles.length - 1]!
  const flush = () => {
    if (!runs.length) {
      return
    }
    const k = kind
    out.push(
      new Paragraph({
        children: runs,
        keepNext: k.heading !== undefined,
        keepLines: k.heading !== undefined,
        numbering: k.list
          ? { reference: k.list.ref, level: k.list.level, instance: k.list.instance }
          : undefined,
        indent:
          k.list || k.heading !== undefined
            ? undefined
            : quote
              ? { left: 480 * quote }
              : k.pre
                ? undefined
                : { firstLine: 480 },
        border: quote
          ? { left: { style: BorderStyle.SINGLE, size: 12, color: '999999', space: 8 } }
          : undefined,
        spacing: { line: 360, before: k.heading !== undefined ? 120 : 0 },
      }),
    )
    runs = []
  }
  const startBlock = (next: TBlockKind) => {
    flush()
    kind = next
  }
  const addText = (raw: string) => {
    const s = style()
    const text = kind.pre ? raw : raw.replace(/[\t\n\r ]+/g, ' ')
    if (!runs.length && !kind.pre && !text.trim()) {
      return
    }
    const lines = text.split('\n')
    lines.forEach((line, i) => {
      runs.push(
        new TextRun({
          text: runs.length ? line : line.replace(/^ +/, ''),
          break: i > 0 ? 1 : undefined,
          bold: s.bold || kind.heading !== undefined ? true : undefined,
          italics: s.italics,
          underline: s.underline ? {} : undefined,
          strike: s.strike,
          size: kind.heading !== undefined ? HEADING_SIZE[kind.heading - 1] : 24,
          font:
            kind.heading !== undefined
              ? FANG
              : s.code
                ? { ascii: 'Courier New', hAnsi: 'Courier New' }
                : undefined,
        }),
      )
    })
  }
  const addImage = (attrs: string) => {
    const img = images.get(attrOf(attrs, 'src') ?? '')
    if (!img) {
      const alt = attrOf(attrs, 'alt')
      if (alt) {
        addText(`［图：${alt}］`)
      }
      return
    }
    const asked = Number(attrOf(attrs, 'width')) || img.width
    const width = Math.max(1, Math.min(asked, MAX_IMAGE_PX))
    const height = Math.max(1, Math.round((img.height * width) / img.width))
    runs.push(new ImageRun({ type: img.type, data: img.data, transformation: { width, height } }))
  }

  for (const m of (html ?? '').matchAll(TAG)) {
    const [, closingTag, rawName, attrs = '', text] = m
    if (text !== undefined) {
      addText(decode(text))
      continue
    }
    const name = rawName!.toLowerCase()
    const open = !closingTag
    switch (name) {
      case 'p':
      case 'div':
        open ? startBlock({ ...kind, heading: undefined, pre: false, list: kind.list }) : flush()
        break
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        open ? startBlock({ heading: Number(name[1]) }) : startBlock({})
        break
      case 'ul':
      case 'ol':
        if (open) {
          flush()
          listStack.push({ kind: name, instance: lists.next++ })
        } else {
          startBlock({})
          listStack.pop()
        }
        break
      case 'li': {
        const top = listStack[listStack.length - 1]
        if (open) {
          startBlock(
            top
              ? {
                  list: {
                    ref: LIST_REF[top.kind],
                    level: Math.min(listStack.length - 1, 2),
                    instance: top.instance,
                  },
                }
              : {},
          )
        } else {
          flush()
        }
        break
      }
      case 'blockquote':
        flush()
        quote = Math.max(0, quote + (open ? 1 : -1))
        break
      case 'pre':
        if (open) {
          startBlock({ pre: true })
          styles.push({ ...style(), code: true })
        } else {
          startBlock({})
          if (styles.length > 1) {
            styles.pop()
          }
        }
        break
      case 'br':
        runs.push(new TextRun({ text: '', break: 1 }))
        break
      case 'hr':
        flush()
        out.push(
          new Paragraph({
            border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: '999999', space: 1 } },
            alignment: AlignmentType.CENTER,
            children: [],
          }),
        )
        break
      case 'img':
        addImage(attrs)
        break
      case 'strong':
      case 'b':
      case 'em':
      case 'i':
      case 'u':
      case 's':
      case 'code':
      case 'a':
        if (open) {
          const s = { ...style() }
          if (name === 'strong' || name === 'b') {
            s.bold = true
          } else if (name === 'em' || name === 'i') {
            s.italics = true
          } else if (name === 'u' || name === 'a') {
            s.underline = true
          } else if (name === 's') {
            s.strike = true
          } else {
            s.code = true
          }
          styles.push(s)
        } else if (styles.length > 1) {
          styles.pop()
        }
        break
      default:
        break
    }
  }
  flush()
  return out.length
    ? out
    : [new Paragraph({ indent: { firstLine: 480 }, children: [new TextRun({ text: '—' })] })]
}

/** Width and height of a PNG, JPEG or GIF from its header; null for anything else. */
export const imageInfo = (data: Buffer): Omit<TRichImage, 'data'> | null => {
  if (data.length > 24 && data.readUInt32BE(0) === 0x89504e47) {
    return { type: 'png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) }
  }
  if (data.length > 10 && data.toString('ascii', 0, 3) === 'GIF') {
    return { type: 'gif', width: data.readUInt16LE(6), height: data.readUInt16LE(8) }
  }
  if (data.length > 4 && data[0] === 0xff && data[1] === 0xd8) {
    let i = 2
    while (i + 9 < data.length) {
      if (data[i] !== 0xff) {
        return null
      }
      const marker = data[i + 1]!
      const size = data.readUInt16BE(i + 2)
      // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame's size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { type: 'jpg', height: data.readUInt16BE(i + 5), width: data.readUInt16BE(i + 7) }
      }
      i += 2 + size
    }
  }
  return null
}
