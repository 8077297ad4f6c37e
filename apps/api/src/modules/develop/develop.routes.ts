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
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { registerCrudRoutes } from '../../lib/crud.ts'
import { done, ok, zDone, zEnvelope } from '../../lib/envelope.ts'
import { AppError } from '../../lib/errors.ts'
import { createCodeService } from './code.service.ts'
import { createDatasourceService } from './datasource.service.ts'
import { createModelService } from './model.service.ts'

const PREFIX = '/api/ysjs-develop'
const tags = ['develop']

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
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(`${PREFIX}/datasource/select`, {
    config: { access: { permission: ['datasource', 'model', 'code'] } },
    schema: { tags, summary: '数据源下拉', response: { 200: zEnvelope(z.array(ZSelectOptionSchema)) } },
    handler: async () => ok(await datasources.select()),
  })
  r.post(`${PREFIX}/datasource/test-connection`, {
    config: { access: { permission: ['datasource_add', 'datasource_edit'] } },
    schema: { tags, summary: '测试数据源连接', body: ZDatasourceSubmitSchema, response: { 200: zDone } },
    handler: async (request) => {
      await datasources.test(ctxOf(request), request.body)
      return done('连接成功')
    },
  })

  r.get(`${PREFIX}/model/select`, {
    config: { access: { permission: ['model', 'code', 'report_list'] } },
    schema: { tags, summary: '数据模型下拉', response: { 200: zEnvelope(z.array(ZSelectOptionSchema)) } },
    handler: async () => ok(await models.select()),
  })
  r.get(`${PREFIX}/model/table-list`, {
    config: { access: { permission: 'model' } },
    schema: {
      tags,
      summary: '数据源的数据表',
      querystring: z.object({ datasourceId: ZIdSchema }),
      response: { 200: zEnvelope(z.array(ZTableSchema)) },
    },
    handler: async (request) => ok(await models.tables(ctxOf(request), BigInt(request.query.datasourceId))),
  })
  r.get(`${PREFIX}/model/table-info`, {
    config: { access: { permission: 'model' } },
    schema: {
      tags,
      summary: '数据表的字段 (按模型或表名)',
      querystring: z.object({
        modelId: ZIdSchema.optional(),
        tableName: ZTableName.optional(),
        datasourceId: ZIdSchema.optional(),
      }),
      response: { 200: zEnvelope(z.array(ZColumnSchema)) },
    },
    handler: async (request) => {
      const { modelId, tableName, datasourceId } = request.query
      const ctx = ctxOf(request)
      if (modelId) {
        const model = await models.modelOf(BigInt(modelId))
        return ok(
          await models.columns(
            ctx,
            datasourceId ? BigInt(datasourceId) : model.datasourceId,
            model.modelTable,
          ),
        )
      }
      if (!tableName || !datasourceId) {
        throw AppError.badRequest('缺少必要的请求参数: tableName')
      }
      return ok(await models.columns(ctx, BigInt(datasourceId), tableName))
    },
  })
  r.get(`${PREFIX}/model/model-prototype`, {
    config: { access: { permission: 'model' } },
    schema: {
      tags,
      summary: '模型字段 (未保存时由数据表推出)',
      querystring: z.object({
        modelId: ZIdSchema,
        datasourceId: ZIdSchema.optional(),
        /** true: propose again from the table, keeping the saved edits of columns still there. */
        refresh: z.enum(['true', 'false']).optional(),
      }),
      response: { 200: zEnvelope(z.array(ZPrototypeRecordSchema)) },
    },
    handler: async (request) => {
      const { modelId, datasourceId, refresh } = request.query
      return ok(
        await models.prototypes(
          ctxOf(request),
          BigInt(modelId),
          datasourceId ? BigInt(datasourceId) : undefined,
          refresh === 'true',
        ),
      )
    },
  })
  r.get(`${PREFIX}/model-prototype/select`, {
    config: { access: { permission: ['model', 'code', 'report_list'] } },
    schema: {
      tags,
      summary: '已保存的模型字段',
      querystring: z.object({ modelId: ZIdSchema }),
      response: { 200: zEnvelope(z.array(ZPrototypeRecordSchema)) },
    },
    handler: async (request) => ok(await models.savedPrototypes(BigInt(request.query.modelId))),
  })
  // The spec lists submit-list among the model calls, the platform under model-prototype: both paths.
  for (const path of [`${PREFIX}/model-prototype/submit-list`, `${PREFIX}/model/submit-list`]) {
    r.post(path, {
      config: { access: { permission: 'model_setting' } },
      schema: { tags, summary: '保存模型字段', body: ZPrototypeListSubmitSchema, response: { 200: zDone } },
      handler: async (request) => {
        await models.submitPrototypes(ctxOf(request), request.body)
        return done()
      },
    })
  }

  r.post(`${PREFIX}/code/copy`, {
    config: { access: { permission: 'code_copy' } },
    schema: {
      tags,
      summary: '复制代码生成配置',
      querystring: z.object({ id: ZIdSchema }),
      response: { 200: zDone },
    },
    handler: async (request) => {
      await codes.copy(ctxOf(request), BigInt(request.query.id))
      return done()
    },
  })
  r.get(`${PREFIX}/code/preview`, {
    config: { access: { permission: 'code_gen' } },
    schema: {
      tags,
      summary: '预览生成的文件',
      querystring: z.object({ id: ZIdSchema }),
      response: { 200: zEnvelope(z.array(ZGeneratedFileSchema)) },
    },
    handler: async (request) => ok(await codes.preview(ctxOf(request), BigInt(request.query.id))),
  })
  r.post(`${PREFIX}/code/gen-code`, {
    config: { access: { permission: 'code_gen' } },
    schema: {
      tags,
      summary: '生成代码 (zip: 本项目目录结构的模块)',
      description: `${DevelopMsg.GEN_SUCCESS}: 答复 application/zip; 解包后以 scripts/apply-generated.mjs 登记。`,
      querystring: z.object({ ids: ZIdListSchema, system: z.string().max(20).optional() }),
      response: { 200: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) },
    },
    handler: async (request, reply) => {
      const zip = await codes.zip(ctxOf(request), request.query.ids.map(BigInt))
      return reply
        .type('application/zip')
        .header('content-disposition', 'attachment; filename="ysjs-generated.zip"')
        .send(zip)
    },
  })
}
