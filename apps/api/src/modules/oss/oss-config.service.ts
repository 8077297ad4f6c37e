import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import type { PrismaClient } from '@ysjs/db'
import {
  driverOf,
  isAllowedEndpoint,
  OutboundError,
  OutboundMsg,
  type TAllowEntry,
  type TSecretBox,
} from '@ysjs/server-core'
import {
  isMaskedSecret,
  OSS_STATUS,
  OssMsg,
  OssProbeMsg,
  type TOssProbeResult,
  ZOssRecordSchema,
  ZOssSubmitSchema,
} from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { createCrudService, withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { maskStoredSecret, openStoredSecret, sealSecret } from '../../lib/secrets-at-rest.ts'
import { tenantDb } from '../../lib/tenancy.ts'

/** How long each step of a connection test may take. */
const PROBE_STEP_MS = 10_000

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms)
    work.then(resolve, reject).finally(() => clearTimeout(timer))
  })

/** The guard's error behind a client's (the minio client wraps socket errors). */
const findOutbound = (err: unknown, depth = 0): OutboundError | null => {
  if (err instanceof OutboundError) {
    return err
  }
  const cause = (err as { cause?: unknown } | null)?.cause
  return depth < 5 && cause ? findOutbound(cause, depth + 1) : null
}

const readAll = async (body: Readable) => {
  const chunks: Buffer[] = []
  for await (const chunk of body) {
    chunks.push(Buffer.from(chunk))
  }
  return Buffer.concat(chunks)
}

/**
 * Object-storage configs (对象存储) of a tenant: the generic CRUD, secrets never answered whole, and
 * `enable`/`disable` keeping at most one enabled config per tenant (decision 011a).
 */
export const createOssConfigService = (
  prisma: PrismaClient,
  storageDir: string,
  /** `OSS_ALLOWED_HOSTS`: object stores besides the clouds' documented hosts. */
  allow: readonly TAllowEntry[],
  /** Seals the secret on write, opens it to connect (decision 026). */
  secrets: TSecretBox,
) => {
  const base = createCrudService(prisma, {
    prefix: '/api/ysjs-resource/oss',
    model: (db) => db.ossConfig,
    submit: ZOssSubmitSchema,
    record: ZOssRecordSchema,
    filters: { category: 'int', ossCode: 'string?', endpoint: 'string?', bucketName: 'string' },
    sortable: ['category', 'ossCode', 'status', 'createTime'],
    // An endpoint the server would never call is refused when it is saved (issue 22).
    validate: async (_ctx, data) => {
      if (!isAllowedEndpoint(data.category as number, String(data.endpoint ?? ''), allow)) {
        throw AppError.badRequest(OssMsg.ENDPOINT_NOT_ALLOWED)
      }
    },
    // An edit that sends back the masked secret (or none) keeps the stored one.
    toData: ({ secretKey, ...rest }) =>
      !secretKey || isMaskedSecret(secretKey) ? rest : { ...rest, secretKey: sealSecret(secrets, secretKey) },
    enrich: async (_ctx, rows) =>
      rows.map((r) => ({ ...r, secretKey: maskStoredSecret(secrets, r.secretKey as string | null) ?? '' })),
  })

  /**
   * Every config of the tenant off, then this one on, in one transaction. Calls for one tenant are
   * serialised by a transaction-scoped advisory lock: two enables touching each other's rows in
   * different orders would otherwise deadlock.
   */
  const setEnabled = async (ctx: TCtx, id: bigint, enabled: boolean) => {
    await tenantDb(prisma, ctx.tenantId).$transaction(async (tx) => {
      await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`blade_oss:${ctx.tenantId}`}))::text AS locked`
      const target = await tx.ossConfig.findFirst({ where: { id, isDeleted: 0 }, select: { id: true } })
      if (!target) {
        throw AppError.notFound()
      }
      const who = withAudit(ctx).updated
      if (enabled) {
        await tx.ossConfig.updateMany({
          where: { isDeleted: 0, NOT: { id } },
          data: { status: OSS_STATUS.DISABLED, ...who },
        })
      }
      await tx.ossConfig.updateMany({
        where: { id },
        data: { status: enabled ? OSS_STATUS.ENABLED : OSS_STATUS.DISABLED, ...who },
      })
    })
  }

  /** Writes, reads back and deletes a probe object through the config; reports the step that failed. */
  const probe = async (ctx: TCtx, id: bigint): Promise<TOssProbeResult> => {
    const config = await tenantDb(prisma, ctx.tenantId).ossConfig.findFirst({ where: { id, isDeleted: 0 } })
    if (!config) {
      throw AppError.notFound()
    }
    const driver = driverOf(config, storageDir, allow, (stored) =>
      openStoredSecret(secrets, stored, ctx.log, { ossId: String(config.id), tenantId: ctx.tenantId }),
    )
    const key = `upload/${ctx.tenantId.toLowerCase()}/c${config.id}/probe/${randomUUID()}.txt`
    const content = Buffer.from(`ysjs probe ${new Date().toISOString()} 连接测试`)
    const step = async (name: 'write' | 'read' | 'delete', work: () => Promise<unknown>) => {
      try {
        await withTimeout(work(), PROBE_STEP_MS)
        return null
      } catch (err) {
        ctx.log.warn({ err, configId: String(id), step: name }, 'object-storage probe failed')
        // What the far side said stays in the log: the answer only says the step could not connect
        // (or that the guard refused the address), so a probe cannot map what listens where.
        const reason = findOutbound(err)?.message ?? OutboundMsg.FAILED
        return { ok: false, step: name, message: `${OssProbeMsg[name]}: ${reason}` } as const
      }
    }
    const wrote = await step('write', () => driver.put(key, Readable.from([content]), 'text/plain'))
    if (wrote) {
      return wrote
    }
    const read = await step('read', async () => {
      const got = await driver.get(key)
      if (!got) {
        throw new Error('object not found')
      }
      if (!(await readAll(got.body)).equals(content)) {
        throw new Error(OssProbeMsg.MISMATCH)
      }
    })
    const removed = await step('delete', () => driver.remove(key))
    return read ?? removed ?? { ok: true, step: null, message: OssProbeMsg.OK }
  }

  return { ...base, setEnabled, probe }
}
export type TOssConfigService = ReturnType<typeof createOssConfigService>
