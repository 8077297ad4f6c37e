/**
 * The one factory of react-query keys. Every key of a resource starts with the resource's key, so
 * invalidating `queryKeys.all(key)` refreshes its lists, details and special calls at once.
 */
export const queryKeys = {
  all: (resource: string) => [resource] as const,
  lists: (resource: string) => [resource, 'list'] as const,
  list: (resource: string, params: unknown = {}) => [resource, 'list', params] as const,
  detail: (resource: string, id: string | null | undefined) => [resource, 'detail', id ?? null] as const,
  /** A resource's own call (`options`, `tree`, `files`…) with its arguments. */
  call: (resource: string, name: string, ...args: unknown[]) => [resource, name, ...args] as const,
}

export type TQueryKey = readonly unknown[]
