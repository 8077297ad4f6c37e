import { nextId, type PrismaClient } from '@ysjs/db'
import {
  DevelopMsg,
  propertyEntityOf,
  ZModelRecordSchema,
  ZModelSubmitSchema,
  type ZPrototypeListSubmitSchema,
} from '@ysjs/shared'
import type { z } from 'zod'
import { isPlatformAdmin, type TCtx } from '../../lib/context.ts'
import { createCrudService, withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import type { TDatasourceService } from './datasource.service.ts'
import { listTables, tableColumns, withDatasource } from './introspect.ts'
import { defaultPrototype } from './prototypes.ts'

/** 数据模型: a table of a data source and the field prototypes the generator and the reports use. */
export const createModelService = (prisma: PrismaClient, datasources: TDatasourceService) => {
  const crud = createCrudService(prisma, {
    prefix: '/api/ysjs-develop/model',
    model: (db) => db.devModel,
    submit: ZModelSubmitSchema,
    record: ZModelRecordSchema,
    filters: { modelName: 'string', modelCode: 'string', modelTable: 'string' },
    sortable: ['modelName', 'modelCode', 'modelTable', 'createTime'],
    unique: [{ fields: ['modelCode'], message: '模型编号已存在' }],
    toData: ({ datasourceId, ...rest }) => ({ ...rest, datasourceId: BigInt(datasourceId) }),
    // The table must be there: prototypes, reports and the generator all read it.
    validate: async (_ctx, data) => {
      const conn = await datasources.connOf(data.datasourceId as bigint)
      await withDatasource(prisma, conn, (q) => tableColumns(q, data.modelTable as string))
    },
  })

  const modelOf = async (id: bigint) => {
    const model = await prisma.devModel.findFirst({ where: { id, isDeleted: 0 } })
    if (!model) {
      throw AppError.badRequest(DevelopMsg.MODEL_NOT_FOUND)
    }
    return model
  }

  // Rows saved before property_entity was written answer it from their property type.
  const savedPrototypes = async (modelId: bigint) =>
    (
      await prisma.devModelPrototype.findMany({
        where: { modelId, isDeleted: 0 },
        orderBy: [{ sort: 'asc' }, { id: 'asc' }],
      })
    ).map((p) => ({ ...p, propertyEntity: p.propertyEntity || propertyEntityOf(p.propertyType) }))

  /** Reading a data source's tables uses its stored credentials: the platform administrator's (decision 020). */
  const assertIntrospect = (ctx: TCtx) => {
    if (!isPlatformAdmin(ctx.user)) {
      throw AppError.forbidden()
    }
  }
  const columns = async (ctx: TCtx, datasourceId: bigint, table: string) => {
    assertIntrospect(ctx)
    return withDatasource(prisma, await datasources.connOf(datasourceId), (q) => tableColumns(q, table))
  }

  return {
    ...crud,
    modelOf,
    savedPrototypes,
    async tables(ctx: TCtx, datasourceId: bigint) {
      assertIntrospect(ctx)
      return withDatasource(prisma, await datasources.connOf(datasourceId), listTables)
    },
    columns,
    async select() {
      return (
        await prisma.devModel.findMany({
          where: { isDeleted: 0 },
          select: { id: true, modelName: true },
          orderBy: [{ createTime: 'desc' }, { id: 'desc' }],
        })
      ).map((m) => ({ id: m.id, name: m.modelName }))
    },
    /**
     * The saved prototypes, or (none saved yet, or `refresh`) ones proposed from the table's columns.
     * A refresh keeps what the user edited on columns still there (labels, names, flags, dictionary),
     * reads type and length again, adds new columns and leaves out vanished ones; nothing is saved.
     */
    async prototypes(ctx: TCtx, modelId: bigint, datasourceId?: bigint, refresh = false) {
      const model = await modelOf(modelId)
      const saved = await savedPrototypes(modelId)
      if (saved.length && !refresh) {
        return saved
      }
      const found = await columns(ctx, datasourceId ?? model.datasourceId, model.modelTable)
      const before = new Map(saved.map((p) => [p.jdbcName, p]))
      return found.map((c, sort) => {
        const proposed = { ...defaultPrototype(c, sort), modelId }
        const old = before.get(c.name)
        if (!old) {
          return proposed
        }
        const sameType = old.propertyType === proposed.propertyType
        return {
          ...old,
          jdbcType: proposed.jdbcType,
          length: proposed.length,
          propertyType: proposed.propertyType,
          propertyEntity: proposed.propertyEntity,
          componentType: sameType ? old.componentType : proposed.componentType,
          queryType: sameType ? old.queryType : proposed.queryType,
          sort,
        }
      })
    },
    /** Replaces the model's prototypes in one transaction. */
    async submitPrototypes(ctx: TCtx, input: z.infer<typeof ZPrototypeListSubmitSchema>) {
      if (!isPlatformAdmin(ctx.user)) {
        throw AppError.forbidden()
      }
      const modelId = BigInt(input.modelId)
      const model = await modelOf(modelId)
      const table = await withDatasource(prisma, await datasources.connOf(model.datasourceId), (q) =>
        tableColumns(q, model.modelTable),
      )
      const known = new Set(table.map((c) => c.name))
      const unknown = input.prototypes.find((p) => !known.has(p.jdbcName))
      if (unknown) {
        throw AppError.badRequest(`${DevelopMsg.COLUMN_NOT_IN_TABLE}: ${unknown.jdbcName}`)
      }
      const user = ctx.user?.userId ?? null
      await prisma.$transaction([
        prisma.devModelPrototype.deleteMany({ where: { modelId } }),
        prisma.devModelPrototype.createMany({
          data: input.prototypes.map(({ id: _id, dictCode, length, ...p }, sort) => ({
            ...p,
            propertyEntity: propertyEntityOf(p.propertyType),
            id: nextId(),
            modelId,
            dictCode: dictCode ?? '',
            length: length ?? null,
            sort,
            createUser: user,
            ...withAudit(ctx).updated,
          })),
        }),
      ])
    },
  }
}
export type TModelService = ReturnType<typeof createModelService>
