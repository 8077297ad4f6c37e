import type { PrismaClient } from '@ysjs/db'
import {
  createLocalStorage,
  createS3Storage,
  createSecretBox,
  createStorageRouter,
  type TSecretBox,
  type TStorage,
  type TStorageRouter,
} from '@ysjs/server-core'
import type { FastifyBaseLogger } from 'fastify'
import type { TEnv } from '../env.ts'
import { sealSecretsAtRest } from '../lib/secrets-at-rest.ts'

/** The file storage (S3 or a local folder, routed per tenant) and the box that seals secrets at rest. */
export const createPlatformStorage = async ({
  env,
  prisma,
  log,
  fallback,
}: {
  env: TEnv
  prisma: PrismaClient
  log: FastifyBaseLogger
  /** Tests pass their own driver. */
  fallback?: TStorage
}): Promise<{ storage: TStorageRouter; secrets: TSecretBox }> => {
  const fallbackStorage =
    fallback ??
    (env.S3_ENDPOINT
      ? createS3Storage({
          endPoint: env.S3_ENDPOINT,
          port: env.S3_PORT,
          useSSL: env.S3_USE_SSL,
          accessKey: env.S3_ACCESS_KEY,
          secretKey: env.S3_SECRET_KEY,
          bucket: env.S3_BUCKET,
        })
      : createLocalStorage(env.STORAGE_DIR))
  // The SMS and object-storage secrets are sealed at rest; plain or previous-key values are sealed
  // under DATA_KEY now (decision 026). A database that is down does not hold the boot: the next does it.
  const secrets = createSecretBox(env.DATA_KEYS.key, env.DATA_KEYS.previous)
  await sealSecretsAtRest(prisma, secrets, log).catch((err: unknown) => {
    log.warn({ err }, 'secrets at rest not sealed at boot (database unreachable?)')
  })
  // Each tenant's uploads go to its enabled object-storage config, the default driver otherwise.
  const storage = createStorageRouter({
    prisma,
    fallback: fallbackStorage,
    storageDir: env.STORAGE_DIR,
    ossAllowedHosts: env.OSS_ALLOWED_HOSTS,
    secrets,
  })
  return { storage, secrets }
}
