import ApartmentIcon from '@mui/icons-material/Apartment'
import AssignmentIcon from '@mui/icons-material/Assignment'
import CampaignIcon from '@mui/icons-material/Campaign'
import PeopleIcon from '@mui/icons-material/People'
import Grid from '@mui/material/Grid'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { TDashboardStats } from '../api/welApi'
import { StatCard } from './StatCard'

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
        <StatCard
          key={card.key}
          testId={`stat-${card.key}`}
          label={t(card.labelKey)}
          icon={card.icon}
          color={card.color}
          value={stats ? String(stats[card.key] ?? '—') : undefined}
        />
      ))}
    </Grid>
  )
}
