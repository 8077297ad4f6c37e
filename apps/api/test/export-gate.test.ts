import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadEnv } from '../src/env.ts'
import { createExportGate, ExportMsg } from '../src/lib/export-gate.ts'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'

let t: TTestApp
let admin: string

beforeAll(async () => {
  t = await createTestApp({ EXPORT_CONCURRENCY: '2' })
  admin = (await login(t.app, 'admin')).access_token
}, 120_000)

afterAll(async () => {
  await t?.close()
})

const EXPERTS = '/api/blade-expert/expertBasic/export'

/** Holds one of the instance's export slots the way a slow download does: a stream still open. */
const hold = async () => {
  const stream = new PassThrough()
  await t.app.exportGate.open(async () => stream)
  return () =>
    new Promise<void>((resolve) => {
      stream.once('close', () => resolve())
      stream.resume()
      stream.end()
    })
}

describe('exports per instance', () => {
  it('default to 3 at once (EXPORT_CONCURRENCY)', () => {
    expect(loadEnv({}).EXPORT_CONCURRENCY).toBe(3)
  })

  it('one over EXPORT_CONCURRENCY is answered 429 in the envelope at once; a finished or failed export frees its slot', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth(admin) })
    expect((await get(EXPERTS)).statusCode).toBe(200)
    expect(t.app.exportGate.running()).toBe(0)

    const first = await hold()
    const second = await hold()
    for (const url of [
      EXPERTS,
      '/api/ysjs-kms/main/export',
      '/api/ysjs-meeting/registeredmeeting/exportInvoicingExcel?meetingId=1',
      '/api/ysjs-evaluation/survey/export?id=1',
    ]) {
      const refused = await get(url)
      expect(refused.statusCode, url).toBe(429)
      expect(refused.json(), url).toEqual({ code: 429, success: false, data: null, msg: ExportMsg.BUSY })
    }
    expect(ExportMsg.BUSY).toBe('当前导出任务较多,请稍后再试')

    await first()
    expect(t.app.exportGate.running()).toBe(1)
    const res = await get(EXPERTS)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    expect(t.app.exportGate.running()).toBe(1)
    // An export refused before streaming (a meeting that does not exist) gives its slot back too.
    expect(
      (await get('/api/ysjs-meeting/registeredmeeting/exportInvoicingExcel?meetingId=1')).statusCode,
    ).toBe(400)
    expect(t.app.exportGate.running()).toBe(1)
    await second()
    expect(t.app.exportGate.running()).toBe(0)
  })

  it('a download dropped half way frees its slot', async () => {
    const gate = createExportGate(1)
    const stream = new PassThrough()
    await gate.open(async () => stream)
    await expect(gate.open(async () => new PassThrough())).rejects.toMatchObject({
      code: 429,
      message: ExportMsg.BUSY,
    })
    stream.destroy()
    await new Promise((resolve) => setImmediate(resolve))
    expect(gate.running()).toBe(0)
    await expect(gate.open(async () => Promise.reject(new Error('query failed')))).rejects.toThrow(
      'query failed',
    )
    expect(gate.running()).toBe(0)
  })
})
