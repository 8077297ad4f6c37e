import ApartmentIcon from '@mui/icons-material/Apartment'
import AssignmentIcon from '@mui/icons-material/Assignment'
import CampaignIcon from '@mui/icons-material/Campaign'
import PeopleIcon from '@mui/icons-material/People'
import Box from '@mui/material/Box'
import Grid from '@mui/material/Grid'
import Paper from '@mui/material/Paper'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { TDashboardStats } from '../api/welApi'

type TCard = {
  key: 'todoCount' | 'noticeCount' | 'userCount' | 'deptCount'
  labelKey: string
  icon: ReactNode
  color: string
}

const CARDS: TCard[] = [
  { key: 'todoCount', labelKey: 'wel.todo', icon: <AssignmentIcon />, color: '#1565c0' },
  { key: 'noticeCount', labelKey: 'wel.notices', icon: <CampaignIcon />, color: '#ed6c02' },
  { key: 'userCount', labelKey: 'wel.users', icon: <PeopleIcon />, color: '#2e7d32' },
  { key: 'deptCount', labelKey: 'wel.depts', icon: <ApartmentIcon />, color: '#6a1b9a' },
]

/** The user's to-dos and the main record counts. */
export const StatCards = ({ stats }: { stats: TDashboardStats | undefined }) => {
  const { t } = useTranslation()
  return (
    <Grid container spacing={2}>
      {CARDS.map((card) => (
        <Grid key={card.key} size={{ xs: 12, sm: 6, lg: 3 }}>
          <Paper
            sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2 }}
            data-testid={`stat-${card.key}`}
          >
            <Box
              sx={{
                width: 48,
                height: 48,
                borderRadius: 2,
                display: 'grid',
                placeItems: 'center',
                color: '#fff',
                bgcolor: card.color,
              }}
            >
              {card.icon}
            </Box>
            <Box>
              <Typography variant="body2" color="text.secondary">
                {t(card.labelKey)}
              </Typography>
              <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
                {stats ? String(stats[card.key] ?? '—') : <Skeleton width={40} />}
              </Typography>
            </Box>
          </Paper>
        </Grid>
      ))}
    </Grid>
  )
}
