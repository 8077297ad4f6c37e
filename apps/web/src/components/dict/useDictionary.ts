import { useQuery } from '@tanstack/react-query'
import type { TDictItem } from '@ysjs/shared'
import { http } from '@/lib/http'

export const fetchDictionary = async (code: string): Promise<TDictItem[]> => {
  const items = await http.get<TDictItem[] | null>('/api/ysjs-system/dict-biz/dictionary', { code })
  return (Array.isArray(items) ? items : []).toSorted((a, b) => a.sort - b.sort)
}

/** The items of a business dictionary (label dictValue, value dictKey), cached per code. */
export const useDictionary = (code: string | undefined) =>
  useQuery({
    queryKey: ['dict-biz', 'dictionary', code],
    queryFn: () => fetchDictionary(code ?? ''),
    enabled: !!code,
    staleTime: 5 * 60_000,
  })

/** dictKey → dictValue, for showing a stored key in a grid or a read-only view. */
export const useDictionaryLabels = (code: string | undefined): Map<string, string> => {
  const { data } = useDictionary(code)
  return new Map((data ?? []).map((item) => [item.dictKey, item.dictValue]))
}
