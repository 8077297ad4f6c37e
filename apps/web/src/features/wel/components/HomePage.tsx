import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Grid from '@mui/material/Grid'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { formatDate, MEMBER_ROLE } from '@ysjs/shared'
import { useTranslation } from 'react-i18next'
import { fileUrl } from '@/lib/fileLink'
import { useSession } from '@/lib/session/session'
import { useUserInfo } from '@/lib/session/userInfo'
import { useDashboardStats } from '../api/welApi'
import { RecordsChart } from './Charts'
import { MemberHome } from './MemberHome'
import { NoticeList } from './NoticeList'
import { StatCards } from './StatCards'

/**
 * `/wel/index`: a greeting, the user's counts, the latest notices and the records chart; a member's own
 * figures instead of the system's (MemberHome).
 */
export const HomePage = () => {
  const { t } = useTranslation()
  const user = useSession((s) => s.user)
  // A member unit's account sees what concerns it; staff see the system's figures.
  const member = (user?.role_name ?? '').split(',').includes(MEMBER_ROLE)
  const stats = useDashboardStats(!member)
  // Display names (超级管理员, 管理组), not the token's aliases and tenant code.
  const info = useUserInfo()
  const name = user?.nick_name || user?.real_name || user?.account || ''
  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 3, display: 'flex', alignItems: 'center', gap: 2 }}>
        <Avatar src={user?.avatar ? fileUrl(user.avatar) : undefined} sx={{ width: 56, height: 56 }} alt="" />
        <Box>
          <Typography variant="h6" component="h1">
            {t('wel.greeting', { name })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('wel.today', { date: formatDate(new Date()) })} · {t('wel.role')}：{info.data?.roleName ?? ''}{' '}
            · {t('wel.tenant')}：{info.data?.tenantName ?? ''}
          </Typography>
        </Box>
      </Paper>
      {member ? (
        <MemberHome notices={<NoticeList />} />
      ) : (
        <>
          <StatCards stats={stats.data} />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, lg: 6 }}>
              <NoticeList />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <RecordsChart stats={stats.data} />
            </Grid>
          </Grid>
        </>
      )}
    </Stack>
  )
}
