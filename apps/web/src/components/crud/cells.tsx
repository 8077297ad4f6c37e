import ChevronRightIcon from '@mui/icons-material/ChevronRight'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import { useTranslation } from 'react-i18next'
import { useDictionaryLabels } from '@/components/dict/useDictionary'
import type { TTreeRowState } from './treeRows'
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

/** Text of a tree row, indented by its depth, after the button that opens or closes its children. */
export const TreeCell = ({
  depth,
  state,
  onToggle,
  children,
}: {
  depth: number
  state?: TTreeRowState
  onToggle?: () => void
  children: React.ReactNode
}) => {
  const { t } = useTranslation()
  return (
    <Box component="span" sx={{ display: 'flex', alignItems: 'center', height: '100%', pl: depth * 2.5 }}>
      {state?.parent ? (
        <IconButton
          size="small"
          aria-label={state.open ? t('crud.collapse') : t('crud.expand')}
          aria-expanded={state.open}
          onClick={(e) => {
            e.stopPropagation()
            onToggle?.()
          }}
          sx={{ p: 0.25, mr: 0.5 }}
        >
          {state.open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
        </IconButton>
      ) : (
        // A leaf below the top level hangs from its parent (└) where a parent has its toggle.
        <Box
          component="span"
          sx={{ flexShrink: 0, width: state ? 28 : 'auto', textAlign: 'center', color: 'text.secondary' }}
        >
          {depth > 0 ? '└ ' : ''}
        </Box>
      )}
      {children}
    </Box>
  )
}

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
