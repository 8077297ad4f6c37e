import type { PrismaClient } from '@ysjs/db'
import { TEMPLATE_CONTENT_MAX, ZTemplateRecordSchema, ZTemplateSubmitSchema } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import { createCrudService, crudCodes, registerCrudRoutes } from '../../lib/crud.ts'

/** Templates (模板管理): tenant rows through the generic CRUD; the content is sanitised rich text. */
export const createTemplateService = (prisma: PrismaClient) =>
  createCrudService(prisma, {
    prefix: '/api/ysjs-appraise/template',
    model: (db) => db.template,
    submit: ZTemplateSubmitSchema,
    record: ZTemplateRecordSchema,
    filters: { name: 'string', type: 'string?', remark: 'string?' },
    sortable: ['name', 'type', 'createTime'],
    richText: { content: TEMPLATE_CONTENT_MAX },
    permissions: crudCodes('appraise_template'),
  })

export const templateRoutes = (app: FastifyInstance, prisma: PrismaClient) =>
  registerCrudRoutes(app, createTemplateService(prisma))
