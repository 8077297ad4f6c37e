import { render, screen } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { initI18n } from '@/app/i18n'
import { DateField } from './DateField'

const shown = (name: string) => (document.querySelector(`input[name="${name}"]`) as HTMLInputElement).value

describe('DateField', () => {
  beforeAll(async () => {
    await initI18n()
  })

  it('shows a day as yyyy-MM-dd, never the browser format', () => {
    render(<DateField label="签订日期" name="d" value="2026-12-05" onChange={() => {}} />)
    expect(shown('d')).toBe('2026-12-05')
    expect(document.querySelector('input[type="date"]')).toBeNull()
  })

  it('shows a moment given without seconds, and one with them, to the minute', () => {
    render(
      <>
        <DateField kind="datetime" label="开始" name="a" value="2026-12-15 15:30" onChange={() => {}} />
        <DateField kind="datetime" label="结束" name="b" value="2026-12-15 15:30:00" onChange={() => {}} />
      </>,
    )
    expect(shown('a')).toBe('2026-12-15 15:30')
    expect(shown('b')).toBe('2026-12-15 15:30')
  })

  it('leaves a value the shared parse refuses empty rather than guessing', () => {
    render(<DateField label="日期" name="x" value="12/05/2026" onChange={() => {}} />)
    expect(shown('x')).toBe('')
    expect(screen.getByRole('group', { name: '日期' })).toBeTruthy()
  })
})
