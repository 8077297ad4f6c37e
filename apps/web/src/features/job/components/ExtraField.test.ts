import { describe, expect, it } from 'vitest'
import { withWorkingDay } from './ExtraField'

describe('the working-day choice of a job', () => {
  it('writes the policy into extra and keeps the other keys', () => {
    expect(withWorkingDay('', 'only')).toBe('{"workingDay":"only"}')
    expect(withWorkingDay('{"a":1,"workingDay":"only"}', 'shift')).toBe('{"a":1,"workingDay":"shift"}')
  })
  it('removes it for 不限, leaving nothing when nothing else was there', () => {
    expect(withWorkingDay('{"workingDay":"shift"}', 'none')).toBe('')
    expect(withWorkingDay('{"a":1,"workingDay":"shift"}', 'none')).toBe('{"a":1}')
  })
  it('never rewrites a text that is not a JSON object', () => {
    expect(withWorkingDay('not json', 'only')).toBe('not json')
    expect(withWorkingDay('[1]', 'only')).toBe('[1]')
  })
})
