import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useQuery } from '@tanstack/react-query'
import type { TFlowModel } from '@ysjs/shared'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '@/lib/notify'
import { flowApi } from '../flowApi'
import 'bpmn-js/dist/assets/diagram-js.css'
import 'bpmn-js/dist/assets/bpmn-js.css'
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css'

type TModeler = {
  importXML: (xml: string) => Promise<unknown>
  saveXML: (o: { format: boolean }) => Promise<{ xml?: string }>
  destroy: () => void
}

const EMPTY = (key: string, name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:flowable="http://flowable.org/bpmn" id="d_${key}" targetNamespace="http://www.flowable.org/processdef">
  <process id="${key}" name="${name}" isExecutable="true"><startEvent id="start" name="开始"/></process>
  <bpmndi:BPMNDiagram id="diagram_${key}"><bpmndi:BPMNPlane id="plane_${key}" bpmnElement="${key}">
    <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="100" y="100" width="36" height="36"/></bpmndi:BPMNShape>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`

/** Create or edit a model: name, key, description and the diagram in the bpmn-js modeler. */
export const BpmnModelerDialog = ({
  model,
  onClose,
}: {
  model: TFlowModel | 'new'
  onClose: (saved: boolean) => void
}) => {
  const { t } = useTranslation()
  const detail = useQuery({
    queryKey: ['flow', 'model', model === 'new' ? 'new' : model.id],
    queryFn: () => flowApi.modelDetail((model as TFlowModel).id),
    enabled: model !== 'new',
  })
  const [meta, setMeta] = useState({ name: '', modelKey: '', description: '' })
  const [host, setHost] = useState<HTMLDivElement | null>(null)
  const modeler = useRef<TModeler | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (detail.data) {
      setMeta({
        name: detail.data.name,
        modelKey: detail.data.modelKey,
        description: detail.data.description ?? '',
      })
    }
  }, [detail.data])
  useEffect(() => {
    if (!host || (model !== 'new' && !detail.data)) {
      return
    }
    let cancelled = false
    void (async () => {
      const { default: Modeler } = await import('bpmn-js/lib/Modeler')
      if (cancelled) {
        return
      }
      const m = new Modeler({ container: host }) as unknown as TModeler
      modeler.current = m
      await m.importXML(detail.data?.xml ?? EMPTY('process_1', '新流程'))
    })()
    return () => {
      cancelled = true
      modeler.current?.destroy()
      modeler.current = null
    }
  }, [host, model, detail.data])
  const save = async () => {
    const xml = (await modeler.current?.saveXML({ format: true }))?.xml ?? ''
    setBusy(true)
    try {
      await flowApi.modelSubmit({ ...(model !== 'new' ? { id: model.id } : {}), ...meta, xml })
      toast.success(t('msg.operateSuccess'))
      onClose(true)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="xl">
      <DialogTitle>{t('flow.model.editor')}</DialogTitle>
      <DialogContent dividers>
        <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
          <TextField
            size="small"
            label={t('flow.model.name')}
            value={meta.name}
            required
            onChange={(e) => setMeta({ ...meta, name: e.target.value })}
          />
          <TextField
            size="small"
            label={t('flow.model.key')}
            value={meta.modelKey}
            required
            onChange={(e) => setMeta({ ...meta, modelKey: e.target.value })}
          />
          <TextField
            size="small"
            label={t('flow.model.description')}
            value={meta.description}
            sx={{ flex: 1 }}
            onChange={(e) => setMeta({ ...meta, description: e.target.value })}
          />
        </Stack>
        <Box
          ref={setHost}
          data-testid="bpmn-modeler"
          sx={{ height: '65vh', border: 1, borderColor: 'divider' }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('flow.action.back')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()}>
          {t('flow.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
