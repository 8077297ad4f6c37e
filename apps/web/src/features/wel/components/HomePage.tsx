import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Grid from '@mui/material/Grid'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { formatDate } from '@ysjs/shared'
import { useTranslation } from 'react-i18next'
import { useSession } from '@/lib/session/session'
import { useDashboardStats } from '../api/welApi'
import { RecordsChart } from './Charts'
import { NoticeList } from './NoticeList'
import { StatCards } from './StatCards'

/** `/wel/index`: a greeting, the user's counts, the latest notices and the records chart. */
export const HomePage = () => {
  const { t } = useTranslation()
  const user = useSession((s) => s.user)
  const stats = useDashboardStats()
  const name = user?.nick_name || user?.real_name || user?.account || ''
  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 3, display: 'flex', alignItems: 'center', gap: 2 }}>
        <Avatar src={user?.avatar || undefined} sx={{ width: 56, height: 56 }} alt="" />
        <Box>
          <Typography variant="h6" component="h1">
            {t('wel.greeting', { name })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('wel.today', { date: formatDate(new Date()) })} · {t('wel.role')}：{user?.role_name} ·{' '}
            {t('wel.tenant')}：{user?.tenant_id}
          </Typography>
        </Box>
      </Paper>
      <StatCards stats={stats.data} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <NoticeList />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <RecordsChart stats={stats.data} />
        </Grid>
      </Grid>
    </Stack>
  )
}
