import {
  KMS_PREFIX,
  ZIdSchema,
  ZKmsCatalogRecordSchema,
  ZKmsCatalogSubmitSchema,
  ZKmsExpertAssociateSchema,
  ZKmsLabelAssociateSchema,
  ZKmsMainListQuerySchema,
  ZKmsMainRecordSchema,
  ZKmsMainSubmitSchema,
  ZKmsShelvesSchema,
  ZTreeNodeSchema,
  ZWireIdSchema,
  zOptionalText,
} from '@ysjs/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import {
  keepSubmitted,
  patchableSubmit,
  patchBody,
  patchedInput,
  registerCrudRoutes,
  submitIdFor,
  type TCrudService,
} from '../../lib/crud.ts'
import { ok, zEnvelope, zPage } from '../../lib/envelope.ts'
import { routeKit, ZIdQuery, ZIdsQuery } from '../../lib/route-kit.ts'
import { registerExportRoute } from '../../lib/xlsx.ts'
import { requirePermission } from '../../plugins/access.ts'
import type { TKmsCatalogService } from './kms-catalog.service.ts'
import type { TKmsMainService, TMainKeyset } from './kms-main.service.ts'
import type { TKmsMainExpertService } from './main-expert.service.ts'

type TServices = {
  catalogs: TKmsCatalogService
  entries: TKmsMainService
  labels: TCrudService<z.ZodObject>
  authors: TCrudService<z.ZodObject>
  mainExperts: TKmsMainExpertService
}

const CATALOG = `${KMS_PREFIX}/catalog`
const MAIN = `${KMS_PREFIX}/main`
/** The entry editor and the entry list pick catalogs too. */
const CATALOG_READ = { permission: ['kms_catalog', 'kms_main'] } as const

export const kmsRoutes = (app: FastifyInstance, s: TServices) => {
  const r = app.withTypeProvider<ZodTypeProvider>()

  // Catalogs
  let tags = ['kms-catalog']
  const k = routeKit(app, { tags })
  const ZCatalogFilters = z.object({ catalogName: zOptionalText(64) })
  k.read(
    'GET',
    `${CATALOG}/list`,
    CATALOG_READ,
    {
      summary: '知识目录树 (catalogName 模糊查询时为平铺列表)',
      querystring: ZCatalogFilters,
      response: z.array(ZKmsCatalogRecordSchema),
    },
    (ctx, request) => s.catalogs.list(ctx, request.query),
  )
  k.read(
    'GET',
    `${CATALOG}/lazy-list`,
    CATALOG_READ,
    {
      summary: '知识目录懒加载 (parentId 的下一级, 带 hasChildren)',
      querystring: ZCatalogFilters.extend({
        parentId: z.preprocess((v) => (v === '' || v === null ? undefined : v), ZIdSchema.optional()),
      }),
      response: z.array(ZKmsCatalogRecordSchema),
    },
    (ctx, request) => s.catalogs.lazyList(ctx, request.query),
  )
  k.read(
    'GET',
    `${CATALOG}/tree`,
    CATALOG_READ,
    { summary: '知识目录树节点', response: z.array(ZTreeNodeSchema) },
    (ctx) => s.catalogs.tree(ctx),
  )
  k.read(
    'GET',
    `${CATALOG}/detail`,
    CATALOG_READ,
    { summary: '知识目录详情', querystring: ZIdQuery, response: ZKmsCatalogRecordSchema },
    (ctx, request) => s.catalogs.detail(ctx, BigInt(request.query.id)),
  )
  k.submit(
    `${CATALOG}/submit`,
    { add: 'kms_catalog_add', edit: 'kms_catalog_edit' },
    { summary: '新增或修改知识目录', body: ZKmsCatalogSubmitSchema },
    { stored: s.catalogs.detail, save: s.catalogs.submit },
  )
  k.command(
    'POST',
    `${CATALOG}/remove`,
    { permission: 'kms_catalog_delete' },
    { summary: '删除知识目录 (存在子目录或知识条目时拒绝)', querystring: ZIdsQuery },
    (ctx, request) => s.catalogs.remove(ctx, request.query.ids.map(BigInt)),
  )

  registerExportRoute(app, {
    url: `${CATALOG}/export`,
    access: CATALOG_READ,
    tags,
    summary: '导出知识目录 (xlsx, 按树的顺序, 含完整路径)',
    querystring: ZCatalogFilters,
    fileName: '知识目录',
    columns: [
      { key: 'catalogName', header: '目录名称', width: 24 },
      { key: 'path', header: '完整路径', width: 48 },
      { key: 'parentName', header: '上级目录', width: 24 },
      { key: 'sort', header: '排序', width: 8, kind: 'number' },
      { key: 'createTime', header: '创建时间', kind: 'datetime' },
    ],
    rows: async (ctx, query) => ({ rows: await s.catalogs.exportRows(ctx, query), next: null }),
  })

  // Labels and authors: the generic CRUD.
  registerCrudRoutes(app, s.labels)
  registerCrudRoutes(app, s.authors)
  registerCrudRoutes(app, s.mainExperts)

  // Entries
  tags = ['kms-main']
  const m = routeKit(app, { tags })
  const ZMainPage = zPage(ZKmsMainRecordSchema)
  m.read(
    'GET',
    `${MAIN}/list`,
    { permission: 'kms_main' },
    {
      summary: '知识条目分页 (管理: 含已下架; catalogId 含子目录; keyword 检索标题/摘要/正文)',
      querystring: ZKmsMainListQuerySchema,
      response: ZMainPage,
    },
    (ctx, request) => s.entries.list(ctx, request.query),
  )
  m.read(
    'GET',
    `${MAIN}/portal-list`,
    'authenticated',
    { summary: '门户知识列表 (仅已上架条目)', querystring: ZKmsMainListQuerySchema, response: ZMainPage },
    (ctx, request) => s.entries.portalList(ctx, request.query),
  )
  m.read(
    'GET',
    `${MAIN}/portal-detail`,
    'authenticated',
    {
      summary: '门户知识详情 (已下架条目不可见)',
      querystring: ZIdQuery,
      response: ZKmsMainRecordSchema,
    },
    (ctx, request) => s.entries.detail(ctx, BigInt(request.query.id), true),
  )
  m.read(
    'GET',
    `${MAIN}/detail`,
    { permission: 'kms_main' },
    {
      summary: '知识条目详情 (含标签与附件)',
      querystring: ZIdQuery,
      response: ZKmsMainRecordSchema,
    },
    (ctx, request) => s.entries.detail(ctx, BigInt(request.query.id)),
  )
  const ZSaved = zEnvelope(z.object({ id: ZWireIdSchema }))
  /** The editor's labels and experts are the links labelAssociate and expertAssociate guard: same buttons. */
  const requireLinkPermissions = async (request: FastifyRequest, body: object) => {
    if ('labelIds' in body && body.labelIds !== undefined) {
      await requirePermission(app, request.user, 'kms_main_label')
    }
    if ('expertIds' in body && body.expertIds !== undefined) {
      await requirePermission(app, request.user, 'kms_main_expert')
    }
  }
  r.post(`${MAIN}/submit`, {
    config: { access: { permission: ['kms_main_add', 'kms_main_edit'] } },
    schema: {
      tags,
      summary: '新增或修改知识条目 (正文为富文本, 服务端清洗)',
      body: ZKmsMainSubmitSchema,
      response: { 200: ZSaved },
    },
    // With an id, a partial update: what it does not carry keeps its stored value (decision 030).
    ...patchableSubmit(ZKmsMainSubmitSchema),
    handler: async (request) => {
      const id = await submitIdFor(app, request, { add: 'kms_main_add', edit: 'kms_main_edit' })
      await requireLinkPermissions(request, request.body)
      const ctx = ctxOf(request)
      const input = id
        ? patchedInput(request, ZKmsMainSubmitSchema, await s.entries.detail(ctx, id))
        : request.body
      return ok(await s.entries.save(ctx, input))
    },
  })
  r.post(`${MAIN}/update`, {
    config: { access: { permission: 'kms_main_edit' } },
    schema: {
      tags,
      summary: '修改知识条目',
      body: patchBody(ZKmsMainSubmitSchema),
      response: { 200: ZSaved },
    },
    preValidation: keepSubmitted,
    handler: async (request) => {
      await requireLinkPermissions(request, request.body)
      const ctx = ctxOf(request)
      const stored = await s.entries.detail(ctx, BigInt(request.body.id))
      return ok(await s.entries.save(ctx, patchedInput(request, ZKmsMainSubmitSchema, stored), true))
    },
  })
  m.command(
    'POST',
    `${MAIN}/remove`,
    { permission: 'kms_main_delete' },
    { summary: '删除知识条目', querystring: ZIdsQuery },
    (ctx, request) => s.entries.remove(ctx, request.query.ids.map(BigInt)),
  )
  m.command(
    'POST',
    `${MAIN}/labelAssociate`,
    { permission: 'kms_main_label' },
    { summary: '关联标签 (替换条目的全部标签)', body: ZKmsLabelAssociateSchema },
    async (ctx, request) => {
      const { mainId, labelIds } = request.body
      await s.entries.labelAssociate(ctx, BigInt(mainId), labelIds === '' ? [] : labelIds.map(BigInt))
    },
  )
  m.command(
    'POST',
    `${MAIN}/upOrLowUpdate`,
    { permission: 'kms_main_shelf' },
    { summary: '上下架 (shelves 1 上架, 0 下架)', body: ZKmsShelvesSchema },
    (ctx, request) => s.entries.upOrLow(ctx, request.body.ids.map(BigInt), request.body.shelves),
  )
  m.command(
    'POST',
    `${MAIN}/expertAssociate`,
    { permission: 'kms_main_expert' },
    { summary: '关联专家 (替换条目的全部专家, expertIds 的顺序即展示顺序)', body: ZKmsExpertAssociateSchema },
    async (ctx, request) => {
      const { mainId, expertIds } = request.body
      await s.mainExperts.associate(ctx, BigInt(mainId), expertIds === '' ? [] : expertIds.map(BigInt))
    },
  )
  registerExportRoute(app, {
    url: `${MAIN}/export`,
    access: { permission: 'kms_main' },
    tags,
    summary: '导出知识条目 (xlsx, 当前筛选条件下的全部条目)',
    querystring: ZKmsMainListQuerySchema.omit({ current: true, size: true }),
    fileName: '知识条目',
    filterLabels: { keyword: '关键词', shelves: '上下架(1 上架)' },
    columns: [
      { key: 'title', header: '标题', width: 40 },
      { key: 'catalogName', header: '目录', width: 20 },
      { key: 'summary', header: '摘要', width: 50 },
      { key: 'source', header: '来源', width: 20 },
      { key: 'publishDate', header: '发布时间', kind: 'datetime' },
      { key: 'shelvesName', header: '上下架', width: 10 },
      {
        key: 'labels',
        header: '标签',
        width: 24,
        value: (row) => (row.labels as { labelName: string }[]).map((l) => l.labelName).join('、'),
      },
    ],
    rows: (ctx, query, after, take) =>
      s.entries.batch(ctx, { ...query, current: 1, size: take }, after as TMainKeyset | null, take),
  })
}
