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
  ZModelDeploySchema,
  ZModelListQuerySchema,
  ZWireIdSchema,
  zIdParam,
} from '@ysjs/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { done, zDone, zPage } from '../../lib/envelope.ts'
import { AppError } from '../../lib/errors.ts'
import { routeKit, ZIdsQuery } from '../../lib/route-kit.ts'
import type { TAccess } from '../../plugins/access.ts'
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
const sa = (permission: string | readonly string[]): TAccess => ({ permission, platform: true })

export const flowAdminRoutes = (app: FastifyInstance, admin: TFlowAdminService, work: TFlowWorkService) => {
  const model = routeKit(app, { tags: ['flow-model'], prefix: `${FLOW}/model` })
  model.read(
    'GET',
    '/list',
    sa('flow_model'),
    { summary: '模型列表', querystring: ZModelListQuerySchema, response: zPage(ZFlowModelSchema) },
    (_ctx, { query }) => admin.modelList(query),
  )
  model.read(
    'GET',
    '/detail',
    sa('flow_model'),
    {
      summary: '模型详情 (含 BPMN XML)',
      querystring: z.object({ id: zIdParam('id') }),
      response: ZFlowModelSchema,
    },
    (_ctx, { query }) => admin.modelDetail(BigInt(query.id)),
  )
  model.submit(
    '/submit',
    sa(['flow_model_create', 'flow_model_update']),
    // With an id, a partial update: what it does not carry keeps its stored value (decision 025).
    { summary: '保存模型 (BPMN XML 保存时校验)', body: ZFlowModelSubmitSchema, response: ZWireIdSchema },
    { stored: (_ctx, id) => admin.modelDetail(id), save: admin.modelSubmit },
  )
  model.command(
    'POST',
    '/remove',
    sa('flow_model_delete'),
    { summary: '删除模型', querystring: ZIdsQuery },
    (_ctx, { query }) => admin.modelRemove(query.ids),
  )
  model.read(
    'POST',
    '/deploy',
    sa('flow_model_deploy'),
    {
      summary: '部署模型 (每个租户一个版本; 无租户时为通用流程; warnings: 须运行时才知道的问题)',
      body: ZModelDeploySchema,
      response: ZFlowDeployResultSchema,
    },
    (_ctx, { body }) => admin.modelDeploy(BigInt(body.modelId), body.category, body.tenantIds),
  )

  const manager = routeKit(app, { tags: ['flow-manager'], prefix: `${FLOW}/manager` })
  manager.read(
    'GET',
    '/list',
    sa('flow_manager'),
    {
      summary: '流程定义 (各流程的最新版本)',
      querystring: ZFlowModeQuerySchema,
      response: zPage(ZFlowProcessSchema),
    },
    (ctx, { query }) => work.managerList(ctx, query),
  )
  manager.raw(
    'POST',
    '/change-state',
    { access: sa('flow_manager_state') },
    {
      summary: '激活 (active) 或挂起 (suspend) 流程定义',
      body: ZChangeStateSchema,
      response: { 200: zDone },
    },
    async ({ body }) => done(await admin.changeState(body.processId, body.state)),
  )
  manager.command(
    'POST',
    '/delete-deployment',
    sa('flow_manager_remove'),
    { summary: '删除部署 (连同其实例)', body: ZDeleteDeploymentSchema },
    (_ctx, { body }) => admin.deleteDeployments(body.deploymentIds),
  )
  manager.read(
    'POST',
    '/deploy-upload',
    sa('flow_deploy'),
    {
      summary: '上传部署 (multipart: category, tenantIds, files; warnings: 须运行时才知道的问题)',
      response: ZFlowDeployResultSchema,
    },
    async (_ctx, request) => {
      const { fields, files } = await readDeployUpload(request)
      const category = fields.category?.trim()
      if (!category) {
        throw AppError.badRequest(FlowMsg.CATEGORY)
      }
      if (!files.length) {
        throw AppError.badRequest(FlowMsg.FILES)
      }
      return admin.deploy(
        files.map((f) => ({ xml: f.xml, resourceName: f.name })),
        category,
        fields.tenantIds,
      )
    },
  )

  routeKit(app, { tags: ['flow-follow'], prefix: `${FLOW}/follow` }).read(
    'GET',
    '/list',
    sa('flow_follow'),
    {
      summary: '运行中的流程实例',
      querystring: ZFollowListQuerySchema,
      response: zPage(ZFlowExecutionSchema),
    },
    (ctx, { query }) => admin.followList(ctx, query),
  )
}
