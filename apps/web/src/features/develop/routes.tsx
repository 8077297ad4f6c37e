import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const DatasourcePage = lazyScreen(() => import('./DevelopPages'), 'DatasourcePage')
const ModelPage = lazyScreen(() => import('./DevelopPages'), 'ModelPage')
const CodePage = lazyScreen(() => import('./DevelopPages'), 'CodePage')

export const developScreens: TScreenRegistry = {
  '/tool/datasource': { component: DatasourcePage, titleKey: 'develop.datasource.name' },
  '/tool/model': { component: ModelPage, titleKey: 'develop.model.name' },
  '/tool/code': { component: CodePage, titleKey: 'develop.code.name' },
}
