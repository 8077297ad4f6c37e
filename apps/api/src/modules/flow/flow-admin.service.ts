import { nextId, type PrismaClient } from '@ysjs/db'
import {
  FLOW_INSTANCE_STATUS,
  FLOW_SUSPENSION,
  FLOW_TASK_STATUS,
  FlowMsg,
  type TFlowExecution,
  type TFlowModelSubmit,
  type TPageQuery,
} from '@ysjs/shared'
import { isPlatformAdmin, type TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { boundedFind, boundedPage, toPage } from '../../lib/paging.ts'
import { toWire } from '../../lib/serialize.ts'
import { checkBpmn, checkPeople } from './bpmn-check.ts'
import { flowCategoryNames } from './flow-categories.ts'
import { instancesPage, type TFlowWorkService } from './flow-work.service.ts'

/** A date as the envelope would send it (the schema types it as a string). */
const wire = (d: Date): string => toWire(d)

/**
 * Process administration (the super administrator's): models edited in the modeler, deployments
 * (one definition version per tenant, or one without tenant), their state, and running instances.
 */
export const createFlowAdminService = (prisma: PrismaClient, work: Pick<TFlowWorkService, 'problemOf'>) => {
  const tenantsOf = async (csv: string | undefined): Promise<string[]> => {
    const wanted = [
      ...new Set(
        (csv ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ]
    if (!wanted.length) {
      return ['']
    }
    const found = await prisma.tenant.findMany({
      where: { tenantId: { in: wanted }, isDeleted: 0 },
      select: { tenantId: true },
    })
    if (found.length !== wanted.length) {
      throw AppError.badRequest('租户不存在')
    }
    return wanted
  }

  /**
   * Deploys BPMN files: each one a deployment holding a new version of its process key in each tenant
   * ('' = common). Every file is checked first and all are deployed in one transaction: an upload
   * with one bad file deploys none.
   */
  const deploy = async (
    files: { xml: string; resourceName: string }[],
    category: string,
    tenantIds: string | undefined,
  ): Promise<{ deploymentIds: string[]; warnings: string[] }> => {
    const tenants = await tenantsOf(tenantIds)
    const checked: {
      xml: string
      resourceName: string
      key: string
      name: string | null
      warnings: string[]
    }[] = []
    for (const f of files) {
      const { key, name, model } = await checkBpmn(f.xml)
      const { warnings } = await checkPeople(prisma, model, tenants)
      // Stored as the engine runs it (normalised: ids where the file had none, the process executable).
      checked.push({ xml: model.xml, resourceName: f.resourceName, key, name, warnings })
    }
    const deploymentIds: string[] = []
    await prisma.$transaction(async (tx) => {
      for (const { xml, resourceName, key, name, warnings } of checked) {
        const deploymentId = nextId()
        deploymentIds.push(String(deploymentId))
        for (const tenantId of tenants) {
          await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`flow-deploy:${tenantId}:${key}`}))`
          const last = await tx.flowDefinition.findFirst({
            where: { tenantId, key },
            orderBy: { version: 'desc' },
          })
          const version = (last?.version ?? 0) + 1
          await tx.flowDefinition.create({
            data: {
              id: `${key}:${version}:${deploymentId}`,
              deploymentId,
              tenantId,
              key,
              name,
              category,
              version,
              resourceName,
              xml,
              warnings,
            },
          })
        }
      }
    })
    const many = checked.length > 1
    return {
      deploymentIds,
      warnings: checked.flatMap((c) => c.warnings.map((w) => (many ? `${c.resourceName}: ${w}` : w))),
    }
  }

  const modelRecord = (
    m: Awaited<ReturnType<typeof prisma.flowModel.findFirst>> & object,
    withXml: boolean,
  ) => ({
    id: m.id,
    name: m.name,
    modelKey: m.modelKey,
    description: m.description,
    created: wire(m.created),
    lastUpdated: wire(m.lastUpdated),
    createdBy: m.createdBy,
    lastUpdatedBy: m.lastUpdatedBy,
    version: m.version,
    modelEditorJson: null,
    modelComment: null,
    modelType: m.modelType,
    tenantId: '',
    thumbnail: null,
    ...(withXml ? { xml: m.xml } : {}),
  })

  return {
    async modelList(q: TPageQuery & { modelKey?: string; name?: string }) {
      const where = {
        isDeleted: 0,
        ...(q.modelKey ? { modelKey: { contains: q.modelKey } } : {}),
        ...(q.name ? { name: { contains: q.name } } : {}),
      }
      const b = await boundedFind(q, prisma.flowModel, {
        where,
        orderBy: [{ lastUpdated: 'desc' }, { id: 'desc' }],
      })
      return boundedPage(
        b.rows.map((m) => modelRecord(m, false)),
        b,
        q,
      )
    },
    async modelDetail(id: bigint) {
      const m = await prisma.flowModel.findFirst({ where: { id, isDeleted: 0 } })
      if (!m) {
        throw AppError.badRequest(FlowMsg.MODEL_MISSING)
      }
      return modelRecord(m, true)
    },
    async modelSubmit(ctx: TCtx, input: TFlowModelSubmit) {
      // The model's key is its process's id: what a deployment is versioned and started by.
      if ((await checkBpmn(input.xml)).key !== input.modelKey) {
        throw AppError.badRequest(FlowMsg.MODEL_KEY_PROCESS)
      }
      const by = ctx.user?.account ?? null
      if (input.id) {
        const updated = await prisma.flowModel.updateMany({
          where: { id: BigInt(input.id), isDeleted: 0 },
          data: {
            name: input.name,
            modelKey: input.modelKey,
            description: input.description ?? null,
            xml: input.xml,
            lastUpdated: new Date(),
            lastUpdatedBy: by,
            version: { increment: 1 },
          },
        })
        if (updated.count !== 1) {
          throw AppError.badRequest(FlowMsg.MODEL_MISSING)
        }
        return input.id
      }
      const id = nextId()
      await prisma.flowModel.create({
        data: {
          id,
          name: input.name,
          modelKey: input.modelKey,
          description: input.description ?? null,
          xml: input.xml,
          createdBy: by,
          lastUpdatedBy: by,
        },
      })
      return String(id)
    },
    async modelRemove(ids: string[]) {
      await prisma.flowModel.updateMany({ where: { id: { in: ids.map(BigInt) } }, data: { isDeleted: 1 } })
    },
    async modelDeploy(modelId: bigint, category: string, tenantIds: string | undefined) {
      const m = await prisma.flowModel.findFirst({ where: { id: modelId, isDeleted: 0 } })
      if (!m) {
        throw AppError.badRequest(FlowMsg.MODEL_MISSING)
      }
      return deploy([{ xml: m.xml, resourceName: `${m.modelKey}.bpmn20.xml` }], category, tenantIds)
    },
    deploy,

    async changeState(processId: string, state: 'active' | 'suspend') {
      const updated = await prisma.flowDefinition.updateMany({
        where: { id: processId },
        data: { suspensionState: state === 'active' ? FLOW_SUSPENSION.ACTIVE : FLOW_SUSPENSION.SUSPENDED },
      })
      if (updated.count !== 1) {
        throw AppError.badRequest(FlowMsg.DEFINITION_MISSING)
      }
      return state === 'active' ? `激活ID为 [${processId}] 的流程成功` : `挂起ID为 [${processId}] 的流程成功`
    },
    /** Removes deployments with their instances, tasks and history (cascade, as the platform does). */
    async deleteDeployments(csv: string) {
      const ids = csv.split(',').map((s) => BigInt(s.trim()))
      await prisma.$transaction(async (tx) => {
        const defs = await tx.flowDefinition.findMany({
          where: { deploymentId: { in: ids } },
          select: { id: true },
        })
        const defIds = defs.map((d) => d.id)
        const instances = await tx.flowInstance.findMany({
          where: { definitionId: { in: defIds } },
          select: { id: true },
        })
        const instIds = instances.map((i) => i.id)
        await tx.flowHistory.deleteMany({ where: { instanceId: { in: instIds } } })
        await tx.flowServiceCall.deleteMany({ where: { instanceId: { in: instIds } } })
        await tx.flowTask.deleteMany({ where: { instanceId: { in: instIds } } })
        await tx.flowInstance.deleteMany({ where: { id: { in: instIds } } })
        await tx.flowDefinition.deleteMany({ where: { id: { in: defIds } } })
      })
    },

    /** Running instances (流程监控): the caller's tenant; the platform administrator sees every tenant. */
    async followList(
      ctx: TCtx,
      q: TPageQuery & { processInstanceId?: string; processDefinitionKey?: string },
    ) {
      const defIds = q.processDefinitionKey
        ? (
            await prisma.flowDefinition.findMany({
              where: { key: q.processDefinitionKey },
              select: { id: true },
            })
          ).map((d) => d.id)
        : null
      const instanceId =
        q.processInstanceId && /^\d{1,19}$/.test(q.processInstanceId) ? BigInt(q.processInstanceId) : null
      if (q.processInstanceId && instanceId === null) {
        return toPage([], 0, q)
      }
      const where = {
        status: FLOW_INSTANCE_STATUS.RUNNING,
        ...(isPlatformAdmin(ctx.user) ? {} : { tenantId: ctx.tenantId }),
        ...(instanceId !== null ? { id: instanceId } : {}),
        ...(defIds ? { definitionId: { in: defIds } } : {}),
      }
      const b = await instancesPage(prisma, q, where)
      const rows = b.rows
      const defs = new Map(
        (
          await prisma.flowDefinition.findMany({ where: { id: { in: rows.map((r) => r.definitionId) } } })
        ).map((d) => [d.id, d]),
      )
      const cats = await flowCategoryNames(prisma, ctx.tenantId)
      const tasks = await prisma.flowTask.findMany({
        where: { instanceId: { in: rows.map((r) => r.id) }, status: FLOW_TASK_STATUS.OPEN },
        orderBy: { createTime: 'desc' },
      })
      const records = rows.map((r): TFlowExecution => {
        const d = defs.get(r.definitionId)
        const task = tasks.find((t) => t.instanceId === r.id)
        return {
          id: String(r.id),
          name: d?.name ?? null,
          startUserId: r.startUserId ? String(r.startUserId) : null,
          startUser: r.startUser,
          startTime: wire(r.startTime),
          taskDefinitionId: task?.taskDefinitionKey ?? null,
          taskDefinitionKey: task?.taskDefinitionKey ?? null,
          category: d?.category ?? null,
          categoryName: d?.category ? (cats.get(d.category) ?? null) : null,
          processInstanceId: String(r.id),
          processDefinitionId: r.definitionId,
          processDefinitionKey: d?.key ?? null,
          activityId: task?.taskDefinitionKey ?? null,
          suspensionState: d?.suspensionState ?? FLOW_SUSPENSION.ACTIVE,
          executionId: task?.executionId ?? null,
          tenantId: r.tenantId,
          taskName: task?.name ?? null,
          problem: work.problemOf(r, tasks),
        }
      })
      return boundedPage(records, b, q)
    },
  }
}
export type TFlowAdminService = ReturnType<typeof createFlowAdminService>
