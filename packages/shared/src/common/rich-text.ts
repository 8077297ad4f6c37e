/**
 * What rich text may contain: exactly what our editor (tiptap StarterKit v3 + Image) produces.
 * The server sanitises every rich-text field against this list, so a client other than ours can
 * never store markup that another user's browser would run.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  's',
  'u',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'hr',
  'a',
  'img',
] as const

export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  ol: ['start', 'type'],
  code: ['class'],
}

/** Classes kept (code blocks name their language); every other class is dropped. */
export const RICH_TEXT_CLASSES: Readonly<Record<string, readonly string[]>> = { code: ['language-*'] }

/** URL schemes allowed in `href` and `src`; relative URLs (our own uploads) are always allowed. */
export const RICH_TEXT_SCHEMES = ['http', 'https', 'mailto'] as const

/** Every link opens in a new tab without handing over `window.opener` or ranking credit. */
export const RICH_TEXT_LINK_REL = 'noopener noreferrer nofollow'
