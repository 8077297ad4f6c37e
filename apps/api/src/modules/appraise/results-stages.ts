import { Prisma, type PrismaClient } from '@ysjs/db'
import {
  RESULTS_STAGE_STATUSES,
  RESULTS_STATUS as S,
  type TResultsStage,
  type TResultsStageState,
} from '@ysjs/shared'

/**
 * The `where` of a stage's half (decision 029). Status alone decides most stages; 专家推送, 评价指标 and
 * 评价会议 also ask whether an expert is pushed or a meeting record generated, read here as the ids of
 * the tenant's live applications that have one.
 */
export const createStageWhere = (prisma: PrismaClient) => {
  /** Live applications (of the statuses given) with at least one live expert push. */
  const pushedIds = async (tenantId: string, statuses: readonly number[]) => {
    const rows = await prisma.$queryRaw<{ id: bigint }[]>(Prisma.sql`
      SELECT DISTINCT r.id FROM ysjs_appraise_results r
      JOIN ysjs_appraise_basic b ON b.results_id = r.id AND b.tenant_id = r.tenant_id AND b.is_deleted = 0
      WHERE r.tenant_id = ${tenantId} AND r.is_deleted = 0 AND r.status IN (${Prisma.join([...statuses])})`)
    return rows.map((r) => r.id)
  }
  /** Live applications with a generated meeting record (the 评价会议 document). */
  const meetingIds = async (tenantId: string) => {
    const rows = await prisma.$queryRaw<{ id: bigint }[]>(Prisma.sql`
      SELECT DISTINCT r.id FROM ysjs_appraise_results r
      JOIN ysjs_appraise_attach a ON a.results_id = r.id AND a.tenant_id = r.tenant_id
        AND a.kind = 'meeting' AND a.is_deleted = 0
      WHERE r.tenant_id = ${tenantId} AND r.is_deleted = 0`)
    return rows.map((r) => r.id)
  }
  const inStatus = (statuses: readonly number[]) => ({ status: { in: [...statuses] } })
  const active = [S.ACCEPTED, S.EVALUATING] as const

  return async (
    tenantId: string,
    stage: TResultsStage,
    state: TResultsStageState,
  ): Promise<Prisma.ResultsWhereInput> => {
    const statuses = RESULTS_STAGE_STATUSES[stage][state]
    switch (stage) {
      case 'agreement':
      case 'notice':
      case 'report':
        return inStatus(statuses)
      case 'basic': {
        const pushed = await pushedIds(tenantId, active)
        return state === 'todo'
          ? { ...inStatus(statuses), id: { notIn: pushed } }
          : {
              OR: [{ ...inStatus(active), id: { in: pushed } }, inStatus([S.SCORED, S.REPORTED, S.ARCHIVED])],
            }
      }
      case 'index':
        return state === 'todo'
          ? { ...inStatus(statuses), id: { in: await pushedIds(tenantId, active) } }
          : inStatus(statuses)
      case 'meeting': {
        const recorded = await meetingIds(tenantId)
        return state === 'todo'
          ? { ...inStatus(statuses), id: { notIn: recorded } }
          : { ...inStatus(statuses), id: { in: recorded } }
      }
    }
  }
}
export type TStageWhere = ReturnType<typeof createStageWhere>
