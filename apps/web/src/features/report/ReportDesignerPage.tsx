import {
  Button,
  Checkbox,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import type { GridPaginationModel } from '@mui/x-data-grid'
import { useQuery } from '@tanstack/react-query'
import {
  REPORT_AGGREGATES,
  REPORT_CHART_TYPES,
  REPORT_FILTER_OPS,
  type TReportDefinition,
  type TReportResult,
  ZReportSubmitSchema,
} from '@ysjs/shared'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { FormText } from '@/components/form/Fields'
import { AddRowButton, RemoveRowButton } from '@/components/form/RowButtons'
import { keepFocus } from '@/components/form/requiredLabel'
import { useZodForm } from '@/components/form/useZodForm'
import { ZodFormProvider } from '@/components/form/ZodFormProvider'
import { navigateTo } from '@/lib/navigation'
import { toast } from '@/lib/notify'
import { ReportResultView } from './ReportResultView'
import { aggregateKey, reportDesignApi } from './reportDesignApi'

type TOp = (typeof REPORT_FILTER_OPS)[number]
type TFn = (typeof REPORT_AGGREGATES)[number]
type TChartType = (typeof REPORT_CHART_TYPES)[number]
/** A filter row: a fixed value, or a parameter asked at run time (its value here is the trial value). */
type TFilterRow = { key: number; column: string; op: TOp; value: string; param: string; useParam: boolean }
type TAggregateRow = { key: number; fn: TFn; column: string }

/** Keys of the rows being edited (React's list keys; never sent). */
let nextKey = 0
const newKey = () => ++nextKey
const emptyFilter = (): TFilterRow => ({
  key: newKey(),
  column: '',
  op: 'eq',
  value: '',
  param: '',
  useParam: false,
})
const countRow = (): TAggregateRow => ({ key: newKey(), fn: 'count', column: '' })
const NUMERIC_TYPES = new Set(['int', 'bigint', 'decimal', 'double'])
/** What a chart can plot (the server says the same): counts, sums, averages, min/max of a numeric column. */
const plottableKeys = (
  columns: { name: string; type: string }[],
  aggregates: { fn: TFn; column?: string }[],
): string[] => {
  const typeOf = new Map(columns.map((c) => [c.name, c.type]))
  return aggregates
    .filter((a) =>
      a.fn === 'min' || a.fn === 'max' ? NUMERIC_TYPES.has(typeOf.get(a.column ?? '') ?? '') : true,
    )
    .map(aggregateKey)
}
const MAX_GROUPS = 3

const Select = ({
  label,
  value,
  onChange,
  items,
  testId,
  multiple,
  minWidth = 180,
}: {
  label: string
  value: string | string[]
  onChange: (v: string | string[]) => void
  items: [string, string][]
  testId?: string
  multiple?: boolean
  minWidth?: number
}) => (
  <TextField
    select
    size="small"
    label={label}
    value={value}
    onChange={(e) => onChange(e.target.value as string | string[])}
    sx={{ width: minWidth }}
    slotProps={{
      ...(testId ? { htmlInput: { 'data-testid': testId } } : {}),
      ...(multiple ? { select: { multiple: true } } : {}),
    }}
  >
    {items.map(([v, l]) => (
      <MenuItem key={v} value={v}>
        {l}
      </MenuItem>
    ))}
  </TextField>
)

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack spacing={1.5}>
    <Typography variant="subtitle2" color="text.secondary">
      {title}
    </Typography>
    {children}
  </Stack>
)

/**
 * 报表设计 (`/report/design`, `?id=` opens a saved report): pick a model, its columns, filters (fixed
 * values or run-time parameters), grouping with aggregates and a chart; run it (a paged table and the
 * chart), save it, open it in the viewer.
 */
export const ReportDesignerPage = () => {
  const { t } = useTranslation()
  const [search] = useSearchParams()
  const openId = search.get('id') ?? undefined
  const sources = useQuery({ queryKey: ['report-sources'], queryFn: reportDesignApi.sources })
  const saved = useQuery({
    queryKey: ['report-design', openId],
    queryFn: () => reportDesignApi.detail(openId ?? ''),
    enabled: !!openId,
    staleTime: 0,
  })
  const [savedId, setSavedId] = useState<string | undefined>(openId)
  const [source, setSource] = useState('')
  const [columns, setColumns] = useState<string[]>([])
  const [groupBy, setGroupBy] = useState<string[]>([])
  const [aggregates, setAggregates] = useState<TAggregateRow[]>(() => [countRow()])
  const [filters, setFilters] = useState<TFilterRow[]>(() => [emptyFilter()])
  const [chartType, setChartType] = useState<TChartType>('bar')
  const [chartValue, setChartValue] = useState('')
  const [page, setPage] = useState<GridPaginationModel>({ page: 0, pageSize: 10 })
  const [result, setResult] = useState<TReportResult | null>(null)
  const [busy, setBusy] = useState(false)
  const current = sources.data?.find((s) => s.key === source)
  const form = useZodForm(ZReportSubmitSchema, { defaultValues: { name: '' } })
  const { setValue } = form

  // A saved report fills the form once it is loaded.
  useEffect(() => {
    const d = saved.data
    if (!d) {
      return
    }
    const def = d.definition
    setSavedId(d.id)
    setValue('name', d.name)
    setSource(def.source)
    setColumns(def.columns)
    setGroupBy(def.groupBy)
    setAggregates(def.aggregates.map((a) => ({ key: newKey(), fn: a.fn, column: a.column ?? '' })))
    setFilters(
      def.filters.length
        ? def.filters.map((f) => ({
            key: newKey(),
            column: f.column,
            op: f.op,
            value: f.value ?? '',
            param: f.param ?? '',
            useParam: !!f.param,
          }))
        : [emptyFilter()],
    )
    setChartType(def.chart.type)
    setChartValue(def.chart.value ?? '')
    setResult(null)
  }, [saved.data, setValue])

  const definition = useMemo((): TReportDefinition => {
    // Aggregates apply to groups, or to the whole result when no columns are chosen to be listed.
    const aggregated = groupBy.length > 0 || (columns.length === 0 && aggregates.length > 0)
    const aggs = aggregated
      ? aggregates
          .filter((a) => a.fn === 'count' || a.column)
          .map((a) => ({ fn: a.fn, ...(a.fn !== 'count' ? { column: a.column } : {}) }))
      : []
    const keys = plottableKeys(current?.columns ?? [], aggs)
    const value = keys.includes(chartValue) ? chartValue : keys[0]
    return {
      source,
      columns: aggregated ? [] : columns,
      filters: filters
        .filter((f) => f.column && (f.useParam ? f.param : f.value))
        .map((f) =>
          f.useParam
            ? { column: f.column, op: f.op, param: f.param }
            : { column: f.column, op: f.op, value: f.value },
        ),
      groupBy,
      aggregates: aggs,
      chart:
        groupBy.length && value && chartType !== 'none'
          ? { type: chartType, category: groupBy[0], value }
          : { type: 'none' },
    }
  }, [source, current, columns, filters, groupBy, aggregates, chartType, chartValue])

  /** Trial values of the parameters: what the designer runs with. */
  const trialParams = () =>
    Object.fromEntries(filters.filter((f) => f.useParam && f.param).map((f) => [f.param, f.value]))

  const run = async (p: GridPaginationModel = page) => {
    setPage(p)
    setBusy(true)
    try {
      setResult(
        await reportDesignApi.run({
          definition,
          params: trialParams(),
          current: p.page + 1,
          size: p.pageSize,
        }),
      )
    } finally {
      setBusy(false)
    }
  }
  // The definition is built from the designer's controls; the form checks it with the name on 保存.
  const submit = form.submit(async ({ name }) => {
    setBusy(true)
    try {
      setSavedId(await reportDesignApi.submit({ ...(savedId ? { id: savedId } : {}), name, definition }))
      toast.success(t('develop.report.saved'))
    } finally {
      setBusy(false)
    }
  })
  const save = () => {
    form.setValue('definition', definition)
    return submit()
  }

  const columnItems: [string, string][] = (current?.columns ?? []).map((c) => [c.name, c.label])
  const labelOf = (column: string) => current?.columns.find((c) => c.name === column)?.label ?? column
  const changeFilter = (i: number, patch: Partial<TFilterRow>) =>
    setFilters((list) => list.map((f, j) => (j === i ? { ...f, ...patch } : f)))
  const changeAggregate = (i: number, patch: Partial<TAggregateRow>) =>
    setAggregates((list) => list.map((a, j) => (j === i ? { ...a, ...patch } : a)))
  const aggregateLabel = (a: { fn: TFn; column: string }) =>
    a.fn === 'count' ? t('develop.report.fn.count') : `${labelOf(a.column)}${t(`develop.report.fn.${a.fn}`)}`

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      {(saved.isLoading || busy) && <LinearProgress />}
      <Paper sx={{ p: 2 }}>
        <Stack spacing={2.5}>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <ZodFormProvider form={form}>
              <FormText name="name" label={t('develop.report.name')} sx={{ width: 260 }} />
            </ZodFormProvider>
            <Select
              label={t('develop.report.source')}
              value={source}
              onChange={(v) => {
                setSource(v as string)
                setColumns([])
                setGroupBy([])
                setAggregates([countRow()])
                setFilters([emptyFilter()])
                setResult(null)
              }}
              items={(sources.data ?? []).map((s) => [s.key, s.name])}
              testId="report-source"
            />
            <Select
              label={t('develop.report.columns')}
              value={columns}
              onChange={(v) => setColumns(v as string[])}
              items={columnItems}
              multiple
              minWidth={220}
            />
          </Stack>

          <Section title={t('develop.report.filters')}>
            {filters.map((f, i) => (
              <Stack
                key={f.key}
                direction="row"
                spacing={1.5}
                useFlexGap
                sx={{ alignItems: 'center', flexWrap: 'wrap' }}
              >
                <Select
                  label={t('develop.report.filterColumn')}
                  value={f.column}
                  onChange={(column) => changeFilter(i, { column: column as string })}
                  items={[['', '—'], ...columnItems]}
                  testId={`report-filter-column-${i}`}
                />
                <Select
                  label={t('develop.report.filterOp')}
                  value={f.op}
                  onChange={(op) => changeFilter(i, { op: op as TOp })}
                  items={REPORT_FILTER_OPS.map((o) => [o, t(`develop.report.op.${o}`)])}
                  minWidth={120}
                />
                <TextField
                  size="small"
                  label={f.useParam ? t('develop.report.trialValue') : t('develop.report.filterValue')}
                  value={f.value}
                  onChange={(e) => changeFilter(i, { value: e.target.value })}
                  sx={{ width: 220 }}
                />
                <FormControlLabel
                  label={t('develop.report.asParam')}
                  control={
                    <Checkbox
                      checked={f.useParam}
                      onChange={(e) =>
                        changeFilter(i, {
                          useParam: e.target.checked,
                          param: f.param || (e.target.checked ? f.column || `p${i + 1}` : ''),
                        })
                      }
                    />
                  }
                />
                {f.useParam && (
                  <TextField
                    size="small"
                    label={t('develop.report.paramName')}
                    value={f.param}
                    onChange={(e) => changeFilter(i, { param: e.target.value })}
                    sx={{ width: 140 }}
                  />
                )}
                <RemoveRowButton
                  label={t('develop.report.removeFilter')}
                  onClick={() => setFilters((list) => list.filter((_, j) => j !== i))}
                />
              </Stack>
            ))}
            <AddRowButton
              label={t('develop.report.addFilter')}
              disabled={filters.length >= 20}
              onClick={() => setFilters((list) => [...list, emptyFilter()])}
            />
          </Section>

          <Section title={t('develop.report.grouping')}>
            <Select
              label={t('develop.report.groupBy')}
              value={groupBy}
              onChange={(v) => setGroupBy((v as string[]).slice(0, MAX_GROUPS))}
              items={columnItems}
              multiple
              minWidth={220}
              testId="report-group"
            />
            {aggregates.map((a, i) => (
              <Stack key={a.key} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <Select
                  label={t('develop.report.aggregate')}
                  value={a.fn}
                  onChange={(fn) => changeAggregate(i, { fn: fn as TFn })}
                  items={REPORT_AGGREGATES.map((f) => [f, t(`develop.report.fn.${f}`)])}
                  testId={`report-fn-${i}`}
                />
                {a.fn !== 'count' && (
                  <Select
                    label={t('develop.report.aggregateColumn')}
                    value={a.column}
                    onChange={(column) => changeAggregate(i, { column: column as string })}
                    items={columnItems}
                    testId={`report-fn-column-${i}`}
                  />
                )}
                <RemoveRowButton
                  label={t('develop.report.removeAggregate')}
                  onClick={() => setAggregates((list) => list.filter((_, j) => j !== i))}
                />
              </Stack>
            ))}
            <AddRowButton
              label={t('develop.report.addAggregate')}
              disabled={aggregates.length >= 10}
              onClick={() => setAggregates((list) => [...list, { key: newKey(), fn: 'sum', column: '' }])}
            />
          </Section>

          <Section title={t('develop.report.chart')}>
            <Stack direction="row" spacing={1.5}>
              <Select
                label={t('develop.report.chart')}
                value={chartType}
                onChange={(v) => setChartType(v as TChartType)}
                items={REPORT_CHART_TYPES.map((c) => [c, t(`develop.report.chartType.${c}`)])}
                testId="report-chart"
              />
              <Select
                label={t('develop.report.chartValue')}
                value={definition.chart.value ?? ''}
                onChange={(v) => setChartValue(v as string)}
                items={definition.aggregates
                  .filter((a) => plottableKeys(current?.columns ?? [], [a]).length > 0)
                  .map((a) => [aggregateKey(a), aggregateLabel({ fn: a.fn, column: a.column ?? '' })])}
              />
            </Stack>
          </Section>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button
            variant="contained"
            disabled={!source || busy}
            onClick={() => void run({ page: 0, pageSize: page.pageSize })}
          >
            {t('develop.report.run')}
          </Button>
          <Button variant="outlined" disabled={!source || busy} onClick={() => void save()} {...keepFocus}>
            {t('develop.save')}
          </Button>
          <Button
            variant="outlined"
            disabled={!savedId}
            onClick={() => savedId && navigateTo(`/report/view/${savedId}`)}
          >
            {t('develop.report.openViewer')}
          </Button>
        </Stack>
      </Paper>
      {result && <ReportResultView result={result} page={page} onPage={(p) => void run(p)} />}
    </Stack>
  )
}
