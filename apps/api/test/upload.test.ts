import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { createLocalStorage, type TStorage } from '@ysjs/server-core'
import { UploadMsg } from '@ysjs/shared'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { RedisKeys } from '../src/lib/redis-keys.ts'
import { dayOf, minuteOf } from '../src/modules/oss/upload-limits.ts'
import { auth, createTestApp, login, TENANT, type TTestApp } from './helpers/app.ts'
import { multipartFile } from './helpers/multipart.ts'

const PUT_FILE = '/api/ysjs-resource/oss/endpoint/put-file'
const PUT_FILE_ATTACH = '/api/ysjs-resource/oss/endpoint/put-file-attach'
const BOTH = [PUT_FILE, PUT_FILE_ATTACH]
const ADMIN_ID = '1123598821738675201'
const MB = 1024 * 1024

type TBody = { payload: Buffer; headers: Record<string, string> }

let t: TTestApp
let storageDir: string
let token: string
beforeAll(async () => {
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ysjs-upload-'))
  t = await createTestApp({ STORAGE_DIR: storageDir })
  token = (await login(t.app, 'admin')).access_token
})
afterAll(async () => {
  await t.close()
  await fs.rm(storageDir, { recursive: true, force: true })
})

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

const send = (url: string, body: TBody, app = t.app, bearer = token) =>
  app.inject({ method: 'POST', url, headers: { ...auth(bearer), ...body.headers }, payload: body.payload })

/** A PDF of `size` bytes: the signature, then filler. */
const pdfBytes = (size: number, fill = 0x25) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(Math.max(size - 9, 0), fill)]).subarray(0, size)
const pdf = (size = 8, name = 'a.pdf') => multipartFile('file', name, pdfBytes(size), 'application/pdf')

const usedBytes = async (app = t.app) =>
  (await app.prisma.storageUsage.findUnique({ where: { tenantId: TENANT } }))?.usedBytes ?? 0n

const dailyKey = () => RedisKeys.uploadDaily(TENANT, ADMIN_ID, dayOf(new Date()))

/** Asserts that a refused upload left no object on disk, no attachment row and no charge. */
const expectNothingStored = async (app = t.app, dir = storageDir) => {
  expect(await filesUnder(dir)).toEqual([])
  expect(await app.prisma.attach.count()).toBe(0)
  expect(await usedBytes(app)).toBe(0n)
}

const setParam = async (key: string, value: string) => {
  await t.app.prisma.param.updateMany({ where: { paramKey: key }, data: { paramValue: value } })
  t.app.caches.clearAll()
}

beforeEach(async () => {
  await fs.rm(storageDir, { recursive: true, force: true })
  await fs.mkdir(storageDir, { recursive: true })
  await t.app.prisma.attach.deleteMany()
  await t.app.prisma.storageUsage.deleteMany()
  await setParam('upload.userPerMinute', '30')
  await setParam('upload.userDailyMb', '500')
  await setParam('upload.tenantQuotaMb', '10240')
  const keys = await t.redis.keys(`${t.redisPrefix}upload:*`)
  if (keys.length) {
    await t.redis.del(...keys.map((k) => k.slice(t.redisPrefix.length)))
  }
})

describe('a stored upload', () => {
  it('is on disk, recorded and charged to the tenant and the uploader', async () => {
    const res = await send(PUT_FILE_ATTACH, pdf(1000, '检测报告.pdf'))
    expect(res.statusCode, res.body).toBe(200)
    expect(await filesUnder(storageDir)).toHaveLength(1)
    expect(await t.app.prisma.attach.count()).toBe(1)
    expect(await usedBytes()).toBe(1000n)
    expect(await t.redis.get(dailyKey())).toBe('1000')
    expect(await t.redis.ttl(dailyKey())).toBeGreaterThan(0)
  })
})

describe('file names are checked before anything is stored', () => {
  it.each(BOTH)('%s refuses a NUL byte in the name', async (url) => {
    const res = await send(url, multipartFile('file', 'report\u0000.pdf', Buffer.from('%PDF-1.4')))
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toEqual({ code: 400, success: false, data: null, msg: UploadMsg.BAD_NAME })
    await expectNothingStored()
  })

  it.each([
    ['a control character', 'a\u0001b.pdf', UploadMsg.BAD_NAME],
    ['DEL', 'a\u007f.pdf', UploadMsg.BAD_NAME],
    ['a right-to-left override that disguises the extension', 'report\u202Efdp.exe.pdf', UploadMsg.BAD_NAME],
    ['a name longer than 255 characters', `${'长'.repeat(252)}.pdf`, UploadMsg.NAME_TOO_LONG],
  ])('refuses %s', async (_what, name, msg) => {
    const res = await send(PUT_FILE_ATTACH, multipartFile('file', name, Buffer.from('%PDF-1.4')))
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().msg).toBe(msg)
    await expectNothingStored()
  })

  it('keeps a 255-character Chinese name whole', async () => {
    const name = `${'长'.repeat(251)}.pdf`
    const res = await send(PUT_FILE_ATTACH, multipartFile('file', name, Buffer.from('%PDF-1.4')))
    expect(res.statusCode, res.body).toBe(200)
    const row = await t.app.prisma.attach.findFirstOrThrow()
    expect(row.originalName).toBe(name)
  })
})

describe('broken multipart bodies answer 400 and leave nothing behind', () => {
  const raw = (body: string | Buffer, boundary = 'XyZ'): TBody => ({
    payload: Buffer.isBuffer(body) ? body : Buffer.from(body),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
  const head = '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n'

  it.each(BOTH)('%s: no closing boundary (the client died mid-file)', async (url) => {
    const res = await send(
      url,
      multipartFile('file', 'a.pdf', pdfBytes(64 * 1024, 1), 'application/pdf', { close: false }),
    )
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toEqual({ code: 400, success: false, data: null, msg: UploadMsg.BROKEN })
    await expectNothingStored()
  })

  it.each([
    ['the file part is closed but the form is not', `${head}%PDF-1.4\r\n--XyZ\r\n`],
    ['the last boundary lacks its closing dashes', `${head}%PDF-1.4\r\n--XyZ`],
    [
      'a part header that never ends',
      '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"',
    ],
    ['garbage after the boundary line', '--XyZ\r\n\u0000\u0001garbage'],
  ])('%s', async (_what, body) => {
    for (const url of BOTH) {
      const res = await send(url, raw(body))
      expect(res.statusCode, `${url} ${res.body}`).toBe(400)
      expect(res.json().msg).toBe(UploadMsg.BROKEN)
      await expectNothingStored()
    }
  })

  it.each(BOTH)('%s: the file arrives whole but the rest of the form never does', async (url) => {
    // Over a network the file part can end well before the broken tail arrives: only reading the
    // rest of the body tells that the request is broken.
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...auth(token), 'content-type': 'multipart/form-data; boundary=XyZ' },
      payload: Readable.from(
        (async function* () {
          yield Buffer.from(`${head}%PDF-1.4\r\n--XyZ\r\n`)
          await new Promise((r) => setTimeout(r, 300))
          yield Buffer.from('Content-Disposition: form-data; name="x"\r\n\r\nnever closed')
        })(),
      ),
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().msg).toBe(UploadMsg.BROKEN)
    await expectNothingStored()
  })

  it('a multipart content type without a boundary', async () => {
    const res = await send(PUT_FILE, {
      payload: Buffer.from(`${head}x\r\n--XyZ--\r\n`),
      headers: { 'content-type': 'multipart/form-data' },
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().msg).toBe(UploadMsg.BROKEN)
    await expectNothingStored()
  })

  it('a body that is not multipart at all is 415', async () => {
    const res = await send(PUT_FILE, {
      payload: Buffer.from('{"file":"x"}'),
      headers: { 'content-type': 'application/json' },
    })
    expect(res.statusCode, res.body).toBe(415)
    await expectNothingStored()
  })

  it('an empty body is no file', async () => {
    const res = await send(PUT_FILE, raw(''))
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().msg).toBe(UploadMsg.NO_FILE)
    await expectNothingStored()
  })

  it('a file over 20480 KB is 413 and nothing is kept', async () => {
    const res = await send(PUT_FILE_ATTACH, pdf(20_480 * 1024 + 1))
    expect(res.statusCode, res.body).toBe(413)
    expect(res.json().msg).toBe(UploadMsg.TOO_LARGE)
    await expectNothingStored()
    expect(await t.redis.get(dailyKey())).toBeNull()
  })

  it('a second file after the first is ignored, as before', async () => {
    const two = raw(`${head}%PDF-1.4\r\n--XyZ\r\n${head.slice(7)}second\r\n--XyZ--\r\n`)
    const res = await send(PUT_FILE_ATTACH, two)
    expect(res.statusCode, res.body).toBe(200)
    expect(await filesUnder(storageDir)).toHaveLength(1)
  })
})

describe('an upload that fails after it was stored', () => {
  it('is removed when its attachment row cannot be written, and nothing is charged', async () => {
    await t.app.prisma.$executeRawUnsafe(`
      CREATE FUNCTION test_refuse_attach() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'attach refused by test'; END $$ LANGUAGE plpgsql`)
    await t.app.prisma.$executeRawUnsafe(
      'CREATE TRIGGER test_refuse_attach BEFORE INSERT ON blade_attach FOR EACH ROW EXECUTE FUNCTION test_refuse_attach()',
    )
    try {
      const res = await send(PUT_FILE_ATTACH, pdf(100))
      expect(res.statusCode, res.body).toBe(500)
      await expectNothingStored()
      expect(await t.redis.get(dailyKey())).toBe('0')
    } finally {
      await t.app.prisma.$executeRawUnsafe('DROP TRIGGER test_refuse_attach ON blade_attach')
      await t.app.prisma.$executeRawUnsafe('DROP FUNCTION test_refuse_attach()')
    }
  })

  it('is a 500 (not the client’s 400) when the storage fails, and nothing is kept', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ysjs-upload-fail-'))
    const local = createLocalStorage(dir)
    // Writes half of the file, then fails like a full disk.
    const failing: TStorage = {
      ...local,
      async put(name: string, body: Readable, contentType: string) {
        const chunks: Buffer[] = []
        for await (const chunk of body) {
          chunks.push(chunk as Buffer)
          break
        }
        await local.put(name, Readable.from(chunks), contentType)
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })
      },
    }
    const other = await createTestApp({ STORAGE_DIR: dir }, { storage: failing })
    try {
      const { access_token } = await login(other.app, 'admin')
      for (const url of BOTH) {
        const res = await send(url, pdf(256 * 1024), other.app, access_token)
        expect(res.statusCode, res.body).toBe(500)
        await expectNothingStored(other.app, dir)
      }
    } finally {
      await other.close()
      await fs.rm(dir, { recursive: true, force: true })
    }
  })
})

describe('per-user rate', () => {
  it('refuses the upload over upload.userPerMinute with 429 and stores nothing', async () => {
    await setParam('upload.userPerMinute', '2')
    // Both this minute's window and the next: the test must not depend on when it runs.
    const minute = minuteOf(new Date())
    for (const m of [minute, minute + 1]) {
      await t.redis.set(RedisKeys.uploadRate(TENANT, ADMIN_ID, m), '2', 'EX', 120)
    }
    const res = await send(PUT_FILE_ATTACH, pdf())
    expect(res.statusCode, res.body).toBe(429)
    expect(res.json()).toEqual({ code: 429, success: false, data: null, msg: UploadMsg.TOO_FREQUENT })
    await expectNothingStored()
  })

  it('counts each attempt in the current minute and lets the allowed ones through', async () => {
    await setParam('upload.userPerMinute', '3')
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      statuses.push((await send(PUT_FILE, pdf())).statusCode)
    }
    // Three fit the minute; the fourth is refused unless the minute turned meanwhile.
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200])
    const key = RedisKeys.uploadRate(TENANT, ADMIN_ID, minuteOf(new Date()))
    expect(await t.redis.ttl(key)).toBeGreaterThan(0)
    if (Number(await t.redis.get(key)) === 4) {
      expect(statuses[3]).toBe(429)
    }
  })

  it('keeps separate counts per user', async () => {
    await setParam('upload.userPerMinute', '1')
    const minute = minuteOf(new Date())
    for (const m of [minute, minute + 1]) {
      await t.redis.set(RedisKeys.uploadRate(TENANT, ADMIN_ID, m), '1', 'EX', 120)
    }
    expect((await send(PUT_FILE, pdf())).statusCode).toBe(429)
    const boss = (await login(t.app, 'boss')).access_token
    expect((await send(PUT_FILE, pdf(), t.app, boss)).statusCode).toBe(200)
  })
})

describe('per-user daily volume', () => {
  it('refuses the file that would go over upload.userDailyMb: removed, nothing recorded', async () => {
    await setParam('upload.userDailyMb', '0.001') // 1048 bytes
    expect((await send(PUT_FILE_ATTACH, pdf(1000))).statusCode).toBe(200)
    await fs.rm(storageDir, { recursive: true, force: true })
    await t.app.prisma.attach.deleteMany()
    const before = await usedBytes()

    const res = await send(PUT_FILE_ATTACH, pdf(100))
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toEqual({ code: 400, success: false, data: null, msg: UploadMsg.DAILY_LIMIT })
    expect(await filesUnder(storageDir)).toEqual([])
    expect(await t.app.prisma.attach.count()).toBe(0)
    expect(await usedBytes()).toBe(before)
    expect(await t.redis.get(dailyKey())).toBe('1000')
    // What still fits is still accepted.
    expect((await send(PUT_FILE, pdf(48))).statusCode).toBe(200)
  })

  it('refuses before reading the file once the day is used up', async () => {
    await t.redis.set(dailyKey(), String(500 * MB), 'EX', 3600)
    const res = await send(PUT_FILE_ATTACH, pdf())
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().msg).toBe(UploadMsg.DAILY_LIMIT)
    await expectNothingStored()
  })
})

describe('per-tenant storage quota', () => {
  it('refuses before storing when the tenant is already at its quota', async () => {
    await setParam('upload.tenantQuotaMb', '1')
    await t.app.prisma.storageUsage.create({ data: { tenantId: TENANT, usedBytes: BigInt(MB) } })
    const res = await send(PUT_FILE_ATTACH, pdf())
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toEqual({ code: 400, success: false, data: null, msg: UploadMsg.QUOTA_FULL })
    expect(await filesUnder(storageDir)).toEqual([])
    expect(await t.app.prisma.attach.count()).toBe(0)
    expect(await usedBytes()).toBe(BigInt(MB))
  })

  it('removes the file that would push it over, records nothing and gives the daily volume back', async () => {
    await setParam('upload.tenantQuotaMb', '1')
    await t.app.prisma.storageUsage.create({ data: { tenantId: TENANT, usedBytes: BigInt(MB - 100) } })
    for (const url of BOTH) {
      const res = await send(url, pdf(101))
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().msg).toBe(UploadMsg.QUOTA_FULL)
      expect(await filesUnder(storageDir)).toEqual([])
      expect(await t.app.prisma.attach.count()).toBe(0)
      expect(await usedBytes()).toBe(BigInt(MB - 100))
      expect(Number(await t.redis.get(dailyKey()))).toBe(0)
    }
    // Exactly filling the quota is allowed.
    expect((await send(PUT_FILE_ATTACH, pdf(100))).statusCode).toBe(200)
    expect(await usedBytes()).toBe(BigInt(MB))
  })

  it('lets exactly as many concurrent uploads through as fit', async () => {
    await setParam('upload.tenantQuotaMb', '0.01') // 10485 bytes: three files of 3000 fit, not four
    const results = await Promise.all(Array.from({ length: 6 }, () => send(PUT_FILE_ATTACH, pdf(3000))))
    const statuses = results.map((r) => r.statusCode).sort()
    expect(statuses).toEqual([200, 200, 200, 400, 400, 400])
    expect(await usedBytes()).toBe(9000n)
    expect(await t.app.prisma.attach.count()).toBe(3)
    expect(await filesUnder(storageDir)).toHaveLength(3)
  })

  it('is counted per tenant', async () => {
    await setParam('upload.tenantQuotaMb', '1')
    await t.app.prisma.storageUsage.create({ data: { tenantId: '654321', usedBytes: BigInt(10 * MB) } })
    expect((await send(PUT_FILE_ATTACH, pdf(10))).statusCode).toBe(200)
    expect(await usedBytes()).toBe(10n)
  })
})
