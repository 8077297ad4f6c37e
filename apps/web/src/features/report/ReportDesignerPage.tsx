import { Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material'
import { BarChart } from '@mui/x-charts/BarChart'
import { LineChart } from '@mui/x-charts/LineChart'
import { PieChart } from '@mui/x-charts/PieChart'
import { DataGrid } from '@mui/x-data-grid'
import { useQuery } from '@tanstack/react-query'
import {
  REPORT_AGGREGATES,
  REPORT_CHART_TYPES,
  REPORT_FILTER_OPS,
  type TReportDefinition,
  type TReportResult,
} from '@ysjs/shared'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { downloadFile } from '@/features/develop/developApi'
import { useGridLocaleText } from '@/lib/gridLocale'
import { toast } from '@/lib/notify'
import { reportDesignApi } from './reportDesignApi'

type TFilter = { column: string; op: (typeof REPORT_FILTER_OPS)[number]; value: string }

const ReportChart = ({ chart }: { chart: NonNullable<TReportResult['chart']> }) => {
  if (chart.type === 'pie') {
    return (
      <PieChart
        height={280}
        series={[{ data: chart.labels.map((label, id) => ({ id, label, value: chart.values[id] ?? 0 })) }]}
      />
    )
  }
  const xAxis = [{ scaleType: 'band' as const, data: chart.labels }]
  return chart.type === 'line' ? (
    <LineChart
      height={280}
      xAxis={[{ scaleType: 'point', data: chart.labels }]}
      series={[{ data: chart.values }]}
    />
  ) : (
    <BarChart height={280} xAxis={xAxis} series={[{ data: chart.values }]} />
  )
}

/**
 * 报表设计 (`/report/design`): pick a model, its columns, a filter, grouping with aggregates and a
 * chart; run it (a paged table and the chart), save it, export a saved one to xlsx.
 */
export const ReportDesignerPage = () => {
  const { t } = useTranslation()
  const localeText = useGridLocaleText()
  const sources = useQuery({ queryKey: ['report-sources'], queryFn: reportDesignApi.sources })
  const [name, setName] = useState('')
  const [savedId, setSavedId] = useState<string | undefined>()
  const [source, setSource] = useState('')
  const [columns, setColumns] = useState<string[]>([])
  const [groupBy, setGroupBy] = useState('')
  const [aggregate, setAggregate] = useState<{ fn: string; column: string }>({ fn: 'count', column: '' })
  const [filter, setFilter] = useState<TFilter>({ column: '', op: 'eq', value: '' })
  const [chartType, setChartType] = useState<(typeof REPORT_CHART_TYPES)[number]>('bar')
  const [page, setPage] = useState({ page: 0, pageSize: 10 })
  const [result, setResult] = useState<TReportResult | null>(null)
  const current = sources.data?.find((s) => s.key === source)

  const definition = useMemo((): TReportDefinition => {
    const aggKey = aggregate.fn === 'count' ? 'count' : `${aggregate.fn}_${aggregate.column}`
    return {
      source,
      columns,
      filters:
        filter.column && filter.value ? [{ column: filter.column, op: filter.op, value: filter.value }] : [],
      groupBy: groupBy ? [groupBy] : [],
      aggregates: groupBy
        ? [{ fn: aggregate.fn as 'count', ...(aggregate.column ? { column: aggregate.column } : {}) }]
        : [],
      chart: groupBy ? { type: chartType, category: groupBy, value: aggKey } : { type: 'none' },
    }
  }, [source, columns, filter, groupBy, aggregate, chartType])

  const run = async (p = page) => {
    setPage(p)
    setResult(await reportDesignApi.run({ definition, current: p.page + 1, size: p.pageSize }))
  }
  const save = async () => {
    await reportDesignApi.submit({ ...(savedId ? { id: savedId } : {}), name, definition })
    toast.success(t('develop.report.saved'))
    setSavedId(savedId ?? (await reportDesignApi.findByName(name)))
  }
  const exportXlsx = async () => {
    if (!savedId) {
      toast.error(t('develop.report.saveFirst'))
      return
    }
    await downloadFile(
      `/api/ysjs-report/report/rest/export?id=${savedId}`,
      'GET',
      `${name || 'report'}.xlsx`,
    ).catch((e: unknown) => toast.error(e instanceof Error ? e.message : String(e)))
  }
  const select = (
    label: string,
    value: string,
    onChange: (v: string) => void,
    items: [string, string][],
    testId: string,
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 160 }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {items.map(([v, l]) => (
        <MenuItem key={v} value={v}>
          {l}
        </MenuItem>
      ))}
    </TextField>
  )
  const columnItems: [string, string][] = (current?.columns ?? []).map((c) => [c.name, c.label])

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Paper sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
          <TextField
            size="small"
            label={t('develop.report.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          {select(
            t('develop.report.source'),
            source,
            (v) => {
              setSource(v)
              setColumns([])
              setGroupBy('')
              setResult(null)
            },
            (sources.data ?? []).map((s) => [s.key, s.name]),
            'report-source',
          )}
          <TextField
            select
            size="small"
            label={t('develop.report.columns')}
            value={columns}
            onChange={(e) => setColumns(e.target.value as unknown as string[])}
            sx={{ minWidth: 200 }}
            slotProps={{ select: { multiple: true } }}
          >
            {columnItems.map(([v, l]) => (
              <MenuItem key={v} value={v}>
                {l}
              </MenuItem>
            ))}
          </TextField>
          {select(
            t('develop.report.groupBy'),
            groupBy,
            setGroupBy,
            [['', '—'], ...columnItems],
            'report-group',
          )}
          {select(
            t('develop.report.aggregate'),
            aggregate.fn,
            (fn) => setAggregate((a) => ({ ...a, fn })),
            REPORT_AGGREGATES.map((f) => [f, t(`develop.report.fn.${f}`)]),
            'report-fn',
          )}
          {aggregate.fn !== 'count' &&
            select(
              t('develop.report.aggregateColumn'),
              aggregate.column,
              (column) => setAggregate((a) => ({ ...a, column })),
              columnItems,
              'report-fn-column',
            )}
          {select(
            t('develop.report.filterColumn'),
            filter.column,
            (column) => setFilter((f) => ({ ...f, column })),
            [['', '—'], ...columnItems],
            'report-filter-column',
          )}
          {select(
            t('develop.report.filterOp'),
            filter.op,
            (op) => setFilter((f) => ({ ...f, op: op as TFilter['op'] })),
            REPORT_FILTER_OPS.map((o) => [o, t(`develop.report.op.${o}`)]),
            'report-filter-op',
          )}
          <TextField
            size="small"
            label={t('develop.report.filterValue')}
            value={filter.value}
            onChange={(e) => setFilter((f) => ({ ...f, value: e.target.value }))}
          />
          {select(
            t('develop.report.chart'),
            chartType,
            (v) => setChartType(v as typeof chartType),
            REPORT_CHART_TYPES.map((c) => [c, t(`develop.report.chartType.${c}`)]),
            'report-chart',
          )}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button
            variant="contained"
            disabled={!source}
            onClick={() => void run({ page: 0, pageSize: page.pageSize })}
          >
            {t('develop.report.run')}
          </Button>
          <Button variant="outlined" disabled={!source || !name} onClick={() => void save()}>
            {t('develop.save')}
          </Button>
          <Button variant="outlined" disabled={!savedId} onClick={() => void exportXlsx()}>
            {t('develop.report.export')}
          </Button>
        </Stack>
      </Paper>
      {result && (
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
              onPaginationModelChange={(p) => void run(p)}
            />
          </Box>
        </>
      )}
    </Stack>
  )
}
