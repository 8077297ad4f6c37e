import { useQuery } from '@tanstack/react-query'
import { fetchTenantInfo } from '../api/authApi'

/** The tenant bound to this domain (login hides the tenant box when there is one). */
export const useTenantInfo = () =>
  useQuery({
    queryKey: ['auth', 'tenant-info', window.location.origin],
    queryFn: fetchTenantInfo,
    staleTime: Infinity,
  })
