import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const KmsMainPage = lazyScreen(() => import('./KmsMainPage'), 'KmsMainPage')
const KmsCatalogPage = lazyScreen(() => import('./KmsCatalogPage'), 'KmsCatalogPage')
const KmsLabelPage = lazyScreen(() => import('./KmsLabelPage'), 'KmsLabelPage')
const KmsAuthorPage = lazyScreen(() => import('./KmsAuthorPage'), 'KmsAuthorPage')

export const kmsScreens: TScreenRegistry = {
  '/kms/main': { component: KmsMainPage, titleKey: 'kms.route.main' },
  '/kms/catalog': { component: KmsCatalogPage, titleKey: 'kms.route.catalog' },
  '/kms/label': { component: KmsLabelPage, titleKey: 'kms.route.label' },
  '/kms/author': { component: KmsAuthorPage, titleKey: 'kms.route.author' },
}
