import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { TimeExpressionType } from '@ysjs/shared'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { jobInfoApi } from '../jobApi'

const SCHEDULED: readonly number[] = [
  TimeExpressionType.CRON,
  TimeExpressionType.FIXED_RATE,
  TimeExpressionType.FIXED_DELAY,
]

/** Settles a value that changes while the user types. */
const useSettled = <T,>(value: T, ms: number): T => {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

type TProps = {
  timeExpressionType: string
  timeExpression: string
  lifecycleStart?: string
  lifecycleEnd?: string
  /** The moment the fires are counted after (`yyyy-MM-dd HH:mm[:ss]`, China time); empty: now. */
  from?: string
  count?: number
}

/** The next fire times of a time expression, computed by the server (the worker's own rules). */
export const FireTimesPreview = (props: TProps) => {
  const { t } = useTranslation()
  const count = props.count ?? 10
  const query = useSettled(
    {
      timeExpressionType: props.timeExpressionType,
      timeExpression: props.timeExpression,
      lifecycleStart: props.lifecycleStart ?? '',
      lifecycleEnd: props.lifecycleEnd ?? '',
      from: props.from ?? '',
    },
    300,
  )
  // CRON and the fixed rates need an expression: nothing is asked for before one is typed.
  const enabled =
    query.timeExpressionType !== '' &&
    (!SCHEDULED.includes(Number(query.timeExpressionType)) || query.timeExpression.trim() !== '')
  const times = useQuery({
    queryKey: ['job-info', 'next-fire-times', query, count],
    queryFn: () =>
      jobInfoApi.nextFireTimes({
        timeExpressionType: query.timeExpressionType,
        count,
        ...(query.timeExpression ? { timeExpression: query.timeExpression } : {}),
        ...(query.lifecycleStart ? { lifecycleStart: query.lifecycleStart } : {}),
        ...(query.lifecycleEnd ? { lifecycleEnd: query.lifecycleEnd } : {}),
        ...(query.from ? { from: query.from } : {}),
      }),
    enabled,
    retry: false,
    placeholderData: (previous) => previous,
  })
  if (!enabled) {
    return null
  }
  return (
    <Box data-testid="fire-times" sx={{ mt: 1 }}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {t('job.info.nextFireTimes', { count })}
      </Typography>
      {times.isError ? (
        <Alert severity="warning">
          {times.error instanceof Error ? times.error.message : String(times.error)}
        </Alert>
      ) : times.data && times.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('job.info.noFireTimes')}
        </Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, pl: 3, columns: 2, fontFamily: 'monospace', fontSize: 13 }}>
          {(times.data ?? []).map((d) => (
            <li key={d}>{d}</li>
          ))}
        </Box>
      )}
    </Box>
  )
}
