import CampaignIcon from '@mui/icons-material/Campaign'
import EditNoteIcon from '@mui/icons-material/EditNote'
import EventIcon from '@mui/icons-material/Event'
import QuizIcon from '@mui/icons-material/Quiz'
import Box from '@mui/material/Box'
import Grid from '@mui/material/Grid'
import Paper from '@mui/material/Paper'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import { BarChart } from '@mui/x-charts/BarChart'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { type TMyDashboard, useMyDashboard } from '../api/welApi'

type TCard = {
  key: string
  label: string
  value: (d: TMyDashboard) => number
  hint?: (d: TMyDashboard) => string
  icon: ReactNode
  color: string
}

/**
 * A member's home page figures (issue 24): their applications, their unit's questionnaire fillings,
 * their meeting registrations and notices — not the system's users or dictionaries.
 */
export const MemberHome = ({ notices }: { notices: ReactNode }) => {
  const { t } = useTranslation()
  const mine = useMyDashboard()
  const d = mine.data
  const cards: TCard[] = [
    {
      key: 'applications',
      label: t('wel.mine.applications'),
      value: (x) => x.applicationCount,
      hint: (x) =>
        t('wel.mine.applicationsHint', {
          progress: x.applicationInProgress,
          returned: x.applicationReturned,
        }),
      icon: <EditNoteIcon />,
      color: '#1565c0',
    },
    {
      key: 'surveys',
      label: t('wel.mine.surveys'),
      value: (x) => x.surveyCount,
      hint: (x) => t('wel.mine.surveysHint', { toFill: x.surveyToFill }),
      icon: <QuizIcon />,
      color: '#2e7d32',
    },
    {
      key: 'registrations',
      label: t('wel.mine.registrations'),
      value: (x) => x.registrationCount,
      icon: <EventIcon />,
      color: '#6a1b9a',
    },
    {
      key: 'notices',
      label: t('wel.mine.notices'),
      value: (x) => x.noticeCount,
      icon: <CampaignIcon />,
      color: '#ed6c02',
    },
  ]
  const applications = d?.applications ?? []
  return (
    <>
      <Grid container spacing={2}>
        {cards.map((card) => (
          <Grid key={card.key} size={{ xs: 12, sm: 6, lg: 3 }}>
            <Paper
              sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2 }}
              data-testid={`mine-${card.key}`}
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
                  {card.label}
                </Typography>
                <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
                  {d ? card.value(d) : <Skeleton width={40} />}
                </Typography>
                {d && card.hint && (
                  <Typography variant="caption" color="text.secondary">
                    {card.hint(d)}
                  </Typography>
                )}
              </Box>
            </Paper>
          </Grid>
        ))}
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>{notices}</Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Paper sx={{ p: 2, height: '100%' }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('wel.mine.byStatus')}
            </Typography>
            <BarChart
              height={280}
              loading={!d}
              xAxis={[
                {
                  scaleType: 'band',
                  data: applications.map((a) => a.name),
                  height: 48,
                  tickLabelStyle: { angle: -30, textAnchor: 'end', fontSize: 11 },
                },
              ]}
              yAxis={[
                {
                  min: 0,
                  // All zeros would draw one tick labelled 0.00: a whole-number axis up to 1 at least.
                  max: Math.max(1, ...applications.map((a) => a.value)),
                  tickMinStep: 1,
                  valueFormatter: (v: number) => String(Math.round(v)),
                  label: t('wel.mine.axisCount'),
                },
              ]}
              series={[
                { data: applications.map((a) => a.value), label: t('wel.mine.series'), color: '#1565c0' },
              ]}
            />
          </Paper>
        </Grid>
      </Grid>
    </>
  )
}
