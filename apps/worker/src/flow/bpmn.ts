import { flowServiceOf, parseDateTime, resolveValue } from '@ysjs/shared'
import BpmnModdle from 'bpmn-moddle'

/** What the engine needs from a user task that bpmn-engine does not keep (Flowable/Camunda attributes). */
export type TTaskAttrs = {
  name: string | null
  assignee: string | null
  candidateUsers: string[]
  candidateGroups: string[]
  dueDate: string | null
}
/** A service task: the service it names and its extension attributes by local name (unresolved). */
export type TServiceAttrs = { service: string | null; attrs: Record<string, string> }
export type TParsedProcess = {
  processId: string
  name: string | null
  /** The start event's `initiator` attribute: the variable that receives the starter (`applyUser`). */
  initiator: string | null
  tasks: Map<string, TTaskAttrs>
  services: Map<string, TServiceAttrs>
  names: Map<string, string | null>
}

/** An extension attribute whatever its prefix (`flowable:`, `activiti:`, `camunda:`). */
const attr = (attrs: Record<string, string> | undefined, local: string): string | null => {
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (k === local || k.endsWith(`:${local}`)) {
      return v
    }
  }
  return null
}
const list = (v: string | null) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** Parses BPMN XML and reads the first executable process; throws on malformed XML or no process. */
export const parseBpmn = async (xml: string): Promise<TParsedProcess> => {
  const { rootElement, elementsById } = await new BpmnModdle().fromXML(xml)
  const processes = (
    (rootElement.rootElements as { $type: string; id: string; name?: string; isExecutable?: boolean }[]) ?? []
  ).filter((e) => e.$type === 'bpmn:Process')
  const process = processes.find((p) => p.isExecutable !== false) ?? null
  if (!process) {
    throw new Error('no process')
  }
  const tasks = new Map<string, TTaskAttrs>()
  const services = new Map<string, TServiceAttrs>()
  const names = new Map<string, string | null>()
  let initiator: string | null = null
  for (const el of Object.values(elementsById)) {
    if (!el.id) {
      continue
    }
    names.set(el.id, el.name ?? null)
    if (el.$type === 'bpmn:UserTask') {
      tasks.set(el.id, {
        name: el.name ?? null,
        assignee: attr(el.$attrs, 'assignee'),
        candidateUsers: list(attr(el.$attrs, 'candidateUsers')),
        candidateGroups: list(attr(el.$attrs, 'candidateGroups')),
        dueDate: attr(el.$attrs, 'dueDate'),
      })
    }
    if (el.$type === 'bpmn:ServiceTask') {
      services.set(el.id, {
        service: flowServiceOf(el.$attrs),
        attrs: Object.fromEntries(
          Object.entries(el.$attrs ?? {}).map(([k, v]) => [k.replace(/^.*:/, ''), v]),
        ),
      })
    }
    if (el.$type === 'bpmn:StartEvent' && !initiator) {
      initiator = attr(el.$attrs, 'initiator')
    }
  }
  return { processId: process.id, name: process.name ?? null, initiator, tasks, services, names }
}

/** `${expr}` → its value over the variables (the safe reader); anything else is taken literally. */
export const resolveExpression = (value: string | null, vars: Record<string, unknown>): string | null => {
  if (value === null) {
    return null
  }
  let v: unknown
  try {
    v = resolveValue(value.trim(), vars)
  } catch {
    return null
  }
  return v === undefined || v === null || v === '' ? null : String(v)
}

const DURATION =
  /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/

/** An ISO 8601 duration (`P2D`, `PT4H`, `P1DT12H`) added to a moment; null when it is not one. */
export const addDuration = (from: Date, text: string): Date | null => {
  const m = DURATION.exec(text.trim())
  if (!m || text.trim() === 'P' || text.trim().endsWith('T')) {
    return null
  }
  const [y, mo, w, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0))
  const out = new Date(from)
  out.setUTCFullYear(out.getUTCFullYear() + y!, out.getUTCMonth() + mo!, out.getUTCDate() + w! * 7 + d!)
  return new Date(out.getTime() + ((h! * 60 + mi!) * 60 + s!) * 1000)
}

/**
 * A user task's due date (Flowable `dueDate`): an expression or text giving a date (ISO 8601 or
 * `yyyy-MM-dd HH:mm:ss`) or a duration from the task's creation (`P2D`); null when none or unreadable.
 */
export const dueDateOf = (attr: string | null, vars: Record<string, unknown>, created: Date): Date | null => {
  if (!attr) {
    return null
  }
  let v: unknown
  try {
    v = resolveValue(attr.trim(), vars)
  } catch {
    return null
  }
  if (v instanceof Date) {
    return Number.isNaN(v.getTime()) ? null : v
  }
  if (typeof v !== 'string' || !v.trim()) {
    return null
  }
  const text = v.trim()
  if (text.startsWith('P')) {
    return addDuration(created, text)
  }
  const local = parseDateTime(text)
  if (local) {
    return local
  }
  const iso = /^\d{4}-\d{2}-\d{2}T/.test(text) ? new Date(text) : null
  return iso && !Number.isNaN(iso.getTime()) ? iso : null
}
