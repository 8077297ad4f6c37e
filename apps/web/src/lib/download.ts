import { http } from '@/lib/http'
import { dispositionFileName, type TFileAnswer, type TFileProgress, type TQuery } from '@/lib/http/client'
import { createStore } from '@/lib/store'

export type TDownload = {
  url: string
  params?: TQuery
  /** A JSON body: the call is a POST (a generated document from the form's values). */
  body?: unknown
  method?: 'GET' | 'POST'
  /** The name when the answer names none. */
  fileName?: string
  /** The name to save under, whatever the answer says (a stored file under its original name). */
  saveAs?: string
}

/** A download in progress as the progress panel shows it. */
export type TDownloadProgress = {
  id: number
  /** The file's name once the answer names it. */
  name: string | null
  /** Bytes received so far; null until the answer's first byte (the server is still preparing it). */
  received: number | null
  /** Content-Length, when the answer says it (a streamed export does not). */
  total: number | null
  /** Data rows of an export, when the server knows them (`X-Export-Rows`). */
  rows: number | null
}

/** Downloads under way, for the progress panel (components/download/DownloadProgress). */
export const downloadsStore = createStore<TDownloadProgress[]>([])

/** The header an export's answer names its row count in. */
export const EXPORT_ROWS_HEADER = 'x-export-rows'

let nextDownloadId = 1

const update = (id: number, patch: Partial<TDownloadProgress>) =>
  downloadsStore.set((list) => list.map((d) => (d.id === id ? { ...d, ...patch } : d)))

const progressOf = ({ received, total, headers }: TFileProgress): Partial<TDownloadProgress> => {
  const rows = Number(headers.get(EXPORT_ROWS_HEADER) ?? '')
  return {
    received,
    total,
    rows: headers.has(EXPORT_ROWS_HEADER) && Number.isFinite(rows) ? rows : null,
    name: dispositionFileName(headers.get('content-disposition')),
  }
}

/** Hands a fetched file to the browser's download under `name`. */
export const saveBlob = (blob: Blob, name: string): void => {
  const link = document.createElement('a')
  link.href = URL.createObjectURL(blob)
  link.download = name
  link.rel = 'noopener'
  document.body.appendChild(link)
  link.click()
  link.remove()
  // The browser has started reading the blob by now; a later revoke keeps a slow disk from losing it.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
}

/**
 * The one way the web downloads a file the API answers (xlsx exports, generated documents, zips):
 * through the HTTP client, so the call carries Blade-Auth, refreshes the token once on 401, and an
 * envelope answer (a refusal, e.g. 429 when the server runs too many exports) is toasted like any other
 * failure. While it runs, `downloadsStore` holds its progress (bytes received, the export's row count
 * when the server sends it) for the progress panel. Resolves with the saved file's name
 * and the answer's headers, or rejects with the client's HttpError (already shown).
 */
export const downloadFile = async ({
  url,
  params,
  body,
  method,
  fileName,
  saveAs,
}: TDownload): Promise<{ fileName: string; headers: Headers }> => {
  const id = nextDownloadId++
  downloadsStore.set((list) => [
    ...list,
    { id, name: saveAs ?? null, received: null, total: null, rows: null },
  ])
  try {
    const answer = await http.request<TFileAnswer>({
      url,
      params,
      body,
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      responseType: 'blob',
      onProgress: (p) => update(id, { ...progressOf(p), ...(saveAs ? { name: saveAs } : {}) }),
    })
    const name = saveAs ?? answer.fileName ?? fileName ?? 'download'
    saveBlob(answer.blob, name)
    return { fileName: name, headers: answer.headers }
  } finally {
    downloadsStore.set((list) => list.filter((d) => d.id !== id))
  }
}
