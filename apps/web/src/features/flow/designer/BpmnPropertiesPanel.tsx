import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { FLOW_JOB_ATTRIBUTE, FLOW_SERVICE_NAMES } from '@ysjs/shared'
import { useEffect, useReducer, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BPMN_ZH } from './bpmnZh'

/** The parts of bpmn-js the panel uses (the modeler's services). */
type TBusinessObject = {
  $type: string
  id: string
  name?: string
  conditionExpression?: { body?: string }
  get: (name: string) => unknown
}
type TElement = { id: string; type: string; businessObject: TBusinessObject }
type TEventBus = {
  on: (event: string, fn: (e: never) => void) => void
  off: (event: string, fn: (e: never) => void) => void
}
type TModeling = {
  updateProperties: (element: TElement, props: Record<string, unknown>) => void
  updateLabel: (element: TElement, text: string) => void
}
export type TModelerServices = { get: <T>(name: string) => T }

const ID_PATTERN = /^[A-Za-z_][\w.-]*$/
const text = (v: unknown) => (typeof v === 'string' ? v : '')

/** `bpmn:UserTask` → bpmn-js's own name of the type (`User task`), in the interface language. */
const useTypeLabel = () => {
  const { i18n } = useTranslation()
  return (type: string) => {
    const words = type
      .replace(/^bpmn:/, '')
      .replace(/([a-z])([A-Z])/g, (_m, a: string, b: string) => `${a} ${b.toLowerCase()}`)
    return i18n.language === 'en' ? words : (BPMN_ZH[words] ?? words)
  }
}

/** A flowable attribute edited as it is typed (empty removes it). */
const AttrField = ({
  element,
  modeling,
  name,
  label,
  hint,
}: {
  element: TElement
  modeling: TModeling
  name: string
  label: string
  hint?: string
}) => (
  <TextField
    size="small"
    label={label}
    helperText={hint}
    value={text(element.businessObject.get(`flowable:${name}`))}
    onChange={(e) =>
      modeling.updateProperties(element, { [`flowable:${name}`]: e.target.value || undefined })
    }
    slotProps={{ htmlInput: { name: `flowable-${name}` } }}
  />
)

/** An element's id, changed on leaving the field when it is a valid, unused id. */
const IdField = ({
  element,
  modeling,
  exists,
}: {
  element: TElement
  modeling: TModeling
  exists: (id: string) => boolean
}) => {
  const { t } = useTranslation()
  const [value, setValue] = useState(element.id)
  const [error, setError] = useState('')
  useEffect(() => {
    setValue(element.id)
    setError('')
  }, [element])
  const commit = () => {
    if (value === element.businessObject.id) {
      return
    }
    if (!ID_PATTERN.test(value)) {
      setError(t('flow.designer.idInvalid'))
      return
    }
    if (exists(value)) {
      setError(t('flow.designer.idTaken'))
      return
    }
    setError('')
    modeling.updateProperties(element, { id: value })
  }
  return (
    <TextField
      size="small"
      label={t('flow.designer.id')}
      value={value}
      error={!!error}
      helperText={error || (element.type.endsWith('Task') ? t('flow.designer.idHint') : undefined)}
      onChange={(e) => setValue(e.target.value)}
      onBlur={commit}
      slotProps={{ htmlInput: { name: 'element-id' } }}
    />
  )
}

/**
 * The properties the worker runs a process by, edited beside the diagram: name and id of any element,
 * a user task's assignee, candidate users and roles and due date, a start event's initiator variable,
 * a sequence flow's condition, a service task's service. Everything is written into the XML.
 */
export const BpmnPropertiesPanel = ({ modeler }: { modeler: TModelerServices }) => {
  const { t } = useTranslation()
  const typeLabel = useTypeLabel()
  const [selected, setSelected] = useState<TElement | null>(null)
  const [, refresh] = useReducer((n: number) => n + 1, 0)
  const eventBus = modeler.get<TEventBus>('eventBus')
  const modeling = modeler.get<TModeling>('modeling')
  const moddle = modeler.get<{ create: (type: string, attrs: object) => unknown }>('moddle')
  const registry = modeler.get<{ get: (id: string) => unknown }>('elementRegistry')
  const canvas = modeler.get<{ getRootElement: () => TElement }>('canvas')
  useEffect(() => {
    const onSelection = (e: { newSelection: TElement[] }) =>
      setSelected(e.newSelection.length === 1 ? e.newSelection[0]! : null)
    const onChanged = () => refresh()
    eventBus.on('selection.changed', onSelection as (e: never) => void)
    eventBus.on('elements.changed', onChanged)
    return () => {
      eventBus.off('selection.changed', onSelection as (e: never) => void)
      eventBus.off('elements.changed', onChanged)
    }
  }, [eventBus])

  const element = selected ?? canvas.getRootElement()
  const bo = element?.businessObject
  if (!bo) {
    return null
  }
  const isProcess = bo.$type === 'bpmn:Process'
  const attr = (name: string, label: string, hint?: string) => (
    <AttrField element={element} modeling={modeling} name={name} label={label} hint={hint} />
  )
  const service = /^\$\{\s*(\w+)\s*\}$/.exec(text(bo.get('flowable:delegateExpression')))?.[1] ?? ''
  return (
    <Stack spacing={2} data-testid="bpmn-properties">
      <Typography variant="subtitle2">
        {isProcess ? t('flow.designer.process') : t('flow.designer.element', { type: typeLabel(bo.$type) })}
      </Typography>
      {isProcess ? (
        <Typography variant="body2" color="text.secondary">
          {t('flow.designer.processHint')}
        </Typography>
      ) : (
        <>
          <IdField element={element} modeling={modeling} exists={(id) => !!registry.get(id)} />
          <TextField
            size="small"
            label={t('flow.designer.name')}
            value={bo.name ?? ''}
            onChange={(e) => modeling.updateLabel(element, e.target.value)}
            slotProps={{ htmlInput: { name: 'element-name' } }}
          />
        </>
      )}
      {bo.$type === 'bpmn:UserTask' && (
        <>
          {attr('assignee', t('flow.designer.assignee'), t('flow.designer.assigneeHint'))}
          {attr('candidateUsers', t('flow.designer.candidateUsers'), t('flow.designer.listHint'))}
          {attr('candidateGroups', t('flow.designer.candidateGroups'), t('flow.designer.groupsHint'))}
          {attr('dueDate', t('flow.designer.dueDate'), t('flow.designer.dueDateHint'))}
        </>
      )}
      {bo.$type === 'bpmn:StartEvent' &&
        attr('initiator', t('flow.designer.initiator'), t('flow.designer.initiatorHint'))}
      {bo.$type === 'bpmn:SequenceFlow' && (
        <TextField
          size="small"
          label={t('flow.designer.condition')}
          helperText={t('flow.designer.conditionHint')}
          value={bo.conditionExpression?.body ?? ''}
          onChange={(e) =>
            modeling.updateProperties(element, {
              conditionExpression: e.target.value
                ? moddle.create('bpmn:FormalExpression', { body: e.target.value })
                : undefined,
            })
          }
          slotProps={{ htmlInput: { name: 'condition' } }}
        />
      )}
      {bo.$type === 'bpmn:ServiceTask' && (
        <>
          <TextField
            select
            size="small"
            label={t('flow.designer.service')}
            value={service}
            onChange={(e) =>
              modeling.updateProperties(element, {
                'flowable:delegateExpression': e.target.value ? `\${${e.target.value}}` : undefined,
              })
            }
          >
            {FLOW_SERVICE_NAMES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`flow.designer.services.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          {service === 'notice' && (
            <>
              {attr('title', t('flow.designer.noticeTitle'), t('flow.designer.templateHint'))}
              {attr('content', t('flow.designer.noticeContent'), t('flow.designer.templateHint'))}
            </>
          )}
          {service === 'job' && attr(FLOW_JOB_ATTRIBUTE, t('flow.designer.jobInfoId'))}
        </>
      )}
    </Stack>
  )
}
