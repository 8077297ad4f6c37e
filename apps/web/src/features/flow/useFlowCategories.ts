import { LEAVE_CATEGORY } from '@ysjs/shared'
import { useMemo } from 'react'
import { useDictionary } from '@/components/dict/useDictionary'

/** Process screens this app has (`/work/process/<segment>/form|handle|detail`). */
const SCREEN_SEGMENTS = new Set(['leave'])

export type TFlowCategory = { value: string; label: string; segment: string | null }

/**
 * Contract 10.1: a process category is `flow_<dictKey>` of the business dictionary `flow`, and the
 * item's remark names the screens' path segment (`flow_1` → `leave`).
 */
export const useFlowCategories = () => {
  const { data = [] } = useDictionary('flow')
  return useMemo<TFlowCategory[]>(
    () =>
      data.map((d) => ({
        value: `flow_${d.dictKey}`,
        label: d.dictValue,
        segment: d.remark && SCREEN_SEGMENTS.has(d.remark) ? d.remark : null,
      })),
    [data],
  )
}

/** The screens' path segment of a category; the leave process keeps its screens whatever the dictionary says. */
export const segmentOf = (categories: TFlowCategory[], category: string | null): string | null =>
  categories.find((c) => c.value === category)?.segment ?? (category === LEAVE_CATEGORY ? 'leave' : null)

/** A category's name from the dictionary (the row's own name first). */
export const categoryLabel = (categories: TFlowCategory[], category: string | null, name?: string | null) =>
  name ?? categories.find((c) => c.value === category)?.label ?? category ?? ''
