import CloseIcon from '@mui/icons-material/Close'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import GlobalStyles from '@mui/material/GlobalStyles'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import { alpha, useTheme } from '@mui/material/styles'
import type NavigatedViewer from 'bpmn-js/lib/NavigatedViewer'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { flowMarkers, type TFlowHistoryItem } from './flowMarkers'
import 'bpmn-js/dist/assets/diagram-js.css'
import 'bpmn-js/dist/assets/bpmn-js.css'

type TCanvas = { addMarker: (id: string, marker: string) => void; zoom: (level: 'fit-viewport') => void }
type TElementRegistry = { get: (id: string) => unknown }

export type TFlowDiagramProps = {
  open: boolean
  onClose: () => void
  /** BPMN 2.0 XML of the process definition. */
  xml: string | null
  /** The instance's history: which nodes are done or current and which flows were taken. */
  history?: TFlowHistoryItem[]
}

const MarkerStyles = () => {
  const { palette } = useTheme()
  // The shape only (a node's first child): its label and icons keep their own colours, legible on the fill.
  const node = (color: string, fill: string) => ({
    '& .djs-visual > :first-child': {
      stroke: `${color} !important`,
      strokeWidth: '3px !important',
      fill: `${alpha(fill, 0.35)} !important`,
    },
  })
  return (
    <GlobalStyles
      styles={{
        '.flow-done': node(palette.success.main, palette.success.light),
        '.flow-current': node(palette.primary.main, palette.primary.light),
        '.flow-path .djs-visual > path': {
          stroke: `${palette.warning.main} !important`,
          strokeWidth: '3px !important',
        },
      }}
    />
  )
}

/** 流程图展示: the process diagram in view mode (bpmn-js navigated viewer). */
export const FlowDiagramDialog = ({ open, onClose, xml, history = [] }: TFlowDiagramProps) => {
  const { t } = useTranslation()
  const [state, setState] = useState<'idle' | 'loading' | 'ready' | 'failed'>('idle')
  const [host, setHost] = useState<HTMLDivElement | null>(null)

  useEffect(() => {
    if (!open || !xml || !host) {
      return
    }
    let viewer: NavigatedViewer | null = null
    let cancelled = false
    setState('loading')
    const render = async () => {
      const { default: Viewer } = await import('bpmn-js/lib/NavigatedViewer')
      if (cancelled) {
        return
      }
      const created = new Viewer({ container: host })
      viewer = created
      await created.importXML(xml)
      const canvas = created.get<TCanvas>('canvas')
      const registry = created.get<TElementRegistry>('elementRegistry')
      flowMarkers(history).forEach((marker, id) => {
        if (registry.get(id)) {
          canvas.addMarker(id, marker)
        }
      })
      canvas.zoom('fit-viewport')
      if (!cancelled) {
        setState('ready')
      }
    }
    render().catch(() => !cancelled && setState('failed'))
    return () => {
      cancelled = true
      viewer?.destroy()
    }
  }, [open, xml, history, host])

  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: '70%', maxWidth: '70%' } } }}
      aria-labelledby="flow-dialog-title"
    >
      <MarkerStyles />
      <DialogTitle id="flow-dialog-title" sx={{ pr: 6 }}>
        {t('flow.title')}
        <IconButton
          aria-label={t('common.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
          <Chip size="small" color="success" label={t('flow.legendDone')} />
          <Chip size="small" color="primary" label={t('flow.legendCurrent')} />
          <Chip size="small" color="warning" label={t('flow.legendFlow')} />
        </Stack>
        {state === 'failed' && <Alert severity="error">{t('flow.loadFailed')}</Alert>}
        <Box sx={{ position: 'relative', height: '60vh' }}>
          {state === 'loading' && (
            <CircularProgress sx={{ position: 'absolute', top: '50%', left: '50%', mt: -2.5, ml: -2.5 }} />
          )}
          <Box ref={setHost} data-testid="flow-canvas" sx={{ height: '100%', width: '100%' }} />
        </Box>
      </DialogContent>
    </Dialog>
  )
}
