import i18next from 'i18next'

let index: Map<string, string> | null = null

const flatten = (node: unknown, prefix: string, out: Map<string, string>) => {
  if (typeof node === 'string') {
    if (!out.has(node)) {
      out.set(node, prefix)
    }
    return
  }
  if (typeof node === 'object' && node !== null) {
    for (const [k, v] of Object.entries(node)) {
      flatten(v, prefix ? `${prefix}.${k}` : k, out)
    }
  }
}

/** zh text → i18n key, built once from the Chinese resources. */
const zhIndex = (): Map<string, string> => {
  if (!index) {
    index = new Map()
    flatten(i18next.getResourceBundle('zh', 'translation'), '', index)
  }
  return index
}

/**
 * Shows a message (a shared schema's or the server's, which are the spec's Chinese texts) in the
 * current language when the resources know it; unknown texts are shown as they came.
 */
export const translateMessage = (message: string): string => {
  if (i18next.language === 'zh') {
    return message
  }
  const key = zhIndex().get(message)
  return key ? i18next.t(key) : message
}
