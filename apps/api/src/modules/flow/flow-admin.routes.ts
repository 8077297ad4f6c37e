import {
  FLOW_UPLOAD,
  FlowMsg,
  ZChangeStateSchema,
  ZDeleteDeploymentSchema,
  ZFlowDeployResultSchema,
  ZFlowExecutionSchema,
  ZFlowModelSchema,
  ZFlowModelSubmitSchema,
  ZFlowModeQuerySchema,
  ZFlowProcessSchema,
  ZFollowListQuerySchema,
  ZIdListSchema,
  ZModelDeploySchema,
  ZModelListQuerySchema,
  ZWireIdSchema,
  zIdParam,
} from '@ysjs/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { patchableSubmit, patchedInput, updateIdOf } from '../../lib/crud.ts'
import { done, ok, zDone, zEnvelope, zPage } from '../../lib/envelope.ts'
import { AppError } from '../../lib/errors.ts'
import { multipartFailure } from '../oss/multipart.ts'
import type { TFlowAdminService } from './flow-admin.service.ts'
import type { TFlowWorkService } from './flow-work.service.ts'

const FLOW = '/api/ysjs-flow'
const BPMN_SUFFIX = /\.(bpmn|bpmn20\.xml)$/i

/** `deploy-upload`: fields `category`, `tenantIds`, files `.bpmn` / `.bpmn20.xml` (FLOW_UPLOAD's limits). */
const readDeployUpload = async (request: FastifyRequest) => {
  const fields: Record<string, string> = {}
  const files: { name: string; xml: string }[] = []
  try {
    const limits = { fileSize: FLOW_UPLOAD.MAX_FILE_BYTES, files: FLOW_UPLOAD.MAX_FILES, fields: 10 }
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        const buf = await part.toBuffer()
        if (!BPMN_SUFFIX.test(part.filename)) {
          throw AppError.badRequest(FlowMsg.FILE_SUFFIX)
        }
        files.push({ name: part.filename, xml: buf.toString('utf8') })
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value
      }
    }
  } catch (err) {
    // The flow's own limits, named in its own words (the generic ones speak of attachments).
    const code = (err as { code?: unknown } | null)?.code
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, FlowMsg.FILE_TOO_LARGE)
    }
    if (code === 'FST_FILES_LIMIT') {
      throw AppError.badRequest(FlowMsg.FILES_TOO_MANY)
    }
    throw multipartFailure(err)
  }
  return { fields, files }
}

// Contract 10.2 marks model, manager and follow calls `SA`: their routes are declared `platform` (the
// platform's administrator alone); the menu codes still decide what the menus show.

export const flowAdminRoutes = (app: FastifyInstance, admin: TFlowAdminService, work: TFlowWorkService) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const model = ['flow-model']
  r.get(`${FLOW}/model/list`, {
    config: { access: { permission: 'flow_model', platform: true } },
    schema: {
      tags: model,
      summary: '模型列表',
      querystring: ZModelListQuerySchema,
      response: { 200: zEnvelope(zPage(ZFlowModelSchema)) },
    },
    handler: async (request) => ok(await admin.modelList(request.query)),
  })
  r.get(`${FLOW}/model/detail`, {
    config: { access: { permission: 'flow_model', platform: true } },
    schema: {
      tags: model,
      summary: '模型详情 (含 BPMN XML)',
      querystring: z.object({ id: zIdParam('id') }),
      response: { 200: zEnvelope(ZFlowModelSchema) },
    },
    handler: async (request) => ok(await admin.modelDetail(BigInt(request.query.id))),
  })
  r.post(`${FLOW}/model/submit`, {
    config: { access: { permission: ['flow_model_create', 'flow_model_update'], platform: true } },
    schema: {
      tags: model,
      summary: '保存模型 (BPMN XML 保存时校验)',
      body: ZFlowModelSubmitSchema,
      response: { 200: zEnvelope(ZWireIdSchema) },
    },
    // With an id, a partial update: what it does not carry keeps its stored value (decision 025).
    ...patchableSubmit(ZFlowModelSubmitSchema),
    handler: async (request) => {
      const id = updateIdOf(request)
      const input = id
        ? patchedInput(request, ZFlowModelSubmitSchema, await admin.modelDetail(id))
        : request.body
      return ok(await admin.modelSubmit(ctxOf(request), input))
    },
  })
  r.post(`${FLOW}/model/remove`, {
    config: { access: { permission: 'flow_model_delete', platform: true } },
    schema: {
      tags: model,
      summary: '删除模型',
      querystring: z.object({ ids: ZIdListSchema }),
      response: { 200: zDone },
    },
    handler: async (request) => {
      await admin.modelRemove(request.query.ids)
      return done()
    },
  })
  r.post(`${FLOW}/model/deploy`, {
    config: { access: { permission: 'flow_model_deploy', platform: true } },
    schema: {
      tags: model,
      summary: '部署模型 (每个租户一个版本; 无租户时为通用流程; warnings: 须运行时才知道的问题)',
      body: ZModelDeploySchema,
      response: { 200: zEnvelope(ZFlowDeployResultSchema) },
    },
    handler: async (request) => {
      const b = request.body
      return ok(await admin.modelDeploy(BigInt(b.modelId), b.category, b.tenantIds))
    },
  })

  const manager = ['flow-manager']
  r.get(`${FLOW}/manager/list`, {
    config: { access: { permission: 'flow_manager', platform: true } },
    schema: {
      tags: manager,
      summary: '流程定义 (各流程的最新版本)',
      querystring: ZFlowModeQuerySchema,
      response: { 200: zEnvelope(zPage(ZFlowProcessSchema)) },
    },
    handler: async (request) => ok(await work.managerList(ctxOf(request), request.query)),
  })
  r.post(`${FLOW}/manager/change-state`, {
    config: { access: { permission: 'flow_manager_state', platform: true } },
    schema: {
      tags: manager,
      summary: '激活 (active) 或挂起 (suspend) 流程定义',
      body: ZChangeStateSchema,
      response: { 200: zDone },
    },
    handler: async (request) => done(await admin.changeState(request.body.processId, request.body.state)),
  })
  r.post(`${FLOW}/manager/delete-deployment`, {
    config: { access: { permission: 'flow_manager_remove', platform: true } },
    schema: {
      tags: manager,
      summary: '删除部署 (连同其实例)',
      body: ZDeleteDeploymentSchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await admin.deleteDeployments(request.body.deploymentIds)
      return done()
    },
  })
  r.post(`${FLOW}/manager/deploy-upload`, {
    config: { access: { permission: 'flow_deploy', platform: true } },
    schema: {
      tags: manager,
      summary: '上传部署 (multipart: category, tenantIds, files; warnings: 须运行时才知道的问题)',
      response: { 200: zEnvelope(ZFlowDeployResultSchema) },
    },
    handler: async (request) => {
      const { fields, files } = await readDeployUpload(request)
      const category = fields.category?.trim()
      if (!category) {
        throw AppError.badRequest(FlowMsg.CATEGORY)
      }
      if (!files.length) {
        throw AppError.badRequest(FlowMsg.FILES)
      }
      return ok(
        await admin.deploy(
          files.map((f) => ({ xml: f.xml, resourceName: f.name })),
          category,
          fields.tenantIds,
        ),
      )
    },
  })

  r.get(`${FLOW}/follow/list`, {
    config: { access: { permission: 'flow_follow', platform: true } },
    schema: {
      tags: ['flow-follow'],
      summary: '运行中的流程实例',
      querystring: ZFollowListQuerySchema,
      response: { 200: zEnvelope(zPage(ZFlowExecutionSchema)) },
    },
    handler: async (request) => ok(await admin.followList(ctxOf(request), request.query)),
  })
}
