import {
  expressionBody,
  expressionsIn,
  FLOW_SERVICE_NAMES,
  FlowMsg,
  flowServiceOf,
  normalizeBpmnXml,
  parseExpression,
  parseResourceAssignment,
} from '@ysjs/shared'
import BpmnModdle from 'bpmn-moddle'

/** What the engine needs from a user task that bpmn-engine does not keep (assignment, due date). */
export type TTaskModel = {
  name: string | null
  /** `flowable:assignee` or a `humanPerformer`, unresolved (a user, or a `${…}`). */
  assignee: string | null
  candidateUsers: string[]
  candidateGroups: string[]
  dueDate: string | null
}
/** A service task: the service it names and its extension attributes by local name (unresolved). */
export type TServiceModel = { service: string | null; attrs: Record<string, string> }
/** A start form field (`flowable:formProperty`, Activiti's and Camunda's `formField`). */
export type TFormField = {
  /** The process variable it sets (the property's `id` in the file). */
  variable: string
  name: string | null
  type: string
  required: boolean
  defaultValue: string | null
  /** An enum field's choices (each `flowable:value`'s `id` and `name`). */
  values: { value: string; name: string | null }[]
}
export type TProcessModel = {
  /** The XML the engine runs: ids generated where missing, the process marked executable. */
  xml: string
  processId: string
  name: string | null
  /** The start event's `initiator` attribute: the variable that receives the starter (`applyUser`). */
  initiator: string | null
  startForm: TFormField[]
  tasks: Map<string, TTaskModel>
  services: Map<string, TServiceModel>
  names: Map<string, string | null>
  /** Why the engine cannot run this file, one message per element (each names it); empty: it can. */
  refusals: string[]
}

/** The file is not BPMN the engine can read (its message is FlowMsg's). */
export class BpmnReadError extends Error {}

type TEl = {
  $type: string
  id?: string
  name?: string
  $attrs?: Record<string, string>
  [key: string]: unknown
}

const ZH_TYPES: Record<string, string> = {
  'bpmn:Process': '流程',
  'bpmn:UserTask': '用户任务',
  'bpmn:ServiceTask': '服务任务',
  'bpmn:ScriptTask': '脚本任务',
  'bpmn:SendTask': '发送任务',
  'bpmn:ReceiveTask': '接收任务',
  'bpmn:BusinessRuleTask': '业务规则任务',
  'bpmn:CallActivity': '调用活动',
  'bpmn:SubProcess': '子流程',
  'bpmn:AdHocSubProcess': '自由子流程',
  'bpmn:Transaction': '事务子流程',
  'bpmn:ComplexGateway': '复杂网关',
  'bpmn:StartEvent': '开始事件',
  'bpmn:EndEvent': '结束事件',
  'bpmn:BoundaryEvent': '边界事件',
  'bpmn:IntermediateCatchEvent': '中间捕获事件',
  'bpmn:IntermediateThrowEvent': '中间抛出事件',
  'bpmn:SequenceFlow': '连线',
}
/** Elements bpmn-engine has, but nothing here drives (no called processes, rules, messages in or out). */
const UNSUPPORTED_ELEMENTS = new Set([
  'bpmn:CallActivity',
  'bpmn:BusinessRuleTask',
  'bpmn:SendTask',
  'bpmn:ReceiveTask',
  'bpmn:AdHocSubProcess',
  'bpmn:Transaction',
  'bpmn:ComplexGateway',
])
/** Event definitions nothing here delivers: an instance would wait on them forever. */
const UNSUPPORTED_EVENTS: Record<string, string> = {
  'bpmn:MessageEventDefinition': '消息事件',
  'bpmn:SignalEventDefinition': '信号事件',
  'bpmn:ConditionalEventDefinition': '条件事件',
  'bpmn:EscalationEventDefinition': '升级事件',
  'bpmn:CompensateEventDefinition': '补偿事件',
  'bpmn:LinkEventDefinition': '链接事件',
  'bpmn:CancelEventDefinition': '取消事件',
}

/** `名称(id)`, or the id alone: how every message names an element. */
export const elementLabel = (el: { id?: string; name?: string | null }) =>
  el.name ? `${el.name}(${el.id ?? ''})` : (el.id ?? '')
const typeLabel = (el: TEl) => ZH_TYPES[el.$type] ?? el.$type.replace(/^bpmn:/, '')

/** An extension attribute whatever its prefix (`flowable:`, `activiti:`, `camunda:`). */
const attr = (attrs: Record<string, string> | undefined, local: string): string | null => {
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (k === local || k.endsWith(`:${local}`)) {
      return v
    }
  }
  return null
}
const csv = (v: string | null) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
const localName = (type: string) => type.replace(/^.*:/, '')
const extensions = (el: TEl): TEl[] => (el.extensionElements as { values?: TEl[] } | undefined)?.values ?? []

/** Walks a process's flow elements, sub-processes included. */
const walk = (container: TEl, visit: (el: TEl) => void) => {
  for (const el of (container.flowElements as TEl[] | undefined) ?? []) {
    visit(el)
    if (el.flowElements) {
      walk(el, visit)
    }
  }
}

const badExpression = (text: string): boolean => {
  const body = expressionBody(text)
  try {
    for (const inner of body === null ? expressionsIn(text) : [body]) {
      parseExpression(inner)
    }
    return false
  } catch {
    return true
  }
}

const formFields = (start: TEl | undefined): TFormField[] =>
  (start ? extensions(start) : [])
    // Camunda nests its fields in `camunda:formData`.
    .flatMap((x) => (localName(x.$type) === 'formData' ? ((x.$children as TEl[] | undefined) ?? []) : [x]))
    .filter((x) => ['formProperty', 'formField'].includes(localName(x.$type)))
    .filter((x) => typeof x.id === 'string' && x.id)
    .map((x) => {
      const children = ((x.$children as TEl[] | undefined) ?? []).concat(
        ((x.values as TEl[] | undefined) ?? []) as TEl[],
      )
      return {
        variable: String(x.id),
        name: typeof x.name === 'string' ? x.name : typeof x.label === 'string' ? x.label : null,
        type: typeof x.type === 'string' ? x.type : 'string',
        required: String(x.required) === 'true',
        defaultValue:
          typeof x.default === 'string'
            ? x.default
            : typeof x.defaultValue === 'string'
              ? x.defaultValue
              : null,
        values: children
          .filter((c) => localName(c.$type) === 'value' && typeof c.id === 'string')
          .map((c) => ({ value: String(c.id), name: typeof c.name === 'string' ? c.name : null })),
      }
    })

/** What the elements carry that the engine does not run, or runs only with what it lacks. */
const refusalsOf = (process: TEl, tasks: Map<string, TTaskModel>): string[] => {
  const out: string[] = []
  let ends = 0
  for (const el of (process.flowElements as TEl[] | undefined) ?? []) {
    if (el.$type === 'bpmn:EndEvent') {
      ends++
    }
  }
  if (!ends) {
    out.push(`${FlowMsg.XML_NO_END}: ${elementLabel(process)}`)
  }
  walk(process, (el) => {
    const label = elementLabel(el)
    if (el.$type === 'bpmn:ScriptTask') {
      out.push(`${FlowMsg.XML_SCRIPT}: ${label}`)
      return
    }
    if (UNSUPPORTED_ELEMENTS.has(el.$type)) {
      out.push(`${FlowMsg.XML_UNSUPPORTED}: ${typeLabel(el)} ${label}`)
      return
    }
    for (const def of (el.eventDefinitions as TEl[] | undefined) ?? []) {
      const kind = UNSUPPORTED_EVENTS[def.$type]
      if (kind) {
        out.push(`${FlowMsg.XML_UNSUPPORTED}: ${kind} ${label}`)
      }
    }
    for (const ext of extensions(el)) {
      const local = localName(ext.$type)
      if (/Listener$/.test(local)) {
        out.push(`${FlowMsg.XML_LISTENER}: ${label} (${ext.$type})`)
      }
    }
    const loop = el.loopCharacteristics as TEl | undefined
    if (loop?.$type === 'bpmn:MultiInstanceLoopCharacteristics') {
      if (attr(loop.$attrs, 'collection') !== null || !loop.loopCardinality) {
        out.push(`${FlowMsg.XML_LOOP}: ${label}`)
      }
    }
    const cond = el.conditionExpression as { body?: string; language?: string } | undefined
    if (cond?.body !== undefined) {
      if (cond.language) {
        out.push(`${FlowMsg.XML_SCRIPT}: ${label}`)
      } else if (expressionBody(cond.body) === null || badExpression(cond.body)) {
        out.push(`${FlowMsg.XML_EXPRESSION}: ${label}`)
      }
    }
    if (el.$type === 'bpmn:ServiceTask') {
      const service = flowServiceOf(el.$attrs)
      if (!service || !(FLOW_SERVICE_NAMES as readonly string[]).includes(service)) {
        out.push(`${FlowMsg.XML_SERVICE}: ${label}`)
      }
    }
    const texts = [
      ...Object.values(el.$attrs ?? {}),
      ...((el.resources as TEl[] | undefined) ?? []).map(
        (r) =>
          (r.resourceAssignmentExpression as { expression?: { body?: string } } | undefined)?.expression
            ?.body ?? '',
      ),
    ]
    if (texts.some(badExpression)) {
      out.push(`${FlowMsg.XML_EXPRESSION}: ${label}`)
    }
    if (el.$type === 'bpmn:UserTask') {
      const t = tasks.get(el.id ?? '')
      if (t && !t.assignee && !t.candidateUsers.length && !t.candidateGroups.length) {
        out.push(`${FlowMsg.XML_TASK_NOBODY}: ${label}`)
      }
    }
  })
  return [...new Set(out)]
}

const taskOf = (el: TEl): TTaskModel => {
  const users: string[] = []
  const groups: string[] = []
  let performer: string | null = null
  for (const r of (el.resources as TEl[] | undefined) ?? []) {
    const body =
      (r.resourceAssignmentExpression as { expression?: { body?: string } } | undefined)?.expression?.body ??
      ''
    if (r.$type === 'bpmn:HumanPerformer') {
      const p = parseResourceAssignment(body, 'humanPerformer')
      performer ??= p.users[0] ?? null
      groups.push(...p.groups)
    } else if (r.$type === 'bpmn:PotentialOwner') {
      const p = parseResourceAssignment(body, 'potentialOwner')
      users.push(...p.users)
      groups.push(...p.groups)
    }
  }
  return {
    name: el.name ?? null,
    assignee: attr(el.$attrs, 'assignee') ?? performer,
    candidateUsers: [...csv(attr(el.$attrs, 'candidateUsers')), ...users],
    candidateGroups: [...csv(attr(el.$attrs, 'candidateGroups')), ...groups],
    dueDate: attr(el.$attrs, 'dueDate'),
  }
}

/**
 * Reads BPMN XML from Flowable, Activiti, Camunda or our designer: normalises it (ids,
 * `isExecutable`), picks the first executable process, and reads what the worker needs and what it
 * cannot run. Throws BpmnReadError for a file that is not BPMN or has no executable process.
 */
export const readBpmn = async (source: string): Promise<TProcessModel> => {
  const xml = normalizeBpmnXml(source)
  let parsed: Awaited<ReturnType<BpmnModdle['fromXML']>>
  try {
    parsed = await new BpmnModdle().fromXML(xml)
  } catch {
    throw new BpmnReadError(FlowMsg.XML_INVALID)
  }
  const roots = (parsed.rootElement.rootElements ?? []) as TEl[]
  const process = roots.find((e) => e.$type === 'bpmn:Process' && e.isExecutable !== false && e.id)
  if (parsed.rootElement.$type !== 'bpmn:Definitions' || !process?.id) {
    throw new BpmnReadError(FlowMsg.XML_NO_PROCESS)
  }
  // A reference to an element that does not exist (a flow's sourceRef or targetRef).
  const unresolved = (parsed.warnings as { element?: TEl; property?: string }[]).find(
    (w) => w.property && /Ref$/.test(w.property),
  )
  if (unresolved) {
    const el = unresolved.element
    throw new BpmnReadError(`${FlowMsg.XML_REFERENCE}: ${el ? elementLabel(el) : ''} ${unresolved.property}`)
  }
  const tasks = new Map<string, TTaskModel>()
  const services = new Map<string, TServiceModel>()
  const names = new Map<string, string | null>()
  walk(process, (el) => {
    if (!el.id) {
      return
    }
    names.set(el.id, el.name ?? null)
    if (el.$type === 'bpmn:UserTask') {
      tasks.set(el.id, taskOf(el))
    }
    if (el.$type === 'bpmn:ServiceTask') {
      services.set(el.id, {
        service: flowServiceOf(el.$attrs),
        attrs: Object.fromEntries(
          Object.entries(el.$attrs ?? {}).map(([k, v]) => [k.replace(/^.*:/, ''), v]),
        ),
      })
    }
  })
  const start = ((process.flowElements as TEl[] | undefined) ?? []).find((e) => e.$type === 'bpmn:StartEvent')
  return {
    xml,
    processId: process.id,
    name: process.name ?? null,
    initiator: start ? attr(start.$attrs, 'initiator') : null,
    startForm: formFields(start),
    tasks,
    services,
    names,
    refusals: refusalsOf(process, tasks),
  }
}
