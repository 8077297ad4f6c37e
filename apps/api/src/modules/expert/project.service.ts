import { nextId, type PrismaClient } from '@ysjs/db'
import {
  EXPERT_PREFIX,
  ExpertMsg,
  type TProjectSubmit,
  ZProjectRecordSchema,
  ZProjectSubmitSchema,
} from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { createCrudService, crudCodes, withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { lockReferenced } from '../../lib/row-locks.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { clearing, dateOnly, formatDateOnly } from '../trading/dict-names.ts'

const LIVE = { isDeleted: 0 }

const projectData = (input: Omit<TProjectSubmit, 'id' | 'unitList' | 'peopleList'>) => {
  const { startDate, endDate, ...rest } = input
  return {
    ...clearing(rest, ['projectNo', 'source', 'leader', 'summary']),
    startDate: startDate ? dateOnly(startDate) : null,
    endDate: endDate ? dateOnly(endDate) : null,
  }
}

/**
 * 项目库 (`projectBasic`): a project with its unit rows (units of the unit table, each once) and its
 * people rows. `submit` saves the project and, when the lists are given, replaces its rows in one
 * transaction; `removeUnit` / `removePerson` drop one saved row (the form asks first).
 */
export const createExpertProjectService = (prisma: PrismaClient) => {
  const crud = createCrudService(prisma, {
    prefix: `${EXPERT_PREFIX}/projectBasic`,
    model: (db) => db.expertProject,
    submit: ZProjectSubmitSchema,
    record: ZProjectRecordSchema,
    filters: { projectName: 'string', projectNo: 'string?', leader: 'string?', source: 'string?' },
    sortable: ['projectName', 'startDate', 'createTime'],
    permissions: crudCodes('expert_project'),
    enrich: async (_ctx, rows) =>
      rows.map((r) => ({
        ...r,
        startDate: r.startDate ? formatDateOnly(r.startDate) : null,
        endDate: r.endDate ? formatDateOnly(r.endDate) : null,
      })),
    export: {
      fileName: '项目库',
      columns: [
        { key: 'projectName', header: '项目名称', width: 30 },
        { key: 'projectNo', header: '项目编号' },
        { key: 'source', header: '项目来源', width: 24 },
        { key: 'leader', header: '负责人' },
        { key: 'startDate', header: '开始日期', kind: 'date' },
        { key: 'endDate', header: '结束日期', kind: 'date' },
        { key: 'createTime', header: '创建时间', kind: 'datetime' },
      ],
    },
  })

  return {
    ...crud,
    async detailProject(ctx: TCtx, id: bigint): Promise<Record<string, unknown>> {
      const project = await crud.detail(ctx, id)
      const db = tenantDb(prisma, ctx.tenantId)
      const [units, people] = await Promise.all([
        db.expertProjectUnit.findMany({
          where: { projectId: id },
          orderBy: [{ sort: 'asc' }, { id: 'asc' }],
        }),
        db.expertProjectPerson.findMany({
          where: { projectId: id },
          orderBy: [{ sort: 'asc' }, { id: 'asc' }],
        }),
      ])
      const names = new Map(
        (
          await db.expertUnit.findMany({
            where: { id: { in: units.map((u) => u.unitId) } },
            select: { id: true, unitName: true },
          })
        ).map((u) => [u.id, u.unitName]),
      )
      return {
        ...project,
        unitList: units.map((u) => ({
          id: u.id,
          unitId: u.unitId,
          unitName: names.get(u.unitId) ?? '',
          role: u.role,
        })),
        peopleList: people.map((p) => ({
          id: p.id,
          personId: p.personId,
          name: p.name,
          workUnit: p.workUnit,
          duty: p.duty,
        })),
      }
    },

    async submit(ctx: TCtx, input: TProjectSubmit) {
      const { id: rawId, unitList, peopleList, ...fields } = input
      const data = projectData(fields)
      return tenantDb(prisma, ctx.tenantId).$transaction(async (tx) => {
        const id = rawId ? BigInt(rawId) : nextId()
        if (rawId) {
          const result = await tx.expertProject.updateMany({
            where: { id, ...LIVE },
            data: { ...data, ...withAudit(ctx).updated },
          })
          if (result.count === 0) {
            throw AppError.notFound()
          }
        } else {
          await tx.expertProject.create({
            data: {
              ...data,
              id,
              ...withAudit(ctx).created,
            },
          })
        }
        if (unitList) {
          const unitIds = unitList.map((u) => BigInt(u.unitId))
          if (new Set(unitIds).size !== unitIds.length) {
            throw AppError.badRequest(ExpertMsg.UNIT_TWICE)
          }
          if (
            unitIds.length &&
            (await tx.expertUnit.count({ where: { id: { in: unitIds }, ...LIVE } })) !== unitIds.length
          ) {
            throw AppError.badRequest(ExpertMsg.UNIT_MISSING)
          }
          // Held until the project commits: a unit removal meanwhile waits and counts these rows (decision 030).
          for (const unitId of [...unitIds].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
            if (!(await lockReferenced(tx, 'blade_unit_table', unitId))) {
              throw AppError.badRequest(ExpertMsg.UNIT_MISSING)
            }
          }
          await tx.expertProjectUnit.deleteMany({ where: { projectId: id } })
          await tx.expertProjectUnit.createMany({
            data: unitList.map((u, i) => ({
              id: nextId(),
              projectId: id,
              unitId: BigInt(u.unitId),
              role: u.role ?? null,
              sort: i,
            })),
          })
        }
        if (peopleList) {
          const personIds = [...new Set(peopleList.flatMap((p) => (p.personId ? [BigInt(p.personId)] : [])))]
          if (
            personIds.length &&
            (await tx.expertPerson.count({ where: { id: { in: personIds }, ...LIVE } })) !== personIds.length
          ) {
            throw AppError.badRequest(ExpertMsg.PERSON_MISSING)
          }
          await tx.expertProjectPerson.deleteMany({ where: { projectId: id } })
          await tx.expertProjectPerson.createMany({
            data: peopleList.map((p, i) => ({
              id: nextId(),
              projectId: id,
              personId: p.personId ? BigInt(p.personId) : null,
              name: p.name,
              workUnit: p.workUnit ?? null,
              duty: p.duty ?? null,
              sort: i,
            })),
          })
        }
        return { id: String(id) }
      })
    },

    /** Removes saved unit rows of the tenant's projects (`ids` are row ids, as detailProject answers them). */
    async removeUnits(ctx: TCtx, ids: bigint[]) {
      await tenantDb(prisma, ctx.tenantId).expertProjectUnit.deleteMany({ where: { id: { in: ids } } })
    },
    async removePeople(ctx: TCtx, ids: bigint[]) {
      await tenantDb(prisma, ctx.tenantId).expertProjectPerson.deleteMany({ where: { id: { in: ids } } })
    },
    async remove(ctx: TCtx, ids: bigint[]) {
      return tenantDb(prisma, ctx.tenantId).$transaction(async (tx) => {
        const result = await tx.expertProject.updateMany({
          where: { id: { in: ids }, ...LIVE },
          data: { ...withAudit(ctx).deleted },
        })
        await tx.expertProjectUnit.deleteMany({ where: { projectId: { in: ids } } })
        await tx.expertProjectPerson.deleteMany({ where: { projectId: { in: ids } } })
        return result.count
      })
    },
  }
}
export type TExpertProjectService = ReturnType<typeof createExpertProjectService>
