import { SurveyMsg } from '@ysjs/shared'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { HttpError } from '@/lib/http'
import { loadFailed, saveFailed } from './fillMessages'

const shown: string[] = []
vi.mock('@/lib/notify', () => ({ toast: { error: (m: string) => shown.push(m) }, notify: () => {} }))

const business = (msg?: string) =>
  new HttpError(msg || '系统错误', 400, 400, { code: 400, success: false, ...(msg ? { msg } : {}) })

describe('questionnaire failure messages (spec section 8)', () => {
  beforeEach(() => {
    shown.length = 0
  })

  it('a load refused by the server shows its msg, or the business-failure text without one', () => {
    loadFailed(business('请先新增填报信息'))
    loadFailed(business())
    loadFailed(new HttpError('系统错误', 200, 200, { code: 1001, success: false, msg: '' }))
    expect(shown).toEqual(['请先新增填报信息', SurveyMsg.BUSINESS_FAILED, SurveyMsg.BUSINESS_FAILED])
  })

  it('a load without an answer (network, server error, not an envelope) shows 获取数据失败！', () => {
    loadFailed(new HttpError('系统错误', 0, 0, undefined))
    loadFailed(new HttpError('服务器异常', 500, 500, { code: 500, success: false, msg: '服务器异常' }))
    loadFailed(new HttpError('系统错误', 502, 502, '<html>bad gateway</html>'))
    loadFailed(new Error('boom'))
    expect(shown).toEqual(Array(4).fill(SurveyMsg.LOAD_FAILED))
  })

  it('a failed save shows the server reason first, then the spec text', () => {
    saveFailed(business('问卷已提交，不能修改'))
    expect(shown).toEqual(['问卷已提交，不能修改', SurveyMsg.SUBMIT_FAILED])
    shown.length = 0
    saveFailed(new HttpError('系统错误', 0, 0, undefined), SurveyMsg.COMPANY_SUBMIT_FAILED)
    expect(shown).toEqual([SurveyMsg.COMPANY_SUBMIT_FAILED])
  })
})
