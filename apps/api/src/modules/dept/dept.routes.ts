import {
  ZDeptSchema,
  ZDeptSubmitResultSchema,
  ZDeptSubmitSchema,
  ZIdSchema,
  ZTreeNodeSchema,
  zOptionalText,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { routeKit, ZIdQuery, ZIdsQuery } from '../../lib/route-kit.ts'
import type { TDeptService } from './dept.service.ts'

const PREFIX = '/api/ysjs-system/dept'

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)
const zParentId = z.preprocess(emptyToUndefined, ZIdSchema.optional())
const ZFilters = z.object({
  deptName: zOptionalText(45),
  fullName: zOptionalText(45),
  /** Another tenant's tree: honoured for the platform administrator only. */
  tenantId: zOptionalText(12),
})

/** The dept screen reads with `dept`; the user screen's dept tree and pickers with `user`. */
const READ = { permission: ['dept', 'user'] } as const

export const deptRoutes = (app: FastifyInstance, depts: TDeptService) => {
  const k = routeKit(app, { tags: ['dept'], prefix: PREFIX })

  k.read(
    'GET',
    '/list',
    { permission: 'dept' },
    {
      summary: '机构树 (DeptVO, deptName/fullName 模糊查询)',
      querystring: ZFilters,
      response: z.array(ZDeptSchema),
    },
    (ctx, request) => depts.list(ctx, request.query),
  )
  k.read(
    'GET',
    '/lazy-list',
    { permission: 'dept' },
    {
      summary: '机构懒加载列表 (parentId 的下一级, 带 hasChildren)',
      querystring: ZFilters.extend({ parentId: zParentId }),
      response: z.array(ZDeptSchema),
    },
    (ctx, request) => depts.lazyList(ctx, request.query),
  )
  k.read(
    'GET',
    '/detail',
    { permission: 'dept' },
    { summary: '机构详情', querystring: ZIdQuery, response: ZDeptSchema },
    (ctx, request) => depts.detail(ctx, BigInt(request.query.id)),
  )
  k.read(
    'GET',
    '/tree',
    READ,
    {
      summary: '机构树节点 (tenantId 仅平台管理员可指定)',
      querystring: z.object({ tenantId: zOptionalText(12) }),
      response: z.array(ZTreeNodeSchema),
    },
    (ctx, request) => depts.tree(ctx, request.query.tenantId),
  )
  k.read(
    'GET',
    '/lazy-tree',
    READ,
    {
      summary: '机构树节点懒加载 (parentId 的下一级)',
      querystring: z.object({ parentId: zParentId, tenantId: zOptionalText(12) }),
      response: z.array(ZTreeNodeSchema),
    },
    (ctx, request) => depts.lazyTree(ctx, request.query),
  )
  k.submit(
    '/submit',
    { add: 'dept_add', edit: 'dept_edit' },
    {
      summary: '新增或修改机构 (修改上级时重写其子树的 ancestors)',
      body: ZDeptSubmitSchema,
      response: ZDeptSubmitResultSchema,
    },
    { stored: depts.detail, save: depts.submit },
  )
  k.command(
    'POST',
    '/remove',
    { permission: 'dept_delete' },
    { summary: '删除机构 (存在子机构或用户时拒绝)', querystring: ZIdsQuery },
    (ctx, request) => depts.remove(ctx, request.query.ids.map(BigInt)),
  )
}
