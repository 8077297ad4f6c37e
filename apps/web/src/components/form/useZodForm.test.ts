import type { FieldErrors } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import { firstError } from './useZodForm'

describe('firstError', () => {
  it('finds the first message depth first, rows of a list included, without walking into refs', () => {
    const input = document.createElement('input')
    // React keeps its fiber on the node: walking into a ref would never end.
    Object.assign(input, { __reactFiber: { self: input } })
    const errors = {
      meetingAgenda: { type: 'custom', message: '', ref: input },
      leaders: [{ name: { type: 'custom', message: '姓名格式不正确', ref: input } }],
      direct: { type: 'custom', message: '请输入主持人', ref: input },
    }
    expect(firstError(errors as unknown as FieldErrors)).toEqual({
      path: 'leaders.0.name',
      message: '姓名格式不正确',
    })
    expect(firstError({})).toBeUndefined()
  })
})
