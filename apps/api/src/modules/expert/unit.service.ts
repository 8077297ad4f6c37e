import type { PrismaClient } from '@ysjs/db'
import {
  EXPERT_PREFIX,
  ExpertMsg,
  type TOptionQuery,
  ZPersonRecordSchema,
  ZPersonSubmitSchema,
  ZUnitAssociationRecordSchema,
  ZUnitAssociationSubmitSchema,
  ZUnitRecordSchema,
  ZUnitSubmitSchema,
} from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { createCrudService, crudCodes } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { escapeLike } from '../../lib/filters.ts'
import { boundedPage, boundedRows, skipTake } from '../../lib/paging.ts'
import { lockForRemoval } from '../../lib/row-locks.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { clearing, dateOnly, formatDateOnly } from '../trading/dict-names.ts'

const LIVE = { isDeleted: 0 }

const unitNames = async (prisma: PrismaClient, tenantId: string, ids: bigint[]) => {
  const units = ids.length
    ? await tenantDb(prisma, tenantId).expertUnit.findMany({
        where: { id: { in: [...new Set(ids)] } },
        select: { id: true, unitName: true },
      })
    : []
  return new Map(units.map((u) => [u.id, u.unitName]))
}

const assertUnit = async (prisma: PrismaClient, ctx: TCtx, id: unknown) => {
  if (typeof id !== 'bigint') {
    return
  }
  const unit = await tenantDb(prisma, ctx.tenantId).expertUnit.findFirst({
    where: { id, ...LIVE },
    select: { id: true },
  })
  if (!unit) {
    throw AppError.badRequest(ExpertMsg.UNIT_MISSING)
  }
}

/** 单位库: the units experts, people, projects and (by name) deals refer to. */
export const createUnitService = (prisma: PrismaClient) => {
  const crud = createCrudService(prisma, {
    prefix: `${EXPERT_PREFIX}/unitTable`,
    model: (db) => db.expertUnit,
    submit: ZUnitSubmitSchema,
    record: ZUnitRecordSchema,
    filters: { unitName: 'string', creditCode: 'string?', nature: 'string?', contact: 'string?' },
    sortable: ['unitName', 'createTime'],
    unique: [{ fields: ['unitName'], message: ExpertMsg.UNIT_EXISTS }],
    permissions: crudCodes('expert_unit'),
    toData: (input) => clearing(input, ['creditCode', 'address', 'contact', 'phone', 'nature', 'remark']),
    export: {
      fileName: '单位库',
      columns: [
        { key: 'unitName', header: '单位名称', width: 30 },
        { key: 'creditCode', header: '统一社会信用代码', width: 22 },
        { key: 'nature', header: '单位性质', dict: 'unit_nature' },
        { key: 'address', header: '地址', width: 30 },
        { key: 'contact', header: '联系人' },
        { key: 'phone', header: '电话', width: 14 },
        { key: 'createTime', header: '创建时间', kind: 'datetime' },
      ],
    },
  })
  return {
    ...crud,
    /** Units still referenced by a live link, person or project row are kept: removing them would orphan those. */
    async remove(ctx: TCtx, ids: bigint[]) {
      // Locked before counting (decision 030): a link, person or project row written meanwhile holds its
      // unit FOR SHARE, so it is counted here, or it waits and finds its unit gone.
      return tenantDb(prisma, ctx.tenantId).$transaction(async (tx) => {
        await lockForRemoval(tx, 'blade_unit_table', ids)
        const [links, people, projects] = await Promise.all([
          tx.expertUnitAssociation.count({ where: { unitId: { in: ids }, ...LIVE } }),
          tx.expertPerson.count({ where: { unitId: { in: ids }, ...LIVE } }),
          tx.expertProjectUnit.count({ where: { unitId: { in: ids } } }),
        ])
        if (links + people + projects > 0) {
          throw AppError.badRequest(ExpertMsg.UNIT_IN_USE)
        }
        return crud.remove(ctx, ids, tx)
      })
    },
    /**
     * Units for pickers (deal, project, person, expert–unit forms): a page of those whose name contains
     * the keyword, by name; or exactly `ids` (the units a form already holds).
     */
    async options(ctx: TCtx, q: TOptionQuery) {
      const where = {
        ...LIVE,
        ...(q.ids ? { id: { in: q.ids.map(BigInt) } } : {}),
        ...(q.keyword ? { unitName: { contains: escapeLike(q.keyword), mode: 'insensitive' as const } } : {}),
      }
      const db = tenantDb(prisma, ctx.tenantId)
      const b = await boundedRows(
        q,
        () =>
          db.expertUnit.findMany({
            where,
            select: { id: true, unitName: true },
            orderBy: [{ unitName: 'asc' }, { id: 'asc' }],
            ...skipTake(q),
          }),
        (take) => db.expertUnit.count({ where, take }),
      )
      return boundedPage(b.rows, b, q)
    },
  }
}
export type TUnitService = ReturnType<typeof createUnitService>

/** 专家—单位: an expert's role in a unit over a period (start ≤ end). */
export const createUnitAssociationService = (prisma: PrismaClient) =>
  createCrudService(prisma, {
    prefix: `${EXPERT_PREFIX}/unitAssociation`,
    model: (db) => db.expertUnitAssociation,
    submit: ZUnitAssociationSubmitSchema,
    record: ZUnitAssociationRecordSchema,
    filters: { expertId: 'id', unitId: 'id', role: 'string?' },
    sortable: ['startDate', 'createTime'],
    permissions: crudCodes('expert_unit_association'),
    refersTo: [{ field: 'unitId', table: 'blade_unit_table', message: ExpertMsg.UNIT_MISSING }],
    toData: ({ expertId, unitId, startDate, endDate, ...rest }) => ({
      ...clearing(rest, ['role', 'remark']),
      expertId: BigInt(expertId),
      unitId: BigInt(unitId),
      startDate: startDate ? dateOnly(startDate) : null,
      endDate: endDate ? dateOnly(endDate) : null,
    }),
    validate: async (ctx, data) => {
      const expert = await tenantDb(prisma, ctx.tenantId).expertBasic.findFirst({
        where: { id: data.expertId as bigint, ...LIVE },
        select: { id: true },
      })
      if (!expert) {
        throw AppError.badRequest(ExpertMsg.EXPERT_MISSING)
      }
      await assertUnit(prisma, ctx, data.unitId)
    },
    enrich: async (ctx, rows) => {
      const experts = await tenantDb(prisma, ctx.tenantId).expertBasic.findMany({
        where: { id: { in: [...new Set(rows.map((r) => r.expertId as bigint))] } },
        select: { id: true, name: true },
      })
      const names = new Map(experts.map((e) => [e.id, e.name ?? '']))
      const units = await unitNames(
        prisma,
        ctx.tenantId,
        rows.map((r) => r.unitId as bigint),
      )
      return rows.map((r) => ({
        ...r,
        expertName: names.get(r.expertId as bigint) ?? '',
        unitName: units.get(r.unitId as bigint) ?? '',
        startDate: r.startDate ? formatDateOnly(r.startDate) : null,
        endDate: r.endDate ? formatDateOnly(r.endDate) : null,
      }))
    },
    export: {
      fileName: '专家单位',
      columns: [
        { key: 'expertName', header: '专家' },
        { key: 'unitName', header: '单位', width: 30 },
        { key: 'role', header: '职务/角色' },
        { key: 'startDate', header: '开始日期', kind: 'date' },
        { key: 'endDate', header: '结束日期', kind: 'date' },
        { key: 'remark', header: '备注', width: 30 },
      ],
    },
  })

/** 单位人员: the people of a unit, picked into project people rows. */
export const createPersonService = (prisma: PrismaClient) =>
  createCrudService(prisma, {
    prefix: `${EXPERT_PREFIX}/persionTable`,
    model: (db) => db.expertPerson,
    submit: ZPersonSubmitSchema,
    record: ZPersonRecordSchema,
    filters: { name: 'string', unitId: 'id?', title: 'string?' },
    sortable: ['name', 'createTime'],
    permissions: crudCodes('expert_person'),
    refersTo: [{ field: 'unitId', table: 'blade_unit_table', message: ExpertMsg.UNIT_MISSING }],
    toData: ({ unitId, ...rest }) => ({
      ...clearing(rest, ['sex', 'position', 'title', 'phone', 'email', 'remark']),
      unitId: unitId ? BigInt(unitId) : null,
    }),
    validate: async (ctx, data) => assertUnit(prisma, ctx, data.unitId),
    enrich: async (ctx, rows) => {
      const units = await unitNames(
        prisma,
        ctx.tenantId,
        rows.flatMap((r) => (r.unitId ? [r.unitId as bigint] : [])),
      )
      return rows.map((r) => ({ ...r, unitName: r.unitId ? (units.get(r.unitId as bigint) ?? '') : '' }))
    },
    export: {
      fileName: '单位人员',
      columns: [
        { key: 'name', header: '姓名' },
        { key: 'unitName', header: '所属单位', width: 30 },
        // Dictionary `sex` (1 男, 2 女), as the people rows store it.
        { key: 'sex', header: '性别', dict: 'sex' },
        { key: 'position', header: '职务' },
        { key: 'title', header: '职称' },
        { key: 'phone', header: '电话', width: 14 },
        { key: 'email', header: '邮箱', width: 24 },
        { key: 'remark', header: '备注', width: 30 },
        { key: 'createTime', header: '创建时间', kind: 'datetime' },
      ],
    },
  })
