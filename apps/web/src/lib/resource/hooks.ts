import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import type { TListQuery } from '@/components/crud/types'
import { HttpError } from '@/lib/http/errors'
import { toast } from '@/lib/notify'
import { queryKeys, type TQueryKey } from './queryKeys'

type TListSource<Row> = {
  key: string
  list: (query: TListQuery) => Promise<{ records: Row[]; total: number }>
}
type TDetailSource<Row> = { key: string; detail: (id: string) => Promise<Row> }

/** One page of a resource's list; the previous page stays on screen while the next one loads. */
export const useResourceList = <Row>(api: TListSource<Row>, query: TListQuery, enabled = true) =>
  useQuery({
    queryKey: queryKeys.list(api.key, query),
    queryFn: () => api.list(query),
    placeholderData: keepPreviousData,
    enabled,
  })

/** One record of a resource, fetched while `id` is set. */
export const useResourceDetail = <Row>(api: TDetailSource<Row>, id: string | null | undefined) =>
  useQuery({
    queryKey: queryKeys.detail(api.key, id),
    queryFn: () => api.detail(id ?? ''),
    enabled: !!id,
  })

export type TMutationOptions<TArgs extends unknown[], TResult> = {
  /** Keys (a resource's key, or a whole query key) whose data the change makes stale. */
  invalidates?: (string | TQueryKey)[] | ((result: TResult, ...args: TArgs) => (string | TQueryKey)[])
  /** The success toast: an i18n key or a message (default 操作成功); false shows none. */
  success?: string | false
  /** Asked first (确定将选择数据删除?); a refusal makes no call. */
  confirm?: string | ((...args: TArgs) => string)
  onSuccess?: (result: TResult, ...args: TArgs) => unknown
}

export type TMutation<TArgs extends unknown[], TResult> = {
  /** Runs the call: resolves true when done, false when refused or failed (the client toasted why). */
  run: (...args: TArgs) => Promise<boolean>
  /** Runs the call and lets a failure through (a form puts a 400 about a field under it). */
  runOrThrow: (...args: TArgs) => Promise<TResult>
  busy: boolean
}

/**
 * A change with the platform's manners built in: optional confirmation, the busy state (buttons
 * disable while it runs), the success toast, and the cache invalidation of what it changed.
 */
export const useResourceMutation = <TArgs extends unknown[], TResult>(
  call: (...args: TArgs) => Promise<TResult>,
  options: TMutationOptions<TArgs, TResult> = {},
): TMutation<TArgs, TResult> => {
  const { t } = useTranslation()
  const confirm = useConfirm()
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: (args: TArgs) => call(...args),
    onSuccess: async (result, args) => {
      if (options.success !== false) {
        toast.success(t(options.success ?? 'msg.operateSuccess'))
      }
      const keys =
        typeof options.invalidates === 'function' ? options.invalidates(result, ...args) : options.invalidates
      await Promise.all(
        (keys ?? []).map((key) =>
          queryClient.invalidateQueries({ queryKey: typeof key === 'string' ? queryKeys.all(key) : key }),
        ),
      )
      await options.onSuccess?.(result, ...args)
    },
  })
  const runOrThrow = (...args: TArgs) => mutation.mutateAsync(args)
  const run = async (...args: TArgs): Promise<boolean> => {
    if (options.confirm) {
      const message = typeof options.confirm === 'function' ? options.confirm(...args) : options.confirm
      if (!(await confirm({ message: t(message) }))) {
        return false
      }
    }
    try {
      await runOrThrow(...args)
      return true
    } catch (error) {
      if (error instanceof HttpError) {
        return false
      }
      throw error
    }
  }
  return { run, runOrThrow, busy: mutation.isPending }
}
