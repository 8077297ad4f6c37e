import { nextId, type PrismaClient } from '@ysjs/db'
import { parseKey } from '@ysjs/server-core'
import {
  EXPERT_IMPORT_COLUMNS,
  EXPERT_PREFIX,
  EXPERT_SEX_LABELS,
  ExpertMsg,
  storedFileKey,
  type TImportReport,
  type TOptionQuery,
  ZExpertRecordSchema,
  ZExpertSubmitSchema,
} from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { createCrudService, crudCodes, withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { escapeLike } from '../../lib/filters.ts'
import { boundedPage, boundedRows, skipTake } from '../../lib/paging.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { readXlsxRows } from '../../lib/xlsx.ts'
import { clearing, dateOnly, formatDateOnly } from '../trading/dict-names.ts'

const LIVE = { isDeleted: 0 }
const SWITCHES = ['isSupervisor', 'isSciences', 'isEngineering'] as const
const OPTIONAL = Object.keys(ZExpertSubmitSchema.shape).filter(
  (k) => k !== 'id' && !(SWITCHES as readonly string[]).includes(k),
)
/** Rows one import may hold (the rest of the file is refused, not silently dropped). */
export const IMPORT_MAX_ROWS = 5000

const toData = (input: Record<string, unknown>) => {
  const data = clearing(input, OPTIONAL)
  for (const key of SWITCHES) {
    data[key] = data[key] ?? 0
  }
  data.birty = typeof input.birty === 'string' ? dateOnly(input.birty) : null
  data.userId = typeof input.userId === 'string' ? BigInt(input.userId) : null
  return data
}

/**
 * 专家库 (`/api/blade-expert/expertBasic`): every field optional (spec section 5), the photo a jpg/png
 * link from the `avatar` upload (≤ 500kb), the login account optional and linked to one expert only.
 */
export const createExpertService = (prisma: PrismaClient) => {
  const crud = createCrudService(prisma, {
    prefix: `${EXPERT_PREFIX}/expertBasic`,
    model: (db) => db.expertBasic,
    submit: ZExpertSubmitSchema,
    record: ZExpertRecordSchema,
    filters: {
      name: 'string?',
      workUnit: 'string?',
      profession: 'string?',
      direction: 'string?',
      level: 'string?',
      sex: 'int?',
      userId: 'id?',
    },
    sortable: ['name', 'workUnit', 'level', 'createTime'],
    permissions: crudCodes('expert_basic'),
    toData: (input) => toData(input as Record<string, unknown>),
    validate: async (ctx: TCtx, data) => {
      // The avatar upload records no attachment row; its key names the tenant that uploaded it.
      const key = typeof data.pictureUrl === 'string' ? storedFileKey(data.pictureUrl) : null
      if (typeof data.pictureUrl === 'string' && (!key || parseKey(key).tenantId !== ctx.tenantId)) {
        throw AppError.badRequest(ExpertMsg.PICTURE_MISSING)
      }
      if (typeof data.userId !== 'bigint') {
        return
      }
      const db = tenantDb(prisma, ctx.tenantId)
      const user = await db.user.findFirst({ where: { id: data.userId, ...LIVE }, select: { id: true } })
      if (!user) {
        throw AppError.badRequest(ExpertMsg.USER_MISSING)
      }
    },
    enrich: async (ctx: TCtx, rows) => {
      const ids = [...new Set(rows.flatMap((r) => (r.userId ? [r.userId as bigint] : [])))]
      const users = ids.length
        ? await tenantDb(prisma, ctx.tenantId).user.findMany({
            where: { id: { in: ids } },
            select: { id: true, account: true },
          })
        : []
      const accounts = new Map(users.map((u) => [u.id, u.account]))
      return rows.map((r) => ({
        ...r,
        birty: r.birty ? formatDateOnly(r.birty) : null,
        userAccount: r.userId ? (accounts.get(r.userId as bigint) ?? '') : '',
      }))
    },
    export: {
      fileName: '专家库',
      columns: [
        { key: 'name', header: '姓名' },
        { key: 'sex', header: '性别', labels: EXPERT_SEX_LABELS },
        { key: 'birty', header: '出生日期', kind: 'date' },
        { key: 'workUnit', header: '工作单位', width: 30 },
        { key: 'position', header: '职务' },
        { key: 'level', header: '职称' },
        { key: 'profession', header: '专业' },
        { key: 'direction', header: '研究方向', width: 24 },
        { key: 'educational', header: '学历' },
        { key: 'degree', header: '学位' },
        { key: 'mobilePhone', header: '手机', width: 14 },
        { key: 'email', header: '邮箱', width: 24 },
        { key: 'address', header: '通讯地址', width: 30 },
        { key: 'userAccount', header: '登录账号' },
        { key: 'createTime', header: '创建时间', kind: 'datetime' },
      ],
      // The columns' fields and the login account's userId: not the other 30 fields of an expert.
      select: [
        'name',
        'sex',
        'birty',
        'workUnit',
        'position',
        'level',
        'profession',
        'direction',
        'educational',
        'degree',
        'mobilePhone',
        'email',
        'address',
        'userId',
        'createTime',
      ],
    },
  })

  /** A login account serves one expert: linking it to a second one is refused. */
  const assertAccountFree = async (ctx: TCtx, userId: string | undefined, id?: bigint) => {
    if (!userId) {
      return
    }
    const other = await tenantDb(prisma, ctx.tenantId).expertBasic.findFirst({
      where: { userId: BigInt(userId), ...LIVE, ...(id ? { NOT: { id } } : {}) },
      select: { id: true },
    })
    if (other) {
      throw AppError.badRequest(ExpertMsg.USER_TAKEN)
    }
  }

  return {
    ...crud,
    async create(ctx: TCtx, input: Parameters<typeof crud.create>[1]) {
      await assertAccountFree(ctx, input.userId)
      return crud.create(ctx, input)
    },
    async update(ctx: TCtx, id: bigint, input: Parameters<typeof crud.update>[2]) {
      // Left out, the account is kept: nothing to check.
      await assertAccountFree(ctx, input.userId ?? undefined, id)
      return crud.update(ctx, id, input)
    },
    /**
     * Removing an expert unlinks them in the same transaction: their expert–unit links and knowledge-entry
     * links go too, so no list keeps showing a removed expert (appraisal records keep their names).
     */
    async remove(ctx: TCtx, ids: bigint[]) {
      const gone = { ...withAudit(ctx).deleted }
      return tenantDb(prisma, ctx.tenantId).$transaction(async (tx) => {
        const result = await tx.expertBasic.updateMany({ where: { id: { in: ids }, ...LIVE }, data: gone })
        await tx.expertUnitAssociation.updateMany({ where: { expertId: { in: ids }, ...LIVE }, data: gone })
        await tx.kmsMainExpert.updateMany({ where: { expertId: { in: ids }, ...LIVE }, data: gone })
        return result.count
      })
    },

    /**
     * Experts for pickers (knowledge entries, expert–unit links): a page of those whose name or work
     * unit contains the keyword, by name; or exactly `ids` (the experts a form already holds).
     */
    async options(ctx: TCtx, q: TOptionQuery) {
      const like = q.keyword ? { contains: escapeLike(q.keyword), mode: 'insensitive' as const } : undefined
      const where = {
        ...LIVE,
        ...(q.ids ? { id: { in: q.ids.map(BigInt) } } : {}),
        ...(like ? { OR: [{ name: like }, { workUnit: like }] } : {}),
      }
      const db = tenantDb(prisma, ctx.tenantId)
      const b = await boundedRows(
        q,
        () =>
          db.expertBasic.findMany({
            where,
            select: { id: true, name: true, workUnit: true, pictureUrl: true },
            orderBy: [{ name: 'asc' }, { id: 'asc' }],
            ...skipTake(q),
          }),
        (take) => db.expertBasic.count({ where, take }),
      )
      return boundedPage(b.rows, b, q)
    },
    /** Login accounts of the tenant an expert may be linked to (account or real name contains the keyword). */
    async accounts(ctx: TCtx, keyword?: string) {
      const like = keyword ? { contains: keyword, mode: 'insensitive' as const } : undefined
      return tenantDb(prisma, ctx.tenantId).user.findMany({
        where: { ...LIVE, ...(like ? { OR: [{ account: like }, { realName: like }] } : {}) },
        select: { id: true, account: true, realName: true },
        orderBy: [{ account: 'asc' }],
        take: 20,
      })
    },

    /**
     * The import of the template (`EXPERT_IMPORT_COLUMNS`): every row is checked with the form's schema;
     * bad rows are reported with their row number and each column's message, good rows are written together
     * in one transaction (a failure there writes none of them).
     */
    async importRows(ctx: TCtx, body: Buffer): Promise<TImportReport> {
      const { header, rows } = await readXlsxRows(
        body,
        EXPERT_IMPORT_COLUMNS.map(([key]) => key),
        IMPORT_MAX_ROWS,
      )
      // Columns are read by position: a sheet laid out otherwise would put values in the wrong fields.
      if (header.some((text, i) => text !== EXPERT_IMPORT_COLUMNS[i]?.[1])) {
        throw AppError.badRequest(ExpertMsg.IMPORT_HEADER)
      }
      if (!rows.length) {
        throw AppError.badRequest(ExpertMsg.IMPORT_EMPTY)
      }
      if (rows.length > IMPORT_MAX_ROWS) {
        throw AppError.badRequest(ExpertMsg.IMPORT_TOO_MANY)
      }
      const errors: TImportReport['errors'] = []
      const good: Record<string, unknown>[] = []
      for (const { row, values } of rows) {
        const parsed = ZExpertSubmitSchema.safeParse(values)
        if (!parsed.success) {
          // Every problem of the row, one per column, so a row is corrected in one pass.
          const problems = new Map<string, string>()
          for (const issue of parsed.error.issues) {
            const column = EXPERT_IMPORT_COLUMNS.find(([key]) => key === issue.path[0])?.[1] ?? ''
            if (!problems.has(column)) {
              problems.set(column, `${column ? `${column}: ` : ''}${issue.message}`)
            }
          }
          errors.push({ row, message: [...problems.values()].join('; ') || '数据格式不正确' })
          continue
        }
        const { id: _id, ...rest } = parsed.data
        good.push(toData(rest))
      }
      const audit = withAudit(ctx).created
      if (good.length) {
        await tenantDb(prisma, ctx.tenantId).$transaction(async (tx) => {
          await tx.expertBasic.createMany({
            data: good.map((data) => ({
              ...(data as object),
              id: nextId(),
              ...audit,
            })),
          })
        })
      }
      return { total: rows.length, imported: good.length, errors }
    },
  }
}
export type TExpertService = ReturnType<typeof createExpertService>
