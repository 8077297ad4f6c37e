import type { PrismaClient } from '@ysjs/db'
import {
  createTencentSmsProvider,
  isAllowedUrl,
  type TAllowEntry,
  TENCENT_SMS,
  type TSecretBox,
  type TSmsProvider,
  type TSmsResult,
  tencentSmsPolicy,
} from '@ysjs/server-core'
import {
  isMaskedSecret,
  SMS_SUPPORTED_CATEGORIES,
  SmsCategory,
  SmsMsg,
  SmsStatus,
  splitPhones,
  type TSmsSend,
  ZSmsRecordSchema,
  ZSmsSubmitSchema,
} from '@ysjs/shared'
import type { FastifyBaseLogger } from 'fastify'
import type { TCtx } from '../../lib/context.ts'
import { createCrudService, withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { presentOf } from '../../lib/patch.ts'
import { maskStoredSecret, openStoredSecret, sealSecret } from '../../lib/secrets-at-rest.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { createLogSmsProvider } from './providers/log-provider.ts'

type TSmsRow = {
  category: number
  templateId: string
  accessKey: string | null
  secretKey: string | null
  regionId: string | null
  signName: string | null
  appId: string | null
  endpoint: string | null
}

const STATUS_NAMES: Record<number, string> = { [SmsStatus.DISABLED]: '否', [SmsStatus.ENABLED]: '是' }

/** The fields each vendor cannot work without, checked on the row as it will be stored. */
const assertComplete = (row: Partial<TSmsRow>) => {
  if (!SMS_SUPPORTED_CATEGORIES.includes(row.category ?? 0)) {
    throw AppError.badRequest(SmsMsg.CATEGORY_UNSUPPORTED)
  }
  if (row.category === SmsCategory.TENCENT) {
    const required: [keyof TSmsRow, string][] = [
      ['accessKey', SmsMsg.ACCESS_KEY],
      ['secretKey', SmsMsg.SECRET_KEY],
      ['appId', SmsMsg.APP_ID],
      ['signName', SmsMsg.SIGN_NAME],
    ]
    for (const [field, message] of required) {
      if (!row[field]) {
        throw AppError.badRequest(message)
      }
    }
  }
}

/** The provider of a stored config (the secret is read here and nowhere else). */
export const providerOf = (
  row: TSmsRow,
  log: FastifyBaseLogger,
  allow: readonly TAllowEntry[] = [],
): TSmsProvider => {
  switch (row.category) {
    case SmsCategory.TENCENT:
      return createTencentSmsProvider(
        {
          secretId: row.accessKey ?? '',
          secretKey: row.secretKey ?? '',
          appId: row.appId ?? '',
          signName: row.signName ?? '',
          region: row.regionId || TENCENT_SMS.DEFAULT_REGION,
          endpoint: row.endpoint,
        },
        tencentSmsPolicy(allow),
      )
    case SmsCategory.LOG:
      return createLogSmsProvider(log, row.signName)
    default:
      throw AppError.badRequest(SmsMsg.CATEGORY_UNSUPPORTED)
  }
}

/**
 * SMS configs (短信配置, `blade_sms`): tenant rows on the generic CRUD, secrets masked on the way
 * out and kept when an update sends the mask back; one enabled (status 2) per tenant.
 */
export const createSmsService = (
  prisma: PrismaClient,
  /** `SMS_ALLOWED_HOSTS`: gateways besides the vendors' documented hosts. */
  allow: readonly TAllowEntry[],
  /** Seals the secret on write, opens it to sign (decision 026). */
  secrets: TSecretBox,
) => {
  /** An endpoint the provider could never reach is refused when it is saved, not when a code is sent. */
  const assertEndpoint = (row: Partial<TSmsRow>) => {
    if (row.category === SmsCategory.TENCENT && row.endpoint) {
      let url: URL | null = null
      try {
        url = new URL(row.endpoint)
      } catch {
        url = null
      }
      if (!url || !isAllowedUrl(tencentSmsPolicy(allow), url)) {
        throw AppError.badRequest(SmsMsg.ENDPOINT_NOT_ALLOWED)
      }
    }
  }
  const base = createCrudService(prisma, {
    prefix: '/api/ysjs-resource/sms',
    model: (db) => db.sms,
    submit: ZSmsSubmitSchema,
    record: ZSmsRecordSchema,
    filters: { smsCode: 'string', templateId: 'string', category: 'int', status: 'int', remark: 'string?' },
    sortable: ['smsCode', 'category', 'status', 'createTime'],
    unique: [{ fields: ['smsCode'], message: SmsMsg.CODE_EXISTS }],
    toData: ({ secretKey, ...rest }) =>
      // An empty or still-masked secret means "unchanged": the stored one stays.
      secretKey && !isMaskedSecret(secretKey) ? { ...rest, secretKey: sealSecret(secrets, secretKey) } : rest,
    enrich: async (ctx: TCtx, rows) => {
      const items = await tenantDb(prisma, ctx.tenantId).dictBiz.findMany({
        where: { code: 'sms', parentId: { gt: 0 }, isDeleted: 0 },
        select: { dictKey: true, dictValue: true },
      })
      const names = new Map(items.map((i) => [i.dictKey, i.dictValue]))
      return rows.map((r) => ({
        ...r,
        secretKey: maskStoredSecret(secrets, r.secretKey as string | null),
        categoryName: names.get(String(r.category)) ?? '',
        statusName: STATUS_NAMES[r.status as number] ?? '',
      }))
    },
  })
  const db = (ctx: TCtx) => tenantDb(prisma, ctx.tenantId)

  return {
    ...base,
    async create(ctx: TCtx, input: Parameters<typeof base.create>[1]) {
      assertComplete({ ...input, secretKey: isMaskedSecret(input.secretKey) ? null : input.secretKey })
      assertEndpoint(input)
      return base.create(ctx, input)
    },
    async update(ctx: TCtx, id: bigint, input: Parameters<typeof base.update>[2]) {
      const stored = await db(ctx).sms.findFirst({ where: { id, isDeleted: 0 } })
      if (!stored) {
        throw AppError.notFound()
      }
      const secretKey =
        input.secretKey && !isMaskedSecret(input.secretKey) ? input.secretKey : stored.secretKey
      // The rules hold for the stored config with the update applied (an update may carry a part).
      const next = { ...stored, ...presentOf(input), secretKey } as Partial<TSmsRow>
      assertComplete(next)
      assertEndpoint(next)
      return base.update(ctx, id, input)
    },

    /** Enables one config and disables the tenant's others, serialised per tenant. */
    async enable(ctx: TCtx, id: bigint): Promise<void> {
      await prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`sms-enable:${ctx.tenantId}`}))::text`
        const row = await tx.sms.findFirst({ where: { id, tenantId: ctx.tenantId, isDeleted: 0 } })
        if (!row) {
          throw AppError.notFound()
        }
        const who = withAudit(ctx).updated
        await tx.sms.updateMany({
          where: { tenantId: ctx.tenantId, status: SmsStatus.ENABLED, NOT: { id } },
          data: { status: SmsStatus.DISABLED, ...who },
        })
        await tx.sms.update({ where: { id }, data: { status: SmsStatus.ENABLED, ...who } })
      })
    },

    /**
     * The provider and template for a tenant: the config named by `code`, else the enabled one, else
     * the log provider (the default: nothing configured means nothing leaves the machine).
     */
    async resolve(
      tenantId: string,
      log: FastifyBaseLogger,
      code?: string,
    ): Promise<{ provider: TSmsProvider; templateId: string }> {
      const scoped = tenantDb(prisma, tenantId)
      const row = code
        ? await scoped.sms.findFirst({ where: { smsCode: code, isDeleted: 0 } })
        : await scoped.sms.findFirst({ where: { status: SmsStatus.ENABLED, isDeleted: 0 } })
      if (!row) {
        if (code) {
          throw AppError.badRequest(SmsMsg.NOT_FOUND)
        }
        return { provider: createLogSmsProvider(log), templateId: 'default' }
      }
      const secretKey = openStoredSecret(secrets, row.secretKey, log, { smsId: String(row.id), tenantId })
      return { provider: providerOf({ ...row, secretKey }, log, allow), templateId: row.templateId }
    },

    /** `send-message`: one template to a list of phones. */
    async send(ctx: TCtx, input: TSmsSend): Promise<TSmsResult> {
      const { provider, templateId } = await this.resolve(ctx.tenantId, ctx.log, input.code)
      const params = input.params
        ? Object.fromEntries(
            Object.entries(JSON.parse(input.params) as Record<string, string | number>).map(([k, v]) => [
              k,
              String(v),
            ]),
          )
        : {}
      const result = await provider.send({ phones: splitPhones(input.phones), templateId, params })
      if (!result.success) {
        ctx.log.warn({ sms: { provider: result.provider, failed: result.failed } }, 'sms not sent')
        const first = result.failed[0]
        throw AppError.badRequest(first ? `${SmsMsg.SEND_FAIL}: ${first.code}` : SmsMsg.SEND_FAIL)
      }
      return result
    },
  }
}
export type TSmsService = ReturnType<typeof createSmsService>
