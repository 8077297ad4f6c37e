import LinearProgress from '@mui/material/LinearProgress'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { downloadsStore, type TDownloadProgress } from '@/lib/download'
import { useStore } from '@/lib/store'

/** Bytes as a person reads them (1.2 MB). */
export const formatBytes = (n: number): string => {
  if (n < 1024) {
    return `${n} B`
  }
  if (n < 1024 * 1024) {
    return `${(n / 1024).toFixed(1)} KB`
  }
  return `${(n / 1024 / 1024).toFixed(1)} MB`
}

/** A download shows once it has run this long: a quick one never flashes a panel. */
export const PANEL_DELAY_MS = 400

const Line = ({ d }: { d: TDownloadProgress }) => {
  const { t } = useTranslation()
  const size = d.received === null ? null : formatBytes(d.received)
  const status =
    size === null
      ? t('download.preparing')
      : d.total
        ? t('download.receivedOf', { size, total: formatBytes(d.total) })
        : t('download.received', { size })
  return (
    <div data-testid="download-progress">
      <Typography variant="body2" noWrap title={d.name ?? undefined} sx={{ fontWeight: 500 }}>
        {d.name ?? t('download.title')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {status}
        {d.rows !== null ? ` · ${t('download.rows', { rows: d.rows.toLocaleString() })}` : ''}
      </Typography>
      <LinearProgress
        sx={{ mt: 0.5 }}
        variant={d.total && d.received !== null ? 'determinate' : 'indeterminate'}
        value={d.total && d.received !== null ? Math.min(100, (d.received / d.total) * 100) : undefined}
      />
    </div>
  )
}

/**
 * The panel of downloads under way (exports above all: a large one streams for a while): the file's
 * name, the bytes received so far and, for an export, how many rows it holds. Mounted once by the
 * app's providers; it reads `downloadsStore`, which the one download helper (lib/download) fills.
 */
export const DownloadProgress = () => {
  const downloads = useStore(downloadsStore)
  const [shown, setShown] = useState<ReadonlySet<number>>(new Set())
  useEffect(() => {
    const pending = downloads.filter((d) => !shown.has(d.id))
    if (!pending.length) {
      return
    }
    const timer = setTimeout(
      () => setShown((prev) => new Set([...prev, ...pending.map((d) => d.id)])),
      PANEL_DELAY_MS,
    )
    return () => clearTimeout(timer)
  }, [downloads, shown])
  const visible = downloads.filter((d) => shown.has(d.id))
  if (!visible.length) {
    return null
  }
  return (
    <Paper
      elevation={6}
      role="status"
      aria-live="polite"
      sx={{ position: 'fixed', right: 16, bottom: 16, width: 320, p: 1.5, zIndex: 1500 }}
    >
      {visible.map((d) => (
        <Line key={d.id} d={d} />
      ))}
    </Paper>
  )
}
