import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'

/** Shown while a screen's chunk loads. */
export const PageLoading = () => (
  <Box sx={{ width: '100%', position: 'relative' }} role="progressbar" aria-busy="true">
    <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
  </Box>
)
