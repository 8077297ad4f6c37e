import path from 'node:path'
import type { PrismaClient } from '@ysjs/db'
import { OSS_LOCAL_CATEGORY, OSS_STATUS } from '@ysjs/shared'
import type { TSecretBox } from '../crypto/secret-box.ts'
import { guardedAgent } from '../outbound/guard.ts'
import type { TAllowEntry } from '../outbound/policy.ts'
import { createLocalStorage } from './local-storage.ts'
import { endpointUrl, ossPolicy } from './oss-policy.ts'
import { createS3Storage } from './s3-storage.ts'
import type { TStorage } from './storage.ts'

/** The connection fields of an object-storage config row. */
export type TOssConnection = {
  id: bigint
  tenantId: string
  category: number
  endpoint: string | null
  accessKey: string | null
  secretKey: string | null
  bucketName: string
  region: string | null
  updateTime: Date | null
}

/** Tenant ids and config ids become key segments, which SAFE_KEY limits to `[a-z0-9-]`. */
const SEGMENT = /^[a-z0-9-]+$/
/** The segment naming the environment's default driver; a config's is `c<id>`. */
const DEFAULT_SOURCE = 'env'

/**
 * Where a key lives. New keys are `upload/<tenant>/<source>/<yyyyMMdd>/<uuid>.<ext>`, the source being
 * `env` (the default driver) or `c<config id>`; keys of earlier uploads (`upload/<yyyyMMdd>/<uuid>.<ext>`)
 * are on the default driver and carry no tenant.
 */
export const parseKey = (key: string): { tenantId: string | null; configId: bigint | null } => {
  const parts = key.split('/')
  if (parts.length !== 5 || parts[0] !== 'upload') {
    return { tenantId: null, configId: null }
  }
  const source = parts[2] ?? ''
  const configId = /^c\d{1,19}$/.test(source) ? BigInt(source.slice(1)) : null
  return { tenantId: parts[1] ?? null, configId }
}

/** A key naming an object-storage config that does not exist (or is another tenant's): nothing is stored there. */
export class UnknownStoreError extends Error {
  constructor(key: string) {
    super(`no object-storage config for key ${key}`)
    this.name = 'UnknownStoreError'
  }
}

/** `host[:port]` with an optional scheme (https unless `http://` is written). */
export const parseEndpoint = (endpoint: string): { endPoint: string; port?: number; useSSL: boolean } => {
  const useSSL = !endpoint.startsWith('http://')
  const bare = endpoint.replace(/^https?:\/\//, '').replace(/\/$/, '')
  const [host = '', port] = bare.split(':')
  return { endPoint: host, useSSL, ...(port ? { port: Number(port) } : {}) }
}

/**
 * A driver for one config: S3-compatible stores through the minio client, local disk under STORAGE_DIR.
 * A tenant chose the endpoint: every connection goes through the outbound guard (oss-policy.ts), so an
 * endpoint outside the documented hosts and OSS_ALLOWED_HOSTS, or resolving to a private address, is
 * never reached.
 */
export const driverOf = (
  config: TOssConnection,
  storageDir: string,
  allow: readonly TAllowEntry[],
  /** The plain secret of the stored (sealed) one (decision 026). */
  openSecret: (stored: string | null) => string,
): TStorage => {
  if (config.category === OSS_LOCAL_CATEGORY) {
    return createLocalStorage(path.join(storageDir, 'buckets', config.bucketName))
  }
  const url = endpointUrl(config.endpoint ?? '') ?? new URL('https://invalid.invalid/')
  return createS3Storage({
    ...parseEndpoint(config.endpoint ?? ''),
    accessKey: config.accessKey ?? '',
    secretKey: openSecret(config.secretKey),
    bucket: config.bucketName,
    ...(config.region ? { region: config.region } : {}),
    transportAgent: guardedAgent(ossPolicy(config.category, allow), url),
  })
}

export type TStorageRouter = TStorage & {
  /** The key prefix of a new upload of the tenant: its enabled config, or the default driver. */
  prefixFor(tenantId: string): Promise<string>
  /** The tenant a key belongs to, or null for keys of earlier uploads. */
  tenantOf(key: string): string | null
}

/**
 * Object storage routed per tenant (decision 011a). The enabled config is read on every upload, so
 * enabling another one takes effect at once on every instance; each key names the store that holds
 * it, so objects stay readable after the tenant switches stores. Drivers are kept per config version.
 */
export const createStorageRouter = (deps: {
  prisma: PrismaClient
  fallback: TStorage
  storageDir: string
  /** `OSS_ALLOWED_HOSTS`: object stores besides the clouds' documented hosts. */
  ossAllowedHosts: readonly TAllowEntry[]
  /** Opens a config's sealed secret (decision 026). */
  secrets: TSecretBox
}): TStorageRouter => {
  const drivers = new Map<string, TStorage>()
  const driverFor = async (key: string): Promise<TStorage> => {
    const { tenantId, configId } = parseKey(key)
    if (configId === null) {
      return deps.fallback
    }
    const config = await deps.prisma.ossConfig.findUnique({ where: { id: configId } })
    if (!config || config.tenantId.toLowerCase() !== tenantId) {
      throw new UnknownStoreError(key)
    }
    const version = `${config.id}:${config.updateTime?.getTime() ?? 0}`
    let driver = drivers.get(version)
    if (!driver) {
      driver = driverOf(config, deps.storageDir, deps.ossAllowedHosts, (stored) =>
        deps.secrets.open(stored ?? ''),
      )
      drivers.set(version, driver)
    }
    return driver
  }
  return {
    kind: deps.fallback.kind,
    async prefixFor(tenantId: string) {
      const segment = tenantId.toLowerCase()
      if (!SEGMENT.test(segment)) {
        throw new Error(`tenant id cannot be a key segment: ${tenantId}`)
      }
      const enabled = await deps.prisma.ossConfig.findFirst({
        where: { tenantId, status: OSS_STATUS.ENABLED, isDeleted: 0 },
        select: { id: true },
        orderBy: { updateTime: 'desc' },
      })
      return `upload/${segment}/${enabled ? `c${enabled.id}` : DEFAULT_SOURCE}`
    },
    tenantOf: (key: string) => parseKey(key).tenantId,
    put: async (name, body, contentType) => (await driverFor(name)).put(name, body, contentType),
    get: async (name) => (await driverFor(name)).get(name),
    stat: async (name) => (await driverFor(name)).stat(name),
    remove: async (name) => (await driverFor(name)).remove(name),
  }
}
