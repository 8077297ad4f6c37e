import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_CLASSES,
  RICH_TEXT_LINK_REL,
  RICH_TEXT_SCHEMES,
  RICH_TEXT_TAGS,
} from '@ysjs/shared'
import sanitizeHtml from 'sanitize-html'
import { AppError } from './errors.ts'

const STORED_FILE_PREFIX = '/api/ysjs-resource/oss/file/'

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([k, v]) => [k, [...v]])),
  allowedClasses: Object.fromEntries(Object.entries(RICH_TEXT_CLASSES).map(([k, v]) => [k, [...v]])),
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Tags outside the list lose their markup but keep their text; script, style and the like lose both.
  disallowedTagsMode: 'discard',
  // An image whose source was refused (javascript:, data:, //host) is dropped rather than kept empty.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    // Links to our stored files are saved without the token a browser showed them with (decision 011a).
    img: (tagName, attribs) => ({
      tagName,
      attribs: attribs.src?.startsWith(STORED_FILE_PREFIX)
        ? { ...attribs, src: attribs.src.replace(/[?&]blade-auth=[^&#]*/, '').replace(/^([^?]*)&/, '$1?') }
        : attribs,
    }),
    a: (tagName, attribs) => {
      const { target, rel: _rel, ...rest } = attribs
      return {
        tagName,
        attribs: {
          ...(target === undefined ? {} : { target: '_blank' }),
          rel: RICH_TEXT_LINK_REL,
          ...rest,
        },
      }
    },
  },
}

/**
 * Sanitises one rich-text value against the editor's allow-list. The output is written the way a
 * browser serialises the same tree (`<br>` not `<br />`, `&nbsp;` kept), so what our own editor
 * saves comes back byte for byte.
 */
export const sanitizeRichText = (html: string): string =>
  sanitizeHtml(html, OPTIONS)
    // sanitize-html escapes `>` everywhere in text and attributes, so ` />` only ends a void tag.
    .replaceAll(' />', '>')
    .replaceAll('\u00a0', '&nbsp;')

/** The rich-text fields of an entity and the length each column holds. */
export type TRichTextFields = Readonly<Record<string, number>>

/**
 * Sanitises the rich-text fields of row data in place of the raw input; a value that only fits its
 * column before sanitising (entities can lengthen it) is refused like any other over-long text.
 */
export const sanitizeRichTextFields = <T extends Record<string, unknown>>(
  data: T,
  fields: TRichTextFields | undefined,
): T => {
  if (!fields) {
    return data
  }
  const out: Record<string, unknown> = { ...data }
  for (const [field, max] of Object.entries(fields)) {
    const value = out[field]
    if (typeof value !== 'string' || value === '') {
      continue
    }
    const clean = sanitizeRichText(value)
    if (clean.length > max) {
      throw AppError.badRequest(`长度不能超过${max}个字符`)
    }
    out[field] = clean
  }
  return out as T
}

/**
 * A plain-text field (a title, a summary, a source) with anything tag-like removed: `<` followed by a
 * letter, `/`, `!` or `?`, up to its `>` or the end. A portal that renders the field as HTML then has
 * nothing to run; a lone `<` of ordinary text (`a < b`) stays.
 */
export const stripMarkup = (text: string): string =>
  text
    .replace(/<[a-zA-Z!/?][^>]*(>|$)/g, '')
    .replace(/\s+/g, ' ')
    .trim()
