import type { TModulePlugin } from '../module-deps.ts'
import { ossConfigRoutes } from './oss-config.routes.ts'
import { createOssConfigService } from './oss-config.service.ts'
import { ossEndpointRoutes } from './oss-endpoint.routes.ts'

/** Uploads and downloads (the service is shared: `deps.oss`) and the object-storage configs. */
export const ossModule: TModulePlugin = async (app, { prisma, env, secrets, oss }) => {
  ossEndpointRoutes(app, oss)
  ossConfigRoutes(app, createOssConfigService(prisma, env.STORAGE_DIR, env.OSS_ALLOWED_HOSTS, secrets))
}
