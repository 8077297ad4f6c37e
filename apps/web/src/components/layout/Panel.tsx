import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import type { SxProps, Theme } from '@mui/material/styles'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

/** A titled, outlined block of a dashboard-like page (the member centre's panels). */
export const Panel = ({
  title,
  action,
  testId,
  sx,
  children,
}: {
  title: string
  action?: ReactNode
  testId?: string
  sx?: SxProps<Theme>
  children: ReactNode
}) => (
  <Paper
    variant="outlined"
    sx={[{ p: 2, height: '100%' }, ...(Array.isArray(sx) ? sx : [sx])]}
    data-testid={testId}
  >
    <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
        {title}
      </Typography>
      {action}
    </Stack>
    {children}
  </Paper>
)
