import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const AttachPage = lazyScreen(() => import('./attach/AttachPage'), 'AttachPage')
const OssPage = lazyScreen(() => import('./oss/OssPage'), 'OssPage')
const AssortPage = lazyScreen(() => import('./assort/AssortPage'), 'AssortPage')
const TemplatePage = lazyScreen(() => import('./template/TemplatePage'), 'TemplatePage')

/** The resource screens (issue 8), under their seeded menu paths. */
export const resourceScreens: TScreenRegistry = {
  '/resource/attach': { component: AttachPage, titleKey: 'route.attach' },
  '/resource/oss': { component: OssPage, titleKey: 'route.oss' },
  '/base/assort': { component: AssortPage, titleKey: 'route.assort' },
  '/appraise/template': { component: TemplatePage, titleKey: 'route.template' },
}
