import { nextId, type PrismaClient } from '@ysjs/db'
import { readBpmn, type TProcessModel } from '@ysjs/server-core'
import {
  checkStartVariables,
  FLOW_SUSPENSION,
  FlowMsg,
  type TFlowStart,
  type TFlowStartForm,
} from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { FlowCommandPending, type TFlowBus } from './flow-bus.ts'

/**
 * 发起事务 for any deployed process (issue 26): its start form read from the BPMN, and a start with
 * the form's variables. The leave process keeps its own call (contract 10.4), which saves its row.
 */
export const createFlowStartService = (prisma: PrismaClient, bus: TFlowBus) => {
  const models = new Map<string, Promise<TProcessModel>>()
  const modelOf = (def: { id: string; xml: string }) => {
    let m = models.get(def.id)
    if (!m) {
      m = readBpmn(def.xml)
      models.set(def.id, m)
      m.catch(() => models.delete(def.id))
    }
    return m
  }
  /** A definition the caller may start: common or its tenant's own. */
  const definition = async (ctx: TCtx, id: string) => {
    const def = await prisma.flowDefinition.findUnique({ where: { id } })
    if (!def || (def.tenantId !== '' && def.tenantId !== ctx.tenantId)) {
      throw AppError.badRequest(FlowMsg.DEFINITION_MISSING)
    }
    return def
  }
  return {
    async startForm(ctx: TCtx, processDefinitionId: string): Promise<TFlowStartForm> {
      const def = await definition(ctx, processDefinitionId)
      const model = await modelOf(def)
      return {
        processDefinitionId: def.id,
        name: def.name,
        key: def.key,
        initiator: model.initiator,
        fields: model.startForm,
        warnings: def.warnings,
      }
    },

    async start(ctx: TCtx, input: TFlowStart) {
      const user = ctx.user
      if (!user) {
        throw AppError.unauthorized()
      }
      const def = await definition(ctx, input.processDefinitionId)
      if (def.suspensionState !== FLOW_SUSPENSION.ACTIVE) {
        throw AppError.badRequest(FlowMsg.DEFINITION_SUSPENDED)
      }
      const model = await modelOf(def)
      const checked = checkStartVariables(model.startForm, input.variables ?? {})
      if (!checked.ok) {
        throw AppError.badRequest(checked.msg)
      }
      const instanceId = String(nextId())
      try {
        const result = await bus.send({
          kind: 'start',
          tenantId: ctx.tenantId,
          actor: {
            userId: String(user.userId),
            name: user.realName || user.nickName || user.account,
            roles: user.roles,
          },
          instanceId,
          definitionId: def.id,
          businessKey: null,
          variables: checked.variables,
        })
        return { processInstanceId: instanceId, finished: result.finished }
      } catch (err) {
        if (!(err instanceof FlowCommandPending)) {
          throw err
        }
        // Nothing to undo here (no business row): a start no worker took is withdrawn; one a worker
        // runs ends as it ends and shows in 已发事务.
        const fate = await bus.withdraw(err.job).catch(() => ({ kind: 'running' as const }))
        if (fate.kind === 'done') {
          if (fate.result.ok) {
            return { processInstanceId: instanceId, finished: fate.result.finished }
          }
          throw AppError.badRequest(fate.result.msg)
        }
        throw fate.kind === 'running' ? new AppError(503, FlowMsg.START_PENDING) : err
      }
    },
  }
}
export type TFlowStartService = ReturnType<typeof createFlowStartService>
