import { CLIENT_ERROR_LIMITS } from '@ysjs/shared'
import { describe, expect, it, vi } from 'vitest'
import { createErrorLog, toBatches, toClientError } from './errorLog'

describe('client error log', () => {
  it('trims each field to what the server takes', () => {
    const err = new Error('m'.repeat(5000))
    err.stack = 's'.repeat(50_000)
    const row = toClientError('t'.repeat(500), err, 'i'.repeat(5000))
    expect(row.message.length).toBe(CLIENT_ERROR_LIMITS.MESSAGE)
    expect(row.stack.length).toBe(CLIENT_ERROR_LIMITS.STACK)
    expect(row.info.length).toBe(CLIENT_ERROR_LIMITS.INFO)
    expect(row.type.length).toBe(CLIENT_ERROR_LIMITS.TYPE)
  })

  it('never builds a request over 16 KB, even with long Chinese texts', () => {
    const rows = Array.from({ length: 25 }, (_, i) => {
      const err = new Error('错误'.repeat(600))
      err.stack = `${i}栈`.repeat(3000)
      return toClientError('error', err, '信息'.repeat(600))
    })
    const batches = toBatches(rows)
    expect(batches.flat().length).toBe(25)
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(CLIENT_ERROR_LIMITS.ROWS)
      expect(new TextEncoder().encode(JSON.stringify(batch)).length).toBeLessThanOrEqual(
        CLIENT_ERROR_LIMITS.BODY_BYTES,
      )
    }
  })

  it('sends the queue in batches of at most 10 rows', async () => {
    const send = vi.fn(async () => undefined)
    const log = createErrorLog({ send, canSend: () => true })
    for (let i = 0; i < 23; i++) {
      log.push(toClientError('error', new Error(`e${i}`)))
    }
    await log.flush()
    expect(send.mock.calls.map((c) => (c as unknown as [unknown[]])[0].length)).toEqual([10, 10, 3])
  })
})
