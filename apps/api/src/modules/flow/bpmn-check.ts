import type { PrismaClient } from '@ysjs/db'
import {
  BpmnReadError,
  elementLabel,
  loadFlowDirectory,
  readBpmn,
  resolvePeople,
  type TProcessModel,
} from '@ysjs/server-core'
import { expressionsIn, FlowMsg, variablesIn } from '@ysjs/shared'
import { AppError } from '../../lib/errors.ts'

/** How many refusals one answer lists (each names its element). */
const MAX_LISTED = 5

const refuse = (messages: string[]): never => {
  const shown = messages.slice(0, MAX_LISTED).join('; ')
  throw AppError.badRequest(messages.length > MAX_LISTED ? `${shown}; …` : shown)
}

/**
 * BPMN XML checked before it is stored (decision 015): well-formed, with an executable process, and
 * nothing the engine cannot run (scripts, listeners, message and signal events, unknown services, a
 * process without an end, a user task naming no one). Answers the process's id and name, and the XML
 * as it will be stored and run (normalised: ids generated where a file from Flowable or Activiti
 * left them out).
 */
export const checkBpmn = async (
  xml: string,
): Promise<{ key: string; name: string | null; model: TProcessModel }> => {
  let model: TProcessModel
  try {
    model = await readBpmn(xml)
  } catch (err) {
    if (err instanceof BpmnReadError) {
      throw AppError.badRequest(err.message)
    }
    throw err
  }
  if (model.refusals.length) {
    refuse(model.refusals)
  }
  return { key: model.processId, name: model.name, model }
}

const isExpression = (v: string) => expressionsIn(v).length > 0

/**
 * Who the user tasks name, checked against the tenants a deployment is for (`''`: common, checked
 * against every tenant): a task whose file names only users and groups none of which is in the
 * tenant is refused; one named by an expression depends on a running instance's variables, and
 * when these are not the start's own (initiator, start form) it is a warning, kept on the
 * definition and answered with the deployment.
 */
export const checkPeople = async (
  prisma: PrismaClient,
  model: TProcessModel,
  tenantIds: string[],
): Promise<{ warnings: string[] }> => {
  const known = new Set([
    ...(model.initiator ? [model.initiator] : []),
    ...model.startForm.map((f) => f.variable),
  ])
  const refusals: string[] = []
  const warnings: string[] = []
  for (const [id, task] of model.tasks) {
    const label = elementLabel({ id, name: task.name })
    const all = [...(task.assignee ? [task.assignee] : []), ...task.candidateUsers, ...task.candidateGroups]
    const dynamic = all.filter(isExpression)
    const unknown = [...new Set(dynamic.flatMap(variablesIn))].filter((v) => !known.has(v))
    if (unknown.length) {
      warnings.push(`${FlowMsg.WARN_VARIABLE} ${unknown.join(', ')}: 用户任务 ${label}`)
    }
    const literal = {
      assignee: task.assignee && !isExpression(task.assignee) ? task.assignee : null,
      candidateUsers: task.candidateUsers.filter((u) => !isExpression(u)),
      candidateGroups: task.candidateGroups.filter((g) => !isExpression(g)),
    }
    const names = [...(literal.assignee ? [literal.assignee] : []), ...literal.candidateUsers]
    for (const tenantId of tenantIds) {
      const dir = await loadFlowDirectory(prisma, tenantId === '' ? null : [tenantId], {
        users: names,
        groups: literal.candidateGroups,
      })
      const people = resolvePeople(literal, dir)
      const where = tenantIds.length > 1 && tenantId ? `租户 ${tenantId} ` : ''
      if (people.nobody && !dynamic.length) {
        refusals.push(
          `${FlowMsg.XML_TASK_UNRESOLVED}: ${where}用户任务 ${label} (${people.missing.join('; ')})`,
        )
      } else if (people.missing.length) {
        warnings.push(`${FlowMsg.WARN_PARTIAL}: ${where}用户任务 ${label} (${people.missing.join('; ')})`)
      }
    }
  }
  if (refusals.length) {
    refuse(refusals)
  }
  return { warnings }
}
