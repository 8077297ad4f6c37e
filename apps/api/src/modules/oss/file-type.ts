import { Readable } from 'node:stream'

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const ZIP = [0x50, 0x4b, 0x03, 0x04]
const startsWith = (head: Buffer, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b)
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0))

/**
 * What the first bytes of each accepted extension must be. Office files: the legacy formats are OLE2
 * compound files, the OOXML ones ZIP archives (their inner parts are not inspected).
 */
const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  pdf: (h) => startsWith(h, ascii('%PDF-')),
  doc: (h) => startsWith(h, OLE2),
  xls: (h) => startsWith(h, OLE2),
  docx: (h) => startsWith(h, ZIP),
  xlsx: (h) => startsWith(h, ZIP),
  jpg: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  jpeg: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  png: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  gif: (h) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a')),
  webp: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8),
}

/** Bytes read before deciding: enough for every signature above. */
export const SNIFF_BYTES = 16

/** True when the content starts as files of this extension do; unknown extensions never match. */
export const contentMatches = (ext: string, head: Buffer): boolean => SIGNATURES[ext]?.(head) ?? false

/**
 * Reads the first bytes of a stream without losing them: `head` holds at least SNIFF_BYTES (less only
 * when the stream is shorter) and `body` replays them followed by the rest.
 */
export const peek = async (
  source: Readable,
): Promise<{ head: Buffer; body: Readable; drain: () => void }> => {
  const chunks: Buffer[] = []
  let size = 0
  let ended = false
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      chunks.push(chunk)
      size += chunk.length
      if (size >= SNIFF_BYTES) {
        finish()
      }
    }
    const finish = () => {
      source.off('data', onData)
      source.off('end', onEnd)
      source.off('close', onEnd)
      source.off('error', reject)
      source.pause()
      resolve()
    }
    const onEnd = () => {
      ended = true
      finish()
    }
    source.on('data', onData)
    source.once('end', onEnd)
    // A parser that gives up on a broken body may destroy the part without an error.
    source.once('close', onEnd)
    source.once('error', reject)
  })
  const head = Buffer.concat(chunks)
  if (ended) {
    return { head, body: Readable.from([head]), drain: () => undefined }
  }
  // A new stream replays the first bytes, then the rest (`unshift` loses data once the source has
  // seen its end); errors of the source end it too.
  const rest = async function* () {
    yield head
    yield* source
  }
  return { head, body: Readable.from(rest(), { objectMode: false }), drain: () => source.resume() }
}
