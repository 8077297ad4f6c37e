import type { PrismaClient } from '@ysjs/db'
import type { TAllowEntry } from '@ysjs/server-core'
import {
  DevelopMsg,
  SQL_NAME_PATTERN,
  ZColumnSchema,
  ZDatasourceSubmitSchema,
  ZGeneratedFileSchema,
  ZIdListSchema,
  ZIdSchema,
  ZPrototypeListSubmitSchema,
  ZPrototypeRecordSchema,
  ZSelectOptionSchema,
  ZTableSchema,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { registerCrudRoutes } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { routeKit, ZIdQuery } from '../../lib/route-kit.ts'
import { createCodeService } from './code.service.ts'
import { createDatasourceService } from './datasource.service.ts'
import { createModelService } from './model.service.ts'

const PREFIX = '/api/ysjs-develop'

const ZTableName = z
  .string({ error: '请选择数据表' })
  .trim()
  .refine((v) => SQL_NAME_PATTERN.test(v), { message: '表名只能包含小写字母、数字和下划线' })

/** The code generator (`/api/ysjs-develop`): data sources, models and their prototypes, code configs. */
export const developRoutes = (
  app: FastifyInstance,
  prisma: PrismaClient,
  /** `DATASOURCE_ALLOWED_HOSTS` (decision 020). */
  datasourceAllowedHosts: readonly TAllowEntry[] = [],
) => {
  const datasources = createDatasourceService(prisma, datasourceAllowedHosts)
  const models = createModelService(prisma, datasources)
  const codes = createCodeService(prisma, models)
  registerCrudRoutes(app, datasources)
  registerCrudRoutes(app, models)
  registerCrudRoutes(app, codes)
  const k = routeKit(app, { tags: ['develop'], prefix: PREFIX })

  k.read(
    'GET',
    '/datasource/select',
    { permission: ['datasource', 'model', 'code'] },
    { summary: '数据源下拉', response: z.array(ZSelectOptionSchema) },
    () => datasources.select(),
  )
  k.command(
    'POST',
    '/datasource/test-connection',
    { permission: ['datasource_add', 'datasource_edit'] },
    { summary: '测试数据源连接', body: ZDatasourceSubmitSchema, message: '连接成功' },
    (ctx, request) => datasources.test(ctx, request.body),
  )

  k.read(
    'GET',
    '/model/select',
    { permission: ['model', 'code', 'report_list'] },
    { summary: '数据模型下拉', response: z.array(ZSelectOptionSchema) },
    () => models.select(),
  )
  k.read(
    'GET',
    '/model/table-list',
    { permission: 'model' },
    {
      summary: '数据源的数据表',
      querystring: z.object({ datasourceId: ZIdSchema }),
      response: z.array(ZTableSchema),
    },
    (ctx, request) => models.tables(ctx, BigInt(request.query.datasourceId)),
  )
  k.read(
    'GET',
    '/model/table-info',
    { permission: 'model' },
    {
      summary: '数据表的字段 (按模型或表名)',
      querystring: z.object({
        modelId: ZIdSchema.optional(),
        tableName: ZTableName.optional(),
        datasourceId: ZIdSchema.optional(),
      }),
      response: z.array(ZColumnSchema),
    },
    async (ctx, request) => {
      const { modelId, tableName, datasourceId } = request.query
      if (modelId) {
        const model = await models.modelOf(BigInt(modelId))
        return models.columns(ctx, datasourceId ? BigInt(datasourceId) : model.datasourceId, model.modelTable)
      }
      if (!tableName || !datasourceId) {
        throw AppError.badRequest('缺少必要的请求参数: tableName')
      }
      return models.columns(ctx, BigInt(datasourceId), tableName)
    },
  )
  k.read(
    'GET',
    '/model/model-prototype',
    { permission: 'model' },
    {
      summary: '模型字段 (未保存时由数据表推出)',
      querystring: z.object({
        modelId: ZIdSchema,
        datasourceId: ZIdSchema.optional(),
        /** true: propose again from the table, keeping the saved edits of columns still there. */
        refresh: z.enum(['true', 'false']).optional(),
      }),
      response: z.array(ZPrototypeRecordSchema),
    },
    (ctx, request) => {
      const { modelId, datasourceId, refresh } = request.query
      const datasource = datasourceId ? BigInt(datasourceId) : undefined
      return models.prototypes(ctx, BigInt(modelId), datasource, refresh === 'true')
    },
  )
  k.read(
    'GET',
    '/model-prototype/select',
    { permission: ['model', 'code', 'report_list'] },
    {
      summary: '已保存的模型字段',
      querystring: z.object({ modelId: ZIdSchema }),
      response: z.array(ZPrototypeRecordSchema),
    },
    (_ctx, request) => models.savedPrototypes(BigInt(request.query.modelId)),
  )
  // The spec lists submit-list among the model calls, the platform under model-prototype: both paths.
  for (const path of ['/model-prototype/submit-list', '/model/submit-list']) {
    k.command(
      'POST',
      path,
      { permission: 'model_setting' },
      { summary: '保存模型字段', body: ZPrototypeListSubmitSchema },
      (ctx, request) => models.submitPrototypes(ctx, request.body),
    )
  }

  k.command(
    'POST',
    '/code/copy',
    { permission: 'code_copy' },
    { summary: '复制代码生成配置', querystring: ZIdQuery },
    (ctx, request) => codes.copy(ctx, BigInt(request.query.id)),
  )
  k.read(
    'GET',
    '/code/preview',
    { permission: 'code_gen' },
    { summary: '预览生成的文件', querystring: ZIdQuery, response: z.array(ZGeneratedFileSchema) },
    (ctx, request) => codes.preview(ctx, BigInt(request.query.id)),
  )
  k.raw(
    'POST',
    '/code/gen-code',
    { access: { permission: 'code_gen' } },
    {
      summary: '生成代码 (zip: 本项目目录结构的模块)',
      description: `${DevelopMsg.GEN_SUCCESS}: 答复 application/zip; 解包后以 scripts/apply-generated.mjs 登记。`,
      querystring: z.object({ ids: ZIdListSchema, system: z.string().max(20).optional() }),
      response: { 200: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) },
    },
    async (request, reply) => {
      const zip = await codes.zip(ctxOf(request), request.query.ids.map(BigInt))
      return reply
        .type('application/zip')
        .header('content-disposition', 'attachment; filename="ysjs-generated.zip"')
        .send(zip)
    },
  )
}
