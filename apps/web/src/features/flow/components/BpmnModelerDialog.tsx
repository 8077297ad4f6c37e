import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import { useQuery } from '@tanstack/react-query'
import { type TFlowModel, ZFlowModelSubmitSchema } from '@ysjs/shared'
import type Modeler from 'bpmn-js/lib/Modeler'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormText } from '@/components/form/Fields'
import { keepFocus } from '@/components/form/requiredLabel'
import { useZodForm } from '@/components/form/useZodForm'
import { ZodFormProvider } from '@/components/form/ZodFormProvider'
import { toast } from '@/lib/notify'
import { BpmnPropertiesPanel } from '../designer/BpmnPropertiesPanel'
import { bpmnTranslateModule } from '../designer/bpmnZh'
import { flowableModdle } from '../designer/flowableModdle'
import { flowApi } from '../flowApi'
import 'bpmn-js/dist/assets/diagram-js.css'
import 'bpmn-js/dist/assets/bpmn-js.css'
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css'

type TRoot = { businessObject: { $type: string; id: string; name?: string } }

const EMPTY = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="http://flowable.org/bpmn" id="definitions" targetNamespace="http://www.flowable.org/processdef">
  <process id="process" isExecutable="true"><startEvent id="start" name="开始"/></process>
  <bpmndi:BPMNDiagram id="diagram"><bpmndi:BPMNPlane id="plane" bpmnElement="process">
    <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="100" y="100" width="36" height="36"/></bpmndi:BPMNShape>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`

/** The diagram is checked by the modeler; the form checks the model's name, key and description. */
const NO_XML = '<definitions/>'

/**
 * Create or edit a model: name, key and description, the diagram in the bpmn-js modeler and the
 * properties the engine reads beside it. The process's id and name are the model's key and name.
 */
export const BpmnModelerDialog = ({
  model,
  onClose,
}: {
  model: TFlowModel | 'new'
  onClose: (saved: boolean) => void
}) => {
  const { t, i18n } = useTranslation()
  const detail = useQuery({
    queryKey: ['flow', 'model', model === 'new' ? 'new' : model.id],
    queryFn: () => flowApi.modelDetail((model as TFlowModel).id),
    enabled: model !== 'new',
  })
  const form = useZodForm(ZFlowModelSubmitSchema, {
    defaultValues: { name: '', modelKey: '', description: '', xml: NO_XML },
  })
  const { reset } = form
  const [host, setHost] = useState<HTMLDivElement | null>(null)
  const [modeler, setModeler] = useState<Modeler | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (detail.data) {
      reset({
        name: detail.data.name,
        modelKey: detail.data.modelKey,
        description: detail.data.description ?? '',
        xml: NO_XML,
      })
    }
  }, [detail.data, reset])
  const language = i18n.language
  useEffect(() => {
    if (!host || (model !== 'new' && !detail.data)) {
      return
    }
    let cancelled = false
    let created: Modeler | null = null
    void (async () => {
      const { default: BpmnModeler } = await import('bpmn-js/lib/Modeler')
      if (cancelled) {
        return
      }
      created = new BpmnModeler({
        container: host,
        moddleExtensions: { flowable: flowableModdle },
        additionalModules: [bpmnTranslateModule(language)],
      })
      await created.importXML(detail.data?.xml ?? EMPTY)
      if (cancelled) {
        return
      }
      setModeler(created)
      // Fit once the dialog has its final size (it opens with a transition).
      const canvas = created.get<{ resized: () => void; zoom: (level: string, center: string) => void }>(
        'canvas',
      )
      await new Promise((resolve) => setTimeout(resolve, 300))
      if (!cancelled) {
        canvas.resized()
        canvas.zoom('fit-viewport', 'auto')
      }
    })().catch(() => !cancelled && toast.error(t('flow.loadFailed')))
    return () => {
      cancelled = true
      created?.destroy()
      setModeler(null)
    }
  }, [host, model, detail.data, language, t])

  const save = form.submit(async ({ name, modelKey, description }) => {
    if (!modeler) {
      return
    }
    // The model's key and name are its process's id and name (what deployments are versioned by).
    const root = modeler.get<{ getRootElement: () => TRoot }>('canvas').getRootElement()
    const bo = root.businessObject
    if (bo.$type === 'bpmn:Process' && (bo.id !== modelKey || (bo.name ?? '') !== name)) {
      modeler
        .get<{ updateProperties: (e: TRoot, p: object) => void }>('modeling')
        .updateProperties(root, { id: modelKey, name })
    }
    const xml = (await modeler.saveXML({ format: true })).xml ?? ''
    setBusy(true)
    try {
      await flowApi.modelSubmit({
        ...(model !== 'new' ? { id: model.id } : {}),
        name,
        modelKey,
        description,
        xml,
      })
      toast.success(t('msg.operateSuccess'))
      onClose(true)
    } finally {
      setBusy(false)
    }
  })
  const field = (name: 'name' | 'modelKey' | 'description') => (
    <FormText name={name} label={t(`flow.model.${name === 'modelKey' ? 'key' : name}`)} />
  )
  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="xl">
      <DialogTitle>{t('flow.model.editor')}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 2fr' }, gap: 2, mb: 2 }}>
          <ZodFormProvider form={form}>
            {field('name')}
            {field('modelKey')}
            {field('description')}
          </ZodFormProvider>
        </Box>
        <Box sx={{ display: 'flex', height: '65vh', border: 1, borderColor: 'divider' }}>
          <Box ref={setHost} data-testid="bpmn-modeler" sx={{ flex: 1, minWidth: 0 }} />
          <Box sx={{ width: 300, p: 2, borderLeft: 1, borderColor: 'divider', overflowY: 'auto' }}>
            {modeler && <BpmnPropertiesPanel modeler={modeler} />}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('flow.action.back')}</Button>
        <Button variant="contained" disabled={busy || !modeler} onClick={() => void save()} {...keepFocus}>
          {t('flow.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
