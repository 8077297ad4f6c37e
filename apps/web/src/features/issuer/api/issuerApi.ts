import { useQuery } from '@tanstack/react-query'
import type { TIssuer, TIssuerSubmit } from '@ysjs/shared'
import { http } from '@/lib/http'

const BASE = '/api/ysjs-system/issuer'

export const ISSUER_KEY = ['issuer', 'detail'] as const

export const useIssuer = () =>
  useQuery({ queryKey: ISSUER_KEY, queryFn: () => http.get<TIssuer>(`${BASE}/detail`) })

export const submitIssuer = (form: TIssuerSubmit): Promise<TIssuer> =>
  http.post<TIssuer>(`${BASE}/submit`, form)
