import { Alert, Button, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material'
import type { GridPaginationModel } from '@mui/x-data-grid'
import { useQuery } from '@tanstack/react-query'
import { PERMISSIONS, REPORT_EXPORT_MAX_ROWS, reportExportCapMsg, type TReportResult } from '@ysjs/shared'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router-dom'
import { navigateTo } from '@/lib/navigation'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { ReportResultView } from './ReportResultView'
import { paramsOf, reportDesignApi } from './reportDesignApi'

/**
 * 报表查看 (`/report/view/:id`, opened from the report list): a saved report's parameters, its run (a
 * paged table and the chart) and its xlsx export with the same parameters.
 */
export const ReportViewerPage = () => {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const canDesign = useSession((s) => !!s.permissions[PERMISSIONS.reportListEdit])
  const design = useQuery({
    queryKey: ['report-design', id],
    queryFn: () => reportDesignApi.detail(id),
    staleTime: 0,
  })
  const sources = useQuery({ queryKey: ['report-sources'], queryFn: reportDesignApi.sources })
  const [values, setValues] = useState<Record<string, string>>({})
  const [page, setPage] = useState<GridPaginationModel>({ page: 0, pageSize: 10 })
  const [result, setResult] = useState<TReportResult | null>(null)
  const [busy, setBusy] = useState(false)
  const params = design.data ? paramsOf(design.data.definition) : []
  const source = sources.data?.find((s) => s.key === design.data?.definition.source)
  const labelOf = (column: string) => source?.columns.find((c) => c.name === column)?.label ?? column

  const run = async (p: GridPaginationModel = page) => {
    setPage(p)
    setBusy(true)
    try {
      setResult(await reportDesignApi.run({ id, params: values, current: p.page + 1, size: p.pageSize }))
    } finally {
      setBusy(false)
    }
  }
  // A report without parameters runs as soon as it is open.
  const ran = useRef(false)
  useEffect(() => {
    if (design.data && !ran.current && paramsOf(design.data.definition).length === 0) {
      ran.current = true
      void run({ page: 0, pageSize: 10 })
    }
  })
  const missing = params.find((p) => !values[p.name]?.trim())
  const exportXlsx = async () => {
    const { headers } = await reportDesignApi.exportXlsx(id, design.data?.name ?? '', values)
    if (headers.get('x-report-truncated') === 'true') {
      toast.warning(reportExportCapMsg(REPORT_EXPORT_MAX_ROWS, Number(headers.get('x-report-total') ?? 0)))
    }
  }

  if (design.isError) {
    return (
      <Alert severity="warning" sx={{ m: 2 }}>
        {design.error instanceof Error ? design.error.message : t('develop.report.notFound')}
      </Alert>
    )
  }
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      {(design.isLoading || busy) && <LinearProgress />}
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" data-testid="report-title">
          {design.data?.name}
        </Typography>
        {params.length > 0 && (
          <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
            {params.map(({ name, filter }) => (
              <TextField
                key={name}
                size="small"
                required
                label={`${labelOf(filter.column)} ${t(`develop.report.op.${filter.op}`)}`}
                value={values[name] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
                slotProps={{ htmlInput: { 'data-testid': `report-param-${name}` } }}
                sx={{ width: 280 }}
              />
            ))}
          </Stack>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button
            variant="contained"
            disabled={!design.data || busy}
            onClick={() =>
              missing
                ? toast.warning(t('develop.report.paramRequired', { name: labelOf(missing.filter.column) }))
                : void run({ page: 0, pageSize: page.pageSize })
            }
          >
            {t('develop.report.query')}
          </Button>
          <Button
            variant="outlined"
            disabled={!design.data || !!missing}
            onClick={() => void exportXlsx().catch(() => undefined)}
          >
            {t('develop.report.export')}
          </Button>
          {canDesign && (
            <Button variant="outlined" onClick={() => navigateTo(`/report/design?id=${id}`)}>
              {t('develop.report.design')}
            </Button>
          )}
        </Stack>
      </Paper>
      {result && <ReportResultView result={result} page={page} onPage={(p) => void run(p)} />}
    </Stack>
  )
}
