import CampaignIcon from '@mui/icons-material/Campaign'
import EditNoteIcon from '@mui/icons-material/EditNote'
import EventIcon from '@mui/icons-material/Event'
import QuizIcon from '@mui/icons-material/Quiz'
import Grid from '@mui/material/Grid'
import { BarChart } from '@mui/x-charts/BarChart'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { type TMyDashboard, useMyDashboard } from '../api/welApi'
import { ChartPanel } from './Charts'
import { StatCard } from './StatCard'

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
          <StatCard
            key={card.key}
            testId={`mine-${card.key}`}
            label={card.label}
            icon={card.icon}
            color={card.color}
            value={d ? card.value(d) : undefined}
            hint={d && card.hint ? card.hint(d) : undefined}
          />
        ))}
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>{notices}</Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartPanel titleKey="wel.mine.byStatus">
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
          </ChartPanel>
        </Grid>
      </Grid>
    </>
  )
}
