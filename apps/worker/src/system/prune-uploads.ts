import type { PrismaClient } from '@ysjs/db'
import {
  createLocalStorage,
  createS3Storage,
  createSecretBox,
  createStorageRouter,
  type TStorage,
} from '@ysjs/server-core'
import type { TWorkerEnv } from '../env.ts'
import type { TJobLog } from '../job/processors.ts'
import { findOrphanUploads, removeOrphanUploads } from './orphan-uploads.ts'

const HOUR_MS = 3_600_000
export const PRUNE_UPLOADS_DEFAULTS = { graceHours: 24, limit: 1000 } as const
/** Lines of a run's log that list orphans (the rest is counted in the last line). */
const LISTED = 200

/** The stores the API writes to, from the same settings: the default driver and tenants' configs. */
const storageOf = (prisma: PrismaClient, env: TWorkerEnv) => {
  const fallback: TStorage = env.S3_ENDPOINT
    ? createS3Storage({
        endPoint: env.S3_ENDPOINT,
        port: env.S3_PORT,
        useSSL: ['true', '1'].includes(env.S3_USE_SSL),
        accessKey: env.S3_ACCESS_KEY,
        secretKey: env.S3_SECRET_KEY,
        bucket: env.S3_BUCKET,
      })
    : createLocalStorage(env.STORAGE_DIR)
  return createStorageRouter({
    prisma,
    fallback,
    storageDir: env.STORAGE_DIR,
    ossAllowedHosts: env.OSS_ALLOWED_HOSTS,
    secrets: createSecretBox(env.DATA_KEYS.key, env.DATA_KEYS.previous),
  })
}

/**
 * The prune-uploads job (decision 026): uploads older than `graceHours` that no row refers to are
 * removed and their bytes given back to their tenant's quota; `dryRun` lists them in the run's log
 * and removes nothing.
 */
export const pruneUploads = async (ctx: {
  prisma: PrismaClient
  env: TWorkerEnv
  params: { graceHours?: number | undefined; dryRun?: boolean | undefined; limit?: number | undefined }
  signal: AbortSignal
  log: TJobLog
}) => {
  const graceHours = ctx.params.graceHours ?? PRUNE_UPLOADS_DEFAULTS.graceHours
  const dryRun = ctx.params.dryRun ?? false
  const before = new Date(Date.now() - graceHours * HOUR_MS)
  const orphans = await findOrphanUploads(
    ctx.prisma,
    before,
    ctx.params.limit ?? PRUNE_UPLOADS_DEFAULTS.limit,
    ctx.signal,
  )
  for (const o of orphans.slice(0, LISTED)) {
    ctx.log(2, `${dryRun ? '未引用' : '删除'}: ${o.tenantId} ${o.name} ${o.attachSize} 字节`)
  }
  if (orphans.length > LISTED) {
    ctx.log(2, `…另有 ${orphans.length - LISTED} 个`)
  }
  const total = orphans.reduce((sum, o) => sum + o.attachSize, 0n)
  if (dryRun) {
    ctx.log(
      2,
      `试运行: 超过 ${graceHours} 小时未被引用的上传文件 ${orphans.length} 个, 共 ${total} 字节, 未删除`,
    )
    return { dryRun, orphans: orphans.map((o) => o.name), removed: 0, bytes: 0 }
  }
  const storage = storageOf(ctx.prisma, ctx.env)
  const { removed, bytes } = await removeOrphanUploads(ctx.prisma, orphans, storage.remove, (o, err) => {
    ctx.log(3, `文件已登记删除, 但对象删除失败: ${o.name} (${(err as Error).message})`)
  })
  ctx.log(2, `已删除超过 ${graceHours} 小时未被引用的上传文件 ${removed} 个, 退还存储额度 ${bytes} 字节`)
  return { dryRun, orphans: orphans.map((o) => o.name), removed, bytes: Number(bytes) }
}
