import {
  expressionBody,
  expressionsIn,
  FLOW_SERVICE_NAMES,
  FlowMsg,
  flowServiceOf,
  parseExpression,
} from '@ysjs/shared'
import BpmnModdle from 'bpmn-moddle'
import { AppError } from '../../lib/errors.ts'

type TElement = {
  $type: string
  id?: string
  conditionExpression?: { body?: string; language?: string }
  $attrs?: Record<string, string>
}

const checkExpression = (text: string, id: string) => {
  const body = expressionBody(text)
  try {
    for (const inner of body === null ? expressionsIn(text) : [body]) {
      parseExpression(inner)
    }
  } catch {
    throw AppError.badRequest(`${FlowMsg.XML_EXPRESSION}: ${id}`)
  }
}

/**
 * A process is data, never code: scripts (script tasks, `javascript` conditions) are refused, a
 * service task must name one of the worker's services, and every `${…}` must be one the worker's
 * expression reader accepts (decision 015).
 */
const checkElements = (elements: TElement[]) => {
  for (const el of elements) {
    const id = el.id ?? el.$type
    if (el.$type === 'bpmn:ScriptTask') {
      throw AppError.badRequest(`${FlowMsg.XML_SCRIPT}: ${id}`)
    }
    const cond = el.conditionExpression
    if (cond?.body !== undefined) {
      if (cond.language) {
        throw AppError.badRequest(`${FlowMsg.XML_SCRIPT}: ${id}`)
      }
      if (expressionBody(cond.body) === null) {
        throw AppError.badRequest(`${FlowMsg.XML_EXPRESSION}: ${id}`)
      }
      checkExpression(cond.body, id)
    }
    if (el.$type === 'bpmn:ServiceTask') {
      const service = flowServiceOf(el.$attrs)
      if (!service || !(FLOW_SERVICE_NAMES as readonly string[]).includes(service)) {
        throw AppError.badRequest(`${FlowMsg.XML_SERVICE}: ${id}`)
      }
    }
    // Extension attributes the worker resolves (assignee, candidates, due date, service fields).
    for (const v of Object.values(el.$attrs ?? {})) {
      checkExpression(v, id)
    }
  }
}

/** BPMN XML checked before it is stored: well-formed, with an executable process. Answers its id and name. */
export const checkBpmn = async (xml: string): Promise<{ key: string; name: string | null }> => {
  let parsed: Awaited<ReturnType<BpmnModdle['fromXML']>>
  try {
    parsed = await new BpmnModdle().fromXML(xml)
  } catch {
    throw AppError.badRequest(FlowMsg.XML_INVALID)
  }
  const roots = (parsed.rootElement.rootElements ?? []) as {
    $type: string
    id?: string
    name?: string
    isExecutable?: boolean
  }[]
  const process = roots.find((e) => e.$type === 'bpmn:Process' && e.isExecutable !== false && e.id)
  if (parsed.rootElement.$type !== 'bpmn:Definitions' || !process?.id) {
    throw AppError.badRequest(FlowMsg.XML_NO_PROCESS)
  }
  checkElements(Object.values(parsed.elementsById) as TElement[])
  return { key: process.id, name: process.name ?? null }
}
