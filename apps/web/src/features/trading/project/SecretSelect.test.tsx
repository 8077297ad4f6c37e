import { fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { SecretSelect } from './SecretSelect'

const warnings: string[] = []
vi.mock('@/lib/notify', () => ({ toast: { warning: (m: string) => warnings.push(m) } }))
vi.mock('@/components/dict/useDictionary', () => ({
  useDictionary: () => ({
    isLoading: false,
    data: [
      { id: 'a', dictKey: '1', dictValue: '非保密', sort: 1 },
      { id: 'b', dictKey: '2', dictValue: '保密', sort: 2 },
    ],
  }),
}))

const Harness = ({ seen }: { seen: unknown[] }) => {
  const [value, setValue] = useState<unknown>('')
  return (
    <SecretSelect
      name="isSecret"
      label="是否保密"
      value={value}
      onChange={(v) => {
        seen.push(v)
        setValue(v)
      }}
      onBlur={() => {}}
      disabled={false}
      error={false}
    />
  )
}

describe('SecretSelect (secret-project rule)', () => {
  it('shows 非保密 by default; choosing 保密 warns 不接受保密项目 and keeps 1', () => {
    const seen: unknown[] = []
    render(<Harness seen={seen} />)
    const box = screen.getByRole('combobox', { name: '是否保密' })
    expect(box.textContent).toBe('非保密')
    fireEvent.mouseDown(box)
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: '保密' }))
    expect(warnings).toEqual(['不接受保密项目'])
    expect(seen).toEqual(['1'])
    expect(screen.getByRole('combobox', { name: '是否保密' }).textContent).toBe('非保密')
  })
})
