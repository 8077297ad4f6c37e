import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { multipartFile } from './helpers/multipart.ts'

const PUT_FILE = '/api/ysjs-resource/oss/endpoint/put-file'
const PUT_FILE_ATTACH = '/api/ysjs-resource/oss/endpoint/put-file-attach'

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

const storedFiles = async (): Promise<string[]> => {
  const entries = await fs.readdir(storageDir, { recursive: true, withFileTypes: true })
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

const send = (url: string, body: { payload: Buffer; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url, headers: { ...auth(token), ...body.headers }, payload: body.payload })

/** Asserts that a refused upload left no object on disk and no attachment row. */
const expectNothingStored = async () => {
  expect(await storedFiles()).toEqual([])
  expect(await t.app.prisma.attach.count()).toBe(0)
}

beforeEach(async () => {
  await fs.rm(storageDir, { recursive: true, force: true })
  await fs.mkdir(storageDir, { recursive: true })
  await t.app.prisma.attach.deleteMany()
})

describe('file names are checked before anything is stored', () => {
  it.each([PUT_FILE, PUT_FILE_ATTACH])('%s refuses a NUL byte in the name', async (url) => {
    const res = await send(url, multipartFile('file', 'report\u0000.pdf', Buffer.from('%PDF-1.4')))
    expect(res.statusCode, res.body).toBe(400)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.json()).toMatchObject({ code: 400, success: false, msg: '文件名包含非法字符' })
    await expectNothingStored()
  })
})

describe('broken multipart bodies', () => {
  it.each([PUT_FILE, PUT_FILE_ATTACH])('%s refuses a body with no closing boundary', async (url) => {
    const res = await send(
      url,
      multipartFile('file', 'a.pdf', Buffer.alloc(64 * 1024, 1), 'application/pdf', { close: false }),
    )
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ code: 400, success: false, msg: '上传内容不完整,请重新上传' })
    await expectNothingStored()
  })
})
