import type { Readable } from 'node:stream'
import { AppError } from './errors.ts'
import { createSlots } from './slots.ts'

export const ExportMsg = {
  BUSY: '当前导出任务较多,请稍后再试',
} as const

/**
 * A per-instance limit on exports streaming at once (EXPORT_CONCURRENCY, decision 028): each one reads
 * the database batch after batch and keeps a core busy compressing for as long as the download lasts,
 * so a few at a time cannot starve every other request. One over the limit is refused at once with
 * 429 (like imports, lib/import-gate.ts) rather than queued. A slot is held from the first query until
 * the file's stream closes: sent in full, failed, or dropped by the client.
 */
export const createExportGate = (max: number) => {
  const slots = createSlots(max)
  return {
    running: slots.running,
    /** Opens the export's stream within the limit; the slot is freed when the stream closes. */
    async open(start: () => Promise<Readable>): Promise<Readable> {
      const release = slots.take()
      if (!release) {
        throw new AppError(429, ExportMsg.BUSY)
      }
      try {
        const stream = await start()
        stream.once('close', release)
        if (stream.destroyed) {
          release()
        }
        return stream
      } catch (err) {
        release()
        throw err
      }
    },
  }
}
export type TExportGate = ReturnType<typeof createExportGate>
