import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { TCustomFieldProps } from '@/components/crud/types'

/** A stack trace as it was logged: monospace, lines kept, scrollable. */
export const StackTraceField = ({ label, value }: TCustomFieldProps) => (
  <Box>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Box
      component="pre"
      data-testid="stack-trace"
      sx={{
        m: 0,
        p: 1.5,
        maxHeight: 360,
        overflow: 'auto',
        fontFamily: 'monospace',
        fontSize: 12,
        whiteSpace: 'pre',
        bgcolor: 'action.hover',
        borderRadius: 1,
      }}
    >
      {typeof value === 'string' ? value : ''}
    </Box>
  </Box>
)
