import { createReadStream, createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { SAFE_KEY, type TStorage, type TStoredObject } from './storage.ts'

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain; charset=utf-8',
  zip: 'application/zip',
}

export const contentTypeOf = (name: string): string =>
  CONTENT_TYPES[path.extname(name).slice(1).toLowerCase()] ?? 'application/octet-stream'

/** Files under one directory; a half-written file is removed, never left behind. */
export const createLocalStorage = (dir: string): TStorage => {
  const root = path.resolve(dir)
  const resolve = (name: string) => {
    if (!SAFE_KEY.test(name)) {
      throw new Error(`unsafe storage key: ${name}`)
    }
    return path.join(root, name)
  }
  const stat = async (name: string): Promise<TStoredObject | null> => {
    const file = resolve(name)
    try {
      const s = await fs.stat(file)
      return s.isFile() ? { name, size: s.size, contentType: contentTypeOf(name) } : null
    } catch (err) {
      // Only a missing file is "not stored"; a disk that cannot be read is the caller's error.
      const code = (err as { code?: unknown }).code
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        return null
      }
      throw err
    }
  }
  return {
    kind: 'local',
    async put(name: string, body: Readable, contentType: string) {
      const file = resolve(name)
      await fs.mkdir(path.dirname(file), { recursive: true })
      try {
        await pipeline(body, createWriteStream(file, { flags: 'wx' }))
      } catch (err) {
        await fs.rm(file, { force: true })
        throw err
      }
      const s = await fs.stat(file)
      return { name, size: s.size, contentType }
    },
    async get(name: string) {
      const object = await stat(name)
      return object ? { body: createReadStream(resolve(name)), object } : null
    },
    stat,
    async remove(name: string) {
      await fs.rm(resolve(name), { force: true })
    },
  }
}
