import Box from '@mui/material/Box'
import Grid from '@mui/material/Grid'
import Paper from '@mui/material/Paper'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

/** One figure of a home page: its icon on a coloured square, its label, the value (a skeleton while loading). */
export const StatCard = ({
  testId,
  label,
  icon,
  color,
  value,
  hint,
}: {
  testId: string
  label: ReactNode
  icon: ReactNode
  color: string
  /** Undefined while the figures load. */
  value: ReactNode | undefined
  hint?: ReactNode
}) => (
  <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
    <Paper sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2 }} data-testid={testId}>
      <Box
        sx={{
          width: 48,
          height: 48,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          color: '#fff',
          bgcolor: color,
        }}
      >
        {icon}
      </Box>
      <Box>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
          {value === undefined ? <Skeleton width={40} /> : value}
        </Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
      </Box>
    </Paper>
  </Grid>
)
