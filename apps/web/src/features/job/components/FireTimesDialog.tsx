import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import { useTranslation } from 'react-i18next'
import type { TJobInfoRow } from '../jobApi'
import { FireTimesPreview } from './FireTimesPreview'

/** The next 10 fire times of a saved job. */
export const FireTimesDialog = ({ job, onClose }: { job: TJobInfoRow; onClose: () => void }) => {
  const { t } = useTranslation()
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>
        {job.jobName} · {t('job.info.fireTimes')}
      </DialogTitle>
      <DialogContent>
        <FireTimesPreview
          timeExpressionType={String(job.timeExpressionType)}
          timeExpression={job.timeExpression ?? ''}
          lifecycleStart={job.lifecycleStart ?? ''}
          lifecycleEnd={job.lifecycleEnd ?? ''}
          count={10}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  )
}
