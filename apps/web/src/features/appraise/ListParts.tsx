import TextField from '@mui/material/TextField'
import type { TResultsRecord } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SearchButtons } from '@/components/crud/SearchButtons'
import { AuditDialog } from './AuditDialog'
import { PushDialog } from './PushDialog'

/**
 * An appraisal list's query: its page and filters (a filter that changes goes back to page 1), the name as
 * typed until 搜索 applies it, and what the name filter and the pager take of it.
 */
export const useListQuery = <Q extends { current: number; size: number; name: string }>(initial: Q) => {
  const [query, setQuery] = useState(initial)
  const [nameInput, setNameInput] = useState('')
  const filter = (change: Partial<Q>) => setQuery({ ...query, current: 1, ...change })
  return {
    query,
    filter,
    nameSearch: {
      value: nameInput,
      onChange: setNameInput,
      onSearch: () => filter({ name: nameInput } as Partial<Q>),
    },
    pager: {
      current: query.current,
      size: query.size,
      onPage: (current: number, size: number) => setQuery({ ...query, current, size }),
    },
  }
}

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
