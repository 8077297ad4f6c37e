import { screen, type TScreenRegistry } from '@/app/router/screen'

export const kmsScreens: TScreenRegistry = {
  '/kms/main': screen(() => import('./KmsMainPage'), 'KmsMainPage', 'kms.route.main'),
  '/kms/catalog': screen(() => import('./KmsCatalogPage'), 'KmsCatalogPage', 'kms.route.catalog'),
  '/kms/label': screen(() => import('./KmsLabelPage'), 'KmsLabelPage', 'kms.route.label'),
  '/kms/author': screen(() => import('./KmsAuthorPage'), 'KmsAuthorPage', 'kms.route.author'),
}
