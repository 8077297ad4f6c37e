import { QueryClient } from '@tanstack/react-query'

/** The HTTP client already refreshes on 401 and toasts failures: react-query must not retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
})
