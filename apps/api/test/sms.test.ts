import { createHash, createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { nextId } from '@ysjs/db'
import {
  createSecretBox,
  createTencentSmsProvider,
  DEV_DATA_KEY,
  parseAllowList,
  tencentSmsPolicy,
} from '@ysjs/server-core'
import { SECRET_MASK, SECRET_UNREADABLE } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { auth, createTestApp, login, type TTestApp, tokenRequest } from './helpers/app.ts'
import { createRole, createTenant, createUser, SEED, tokenOf, unique } from './helpers/system.ts'

/**
 * A stand-in for sms.tencentcloudapi.com that checks the TC3-HMAC-SHA256 signature the way the
 * vendor's "Signature v3" page describes it, computed here from what actually arrived on the wire
 * (not with the provider's code), and answers like SendSms.
 */
const SECRET_ID = 'AKIDtestsecretid0000000000000000'
const SECRET_KEY = 'testSecretKey0123456789abcdefghi'
type TReceived = { body: Record<string, unknown>; headers: IncomingMessage['headers']; verdict: string }

const startTencentStub = async () => {
  const received: TReceived[] = []
  const sha = (s: string) => createHash('sha256').update(s).digest('hex')
  const mac = (k: Buffer | string, s: string) => createHmac('sha256', k).update(s).digest()
  const verify = (req: IncomingMessage, raw: string): string => {
    const h = req.headers
    const match =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/sms\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/.exec(
        String(h.authorization),
      )
    if (!match) {
      return 'AuthFailure.SignatureFailure'
    }
    const [, id, date, signed, signature] = match
    if (id !== SECRET_ID) {
      return 'AuthFailure.SecretIdNotFound'
    }
    const ts = Number(h['x-tc-timestamp'])
    if (Math.abs(Date.now() / 1000 - ts) > 300) {
      return 'AuthFailure.SignatureExpire'
    }
    if (new Date(ts * 1000).toISOString().slice(0, 10) !== date) {
      return 'AuthFailure.SignatureFailure'
    }
    const names = signed!.split(';')
    if (!names.includes('host') || !names.includes('content-type')) {
      return 'AuthFailure.SignatureFailure'
    }
    const canonicalHeaders = names.map((n) => `${n}:${String(h[n]).trim().toLowerCase()}\n`).join('')
    const canonical = ['POST', '/', '', canonicalHeaders, signed, sha(raw)].join('\n')
    const toSign = ['TC3-HMAC-SHA256', String(ts), `${date}/sms/tc3_request`, sha(canonical)].join('\n')
    const key = mac(mac(mac(`TC3${SECRET_KEY}`, date!), 'sms'), 'tc3_request')
    const expected = createHmac('sha256', key).update(toSign).digest('hex')
    return expected === signature ? 'ok' : 'AuthFailure.SignatureFailure'
  }
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => {
      raw += c
    })
    req.on('end', () => {
      const verdict = verify(req, raw)
      const body = JSON.parse(raw || '{}') as Record<string, unknown>
      received.push({ body, headers: req.headers, verdict })
      res.setHeader('content-type', 'application/json')
      if (
        verdict !== 'ok' ||
        req.headers['x-tc-action'] !== 'SendSms' ||
        req.headers['x-tc-version'] !== '2021-01-11'
      ) {
        res.end(
          JSON.stringify({ Response: { Error: { Code: verdict, Message: 'refused' }, RequestId: 'r-err' } }),
        )
        return
      }
      const phones = body.PhoneNumberSet as string[]
      res.end(
        JSON.stringify({
          Response: {
            SendStatusSet: phones.map((p) => ({
              PhoneNumber: p,
              Code: p.endsWith('0000') ? 'LimitExceeded.PhoneNumberDailyLimit' : 'Ok',
              Message: 'send success',
              SerialNo: '2019:1',
              Fee: 1,
            })),
            RequestId: 'r-ok',
          },
        }),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, received, close: () => new Promise<void>((r) => server.close(() => r())) }
}

let t: TTestApp
let admin: string
/** The box of the tests' data key (the development key, NODE_ENV=test). */
const devBox = createSecretBox(Buffer.from(DEV_DATA_KEY, 'base64'))
let stub: Awaited<ReturnType<typeof startTencentStub>>
const lines: string[] = []

beforeAll(async () => {
  stub = await startTencentStub()
  t = await createTestApp(
    { LOG_LEVEL: 'info', SMS_ALLOWED_HOSTS: new URL(stub.url).host },
    { logStream: { write: (l) => void lines.push(l) } },
  )
  admin = (await login(t.app, 'admin')).access_token
})
afterAll(async () => {
  await t.close()
  await stub.close()
})

const call = async (method: 'GET' | 'POST', url: string, payload?: object, token = admin) =>
  (await t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) })).json()

/** What the operator allows in these tests: the stub's host and port, nothing else of this machine. */
const stubPolicy = () => tencentSmsPolicy(parseAllowList(new URL(stub.url).host))

const tencentConfig = (smsCode: string) => ({
  category: 4,
  smsCode,
  templateId: '1234567',
  accessKey: SECRET_ID,
  secretKey: SECRET_KEY,
  appId: '1400000000',
  signName: '有色技术',
  regionId: 'ap-guangzhou',
  endpoint: stub.url,
})

describe('Tencent Cloud provider (TC3-HMAC-SHA256)', () => {
  it('is accepted by a server that verifies the signature, and refused with a wrong key', async () => {
    const good = createTencentSmsProvider(
      { ...tencentConfig('x'), secretId: SECRET_ID, region: 'ap-guangzhou' },
      stubPolicy(),
    )
    const result = await good.send({ phones: ['13800138000'], templateId: '1', params: { code: '123456' } })
    expect(result).toMatchObject({ success: true, provider: 'tencent', requestId: 'r-ok', failed: [] })
    const last = stub.received.at(-1)!
    expect(last.verdict).toBe('ok')
    expect(last.body).toMatchObject({
      PhoneNumberSet: ['+8613800138000'],
      SmsSdkAppId: '1400000000',
      SignName: '有色技术',
      TemplateId: '1',
      TemplateParamSet: ['123456'],
    })
    expect(last.headers['x-tc-region']).toBe('ap-guangzhou')

    const bad = createTencentSmsProvider(
      { ...tencentConfig('x'), secretId: SECRET_ID, secretKey: 'wrong', region: 'ap-guangzhou' },
      stubPolicy(),
    )
    const refused = await bad.send({ phones: ['13800138000'], templateId: '1', params: {} })
    expect(stub.received.at(-1)!.verdict).toBe('AuthFailure.SignatureFailure')
    expect(refused).toMatchObject({ success: false, failed: [{ code: 'AuthFailure.SignatureFailure' }] })

    // A request signed too long ago is refused too (the timestamp is part of what is signed).
    const stale = createTencentSmsProvider(
      { ...tencentConfig('x'), secretId: SECRET_ID, region: 'ap-guangzhou' },
      stubPolicy(),
      () => Date.now() - 3_600_000,
    )
    expect((await stale.send({ phones: ['13800138000'], templateId: '1', params: {} })).success).toBe(false)
    expect(stub.received.at(-1)!.verdict).toBe('AuthFailure.SignatureExpire')
  })

  it('reports the numbers the vendor refused', async () => {
    const p = createTencentSmsProvider(
      { ...tencentConfig('x'), secretId: SECRET_ID, region: 'ap-guangzhou' },
      stubPolicy(),
    )
    const r = await p.send({ phones: ['13800138000', '13900000000'], templateId: '1', params: {} })
    expect(r.success).toBe(false)
    expect(r.failed).toEqual([
      { phone: '13900000000', code: 'LimitExceeded.PhoneNumberDailyLimit', message: 'send success' },
    ])
  })
})

describe('requests the server makes for an SMS config (issue 22: SSRF)', () => {
  it('reaches only the documented hosts or what the operator lists, and never says what answered', async () => {
    // Another port of this machine: an internal service a tenant administrator must not make us call.
    const internal = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ Response: { Error: { Code: 'InternalSecret', Message: 'x' } } }))
    })
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve))
    const port = (internal.address() as AddressInfo).port
    try {
      for (const endpoint of [
        `http://127.0.0.1:${port}`,
        `http://localhost:${port}`,
        `http://[::ffff:127.0.0.1]:${port}`,
        'http://169.254.169.254',
        `http://127.0.0.1:${new URL(stub.url).port}.nip.io`,
      ]) {
        expect(
          await call('POST', '/api/ysjs-resource/sms/submit', { ...tencentConfig(unique('ss')), endpoint }),
          endpoint,
        ).toMatchObject({
          code: 400,
          msg: '短信服务地址不在允许的范围内',
        })
      }
      // A row written before this check (or by hand) is refused at send time, the far side never reached.
      const code = unique('old')
      await t.app.prisma.sms.create({
        data: {
          id: BigInt(Date.now()) * 1000n,
          tenantId: '000000',
          ...tencentConfig(code),
          endpoint: `http://127.0.0.1:${port}`,
        },
      })
      const sent = await call(
        'POST',
        `/api/ysjs-resource/sms/endpoint/send-message?code=${code}&phones=13800138000&params={}`,
      )
      expect(sent).toMatchObject({ code: 400, msg: '短信发送失败: NetworkError' })
      expect(JSON.stringify(sent)).not.toContain('InternalSecret')
      const direct = createTencentSmsProvider(
        {
          ...tencentConfig('x'),
          secretId: SECRET_ID,
          region: 'ap-guangzhou',
          endpoint: `http://127.0.0.1:${port}`,
        },
        stubPolicy(),
      )
      expect(await direct.send({ phones: ['13800138000'], templateId: '1', params: {} })).toMatchObject({
        success: false,
        failed: [{ code: 'NetworkError', message: '连接失败' }],
      })
    } finally {
      internal.close()
    }
  })
})

describe('sms configs', () => {
  it('creates, masks the secret, keeps it when the mask comes back, enables one per tenant', async () => {
    expect(await call('POST', '/api/ysjs-resource/sms/submit', tencentConfig('tx-a'))).toMatchObject({
      code: 200,
    })
    expect(
      await call('POST', '/api/ysjs-resource/sms/submit', {
        category: 5,
        smsCode: 'log-a',
        templateId: 'T1',
      }),
    ).toMatchObject({ code: 200 })
    const list = (await call('GET', '/api/ysjs-resource/sms/list?size=30')).data
    const tx = list.records.find((r: { smsCode: string }) => r.smsCode === 'tx-a')
    expect(tx).toMatchObject({ categoryName: '腾讯云', statusName: '否', status: 1 })
    expect(tx.secretKey).toBe('te******hi')
    expect(JSON.stringify(list)).not.toContain(SECRET_KEY)
    const detail = await call('GET', `/api/ysjs-resource/sms/detail?id=${tx.id}`)
    expect(detail.data).toMatchObject({ secretKey: 'te******hi', accessKey: SECRET_ID, appId: '1400000000' })

    // Editing with the masked secret keeps the stored one.
    expect(await call('POST', '/api/ysjs-resource/sms/submit', { ...tx, remark: '改' })).toMatchObject({
      code: 200,
    })
    const row = await t.app.prisma.sms.findFirst({ where: { smsCode: 'tx-a' } })
    expect(row).toMatchObject({ remark: '改' })
    // Stored sealed (decision 026): the row holds the ciphertext under the (development) data key.
    expect(row?.secretKey).toMatch(new RegExp(`^enc:v1:${devBox.keyId}:`))
    expect(row?.secretKey).not.toContain(SECRET_KEY.slice(2, -2))
    expect(devBox.open(row?.secretKey ?? '')).toBe(SECRET_KEY)

    const logRow = list.records.find((r: { smsCode: string }) => r.smsCode === 'log-a')
    expect(await call('POST', `/api/ysjs-resource/sms/enable?id=${tx.id}`)).toMatchObject({ code: 200 })
    expect(await call('POST', `/api/ysjs-resource/sms/enable?id=${logRow.id}`)).toMatchObject({ code: 200 })
    const enabled = await t.app.prisma.sms.findMany({
      where: { tenantId: '000000', status: 2, isDeleted: 0 },
    })
    expect(enabled.map((r) => r.smsCode)).toEqual(['log-a'])

    // Concurrent enables still leave exactly one.
    await Promise.all([
      call('POST', `/api/ysjs-resource/sms/enable?id=${tx.id}`),
      call('POST', `/api/ysjs-resource/sms/enable?id=${logRow.id}`),
      call('POST', `/api/ysjs-resource/sms/enable?id=${tx.id}`),
    ])
    expect(await t.app.prisma.sms.count({ where: { tenantId: '000000', status: 2, isDeleted: 0 } })).toBe(1)
    await call('POST', `/api/ysjs-resource/sms/enable?id=${logRow.id}`)
  })

  it('refuses bad input with the messages, and unsupported vendors', async () => {
    const submit = (body: object) => call('POST', '/api/ysjs-resource/sms/submit', body)
    expect(await submit({ smsCode: 'x', templateId: 'y' })).toMatchObject({
      code: 400,
      msg: '请选择短信服务类型',
    })
    expect(await submit({ category: 5, templateId: 'y' })).toMatchObject({ code: 400, msg: '请输入资源编号' })
    expect(await submit({ category: 3, smsCode: 'ali', templateId: 'y' })).toMatchObject({
      code: 400,
      msg: '暂不支持该短信服务类型',
    })
    expect(await submit({ ...tencentConfig('tx-b'), secretKey: undefined })).toMatchObject({
      code: 400,
      msg: '请输入secretKey',
    })
    expect(await submit({ ...tencentConfig('tx-c'), endpoint: 'ftp://x' })).toMatchObject({
      code: 400,
      msg: '服务地址格式不正确',
    })
    expect(await submit({ category: 5, smsCode: 'log-a', templateId: 'T' })).toMatchObject({
      code: 400,
      msg: '当前资源编号已存在!',
    })
  })

  it('sends a message through the named config and through the enabled (log) one', async () => {
    const viaTencent = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-resource/sms/endpoint/send-message',
      query: {
        code: 'tx-a',
        phones: '13800138001,13800138002',
        params: JSON.stringify({ name: '张三', n: 3 }),
      },
      headers: auth(admin),
    })
    expect(viaTencent.json()).toMatchObject({ code: 200, msg: '短信发送成功', data: { provider: 'tencent' } })
    expect(stub.received.at(-1)).toMatchObject({
      verdict: 'ok',
      body: { TemplateId: '1234567', TemplateParamSet: ['张三', '3'] },
    })

    lines.length = 0
    const viaLog = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-resource/sms/endpoint/send-message',
      query: { phones: '13800138003', params: '{"code":"42"}' },
      headers: auth(admin),
    })
    expect(viaLog.json()).toMatchObject({ code: 200, data: { provider: 'log', success: true } })
    expect(lines.join('')).toContain('13800138003')

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-resource/sms/endpoint/send-message',
      query: { phones: '12345', params: '[1]' },
      headers: auth(admin),
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ msg: '手机号格式不正确' })
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-resource/sms/endpoint/send-message',
      query: { code: 'tx-a', phones: '13900000000' },
      headers: auth(admin),
    })
    expect(refused.json()).toMatchObject({
      code: 400,
      msg: '短信发送失败: LimitExceeded.PhoneNumberDailyLimit',
    })
  })

  it('keeps tenants apart and needs the permissions', async () => {
    const tenantId = unique('s').slice(0, 6)
    const other = await createTenant(t.app.prisma, { tenantId, codes: ['sms'] })
    const user = await createUser(t.app.prisma, { tenantId, roleId: other.roleId, deptId: other.deptId })
    const token = await tokenOf(t.app, tenantId, user.account)
    const theirs = (await call('GET', '/api/ysjs-resource/sms/list', undefined, token)).data
    expect(theirs.total).toBe(0)
    const ours = await t.app.prisma.sms.findFirst({ where: { smsCode: 'tx-a' } })
    expect(await call('GET', `/api/ysjs-resource/sms/detail?id=${ours!.id}`, undefined, token)).toMatchObject(
      {
        code: 400,
        msg: '数据不存在',
      },
    )
    expect(
      await call('POST', `/api/ysjs-resource/sms/enable?id=${ours!.id}`, undefined, token),
    ).toMatchObject({
      code: 403,
    })
    expect(
      await call('POST', '/api/ysjs-resource/sms/endpoint/send-message?phones=13800138000', undefined, token),
    ).toMatchObject({ code: 403 })
  })
})

describe('validation codes and the sms_code grant', () => {
  const phone = '13700137000'
  let account: string
  const codeKey = (p = phone) => `sms:code:000000:${p}`

  /** The code the log provider wrote for this phone. */
  /** The code the log provider sent to `p` after line `since` (sending happens after the answer). */
  const sentCode = async (since: number, p = phone): Promise<string> => {
    const deadline = Date.now() + 10_000
    while (Date.now() < deadline) {
      const entry = lines
        .slice(since)
        .reverse()
        .find((l) => l.includes(p) && l.includes('"code"'))
      const match = entry && /"code":"(\d{6})"/.exec(entry)
      if (match) {
        return match[1]!
      }
      await new Promise((r) => setTimeout(r, 20))
    }
    throw new Error('no code logged')
  }
  const sendValidate = (p: string, ip = '10.0.0.1', tenantId = '000000') =>
    t.app.inject({
      method: 'POST',
      url: '/api/ysjs-auth/oauth/sms/send-validate',
      query: { tenantId, phone: p },
      remoteAddress: ip,
    })
  const smsLogin = (p: string, code: string) =>
    tokenRequest(t.app, { grant_type: 'sms_code', phone: p, code, tenantId: '000000' })
  const nextMinute = async (p = phone) => {
    await t.redis.del(`sms:interval:${p}`)
  }

  beforeAll(async () => {
    const role = await createRole(t.app.prisma, '000000', unique('r'), ['desk'])
    const user = await createUser(t.app.prisma, { tenantId: '000000', roleId: role, deptId: SEED.deptRoot })
    account = user.account
    await t.app.prisma.user.update({ where: { id: BigInt(user.id) }, data: { phone } })
  })
  beforeEach(async () => {
    // keyPrefix is not applied to KEYS patterns, and the names come back prefixed.
    const keys = await t.redis.keys(`${t.redisPrefix}sms:*`)
    if (keys.length) {
      await t.redis.del(...keys.map((k) => k.slice(t.redisPrefix.length)))
    }
    lines.length = 0
  })

  it('sends a 6-digit code valid 5 minutes that logs in once', async () => {
    const since = lines.length
    const res = await sendValidate(phone)
    expect(res.json()).toMatchObject({ code: 200, msg: '短信发送成功', data: { phone, expiresIn: 300 } })
    const code = await sentCode(since)
    expect(code).toMatch(/^\d{6}$/)
    const ttl = await t.redis.ttl(codeKey())
    expect(ttl).toBeGreaterThan(295)
    expect(ttl).toBeLessThanOrEqual(300)
    // The code is stored hashed.
    expect(JSON.stringify(await t.redis.hgetall(codeKey()))).not.toContain(code)

    const ok = await smsLogin(phone, code)
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ account, tenant_id: '000000' })
    const again = await smsLogin(phone, code)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ error: 'invalid_grant', error_description: '短信验证码不正确或已失效' })
  })

  it('refuses an expired code', async () => {
    const since = lines.length
    await sendValidate(phone)
    const code = await sentCode(since)
    await t.redis.pexpire(codeKey(), 1)
    await new Promise((r) => setTimeout(r, 20))
    expect((await smsLogin(phone, code)).json()).toMatchObject({
      error_description: '短信验证码不正确或已失效',
    })
  })

  it('burns a code after five wrong guesses', async () => {
    const since = lines.length
    await sendValidate(phone)
    const code = await sentCode(since)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      expect((await smsLogin(phone, wrong)).statusCode).toBe(400)
    }
    expect((await smsLogin(phone, code)).statusCode).toBe(400)
  })

  it('allows one code per phone per minute and ten per day', async () => {
    expect((await sendValidate(phone)).statusCode).toBe(200)
    const second = await sendValidate(phone, '10.0.0.2')
    expect(second.statusCode).toBe(429)
    expect(second.json()).toMatchObject({ code: 429, msg: '短信发送过于频繁,请稍后再试' })
    for (let i = 2; i <= 10; i++) {
      await nextMinute()
      expect((await sendValidate(phone, `10.0.1.${i}`)).statusCode).toBe(200)
    }
    await nextMinute()
    const eleventh = await sendValidate(phone, '10.0.2.1')
    expect(eleventh.statusCode).toBe(429)
    expect(eleventh.json()).toMatchObject({ msg: '今日短信发送次数已达上限' })
  })

  it('limits one address to five requests a minute', async () => {
    const ip = '10.9.9.9'
    for (let i = 0; i < 5; i++) {
      expect((await sendValidate(`1360000000${i}`, ip)).statusCode).toBe(200)
    }
    const sixth = await sendValidate('13600000009', ip)
    expect(sixth.statusCode).toBe(429)
  })

  it('answers a phone of no user exactly as one of a user, and sends nothing', async () => {
    const since = lines.length
    const known = await sendValidate(phone, '10.1.0.1')
    const unknown = await sendValidate('13511112222', '10.1.0.2')
    const otherTenant = await sendValidate('13700137009', '10.1.0.3', '999999')
    // The known phone's message is sent after the answer: wait for it before checking what was sent.
    await sentCode(since)
    expect(unknown.statusCode).toBe(known.statusCode)
    const strip = (b: { data: { phone: string } }) => ({ ...b, data: { ...b.data, phone: '' } })
    expect(strip(unknown.json())).toEqual(strip(known.json()))
    expect(strip(otherTenant.json())).toEqual(strip(known.json()))
    const sent = lines.filter((l) => l.includes('sms (log provider)'))
    expect(sent.join('')).toContain(phone)
    expect(sent.join('')).not.toContain('13511112222')
    // The same work is done for both; the unknown phone's code is never sent and cannot log anyone in.
    expect(await t.redis.ttl('sms:code:000000:13511112222')).toBe(await t.redis.ttl(codeKey()))
    // Limits apply to unknown phones as well.
    expect((await sendValidate('13511112222', '10.1.0.4')).statusCode).toBe(429)
  })

  it('validates its input with the messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-auth/oauth/sms/send-validate',
      query: { tenantId: '000000', phone: '123' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ msg: '手机号格式不正确' })
    const noTenant = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-auth/oauth/sms/send-validate',
      query: { phone },
      remoteAddress: '10.2.0.1',
    })
    expect(noTenant.json()).toMatchObject({ code: 400, msg: '请输入租户编号' })
    expect((await smsLogin(phone, 'abc')).json()).toMatchObject({ error: 'invalid_grant' })
    expect((await smsLogin('', '123456')).json()).toMatchObject({ error_description: '请输入手机号' })
  })

  it('sends the code through the tenant’s enabled Tencent config', async () => {
    const tx = await t.app.prisma.sms.findFirst({ where: { smsCode: 'tx-a' } })
    await call('POST', `/api/ysjs-resource/sms/enable?id=${tx!.id}`)
    const before = stub.received.length
    expect((await sendValidate(phone, '10.3.0.1')).statusCode).toBe(200)
    for (let i = 0; i < 500 && stub.received.length === before; i++) {
      await new Promise((r) => setTimeout(r, 20))
    }
    const sent = stub.received.at(-1)!
    expect(sent.verdict).toBe('ok')
    const code = (sent.body.TemplateParamSet as string[])[0]!
    expect(code).toMatch(/^\d{6}$/)
    expect((await smsLogin(phone, code)).statusCode).toBe(200)
    const logRow = await t.app.prisma.sms.findFirst({ where: { smsCode: 'log-a' } })
    await call('POST', `/api/ysjs-resource/sms/enable?id=${logRow!.id}`)
  })
})

describe('secrets at rest (decision 026)', () => {
  const send = (app: FastifyInstance, token: string, code: string) =>
    app.inject({
      method: 'POST',
      url: '/api/ysjs-resource/sms/endpoint/send-message',
      query: { code, phones: '13800138011' },
      headers: auth(token),
    })
  /** Another API process on the same database and Redis, with its own data key settings. */
  const boot = (env: Record<string, string>) =>
    buildApp({
      env: {
        DATABASE_URL: r.databaseUrl,
        DATABASE_POOL_MAX: '2',
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_PREFIX: r.redisPrefix,
        LOG_LEVEL: 'silent',
        CAPTCHA_ENABLED: 'false',
        NODE_ENV: 'test',
        SMS_ALLOWED_HOSTS: new URL(stub.url).host,
        ...env,
      },
    })
  let r: TTestApp

  beforeAll(async () => {
    r = await createTestApp({ SMS_ALLOWED_HOSTS: new URL(stub.url).host })
  })
  afterAll(async () => {
    await r.close()
  })

  it('seals plain rows at boot, re-seals under a new key with the old one in DATA_KEY_PREVIOUS, and fails clearly under a key it does not hold', async () => {
    // Rows written before encryption: plain secrets in both tables.
    const smsId = nextId()
    const ossId = nextId()
    await r.app.prisma.sms.create({
      data: { id: smsId, ...tencentConfig('plain-a'), category: 4, tenantId: '000000' },
    })
    await r.app.prisma.ossConfig.create({
      data: {
        id: ossId,
        tenantId: '000000',
        category: 1,
        endpoint: 'http://127.0.0.1:9000',
        accessKey: 'D99KGE6ZTQXSATTJWU24',
        secretKey: 'QyVqGnhIQQE734UYSUFlGOZViE6+ZlDEfUG3NjhJ',
        bucketName: 'bladex',
      },
    })
    const stored = async () => ({
      sms: (await r.app.prisma.sms.findUniqueOrThrow({ where: { id: smsId } })).secretKey ?? '',
      oss: (await r.app.prisma.ossConfig.findUniqueOrThrow({ where: { id: ossId } })).secretKey ?? '',
    })

    // Boot with the development key: both are sealed, and a second boot changes nothing.
    const first = await boot({})
    const sealed = await stored()
    expect(sealed.sms).toMatch(new RegExp(`^enc:v1:${devBox.keyId}:`))
    expect(devBox.open(sealed.oss)).toBe('QyVqGnhIQQE734UYSUFlGOZViE6+ZlDEfUG3NjhJ')
    await first.close()
    await (await boot({})).close()
    expect(await stored()).toEqual(sealed)

    // Rotation: the new key, the old one as previous. Everything is re-sealed under the new key,
    // and the config still signs (the stub checks the signature with the plain secret).
    const next = randomBytes(32).toString('base64')
    const rotated = await boot({ DATA_KEY: next, DATA_KEY_PREVIOUS: DEV_DATA_KEY })
    const nextBox = createSecretBox(Buffer.from(next, 'base64'))
    const after = await stored()
    expect(after.sms).toMatch(new RegExp(`^enc:v1:${nextBox.keyId}:`))
    expect(nextBox.open(after.sms)).toBe(SECRET_KEY)
    expect(nextBox.open(after.oss)).toBe('QyVqGnhIQQE734UYSUFlGOZViE6+ZlDEfUG3NjhJ')
    const token = (await login(rotated, 'admin')).access_token
    expect((await send(rotated, token, 'plain-a')).json()).toMatchObject({ code: 200, msg: '短信发送成功' })
    expect(stub.received.at(-1)).toMatchObject({ verdict: 'ok' })
    // The answer is masked as before: first and last two characters of the plain secret.
    const list = (
      await rotated.inject({
        method: 'GET',
        url: '/api/ysjs-resource/sms/list?smsCode=plain-a',
        headers: auth(token),
      })
    ).json()
    expect(list.data.records[0].secretKey).toBe('te******hi')
    await rotated.close()

    // A process that holds neither key: the secret is not used, the answer says why, nothing is changed.
    const lost = await boot({ DATA_KEY: randomBytes(32).toString('base64') })
    expect(await stored()).toEqual(after)
    const lostToken = (await login(lost, 'admin')).access_token
    const refused = await send(lost, lostToken, 'plain-a')
    expect([refused.statusCode, refused.json().msg]).toEqual([500, SECRET_UNREADABLE])
    const masked = (
      await lost.inject({
        method: 'GET',
        url: '/api/ysjs-resource/sms/list?smsCode=plain-a',
        headers: auth(lostToken),
      })
    ).json()
    expect(masked.data.records[0].secretKey).toBe(SECRET_MASK)
    await lost.close()
  }, 120_000)
})
