import { useQuery } from '@tanstack/react-query'
import { fetchCaptcha } from '../api/authApi'

/** The captcha image and its key; `refresh` fetches a new one (after every failed login too). */
export const useCaptcha = (enabled: boolean) => {
  const query = useQuery({
    queryKey: ['auth', 'captcha'],
    queryFn: fetchCaptcha,
    enabled,
    staleTime: 0,
    gcTime: 0,
  })
  return { captcha: query.data, refresh: () => void query.refetch() }
}
