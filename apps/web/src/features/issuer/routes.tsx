import { screen, type TScreenRegistry } from '@/app/router/screen'

/** 系统管理 › 评价机构信息 (decision 027). */
export const issuerScreens: TScreenRegistry = {
  '/system/issuer': screen(() => import('./IssuerPage'), 'IssuerPage', 'issuer.route'),
}
