import { nextId, type PrismaClient } from '@ysjs/db'
import { DevelopMsg, enumTypeName, ZCodeRecordSchema, ZCodeSubmitSchema } from '@ysjs/shared'
import { isPlatformAdmin, type TCtx } from '../../lib/context.ts'
import { createCrudService, withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { generateModule, type TGenFile, type TGenResult } from './generator.ts'
import { enumLabels, existingTable } from './introspect.ts'
import type { TModelService } from './model.service.ts'
import { zipFiles } from './zip.ts'

const pad = (n: number) => String(n).padStart(2, '0')
const stampOf = (d: Date) =>
  `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`

/** The manifest `scripts/apply-generated.mjs` reads: the lines to put into the shared registry files. */
export const MANIFEST = 'generated.json'

/** 代码生成: generator configs and the zip of the module they describe. */
export const createCodeService = (prisma: PrismaClient, models: TModelService) => {
  const crud = createCrudService(prisma, {
    prefix: '/api/ysjs-develop/code',
    model: (db) => db.devCode,
    submit: ZCodeSubmitSchema,
    record: ZCodeRecordSchema,
    filters: { codeName: 'string', tableName: 'string', packageName: 'string' },
    sortable: ['codeName', 'tableName', 'createTime'],
    unique: [{ fields: ['packageName'], message: '包名已存在' }],
    toData: ({ modelId, ...rest }) => ({ ...rest, modelId: BigInt(modelId) }),
    validate: async (_ctx, data) => {
      const model = await models.modelOf(data.modelId as bigint)
      data.datasourceId = model.datasourceId
    },
  })

  const codeOf = async (id: bigint) => {
    const code = await prisma.devCode.findFirst({ where: { id, isDeleted: 0 } })
    if (!code) {
      throw AppError.notFound()
    }
    return code
  }

  const generate = async (id: bigint, at: Date) => {
    const code = await codeOf(id)
    if (!code.modelId) {
      throw AppError.badRequest(DevelopMsg.MODEL_NOT_FOUND)
    }
    const model = await models.modelOf(code.modelId)
    const prototypes = await models.savedPrototypes(model.id)
    if (prototypes.length === 0) {
      throw AppError.badRequest(DevelopMsg.NO_PROTOTYPE)
    }
    // The module's table in the application's database, where its migration will run.
    const existing = await existingTable(prisma, code.tableName)
    // The labels of the enum types its columns use, as the application's database has them.
    const types = [...new Set(prototypes.flatMap((p) => enumTypeName(p.jdbcType) ?? []))]
    const enums = Object.fromEntries(await enumLabels(prisma, types))
    return {
      code,
      result: generateModule({ code, model, prototypes, stamp: stampOf(at), existing, enums }),
    }
  }

  /** Two modules of one zip must not share a class, a table, a folder, a route or a screen. */
  const assertDistinct = (
    codes: { packageName: string; tableName: string; apiPath: string; webPath: string }[],
    classes: string[],
  ) => {
    const clash = (what: string, values: string[]) => {
      const seen = new Set<string>()
      for (const v of values) {
        if (seen.has(v)) {
          throw AppError.badRequest(`${DevelopMsg.DUPLICATE_IN_ZIP}: ${what} ${v}`)
        }
        seen.add(v)
      }
    }
    clash('模型类名', classes)
    clash(
      '表名',
      codes.map((c) => c.tableName),
    )
    clash(
      '包名',
      codes.map((c) => c.packageName.replaceAll('-', '')),
    )
    clash(
      '后端路径',
      codes.map((c) => `${c.apiPath}/${c.packageName}`),
    )
    clash(
      '前端路径',
      codes.map((c) => c.webPath),
    )
  }

  // Contract section 11: the generator's calls are the administrator's (SA), whatever buttons a role has.
  const assertAdministrator = (ctx: TCtx) => {
    if (!isPlatformAdmin(ctx.user)) {
      throw AppError.forbidden()
    }
  }

  return {
    ...crud,
    /** Duplicates a config as `<codeName>-copy` (its package name too, which must stay unique). */
    async copy(ctx: TCtx, id: bigint) {
      assertAdministrator(ctx)
      const { id: _id, createTime: _t, updateTime: _u, ...rest } = await codeOf(id)
      let packageName = `${rest.packageName}-copy`
      while (await prisma.devCode.findFirst({ where: { packageName, isDeleted: 0 }, select: { id: true } })) {
        packageName = `${packageName}-copy`
      }
      await prisma.devCode.create({
        data: {
          ...rest,
          id: nextId(),
          codeName: `${rest.codeName}-copy`.slice(0, 64),
          packageName,
          createUser: ctx.user?.userId ?? null,
          ...withAudit(ctx).updated,
        },
      })
    },
    /** The files the generator writes for one config, for the preview screen. */
    async preview(ctx: TCtx, id: bigint): Promise<TGenFile[]> {
      assertAdministrator(ctx)
      const { result } = await generate(id, new Date())
      return [
        ...result.files,
        ...result.inserts.map((i) => ({
          path: `${i.file}${i.marker ? ` (${i.marker})` : ''}`,
          content: i.text,
        })),
      ]
    },
    /** A zip of the modules of the given configs, with the manifest of registry lines. */
    async zip(ctx: TCtx, ids: bigint[]): Promise<Buffer> {
      assertAdministrator(ctx)
      const at = new Date()
      const files: TGenFile[] = []
      const inserts: TGenResult['inserts'] = []
      const modules: TGenResult['module'][] = []
      const codes: Parameters<typeof assertDistinct>[0] = []
      // The same config twice is one module.
      for (const [i, id] of [...new Set(ids)].entries()) {
        // One second apart: migration folders of one zip must sort and never collide.
        const { code, result } = await generate(id, new Date(at.getTime() + i * 1000))
        codes.push(code)
        modules.push(result.module)
        files.push(...result.files)
        inserts.push(...result.inserts)
      }
      assertDistinct(
        codes,
        modules.map((m) => m.className),
      )
      files.push({ path: MANIFEST, content: `${JSON.stringify({ modules, inserts }, null, 2)}\n` })
      return zipFiles(files, at)
    },
  }
}
export type TCodeService = ReturnType<typeof createCodeService>
