import { useMemo } from 'react'
import { SearchForm } from '@/components/crud/SearchForm'
import type { TField } from '@/components/crud/types'
import { useFlowCategories } from '../useFlowCategories'

/** A filter of the flow lists: `dates` is the pair beginDate / endDate (contract 10.2 BladeFlow filters). */
export type TFlowSearchField =
  | 'category'
  | 'processDefinitionName'
  | 'dates'
  | 'name'
  | 'modelKey'
  | 'processInstanceId'
  | 'processDefinitionKey'

/** The search row of the flow lists: the generic search form over the flow filters; it submits into the URL state. */
export const FlowSearch = ({
  fields,
  values,
  onSearch,
}: {
  fields: TFlowSearchField[]
  values: Record<string, string>
  onSearch: (values: Record<string, string>) => void
}) => {
  const categories = useFlowCategories()
  const search = useMemo(
    () =>
      fields.flatMap((f): TField[] => {
        if (f === 'category') {
          return [{ name: f, labelKey: 'flow.col.category', kind: 'select', options: categories }]
        }
        if (f === 'dates') {
          return [
            { name: 'beginDate', labelKey: 'flow.search.beginDate', kind: 'date' },
            { name: 'endDate', labelKey: 'flow.search.endDate', kind: 'date' },
          ]
        }
        return [{ name: f, labelKey: `flow.search.${f}` }]
      }),
    [fields, categories],
  )
  return <SearchForm fields={search} values={values} onSearch={onSearch} width={200} />
}
