import Grid from '@mui/material/Grid'
import Stack from '@mui/material/Stack'
import { useDashboardStats } from '../api/welApi'
import { RecordsChart, TrendChart } from './Charts'
import { NoticeList } from './NoticeList'
import { StatCards } from './StatCards'

/** `/wel/dashboard`: the console — counts, the activity trend, records and notices. */
export const DashboardPage = () => {
  const stats = useDashboardStats()
  return (
    <Stack spacing={2}>
      <StatCards stats={stats.data} />
      <TrendChart stats={stats.data} height={320} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <RecordsChart stats={stats.data} height={320} />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <NoticeList size={8} />
        </Grid>
      </Grid>
    </Stack>
  )
}
