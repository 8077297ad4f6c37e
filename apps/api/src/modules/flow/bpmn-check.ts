import { FlowMsg } from '@ysjs/shared'
import BpmnModdle from 'bpmn-moddle'
import { AppError } from '../../lib/errors.ts'

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
  return { key: process.id, name: process.name ?? null }
}
