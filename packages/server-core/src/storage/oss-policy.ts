import { OSS_CATEGORY } from '@ysjs/shared'
import { isAllowedUrl, type TAllowEntry, type TOutboundPolicy } from '../outbound/policy.ts'
import { parseEndpoint } from './tenant-storage.ts'

/**
 * Where a tenant's object-storage config may point (decision 011a): the cloud's documented endpoints
 * (Qiniu `s3.<region>.qiniucs.com`, Alibaba `oss-<region>.aliyuncs.com`, Tencent
 * `cos.<region>.myqcloud.com`), or what the operator lists in OSS_ALLOWED_HOSTS — the only way to a
 * self-hosted MinIO. Every connection goes through the outbound guard (`@ysjs/server-core`).
 */
const DOCUMENTED: Record<number, readonly string[]> = {
  [OSS_CATEGORY.MINIO]: [],
  [OSS_CATEGORY.QINIU]: ['.qiniucs.com'],
  [OSS_CATEGORY.ALI]: ['.aliyuncs.com'],
  [OSS_CATEGORY.TENCENT]: ['.myqcloud.com'],
}

export const ossPolicy = (category: number, allow: readonly TAllowEntry[]): TOutboundPolicy => ({
  allow,
  hosts: DOCUMENTED[category] ?? [],
})

/** The endpoint of a config as the URL the minio client calls. */
export const endpointUrl = (endpoint: string): URL | null => {
  const { endPoint, port, useSSL } = parseEndpoint(endpoint)
  try {
    return new URL(`${useSSL ? 'https' : 'http'}://${endPoint}${port ? `:${port}` : ''}/`)
  } catch {
    return null
  }
}

/** Whether a config's endpoint may be saved at all (its addresses are checked again on every request). */
export const isAllowedEndpoint = (category: number, endpoint: string, allow: readonly TAllowEntry[]) => {
  if (category === OSS_CATEGORY.LOCAL) {
    return true
  }
  const url = endpointUrl(endpoint)
  return !!url && isAllowedUrl(ossPolicy(category, allow), url)
}
