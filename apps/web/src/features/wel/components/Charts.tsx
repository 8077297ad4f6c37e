import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { BarChart } from '@mui/x-charts/BarChart'
import { LineChart } from '@mui/x-charts/LineChart'
import { useTranslation } from 'react-i18next'
import type { TDashboardStats } from '../api/welApi'

/** A home page chart under its title. */
export const ChartPanel = ({ titleKey, children }: { titleKey: string; children: React.ReactNode }) => {
  const { t } = useTranslation()
  return (
    <Paper sx={{ p: 2, height: '100%' }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t(titleKey)}
      </Typography>
      {children}
    </Paper>
  )
}

type TChartProps = { stats: TDashboardStats | undefined; height?: number }

/** Counts of the main business records. */
export const RecordsChart = ({ stats, height = 280 }: TChartProps) => {
  const { t } = useTranslation()
  const records = stats?.records ?? []
  return (
    <ChartPanel titleKey="wel.records">
      <BarChart
        height={height}
        loading={!stats}
        xAxis={[{ scaleType: 'band', data: records.map((r) => r.name) }]}
        yAxis={[{ min: 0, tickMinStep: 1, label: t('wel.recordsAxis') }]}
        series={[{ data: records.map((r) => r.value), label: t('wel.recordsSeries'), color: '#1565c0' }]}
      />
    </ChartPanel>
  )
}

/** Activity per day. */
export const TrendChart = ({ stats, height = 280 }: TChartProps) => {
  const { t } = useTranslation()
  const trend = stats?.trend ?? []
  return (
    <ChartPanel titleKey="wel.trend">
      <LineChart
        height={height}
        loading={!stats}
        xAxis={[{ scaleType: 'point', data: trend.map((p) => p.date.slice(5)), label: t('wel.date') }]}
        yAxis={[
          {
            min: 0,
            tickMinStep: 1,
            valueFormatter: (v: number) => String(Math.round(v)),
            label: t('wel.trendAxis'),
          },
        ]}
        series={[
          { data: trend.map((p) => p.count), label: t('wel.trendSeries'), area: true, color: '#ed6c02' },
        ]}
      />
    </ChartPanel>
  )
}
