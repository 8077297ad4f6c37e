import Chip from '@mui/material/Chip'
import { RESULTS_STATUS } from '@ysjs/shared'

const STATUS_COLOR: Record<number, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  [RESULTS_STATUS.DRAFT]: 'default',
  [RESULTS_STATUS.PENDING]: 'info',
  [RESULTS_STATUS.RETURNED]: 'error',
  [RESULTS_STATUS.ARCHIVED]: 'success',
  [RESULTS_STATUS.REPORTED]: 'success',
}

/** An appraisal application's status (its label comes from the server). */
export const StatusChip = ({ status, label }: { status: number; label: string }) => (
  <Chip size="small" color={STATUS_COLOR[status] ?? 'warning'} label={label} data-testid="results-status" />
)
