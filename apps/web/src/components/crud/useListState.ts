import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@ysjs/shared'
import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { TListQuery } from './types'

const PAGE_SIZE_SET = new Set<number>(PAGE_SIZES)

/** Reads the page, size and search of one list from the URL query (prefix keeps two lists apart). */
export const readListState = (params: URLSearchParams, prefix: string, searchNames: string[]): TListQuery => {
  const key = (name: string) => (prefix ? `${prefix}.${name}` : name)
  const current = Number(params.get(key('current')))
  const size = Number(params.get(key('size')))
  return {
    current: Number.isInteger(current) && current >= 1 ? current : DEFAULT_PAGE,
    size: PAGE_SIZE_SET.has(size) ? size : DEFAULT_PAGE_SIZE,
    search: Object.fromEntries(searchNames.map((n) => [n, params.get(key(n)) ?? ''])),
  }
}

/** Writes a list's state into the query, leaving other parameters alone; defaults are left out. */
export const writeListState = (
  params: URLSearchParams,
  prefix: string,
  state: TListQuery,
): URLSearchParams => {
  const next = new URLSearchParams(params)
  const key = (name: string) => (prefix ? `${prefix}.${name}` : name)
  const set = (name: string, value: string, fallback: string) => {
    if (value === fallback || value === '') {
      next.delete(key(name))
    } else {
      next.set(key(name), value)
    }
  }
  set('current', String(state.current), String(DEFAULT_PAGE))
  set('size', String(state.size), String(DEFAULT_PAGE_SIZE))
  for (const [name, value] of Object.entries(state.search)) {
    set(name, value.trim(), '')
  }
  return next
}

/** List state lives in the URL: reload, back and a shared link all show the same page. */
export const useListState = (prefix: string, searchNames: string[]) => {
  const [params, setParams] = useSearchParams()
  const namesKey = searchNames.join(',')
  // biome-ignore lint/correctness/useExhaustiveDependencies: namesKey stands for searchNames
  const state = useMemo(() => readListState(params, prefix, searchNames), [params, prefix, namesKey])

  const update = useCallback(
    (patch: Partial<TListQuery>) =>
      setParams(
        (prev) =>
          writeListState(prev, prefix, {
            ...readListState(prev, prefix, namesKey.split(',').filter(Boolean)),
            ...patch,
          }),
        {
          replace: true,
        },
      ),
    [setParams, prefix, namesKey],
  )

  return useMemo(
    () => ({
      ...state,
      setPage: (current: number, size: number) => update({ current, size }),
      setSearch: (search: Record<string, string>) => update({ search, current: DEFAULT_PAGE }),
    }),
    [state, update],
  )
}
