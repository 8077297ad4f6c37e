import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import S3rver from '@20minutes/s3rver'
import { createLocalStorage, createS3Storage, type TStorage } from '@ysjs/server-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const readAll = async (r: Readable) => {
  const chunks: Buffer[] = []
  for await (const c of r) {
    chunks.push(Buffer.from(c))
  }
  return Buffer.concat(chunks)
}

let tmp: string
let s3: S3rver
let port: number
beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'ysjs-store-'))
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(tmp, 's3') })
  const address = await s3.run()
  port = address.port
})
afterAll(async () => {
  await s3.close()
  await fs.rm(tmp, { recursive: true, force: true })
})

const drivers: [string, () => TStorage][] = [
  ['local disk', () => createLocalStorage(path.join(tmp, 'local'))],
  [
    'S3 (minio client)',
    () =>
      createS3Storage({
        endPoint: '127.0.0.1',
        port,
        useSSL: false,
        accessKey: 'S3RVER',
        secretKey: 'S3RVER',
        bucket: 'ysjs-test',
      }),
  ],
]

describe.each(drivers)('%s storage', (_name, make) => {
  it('puts, stats, reads and removes an object', async () => {
    const storage = make()
    const name = 'upload/20261122/0f3c0a8e-6d5c-4a7e-9f1a-2b3c4d5e6f70.png'
    const body = Buffer.from('png bytes 成果')
    const stored = await storage.put(name, Readable.from([body]), 'image/png')
    expect(stored).toMatchObject({ name, size: body.length })
    expect(await storage.stat(name)).toMatchObject({ size: body.length, contentType: 'image/png' })
    const got = await storage.get(name)
    expect(await readAll(got!.body)).toEqual(body)
    await storage.remove(name)
    expect(await storage.stat(name)).toBeNull()
    expect(await storage.get(name)).toBeNull()
  })

  it('keeps nothing of a body that fails midway, and removing a missing object is no error', async () => {
    const storage = make()
    const name = 'upload/20261122/1a2b3c4d-0000-4000-8000-000000000001.pdf'
    const broken = Readable.from(
      (async function* () {
        yield Buffer.alloc(64 * 1024, 1)
        throw new Error('Unexpected end of form')
      })(),
    )
    await expect(storage.put(name, broken, 'application/pdf')).rejects.toThrow(/Unexpected end of form/)
    expect(await storage.stat(name)).toBeNull()
    await expect(storage.remove(name)).resolves.toBeUndefined()
  })

  it('refuses keys that could escape the store', async () => {
    const storage = make()
    await expect(storage.put('../etc/passwd', Readable.from(['x']), 'text/plain')).rejects.toThrow(/unsafe/)
    await expect(storage.stat('upload/../../x')).rejects.toThrow(/unsafe/)
  })
})
