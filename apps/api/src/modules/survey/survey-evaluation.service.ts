import type { PrismaClient } from '@ysjs/db'
import {
  addressWithProvince,
  resultsPrincipalSchema,
  resultsUnitSchema,
  type TEvaluationUnit,
  type ZEvaluationSubmitSchema,
  ZResultsVOSubmitSchema,
} from '@ysjs/shared'
import type { z } from 'zod'
import type { TCtx } from '../../lib/context.ts'
import { boundedPage, boundedRows, skipTake } from '../../lib/paging.ts'
import type { TResultsService } from '../appraise/results.service.ts'
import { db, type TUnitOwner, unitDeptIds, unitOwnerOf } from './survey-common.ts'

const unitShape = resultsUnitSchema('draft').shape
const principalShape = resultsPrincipalSchema('draft').shape

/** A prefilled value the appraisal form would refuse (a postcode of 5 digits...) is left for the member. */
const valid = (schema: z.ZodType, value: string | null): string | undefined =>
  value && schema.safeParse(value).success ? value : undefined

/**
 * 成果申报 (/evaluation, decision 019): a member unit's achievement reports are applications of the
 * appraisal module, created through its service in draft and listed for the whole unit.
 */
export const createEvaluationService = (prisma: PrismaClient, results: TResultsService) => {
  /** The unit as the report names it: its latest company form, else the company dept's full name. */
  const unitOf = async (ctx: TCtx, owner: TUnitOwner): Promise<TEvaluationUnit> => {
    const company = await db(prisma, ctx.tenantId).company.findFirst({
      where: { ownerKey: owner.key },
      orderBy: [{ updateTime: { sort: 'desc', nulls: 'last' } }, { createTime: 'desc' }],
    })
    return {
      firmId: String(owner.firmId),
      unitName: company?.name || owner.fullName,
      address: company ? addressWithProvince(company.provinceName, company.address) || null : null,
      postcode: company?.email ?? null,
      contact: company?.contact ?? null,
      phone: company?.phone ?? null,
    }
  }

  /** Applications reported from the unit: created by an account whose first dept belongs to it. */
  const unitWhere = async (ctx: TCtx, owner: TUnitOwner) => ({
    isDeleted: 0,
    createDept: { in: await unitDeptIds(prisma, ctx.tenantId, owner.firmId) },
  })

  const service = {
    async unit(ctx: TCtx) {
      return unitOf(ctx, await unitOwnerOf(prisma, ctx))
    },

    async list(ctx: TCtx, q: { current: number; size: number; status?: number }) {
      const owner = await unitOwnerOf(prisma, ctx)
      const where = {
        ...(await unitWhere(ctx, owner)),
        ...(q.status !== undefined ? { status: q.status } : {}),
      }
      const d = db(prisma, ctx.tenantId)
      const b = await boundedRows(
        q,
        () =>
          d.results.findMany({
            where,
            orderBy: [{ updateTime: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }],
            ...skipTake(q),
          }),
        (take) => d.results.count({ where, take }),
      )
      const records = await results.records(ctx, b.rows, false)
      return boundedPage(
        records.map((r) => ({ ...r, mine: r.createUser === owner.userId })),
        b,
        q,
      )
    },

    /** A draft application (status 0) with the unit as first completing unit and as principal. */
    async create(ctx: TCtx, input: z.output<typeof ZEvaluationSubmitSchema>) {
      const owner = await unitOwnerOf(prisma, ctx)
      const unit = await unitOf(ctx, owner)
      const body = ZResultsVOSubmitSchema.parse({
        name: input.name,
        outcomeType: input.outcomeType,
        firstParty: unit.unitName,
        unitEntityList: [
          {
            unitName: valid(unitShape.unitName, unit.unitName),
            postcode: valid(unitShape.postcode, unit.postcode),
            address: valid(unitShape.address, unit.address),
            name: valid(unitShape.name, unit.contact),
            phone: valid(unitShape.phone, unit.phone),
          },
        ],
        peopleEntityList: [],
        principal: {
          unitName: valid(principalShape.unitName, unit.unitName),
          address: valid(principalShape.address, unit.address),
          postcode: valid(principalShape.postcode, unit.postcode),
          name: valid(principalShape.name, unit.contact),
          phone: valid(principalShape.phone, unit.phone),
        },
      })
      return results.saveVO(ctx, body)
    },

    /** The caller's application with its rows and its history (the appraisal module's dossier). */
    async detail(ctx: TCtx, id: bigint) {
      await unitOwnerOf(prisma, ctx)
      const [record, history] = await Promise.all([results.detailVO(ctx, id), results.dossier(ctx, id)])
      return { record, history }
    },
  }
  return service
}
export type TEvaluationService = ReturnType<typeof createEvaluationService>
