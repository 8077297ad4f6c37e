import TextField from '@mui/material/TextField'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CloseDialog } from '@/components/dialog/CloseDialog'
import type { TJobInfoRow } from '../jobApi'
import { FireTimesPreview } from './FireTimesPreview'

/** The next 10 fire times of a saved job, from now or from a moment the user gives. */
export const FireTimesDialog = ({ job, onClose }: { job: TJobInfoRow; onClose: () => void }) => {
  const { t } = useTranslation()
  const [from, setFrom] = useState('')
  return (
    <CloseDialog title={`${job.jobName} · ${t('job.info.fireTimes')}`} onClose={onClose} maxWidth="sm">
      <TextField
        label={t('job.info.fireFrom')}
        placeholder="yyyy-MM-dd HH:mm:ss"
        helperText={t('job.info.fireFromHint')}
        value={from}
        onChange={(e) => setFrom(e.target.value)}
        size="small"
        fullWidth
        sx={{ mt: 1 }}
      />
      <FireTimesPreview
        timeExpressionType={String(job.timeExpressionType)}
        timeExpression={job.timeExpression ?? ''}
        lifecycleStart={job.lifecycleStart ?? ''}
        lifecycleEnd={job.lifecycleEnd ?? ''}
        from={from.trim()}
        count={10}
      />
    </CloseDialog>
  )
}
