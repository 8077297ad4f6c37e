import { describe, expect, it } from 'vitest'
import { UPLOAD_NAME_MAX_LENGTH, UploadMsg, ZUploadFileNameSchema } from '../src/index.ts'

const messageOf = (name: string) => {
  const r = ZUploadFileNameSchema.safeParse(name)
  return r.success ? null : r.error.issues[0]?.message
}

describe('upload file names', () => {
  it('accepts ordinary names, Chinese and spaces included', () => {
    for (const name of ['a.pdf', '检测报告 (终稿).docx', '2026-11-22_成果.xlsx', `${'x'.repeat(251)}.png`]) {
      expect(messageOf(name), name).toBeNull()
    }
  })

  it('refuses control and invisible format characters', () => {
    for (const ch of [
      '\u0000',
      '\u0001',
      '\t',
      '\n',
      '\u001f',
      '\u007f',
      '\u0085',
      '\u200b',
      '\u202e',
      '\u2066',
      '\ufeff',
    ]) {
      expect(messageOf(`a${ch}b.pdf`), JSON.stringify(ch)).toBe(UploadMsg.BAD_NAME)
    }
  })

  it(`refuses names longer than ${UPLOAD_NAME_MAX_LENGTH} characters`, () => {
    expect(messageOf(`${'长'.repeat(252)}.pdf`)).toBe(UploadMsg.NAME_TOO_LONG)
  })
})
