import { AppError } from './errors.ts'
import { createSlots } from './slots.ts'

export const ImportMsg = {
  BUSY: '当前导入任务较多,请稍后再试',
} as const

/**
 * A per-instance limit on imports running at once (IMPORT_CONCURRENCY, decision 016): reading and
 * checking a workbook is CPU and memory heavy, so a few at a time cannot starve every other request.
 * One over the limit is refused at once with 429 rather than queued behind the others.
 */
export const createImportGate = (max: number) => {
  const slots = createSlots(max)
  return {
    running: slots.running,
    /** Runs `work` within the limit; over it, `refused` (e.g. reading the upload away) and 429. */
    async run<T>(work: () => Promise<T>, refused?: () => Promise<void>): Promise<T> {
      const release = slots.take()
      if (!release) {
        await refused?.().catch(() => undefined)
        throw new AppError(429, ImportMsg.BUSY)
      }
      try {
        return await work()
      } finally {
        release()
      }
    },
  }
}
export type TImportGate = ReturnType<typeof createImportGate>
