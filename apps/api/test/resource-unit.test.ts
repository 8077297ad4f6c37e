import { parseEndpoint, parseKey } from '@ysjs/server-core'
import { isMaskedSecret, maskSecret, ZOssSubmitSchema } from '@ysjs/shared'
import { describe, expect, it } from 'vitest'
import { contentMatches } from '../src/modules/oss/file-type.ts'
import { contentDisposition, isInline } from '../src/modules/oss/oss-endpoint.routes.ts'

describe('serving headers', () => {
  it('shows only images and PDFs inline', () => {
    for (const type of [
      'image/png',
      'image/jpeg',
      'image/gif',
      'image/webp',
      'application/pdf',
      'IMAGE/PNG; x=1',
    ]) {
      expect(isInline(type), type).toBe(true)
    }
    for (const type of [
      'image/svg+xml',
      'text/html',
      'text/html; charset=utf-8',
      'application/octet-stream',
      '',
    ]) {
      expect(isInline(type), type).toBe(false)
    }
  })

  it('writes an ASCII fallback and the UTF-8 name, with quotes and backslashes neutralised', () => {
    expect(contentDisposition('报告 "终稿"\\v1.pdf', false)).toBe(
      `attachment; filename="__ _____v1.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%20%22%E7%BB%88%E7%A8%BF%22%5Cv1.pdf`,
    )
    expect(contentDisposition("it's (1).png", true)).toBe(
      `inline; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`,
    )
  })
})

describe('file signatures', () => {
  it('matches each extension with its own signature only', () => {
    const ole2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
    expect(contentMatches('doc', ole2)).toBe(true)
    expect(contentMatches('xls', ole2)).toBe(true)
    expect(contentMatches('docx', ole2)).toBe(false)
    expect(contentMatches('docx', Buffer.from('PK\x03\x04', 'latin1'))).toBe(true)
    expect(contentMatches('webp', Buffer.from('RIFF\0\0\0\0WAVE', 'latin1'))).toBe(false)
    expect(contentMatches('svg', Buffer.from('<svg'))).toBe(false)
    expect(contentMatches('pdf', Buffer.from('%PDF'))).toBe(false)
  })
})

describe('storage keys and endpoints', () => {
  it('reads the tenant and the store from a key', () => {
    expect(parseKey('upload/000000/c1177240466029350912/20261123/a.pdf')).toEqual({
      tenantId: '000000',
      configId: 1177240466029350912n,
    })
    expect(parseKey('upload/000000/env/20261123/a.pdf')).toEqual({ tenantId: '000000', configId: null })
    expect(parseKey('upload/20261123/a.pdf')).toEqual({ tenantId: null, configId: null })
  })

  it('parses endpoints: https unless http:// is written', () => {
    expect(parseEndpoint('http://127.0.0.1:9000')).toEqual({
      endPoint: '127.0.0.1',
      port: 9000,
      useSSL: false,
    })
    expect(parseEndpoint('oss-cn-beijing.aliyuncs.com')).toEqual({
      endPoint: 'oss-cn-beijing.aliyuncs.com',
      useSSL: true,
    })
    expect(parseEndpoint('https://cos.ap-beijing.myqcloud.com/')).toEqual({
      endPoint: 'cos.ap-beijing.myqcloud.com',
      useSSL: true,
    })
  })

  it('refuses endpoints with a path and never shows a secret whole', () => {
    const base = { category: 1, accessKey: 'a', secretKey: 's', bucketName: 'bkt' }
    expect(
      ZOssSubmitSchema.safeParse({ ...base, endpoint: 'http://h:9000/x' }).error?.issues[0]?.message,
    ).toBe('资源地址格式不正确')
    expect(ZOssSubmitSchema.safeParse({ category: 5, bucketName: 'disk' }).success).toBe(true)
    expect(maskSecret('12345678')).toBe('******')
    expect(maskSecret('123456789')).toBe('12******89')
    expect(isMaskedSecret('12******89')).toBe(true)
    expect(isMaskedSecret('new-secret')).toBe(false)
  })
})
