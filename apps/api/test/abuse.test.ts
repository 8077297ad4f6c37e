import { CLIENT_ERROR_LIMITS } from '@ysjs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'

// Anonymous `send-logs` accepted 32 requests of 0.94 MB in 3 s (+1,500 error rows, +31.6 MB): the
// endpoint is public by necessity (errors happen before login), so it takes only a trickle.

let t: TTestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const entry = (i: number) => ({ type: 'error', message: `boom ${i}`, stack: 'at x', url: '/wel/index' })
const send = (payload: unknown, opts: { from?: string; token?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ysjs-log/error/send-logs',
    payload: payload as object,
    remoteAddress: opts.from ?? '127.0.0.1',
    headers: opts.token ? auth(opts.token) : {},
  })
const errorRows = async () => {
  await t.app.logs.flush()
  return t.app.prisma.logError.count({ where: { serviceId: 'ysjs-web' } })
}

describe('client error logs', () => {
  it('refuses a body over 16 KB and more than 10 rows, writing nothing', async () => {
    const before = await errorRows()
    const big = await send([{ ...entry(0), stack: 'x'.repeat(CLIENT_ERROR_LIMITS.BODY_BYTES) }], {
      from: '10.5.0.1',
    })
    expect([big.statusCode, big.json().msg]).toEqual([413, '请求内容过大'])
    const many = await send(
      Array.from({ length: 11 }, (_, i) => entry(i)),
      { from: '10.5.0.2' },
    )
    expect([many.statusCode, many.json().msg]).toEqual([400, '每次最多上报 10 条错误日志'])
    const longField = await send([{ ...entry(0), message: 'm'.repeat(1001) }], { from: '10.5.0.3' })
    expect(longField.statusCode).toBe(400)
    expect(await errorRows()).toBe(before)
  })

  it('takes a trickle from an address without a session, more from a signed-in user', async () => {
    const anonymous = []
    for (let i = 0; i < CLIENT_ERROR_LIMITS.ANONYMOUS_PER_MINUTE + 1; i++) {
      anonymous.push((await send([entry(i)], { from: '10.6.0.1' })).statusCode)
    }
    expect(anonymous.slice(0, -1).every((s) => s === 200)).toBe(true)
    expect(anonymous.at(-1)).toBe(429)
    // Another address is not affected; a signed-in user from the throttled address is counted as a user.
    expect((await send([entry(0)], { from: '10.6.0.2' })).statusCode).toBe(200)
    const { access_token } = await login(t.app, 'hr')
    const user = []
    for (let i = 0; i < CLIENT_ERROR_LIMITS.ANONYMOUS_PER_MINUTE + 3; i++) {
      user.push((await send([entry(i)], { from: '10.6.0.1', token: access_token })).statusCode)
    }
    expect(user.every((s) => s === 200)).toBe(true)
  })
})
