import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useSearchParams } from 'react-router-dom'
import type { TOption } from '@/components/crud/types'
import { dictTables, type TDictRow, type TDictTable } from './api/dictBizApi'
import { childKey, childResource, parentResource } from './dictResources'

const SELECTED = 'dict'

/**
 * State shared by both dictionary screens: the header chosen in the list (kept in the URL as `dict`),
 * its items' resource, and the permission codes of the screen's menu.
 */
export const useDictWorkbench = (table: TDictTable = dictTables.business) => {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const [params, setParams] = useSearchParams()
  const selectedId = params.get(SELECTED)
  const permissions = useMemo(() => ({ menuPath: pathname }), [pathname])

  const parentQuery = useQuery({
    queryKey: [table.key, 'detail', selectedId],
    queryFn: () => table.api.fetchDict(selectedId ?? ''),
    enabled: !!selectedId,
  })
  const parent = selectedId && parentQuery.data?.id ? parentQuery.data : null

  const itemsQuery = useQuery({
    queryKey: [childKey(table, parent?.id ?? ''), 'options'],
    queryFn: () => table.api.fetchChildren(parent?.id ?? ''),
    enabled: !!parent,
  })

  const parentOptions = useMemo<TOption[]>(
    () =>
      parent
        ? [
            { value: parent.id, label: `${parent.dictValue} (${t('system.dict.topLevel')})` },
            ...(itemsQuery.data ?? []).map((item) => ({
              value: item.id,
              label: `${'\u3000'.repeat((item.depth ?? 0) + 1)}${item.dictValue}`,
            })),
          ]
        : [],
    [parent, itemsQuery.data, t],
  )

  const parents = useMemo(() => parentResource(table, permissions), [table, permissions])
  const children = useMemo(
    () => (parent ? childResource(table, parent, parentOptions, permissions) : null),
    [table, parent, parentOptions, permissions],
  )

  const select = (row: TDictRow) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        next.set(SELECTED, row.id)
        return next
      },
      { replace: true },
    )

  return { parents, children, parent, select }
}
