import type http from 'node:http'
import type { Readable } from 'node:stream'
import { Client } from 'minio'
import { SAFE_KEY, type TStorage, type TStoredObject } from './storage.ts'

export type TS3Options = {
  endPoint: string
  port?: number
  useSSL: boolean
  accessKey: string
  secretKey: string
  bucket: string
  region?: string
  /** Every connection through this agent (a tenant's config: the outbound guard's). */
  transportAgent?: http.Agent
}

const MAX_OBJECT_BYTES = 64 * 1024 * 1024

const readAll = async (body: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
    size += b.length
    if (size > MAX_OBJECT_BYTES) {
      throw new Error('object too large for a single PUT')
    }
    chunks.push(b)
  }
  return Buffer.concat(chunks)
}

const isNotFound = (err: unknown) => {
  const code = (err as { code?: string }).code
  return code === 'NotFound' || code === 'NoSuchKey' || code === 'NoSuchBucket'
}

/** MinIO or any S3-compatible store, through the `minio` client. The bucket is created on first use. */
export const createS3Storage = (options: TS3Options): TStorage => {
  const client = new Client({
    endPoint: options.endPoint,
    port: options.port,
    useSSL: options.useSSL,
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    ...(options.region ? { region: options.region } : {}),
    ...(options.transportAgent ? { transportAgent: options.transportAgent } : {}),
  })
  const { bucket } = options
  let ready: Promise<void> | undefined
  const ensureBucket = () =>
    (ready ??= (async () => {
      if (!(await client.bucketExists(bucket))) {
        await (options.region ? client.makeBucket(bucket, options.region) : client.makeBucket(bucket))
      }
    })().catch((err) => {
      ready = undefined
      throw err
    }))
  const check = (name: string) => {
    if (!SAFE_KEY.test(name)) {
      throw new Error(`unsafe storage key: ${name}`)
    }
  }
  const stat = async (name: string): Promise<TStoredObject | null> => {
    check(name)
    try {
      const s = await client.statObject(bucket, name)
      return {
        name,
        size: s.size,
        contentType: String(s.metaData?.['content-type'] ?? 'application/octet-stream'),
      }
    } catch (err) {
      if (isNotFound(err)) {
        return null
      }
      throw err
    }
  }
  return {
    kind: 's3',
    async put(name: string, body: Readable, contentType: string) {
      check(name)
      await ensureBucket()
      // Uploads are capped (20 MB), so the body is buffered and sent with its size in one PUT: a
      // stream of unknown length would need multipart uploads, which not every S3 implementation has.
      const data = await readAll(body)
      await client.putObject(bucket, name, data, data.length, { 'Content-Type': contentType })
      const s = await stat(name)
      return s ?? { name, size: 0, contentType }
    },
    async get(name: string) {
      const object = await stat(name)
      return object ? { body: await client.getObject(bucket, name), object } : null
    },
    stat,
    async remove(name: string) {
      check(name)
      await client.removeObject(bucket, name)
    },
  }
}
