import { Autocomplete, TextField } from '@mui/material'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'

export type TPickOption = { value: string; label: string }

/** Where a picker's choices come from: a server search, page by page, and the names of given ids. */
export type TPickSource = {
  key: string
  search: (keyword: string, current: number) => Promise<{ options: TPickOption[]; total: number }>
  /** Names of values the form already holds; without it the picker relies on `known`. */
  byIds?: (ids: string[]) => Promise<TPickOption[]>
}

const PAGE_GAP_PX = 24

const useDebounced = (value: string, ms: number) => {
  const [current, setCurrent] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return current
}

type TProps = {
  source: TPickSource
  label: string
  value: string[]
  onChange: (values: TPickOption[]) => void
  multiple?: boolean
  /** Names already known for some values (e.g. the row's unit name), so no request is needed for them. */
  known?: Record<string, string>
  disabled?: boolean
  error?: boolean
  helperText?: string
  onBlur?: () => void
  sx?: object
}

/**
 * An autocomplete over a server search (units, experts, entries): what is typed is the keyword, the
 * list reads on page by page as it is scrolled, so no row is out of reach however many there are.
 */
export const RemotePicker = ({
  source,
  label,
  value,
  onChange,
  multiple = false,
  known,
  disabled,
  error,
  helperText,
  onBlur,
  sx,
}: TProps) => {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [input, setInput] = useState('')
  const keyword = useDebounced(input, 250)
  const pages = useInfiniteQuery({
    queryKey: ['picker', source.key, keyword],
    queryFn: ({ pageParam }) => source.search(keyword, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      all.reduce((n, p) => n + p.options.length, 0) < last.total ? all.length + 1 : undefined,
    enabled: open && !disabled,
    staleTime: 30_000,
  })
  const loaded = useMemo(() => pages.data?.pages.flatMap((p) => p.options) ?? [], [pages.data])
  const missing = value.filter((id) => !known?.[id] && !loaded.some((o) => o.value === id))
  const named = useQuery({
    queryKey: ['picker', source.key, 'ids', missing.join(',')],
    queryFn: () => source.byIds?.(missing) ?? Promise.resolve([]),
    enabled: missing.length > 0 && !!source.byIds,
    staleTime: 30_000,
  })
  const labelOf = (id: string) =>
    known?.[id] ??
    loaded.find((o) => o.value === id)?.label ??
    named.data?.find((o) => o.value === id)?.label ??
    id
  const chosen = value.map((id) => ({ value: id, label: labelOf(id) }))
  const common = {
    options: loaded,
    open,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    disabled,
    loading: pages.isFetching,
    loadingText: t('crud.loading'),
    noOptionsText: t('expert.noMatch'),
    filterOptions: (x: TPickOption[]) => x,
    isOptionEqualToValue: (a: TPickOption, b: TPickOption) => a.value === b.value,
    getOptionLabel: (o: TPickOption) => o.label,
    onInputChange: (_e: unknown, v: string, reason: string) => {
      if (reason === 'input' || reason === 'clear') {
        setInput(v)
      } else if (reason === 'reset' && multiple) {
        setInput('')
      }
    },
    onBlur: () => {
      setInput('')
      onBlur?.()
    },
    slotProps: {
      listbox: {
        onScroll: (e: React.UIEvent<HTMLElement>) => {
          const el = e.currentTarget
          if (
            el.scrollTop + el.clientHeight >= el.scrollHeight - PAGE_GAP_PX &&
            pages.hasNextPage &&
            !pages.isFetchingNextPage
          ) {
            void pages.fetchNextPage()
          }
        },
      },
    },
    renderInput: (params: object) => (
      <TextField {...params} label={label} size="small" error={error} helperText={helperText} />
    ),
    sx,
  }
  return multiple ? (
    <Autocomplete<TPickOption, true> {...common} multiple value={chosen} onChange={(_e, v) => onChange(v)} />
  ) : (
    <Autocomplete<TPickOption, false>
      {...common}
      value={chosen[0] ?? null}
      onChange={(_e, v) => onChange(v ? [v] : [])}
    />
  )
}
