import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import S3rver from '@20minutes/s3rver'
import { createSecretBox, DEV_DATA_KEY } from '@ysjs/server-core'
import { AssortMsg, OssMsg, UploadMsg } from '@ysjs/shared'
import { Client } from 'minio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { multipartFile } from './helpers/multipart.ts'
import { createTenant, createUser, tokenOf } from './helpers/system.ts'

const OSS = '/api/ysjs-resource/oss'
const ATTACH = '/api/ysjs-resource/attach'
const PUT_FILE = '/api/ysjs-resource/oss/endpoint/put-file'
const PUT_FILE_ATTACH = '/api/ysjs-resource/oss/endpoint/put-file-attach'
const ASSORT = '/api/blade-label/assort'
const TEMPLATE = '/api/ysjs-appraise/template'

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('成果报告 bytes '.repeat(500))])
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(300, 7),
])
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100, 1)])
const JPG = (size: number) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 3)])
const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 9)])

let t: TTestApp
let tmp: string
let storageDir: string
let s3: S3rver
let s3Port: number
let token: string
let otherToken: string

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'ysjs-res-'))
  storageDir = path.join(tmp, 'store')
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(tmp, 's3') })
  s3Port = (await s3.run()).port
  // The s3rver stand-in and a closed port are what the operator lets tenants' configs reach here.
  t = await createTestApp({ STORAGE_DIR: storageDir, OSS_ALLOWED_HOSTS: `127.0.0.1:${s3Port},127.0.0.1:1` })
  token = (await login(t.app, 'admin')).access_token
  const other = await createTenant(t.app.prisma, {
    tenantId: '654321',
    codes: ['attach', 'attach_upload', 'attach_delete', 'oss', 'oss_add', 'oss_edit', 'oss_enable'],
  })
  const user = await createUser(t.app.prisma, {
    tenantId: '654321',
    roleId: other.roleId,
    deptId: other.deptId,
  })
  otherToken = await tokenOf(t.app, '654321', user.account)
})
afterAll(async () => {
  await t.close()
  await s3.close()
  await fs.rm(tmp, { recursive: true, force: true })
})

const send = (url: string, name: string, content: Buffer, bearer = token, options?: { close?: boolean }) => {
  const body = multipartFile('file', name, content, 'application/octet-stream', options)
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...auth(bearer), ...body.headers },
    payload: body.payload,
  })
}
const get = (url: string, bearer = token, query?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers: auth(bearer), ...(query ? { query } : {}) })
const post = (url: string, payload?: object, bearer = token, query?: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: auth(bearer),
    ...(payload ? { payload } : {}),
    ...(query ? { query } : {}),
  })
/** Reads a link as an <img> or a download would: the token in the query. */
const fetchLink = (link: string, bearer = token) =>
  t.app.inject({ method: 'GET', url: `${link}?blade-auth=${encodeURIComponent(`bearer ${bearer}`)}` })

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
}
/** Objects s3rver holds in a bucket (it keeps each as `<key>._S3rver_object`). */
const s3Objects = async (bucket: string) =>
  (await filesUnder(path.join(tmp, 's3', bucket))).filter((f) => f.endsWith('._S3rver_object'))
const rowCount = () => t.app.prisma.attach.count({ where: { isDeleted: 0 } })

const s3Config = (bucket: string) => ({
  category: 1,
  endpoint: `http://127.0.0.1:${s3Port}`,
  accessKey: 'S3RVER',
  secretKey: 'S3RVER',
  bucketName: bucket,
  remark: '测试 S3',
})
const createConfig = async (payload: object, bearer = token) => {
  const res = await post(`${OSS}/submit`, payload, bearer)
  expect(res.json(), res.body).toMatchObject({ code: 200 })
  const list = await get(`${OSS}/list`, bearer, { size: '100' })
  return list.json().data.records[0] as { id: string; secretKey: string }
}

describe('uploads on the default (local-disk) driver', () => {
  it('keeps the bytes, keys them per tenant and serves them with the UTF-8 name', async () => {
    const res = await send(PUT_FILE_ATTACH, '检测报告 2026.pdf', PDF)
    expect(res.statusCode, res.body).toBe(200)
    const { link, attachId, originalName } = res.json().data
    expect(originalName).toBe('检测报告 2026.pdf')
    expect(link).toMatch(/^\/api\/ysjs-resource\/oss\/file\/upload\/000000\/env\/\d{8}\/[0-9a-f-]{36}\.pdf$/)
    expect(attachId).toMatch(/^\d+$/)

    const file = await fetchLink(link)
    expect(file.statusCode).toBe(200)
    expect(file.rawPayload.equals(PDF)).toBe(true)
    expect(file.headers['content-type']).toBe('application/pdf')
    expect(file.headers['x-content-type-options']).toBe('nosniff')
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="____ 2026.pdf"; filename*=UTF-8''${encodeURIComponent('检测报告 2026.pdf')}`,
    )
  })

  it('serves office files as downloads, never inline', async () => {
    const res = await send(PUT_FILE_ATTACH, '成果表.docx', DOCX)
    expect(res.statusCode, res.body).toBe(200)
    const file = await fetchLink(res.json().data.link)
    expect(file.rawPayload.equals(DOCX)).toBe(true)
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; .*filename\*=UTF-8''%E6%88%90%E6%9E%9C%E8%A1%A8\.docx$/,
    )
  })

  it('needs a token to read a link', async () => {
    const res = await send(PUT_FILE, 'pic.png', PNG)
    const anon = await t.app.inject({ method: 'GET', url: res.json().data.link })
    expect(anon.statusCode).toBe(401)
    expect((await get(res.json().data.link)).statusCode).toBe(200)
  })
})

describe('content and extension checks', () => {
  it.each([
    ['a PNG named .pdf', PUT_FILE_ATTACH, 'fake.pdf', PNG, UploadMsg.BAD_CONTENT],
    [
      'HTML named .png',
      PUT_FILE,
      'x.png',
      Buffer.from('<html><script>alert(1)</script></html>'),
      UploadMsg.BAD_CONTENT,
    ],
    ['an executable', PUT_FILE, 'virus.exe', Buffer.from('MZ\x90\x00'), UploadMsg.BAD_TYPE],
    [
      'an SVG',
      PUT_FILE,
      'logo.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      UploadMsg.BAD_TYPE,
    ],
    ['a GIF as an attachment', PUT_FILE_ATTACH, 'a.gif', GIF, UploadMsg.BAD_TYPE],
    ['a GIF as an avatar', `${PUT_FILE}?purpose=avatar`, 'a.gif', GIF, UploadMsg.BAD_TYPE],
    ['an avatar over 500kb', `${PUT_FILE}?purpose=avatar`, 'me.jpg', JPG(501 * 1024), UploadMsg.AVATAR],
    ['an empty file', PUT_FILE_ATTACH, 'empty.pdf', Buffer.alloc(0), UploadMsg.BAD_CONTENT],
  ])('refuses %s and stores nothing', async (_what, url, name, content, msg) => {
    const before = { files: await filesUnder(storageDir), rows: await rowCount() }
    const res = await send(url, name, content)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toEqual({ code: 400, success: false, data: null, msg })
    expect(await filesUnder(storageDir)).toEqual(before.files)
    expect(await rowCount()).toBe(before.rows)
  })

  it.each([
    ['a rich-text GIF', `${PUT_FILE}?purpose=image`, 'a.gif', GIF],
    [
      'a rich-text WEBP',
      `${PUT_FILE}?purpose=image`,
      'a.webp',
      Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'),
    ],
    ['an avatar of 500kb', `${PUT_FILE}?purpose=avatar`, 'me.jpg', JPG(500 * 1024)],
    ['a short PDF', PUT_FILE_ATTACH, 'tiny.pdf', Buffer.from('%PDF-')],
  ])('accepts %s', async (_what, url, name, content) => {
    const res = await send(url, name, content)
    expect(res.statusCode, res.body).toBe(200)
    expect((await fetchLink(res.json().data.link)).rawPayload.equals(content)).toBe(true)
  })

  it('refuses a file over 20480 KB with 413 and keeps nothing', async () => {
    const before = await filesUnder(storageDir)
    const res = await send(PUT_FILE_ATTACH, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(20480 * 1024)]))
    expect(res.statusCode).toBe(413)
    expect(res.json().msg).toBe(UploadMsg.TOO_LARGE)
    expect(await filesUnder(storageDir)).toEqual(before)
  })

  it('leaves neither object nor row when the body breaks midway', async () => {
    const before = { files: await filesUnder(storageDir), rows: await rowCount() }
    const res = await send(
      PUT_FILE_ATTACH,
      'cut.pdf',
      Buffer.concat([PDF, Buffer.alloc(256 * 1024, 1)]),
      token,
      {
        close: false,
      },
    )
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().msg).toBe(UploadMsg.BROKEN)
    expect(await filesUnder(storageDir)).toEqual(before.files)
    expect(await rowCount()).toBe(before.rows)
  })
})

describe('SVG and HTML objects are never served inline', () => {
  it('serves an SVG or HTML object already in the store as a sandboxed download', async () => {
    for (const [ext, body] of [
      ['svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
      ['html', '<script>alert(1)</script>'],
    ] as const) {
      const key = `upload/000000/env/20261123/0f3c0a8e-6d5c-4a7e-9f1a-2b3c4d5e6f7${ext.length}.${ext}`
      await t.app.storage.put(key, Readable.from([Buffer.from(body)]), 'text/html')
      const res = await fetchLink(`/api/ysjs-resource/oss/file/${key}`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-disposition']).toMatch(/^attachment; /)
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['content-security-policy']).toContain('sandbox')
    }
  })
})

describe('links that name no stored object', () => {
  it('answer 文件不存在 for a key of any other form, never an error', async () => {
    for (const key of ['0', 'x.png', '..%2F..%2Fetc%2Fpasswd', 'upload/000000/env/A.png', 'upload//x.png']) {
      const res = await fetchLink(`/api/ysjs-resource/oss/file/${key}`)
      expect(res.statusCode, key).toBe(404)
      expect(res.json(), key).toMatchObject({ code: 404, msg: '文件不存在' })
    }
  })
})

describe('attachments (附件管理)', () => {
  it('registers an uploaded file, lists it with its link, and removing it removes the object', async () => {
    const up = await send(PUT_FILE_ATTACH, '应用证明.pdf', PDF)
    const { attachId, link } = up.json().data
    const missing = await post(`${ATTACH}/submit`, { name: '', attachId })
    expect(missing.json()).toMatchObject({ code: 400, msg: '请输入附件名称' })
    const noFile = await post(`${ATTACH}/submit`, { name: 'x', attachId: '' })
    expect(noFile.json()).toMatchObject({ code: 400, msg: '请上传附件' })
    const saved = await post(`${ATTACH}/submit`, {
      name: '应用证明',
      remark: '甲方出具',
      assortId: '14',
      code: 'YY-01',
      sortNum: 1,
      attachId,
    })
    expect(saved.json(), saved.body).toMatchObject({ code: 200 })
    const twice = await post(`${ATTACH}/submit`, { name: '再登记', attachId })
    expect(twice.json()).toMatchObject({ code: 400, msg: '该文件已登记为其他附件' })

    const list = await get(`${ATTACH}/list`, token, { name: '应用证明' })
    const row = list.json().data.records[0]
    expect(row).toMatchObject({
      name: '应用证明',
      remark: '甲方出具',
      assortId: '14',
      assortName: '应用证明',
      code: 'YY-01',
      sortNum: 1,
      attachId,
      link,
      originalName: '应用证明.pdf',
      extension: 'pdf',
      attachSize: PDF.length,
    })
    expect((await get(`${ATTACH}/detail`, token, { id: row.id })).json().data.name).toBe('应用证明')

    // Another tenant sees neither the row nor the object.
    expect((await get(`${ATTACH}/detail`, otherToken, { id: row.id })).json()).toMatchObject({
      code: 400,
      success: false,
    })
    expect((await get(`${ATTACH}/list`, otherToken)).json().data.total).toBe(0)
    expect((await fetchLink(link, otherToken)).statusCode).toBe(404)
    const steal = await post(`${ATTACH}/submit`, { name: '借用', attachId }, otherToken)
    expect(steal.json()).toMatchObject({ code: 400, msg: '附件文件不存在' })
    expect((await post(`${ATTACH}/remove`, undefined, otherToken, { ids: row.id })).statusCode).toBe(200)
    expect((await fetchLink(link)).statusCode).toBe(200)

    // Replacing the file removes the old one.
    const replacement = await send(PUT_FILE_ATTACH, '应用证明-盖章版.pdf', PDF)
    const edited = await post(`${ATTACH}/submit`, {
      id: row.id,
      name: '应用证明',
      assortId: '14',
      attachId: replacement.json().data.attachId,
    })
    expect(edited.json(), edited.body).toMatchObject({ code: 200 })
    expect((await fetchLink(link)).statusCode).toBe(404)
    expect(await t.app.prisma.attach.count({ where: { id: BigInt(attachId), isDeleted: 0 } })).toBe(0)
    const newLink = replacement.json().data.link as string
    expect((await get(`${ATTACH}/detail`, token, { id: row.id })).json().data).toMatchObject({
      link: newLink,
      originalName: '应用证明-盖章版.pdf',
    })

    const key = newLink.slice('/api/ysjs-resource/oss/file/'.length)
    const usage = async () =>
      (await t.app.prisma.storageUsage.findUnique({ where: { tenantId: '000000' } }))?.usedBytes ?? 0n
    const usedBefore = await usage()
    const removed = await post(`${ATTACH}/remove`, undefined, token, { ids: row.id })
    expect(removed.json()).toMatchObject({ code: 200 })
    expect(await t.app.storage.stat(key)).toBeNull()
    expect((await fetchLink(newLink)).statusCode).toBe(404)
    expect(
      await t.app.prisma.attach.count({
        where: { id: BigInt(replacement.json().data.attachId), isDeleted: 0 },
      }),
    ).toBe(0)
    expect(await usage()).toBe(usedBefore - BigInt(PDF.length))
  })
})

describe('object-storage configs', () => {
  it('never answers the secret, and checks what it is given', async () => {
    const bad = await post(`${OSS}/submit`, { category: 1, bucketName: 'ok-bucket' })
    expect(bad.json()).toMatchObject({ code: 400, msg: OssMsg.ENDPOINT })
    const badBucket = await post(`${OSS}/submit`, { ...s3Config('Bad_Bucket') })
    expect(badBucket.json()).toMatchObject({ code: 400, msg: OssMsg.BAD_BUCKET })
    const created = await createConfig({ ...s3Config('masked'), secretKey: 'a-very-long-secret-key' })
    expect(created.secretKey).toBe('a-******ey')
    const detail = await get(`${OSS}/detail`, token, { id: created.id })
    expect(detail.body).not.toContain('a-very-long-secret-key')
    // Sending the masked value back keeps the stored secret.
    await post(`${OSS}/submit`, { ...s3Config('masked'), id: created.id, secretKey: created.secretKey })
    const row = await t.app.prisma.ossConfig.findUniqueOrThrow({ where: { id: BigInt(created.id) } })
    // Stored sealed under the data key (decision 026), never as given.
    expect(row.secretKey).toMatch(/^enc:v1:[0-9a-f]{8}:/)
    expect(row.secretKey).not.toContain('very-long')
    expect(createSecretBox(Buffer.from(DEV_DATA_KEY, 'base64')).open(row.secretKey ?? '')).toBe(
      'a-very-long-secret-key',
    )
    await post(`${OSS}/remove`, undefined, token, { ids: created.id })
  })

  it('reports which step of a connection test failed', async () => {
    const dead = await createConfig({ ...s3Config('dead'), endpoint: 'http://127.0.0.1:1' })
    const res = await post(`${OSS}/test-connection`, undefined, token, { id: dead.id })
    expect(res.json().data).toMatchObject({ ok: false, step: 'write' })
    // What the far side said (or that nothing listens) is not answered: only that it could not connect.
    expect(res.json().data.message).toBe('写入测试对象失败: 连接失败')
    await post(`${OSS}/remove`, undefined, token, { ids: dead.id })
  })

  it('reaches no host the clouds do not document and the operator does not list (issue 22: SSRF)', async () => {
    // Another port of this machine: what a tenant administrator must not make the server call.
    const internal = http.createServer((_req, res) =>
      res.writeHead(403).end('<Error><Code>Internal</Code></Error>'),
    )
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve))
    const port = (internal.address() as AddressInfo).port
    try {
      for (const [category, endpoint] of [
        [1, `http://127.0.0.1:${port}`],
        [1, `http://localhost:${s3Port}`],
        [1, 'http://169.254.169.254'],
        [3, `http://127.0.0.1:${port}`],
        [3, 'https://oss-cn-hangzhou.aliyuncs.com.evil.example'],
        [4, 'https://cos.ap-guangzhou.myqcloud.com:8443'],
      ] as const) {
        const res = await post(`${OSS}/submit`, { ...s3Config('ssrf'), category, endpoint })
        expect(res.json(), endpoint).toMatchObject({ code: 400, msg: '对象存储地址不在允许的范围内' })
      }
      // A row saved before the check: the connection test and the uploads never reach the far side.
      const id = BigInt(Date.now()) * 1000n + 7n
      await t.app.prisma.ossConfig.create({
        data: { id, tenantId: '000000', ...s3Config('legacy'), endpoint: `http://127.0.0.1:${port}` },
      })
      const res = await post(`${OSS}/test-connection`, undefined, token, { id: String(id) })
      expect(res.json().data).toEqual({
        ok: false,
        step: 'write',
        message: '写入测试对象失败: 目标地址不在允许的范围内',
      })
      expect(res.body).not.toContain('Internal')
    } finally {
      internal.close()
    }
  })

  it('sends new uploads to the enabled config at once, keeps old links readable, and falls back', async () => {
    const before = await send(PUT_FILE_ATTACH, '旧文件.pdf', PDF)
    const oldLink = before.json().data.link as string

    const s3 = await createConfig(s3Config('tenant-a'))
    const probe = await post(`${OSS}/test-connection`, undefined, token, { id: s3.id })
    expect(probe.json().data, probe.body).toEqual({
      ok: true,
      step: null,
      message: '连接成功: 写入、读取、删除测试对象均正常',
    })
    expect(await s3Objects('tenant-a')).toEqual([])
    expect((await post(`${OSS}/enable`, undefined, token, { id: s3.id })).json()).toMatchObject({ code: 200 })

    const onS3 = await send(PUT_FILE_ATTACH, '科技查新报告.pdf', PDF)
    expect(onS3.statusCode, onS3.body).toBe(200)
    const s3Link = onS3.json().data.link as string
    expect(s3Link).toContain(`/upload/000000/c${s3.id}/`)
    expect(await s3Objects('tenant-a')).toHaveLength(1)
    const client = new Client({
      endPoint: '127.0.0.1',
      port: s3Port,
      useSSL: false,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
    })
    const key = s3Link.slice('/api/ysjs-resource/oss/file/'.length)
    expect((await client.statObject('tenant-a', key)).size).toBe(PDF.length)
    const viaApi = await fetchLink(s3Link)
    expect(viaApi.rawPayload.equals(PDF)).toBe(true)
    expect(viaApi.headers['content-disposition']).toContain(encodeURIComponent('科技查新报告.pdf'))
    expect((await fetchLink(oldLink)).rawPayload.equals(PDF)).toBe(true)
    expect((await fetchLink(s3Link, otherToken)).statusCode).toBe(404)

    // An HTML object put straight into the bucket is still a download.
    const htmlKey = `upload/000000/c${s3.id}/20261123/0f3c0a8e-6d5c-4a7e-9f1a-2b3c4d5e6f70.html`
    await client.putObject('tenant-a', htmlKey, Buffer.from('<script>alert(1)</script>'), undefined, {
      'Content-Type': 'text/html',
    })
    const html = await fetchLink(`/api/ysjs-resource/oss/file/${htmlKey}`)
    expect(html.headers['content-type']).toMatch(/^text\/html/)
    expect(html.headers['content-disposition']).toMatch(/^attachment; /)

    // A failure midway on S3 leaves nothing in the bucket either.
    const cut = await send(
      PUT_FILE_ATTACH,
      'cut.pdf',
      Buffer.concat([PDF, Buffer.alloc(128 * 1024)]),
      token,
      {
        close: false,
      },
    )
    expect(cut.statusCode).toBe(400)
    expect(await s3Objects('tenant-a')).toHaveLength(2)

    // Another tenant's uploads are unaffected by this tenant's config.
    const other = await send(PUT_FILE_ATTACH, 'b.pdf', PDF, otherToken)
    expect(other.json().data.link).toContain('/upload/654321/env/')

    // Switching to a local-disk config, then to none.
    const disk = await createConfig({ category: 5, bucketName: 'disk-a' })
    await post(`${OSS}/enable`, undefined, token, { id: disk.id })
    const enabled = await t.app.prisma.ossConfig.findMany({
      where: { tenantId: '000000', status: 2, isDeleted: 0 },
    })
    expect(enabled.map((c) => String(c.id))).toEqual([disk.id])
    const onDisk = await send(PUT_FILE, 'pic.png', PNG)
    expect(onDisk.json().data.link).toContain(`/upload/000000/c${disk.id}/`)
    expect(await filesUnder(path.join(storageDir, 'buckets', 'disk-a'))).toHaveLength(1)
    expect((await fetchLink(s3Link)).rawPayload.equals(PDF)).toBe(true)
    // Removing the config the objects were written to breaks no link either: the key names the config
    // (decision 026: objects stay where they were written, nothing is moved).
    expect((await post(`${OSS}/remove`, undefined, token, { ids: s3.id })).json()).toMatchObject({
      code: 200,
    })
    expect((await fetchLink(s3Link)).rawPayload.equals(PDF)).toBe(true)

    await post(`${OSS}/disable`, undefined, token, { id: disk.id })
    const back = await send(PUT_FILE, 'pic.png', PNG)
    expect(back.json().data.link).toContain('/upload/000000/env/')
  })

  it('keeps one config enabled when several are enabled at once', async () => {
    const configs = []
    for (const bucket of ['race-a', 'race-b', 'race-c', 'race-d']) {
      configs.push(await createConfig({ category: 5, bucketName: bucket }))
    }
    const answers = await Promise.all(
      configs.map((c) => post(`${OSS}/enable`, undefined, token, { id: c.id })),
    )
    expect(answers.map((a) => a.json().code)).toEqual([200, 200, 200, 200])
    const enabled = await t.app.prisma.ossConfig.count({
      where: { tenantId: '000000', status: 2, isDeleted: 0 },
    })
    expect(enabled).toBe(1)
    for (const c of configs) {
      await post(`${OSS}/remove`, undefined, token, { ids: c.id })
    }
  })

  it('keeps configs per tenant', async () => {
    const mine = (await get(`${OSS}/list`, token)).json().data.records as { id: string }[]
    expect(mine.length).toBeGreaterThan(0)
    expect((await get(`${OSS}/list`, otherToken)).json().data.total).toBe(0)
    expect((await post(`${OSS}/enable`, undefined, otherToken, { id: mine[0]!.id })).json()).toMatchObject({
      code: 400,
      success: false,
    })
  })
})

describe('categories (/api/blade-label/assort)', () => {
  it('has the attachment categories 12–17 under one parent', async () => {
    const tree = (await get(`${ASSORT}/list`)).json().data as {
      id: string
      children?: { id: string; name: string }[]
    }[]
    const parent = tree.find((n) => n.id === '11')
    expect(parent?.children?.map((c) => [c.id, c.name])).toEqual([
      ['12', '科技查新报告'],
      ['13', '检测报告'],
      ['14', '应用证明'],
      ['15', '论文专著'],
      ['16', '审批文件'],
      ['17', '其他资料'],
    ])
    expect(
      (await get(`${ASSORT}/getListByCode`, token, { code: 'attachment_category' })).json().data,
    ).toHaveLength(6)
    expect((await get(`${ASSORT}/selectByParentId`, token, { parentId: '11' })).json().data).toHaveLength(6)
    expect((await get(`${ASSORT}/detail`, token, { id: '15' })).json().data).toMatchObject({
      name: '论文专著',
      parentId: '11',
    })
  })

  it('checks the name, the parent and children on delete', async () => {
    expect((await post(`${ASSORT}/submit`, { name: ' ' })).json()).toMatchObject({
      code: 400,
      msg: AssortMsg.NAME,
    })
    expect((await post(`${ASSORT}/submit`, { name: 'x', parentId: '999' })).json()).toMatchObject({
      code: 400,
      msg: AssortMsg.NO_PARENT,
    })
    expect(
      (await post(`${ASSORT}/submit`, { id: '11', name: '成果附件', parentId: '12' })).json(),
    ).toMatchObject({
      code: 400,
      msg: AssortMsg.CYCLE,
    })
    expect((await post(`${ASSORT}/remove`, undefined, token, { ids: '11' })).json()).toMatchObject({
      code: 400,
      msg: AssortMsg.HAS_CHILDREN,
    })
    expect(
      (await post(`${ASSORT}/submit`, { name: '专利证书', code: 'patent', parentId: '11' })).json(),
    ).toMatchObject({
      code: 200,
    })
    const found = (await get(`${ASSORT}/list`, token, { name: '专利' })).json().data
    expect(found[0].children.map((c: { name: string }) => c.name)).toEqual(['专利证书'])
  })
})

describe('templates', () => {
  it('sanitises the rich-text content on the server', async () => {
    const res = await post(`${TEMPLATE}/submit`, {
      name: '评价报告模板',
      type: 'report',
      remark: '默认',
      content:
        '<p>正文<img src="x" onerror="alert(1)"></p><script>alert(2)</script>' +
        '<p><img src="/api/ysjs-resource/oss/file/upload/000000/env/20261123/a.png?blade-auth=bearer%20eyJ"></p>',
    })
    expect(res.json(), res.body).toMatchObject({ code: 200 })
    const row = (await get(`${TEMPLATE}/list`, token, { name: '评价' })).json().data.records[0]
    expect(row).toMatchObject({ name: '评价报告模板', type: 'report', remark: '默认' })
    expect(row.content).toContain('正文')
    expect(row.content).not.toMatch(/script|onerror/)
    // The token a browser showed our image with is never stored.
    expect(row.content).toContain('src="/api/ysjs-resource/oss/file/upload/000000/env/20261123/a.png"')
    expect(row.content).not.toContain('blade-auth')
    expect((await post(`${TEMPLATE}/submit`, { name: '' })).json()).toMatchObject({
      code: 400,
      msg: '请输入模板名称',
    })
  })
})
