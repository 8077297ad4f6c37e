import {
  EXPERT_IMPORT_COLUMNS,
  EXPERT_PREFIX,
  ExpertMsg,
  type TProjectDetail,
  UploadMsg,
  ZExpertOptionSchema,
  ZImportReportSchema,
  ZOptionQuerySchema,
  ZProjectDetailSchema,
  ZProjectSubmitSchema,
  ZUnitOptionSchema,
  ZWireIdSchema,
  zOptionalText,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { registerCrudRoutes, type TCrudService } from '../../lib/crud.ts'
import { ok, zEnvelope, zPage } from '../../lib/envelope.ts'
import { AppError } from '../../lib/errors.ts'
import type { TImportGate } from '../../lib/import-gate.ts'
import { routeKit, ZIdQuery, ZIdsQuery } from '../../lib/route-kit.ts'
import { sendXlsx, xlsxTemplate } from '../../lib/xlsx.ts'
import { readUpload } from '../oss/multipart.ts'
import type { TExpertService } from './expert.service.ts'
import type { TExpertProjectService } from './project.service.ts'
import type { TUnitService } from './unit.service.ts'

type TServices = {
  experts: TExpertService
  units: TUnitService
  associations: TCrudService<z.ZodObject>
  people: TCrudService<z.ZodObject>
  projects: TExpertProjectService
  /** The instance's import limit (IMPORT_CONCURRENCY). */
  imports: TImportGate
}

/** Largest import file read into memory (a 5,000-row template is well under 2 MB). */
const IMPORT_MAX_BYTES = 5 * 1024 * 1024

const readAll = async (body: AsyncIterable<Buffer>, limit: number) => {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    size += chunk.length
    if (size > limit) {
      throw new AppError(413, UploadMsg.TOO_LARGE)
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/** `/api/blade-expert`: experts, units, expert–unit links, people and projects (decision 016). */
export const expertRoutes = (app: FastifyInstance, s: TServices) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const EXPERT = `${EXPERT_PREFIX}/expertBasic`
  const PROJECT = `${EXPERT_PREFIX}/projectBasic`

  registerCrudRoutes(app, s.experts)
  registerCrudRoutes(app, s.units)
  registerCrudRoutes(app, s.associations)
  registerCrudRoutes(app, s.people)

  // Experts: pickers, import
  const ex = routeKit(app, { tags: ['expertBasic'], prefix: EXPERT })
  ex.read(
    'GET',
    '/options',
    { permission: ['expert_basic', 'kms_main', 'kms_expert', 'expert_unit_association'] },
    {
      summary: '专家选择 (keyword 模糊查询姓名或工作单位, 分页; ids 取指定专家)',
      querystring: ZOptionQuerySchema,
      response: zPage(ZExpertOptionSchema),
    },
    (ctx, request) => s.experts.options(ctx, request.query),
  )
  ex.read(
    'GET',
    '/accounts',
    { permission: ['expert_basic_add', 'expert_basic_edit'] },
    {
      summary: '可关联的登录账号 (按账号或姓名模糊查询, 最多 20 条)',
      querystring: z.object({ keyword: zOptionalText(45) }),
      response: z.array(
        z.object({ id: ZWireIdSchema, account: z.string(), realName: z.string().nullable() }),
      ),
    },
    (ctx, request) => s.experts.accounts(ctx, request.query.keyword),
  )
  r.get(`${EXPERT}/import-template`, {
    config: { access: { permission: 'expert_basic_add' }, download: 'xlsx' },
    schema: { tags: ['expertBasic'], summary: '专家导入模板 (xlsx)' },
    handler: async (_request, reply) => {
      const file = await xlsxTemplate(
        '专家导入模板',
        EXPERT_IMPORT_COLUMNS.map(([key, header]) => ({
          key,
          header,
          ...(key === 'birty' ? { kind: 'date' as const } : {}),
        })),
      )
      return sendXlsx(reply, '专家导入模板.xlsx', file)
    },
  })
  r.post(`${EXPERT}/import`, {
    config: { access: { permission: 'expert_basic_add' } },
    schema: {
      tags: ['expertBasic'],
      summary:
        '导入专家 (multipart, 字段 file: 导入模板 xlsx); 逐行校验, 错误行按行号报告, 正确行一次事务写入',
      response: { 200: zEnvelope(ZImportReportSchema) },
    },
    handler: async (request) => {
      const file = await readUpload(request)
      if (file?.fieldName !== 'file') {
        file?.body.resume()
        throw AppError.badRequest(UploadMsg.NO_FILE)
      }
      if (!file.fileName.toLowerCase().endsWith('.xlsx')) {
        file.body.resume()
        await file.complete().catch(() => undefined)
        throw AppError.badRequest(ExpertMsg.IMPORT_FILE)
      }
      return s.imports.run(
        async () => {
          const body = await readAll(file.body, IMPORT_MAX_BYTES)
          await file.complete()
          return ok(await s.experts.importRows(ctxOf(request), body))
        },
        async () => {
          file.body.resume()
          await file.complete()
        },
      )
    },
  })

  // Units: a picker for the project, person and deal forms
  routeKit(app, { tags: ['unitTable'] }).read(
    'GET',
    `${EXPERT_PREFIX}/unitTable/options`,
    { permission: ['expert_unit', 'expert_project', 'expert_person', 'expert_unit_association', 'deal'] },
    {
      summary: '单位选择 (keyword 模糊查询单位名称, 分页; ids 取指定单位)',
      querystring: ZOptionQuerySchema,
      response: zPage(ZUnitOptionSchema),
    },
    (ctx, request) => s.units.options(ctx, request.query),
  )

  // Projects: the generic list and export, then the calls with unit and people rows
  const { projects } = s
  // list, detail, remove and export are the generic ones; submit saves the rows too (below).
  registerCrudRoutes(app, projects, { writes: false })
  const pk = routeKit(app, { tags: ['projectBasic'], prefix: PROJECT })
  pk.read(
    'GET',
    '/detailProject',
    { permission: 'expert_project' },
    { summary: '项目详情 (含单位与人员)', querystring: ZIdQuery, response: ZProjectDetailSchema },
    // The row is converted to the wire format by ok(); its shape is ZProjectDetailSchema's.
    async (ctx, request) => (await projects.detailProject(ctx, BigInt(request.query.id))) as TProjectDetail,
  )
  pk.submit(
    '/submit',
    { add: 'expert_project_add', edit: 'expert_project_edit' },
    {
      summary: '新增或修改项目 (unitList / peopleList 给出时整体替换, 一个事务)',
      body: ZProjectSubmitSchema,
      response: z.object({ id: ZWireIdSchema }),
    },
    {
      // With an id, a partial update: the fields it does not carry, and the lists it does not give,
      // keep their stored values (decision 030).
      stored: async (ctx, id) => {
        const { unitList: _units, peopleList: _people, ...row } = await projects.detailProject(ctx, id)
        return row
      },
      save: projects.submit,
    },
  )
  for (const [path, summary, remove] of [
    [
      '/removeUnit',
      '从项目删除已保存的单位行 (ids 为 detailProject 的 unitList 行 id)',
      projects.removeUnits,
    ],
    [
      '/removePerson',
      '从项目删除已保存的人员行 (ids 为 detailProject 的 peopleList 行 id)',
      projects.removePeople,
    ],
  ] as const) {
    pk.command(
      'POST',
      path,
      { permission: 'expert_project_edit' },
      { summary, querystring: ZIdsQuery },
      (ctx, request) => remove(ctx, request.query.ids.map(BigInt)),
    )
  }
}
