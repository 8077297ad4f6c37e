import Box from '@mui/material/Box'
import { useTranslation } from 'react-i18next'
import { useDictionaryLabels } from '@/components/dict/useDictionary'
import type { TField, TOption } from './types'

export const optionLabel = (option: TOption, t: (key: string) => string): string =>
  option.labelKey ? t(option.labelKey) : (option.label ?? option.value)

/** A stored dictionary key shown as its dictionary value. */
export const DictCell = ({ code, value }: { code: string; value: unknown }) => {
  const labels = useDictionaryLabels(code)
  const key = value === null || value === undefined ? '' : String(value)
  return <>{labels.get(key) ?? key}</>
}

export const OptionCell = ({ field, value }: { field: TField; value: unknown }) => {
  const { t } = useTranslation()
  const option = field.options?.find((o) => o.value === String(value ?? ''))
  return <>{option ? optionLabel(option, t) : String(value ?? '')}</>
}

/** Text of a tree row, indented by its depth. */
export const TreeCell = ({ depth, children }: { depth: number; children: React.ReactNode }) => (
  <Box component="span" sx={{ pl: depth * 2.5 }}>
    {depth > 0 ? '└ ' : ''}
    {children}
  </Box>
)

const stripHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

export const cellText = (field: TField, value: unknown): string => {
  if (value === null || value === undefined) {
    return ''
  }
  const text = String(value)
  return field.kind === 'richtext' ? stripHtml(text) : text
}
