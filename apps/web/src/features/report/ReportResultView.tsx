import { Box, Paper, Typography } from '@mui/material'
import { BarChart } from '@mui/x-charts/BarChart'
import { LineChart } from '@mui/x-charts/LineChart'
import { PieChart } from '@mui/x-charts/PieChart'
import { DataGrid, type GridPaginationModel } from '@mui/x-data-grid'
import type { TReportResult } from '@ysjs/shared'
import { useTranslation } from 'react-i18next'
import { useGridLocaleText } from '@/lib/gridLocale'

const ReportChart = ({ chart }: { chart: NonNullable<TReportResult['chart']> }) => {
  if (chart.type === 'pie') {
    return (
      <PieChart
        height={280}
        series={[{ data: chart.labels.map((label, id) => ({ id, label, value: chart.values[id] ?? 0 })) }]}
      />
    )
  }
  return chart.type === 'line' ? (
    <LineChart
      height={280}
      xAxis={[{ scaleType: 'point', data: chart.labels }]}
      series={[{ data: chart.values }]}
    />
  ) : (
    <BarChart
      height={280}
      xAxis={[{ scaleType: 'band', data: chart.labels }]}
      series={[{ data: chart.values }]}
    />
  )
}

/** A report's run: its chart (when it has one) above the paged result table. */
export const ReportResultView = ({
  result,
  page,
  onPage,
}: {
  result: TReportResult
  page: GridPaginationModel
  onPage: (page: GridPaginationModel) => void
}) => {
  const { t } = useTranslation()
  const localeText = useGridLocaleText()
  return (
    <>
      {result.chart && (
        <Paper sx={{ p: 2 }} data-testid="report-chart">
          <Typography variant="subtitle2">{t('develop.report.chart')}</Typography>
          <ReportChart chart={result.chart} />
        </Paper>
      )}
      <Box sx={{ height: 420 }}>
        <DataGrid
          data-testid="report-table"
          localeText={localeText}
          rows={result.records.map((r, id) => ({ __id: id, ...r }))}
          getRowId={(r) => r.__id as number}
          columns={result.columns.map((c) => ({ field: c.key, headerName: c.label, flex: 1 }))}
          rowCount={result.total}
          paginationMode="server"
          paginationModel={page}
          pageSizeOptions={[10, 30, 50, 100]}
          onPaginationModelChange={onPage}
        />
      </Box>
    </>
  )
}
