import type { PrismaClient } from '@ysjs/db'
import {
  KMS_PREFIX,
  KmsMsg,
  ZKmsAuthorRecordSchema,
  ZKmsAuthorSubmitSchema,
  ZKmsLabelRecordSchema,
  ZKmsLabelSubmitSchema,
} from '@ysjs/shared'
import { createCrudService, crudCodes, LIVE } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'

const db = (prisma: PrismaClient, tenantId: string) => tenantDb(prisma, tenantId)

/** Labels (知识标签): the generic CRUD, unique name per tenant. */
export const createKmsLabelService = (prisma: PrismaClient) =>
  createCrudService(prisma, {
    name: 'kms-label',
    prefix: `${KMS_PREFIX}/label`,
    model: (d) => d.kmsLabel,
    submit: ZKmsLabelSubmitSchema,
    record: ZKmsLabelRecordSchema,
    filters: { labelName: 'string' },
    sortable: ['labelName', 'createTime'],
    permissions: crudCodes('kms_label'),
    unique: [{ fields: ['labelName'], message: KmsMsg.LABEL_NAME_TAKEN }],
    export: {
      fileName: '知识标签',
      columns: [
        { key: 'labelName', header: '标签名称', width: 30 },
        { key: 'createTime', header: '创建时间', kind: 'datetime' },
      ],
    },
  })

/** Authors of an entry (知识作者): the generic CRUD; the entry must be the tenant's. */
export const createKmsAuthorService = (prisma: PrismaClient) =>
  createCrudService(prisma, {
    name: 'kms-author',
    prefix: `${KMS_PREFIX}/main_to_author`,
    model: (d) => d.kmsMainToAuthor,
    submit: ZKmsAuthorSubmitSchema,
    record: ZKmsAuthorRecordSchema,
    filters: { mainId: 'id', authorName: 'string', unitName: 'string?' },
    sortable: ['authorName', 'sort', 'createTime'],
    defaultOrder: [{ sort: 'asc' }, { createTime: 'asc' }],
    permissions: crudCodes('kms_author'),
    toData: ({ mainId, sort, ...rest }) => ({ ...rest, mainId: BigInt(mainId), sort: sort ?? 0 }),
    enrich: async (ctx, rows) => {
      const ids = [...new Set(rows.map((r) => r.mainId as bigint))]
      const entries = ids.length
        ? await db(prisma, ctx.tenantId).kmsMain.findMany({
            where: { id: { in: ids } },
            select: { id: true, title: true },
          })
        : []
      const titles = new Map(entries.map((e) => [e.id, e.title]))
      return rows.map((r) => ({ ...r, mainTitle: titles.get(r.mainId as bigint) ?? '' }))
    },
    export: {
      fileName: '知识作者',
      columns: [
        { key: 'mainTitle', header: '知识条目', width: 40 },
        { key: 'authorName', header: '作者姓名' },
        { key: 'unitName', header: '工作单位', width: 30 },
        { key: 'sort', header: '排序', width: 8, kind: 'number' },
      ],
    },
    validate: async (ctx, data) => {
      const entry = await db(prisma, ctx.tenantId).kmsMain.findFirst({
        where: { id: data.mainId as bigint, ...LIVE },
        select: { id: true },
      })
      if (!entry) {
        throw AppError.badRequest(KmsMsg.ENTRY_MISSING)
      }
    },
  })
