import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const IssuerPage = lazyScreen(() => import('./IssuerPage'), 'IssuerPage')

/** 系统管理 › 评价机构信息 (decision 027). */
export const issuerScreens: TScreenRegistry = {
  '/system/issuer': { component: IssuerPage, titleKey: 'issuer.route' },
}
