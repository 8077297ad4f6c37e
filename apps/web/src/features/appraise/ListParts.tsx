import TextField from '@mui/material/TextField'
import type { TResultsRecord } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SearchButtons } from '@/components/crud/SearchButtons'
import { AuditDialog } from './AuditDialog'
import { PushDialog } from './PushDialog'

/** The name filter of an appraisal list: applied by 搜索 or Enter; 清空 empties it. */
export const NameSearch = ({
  value,
  onChange,
  onSearch,
  onReset,
  width,
}: {
  /** A fixed width (a toolbar with tabs); the row's room otherwise. */
  width?: number
  value: string
  onChange: (value: string) => void
  onSearch: () => void
  onReset: () => void
}) => {
  const { t } = useTranslation()
  return (
    <>
      <TextField
        size="small"
        sx={width ? { width } : undefined}
        label={t('appraise.field.name')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && onSearch()}
      />
      <SearchButtons
        onSearch={onSearch}
        onReset={() => {
          onChange('')
          onReset()
        }}
      />
    </>
  )
}

/**
 * The audit and push dialogs of an application's row: `audit(row)` and `push(row)` open one; `onClosed` runs
 * when it closes (the list refreshes).
 */
export const useRowDialogs = (onClosed: () => void) => {
  const [auditing, setAuditing] = useState<TResultsRecord | null>(null)
  const [pushing, setPushing] = useState<TResultsRecord | null>(null)
  const close = () => {
    setAuditing(null)
    setPushing(null)
    onClosed()
  }
  return {
    audit: setAuditing,
    push: setPushing,
    dialogs: (
      <>
        {auditing && <AuditDialog row={auditing} onClose={close} />}
        {pushing && <PushDialog resultsId={pushing.id} onClose={close} />}
      </>
    ),
  }
}
