import { screen, type TScreenRegistry } from '@/app/router/screen'

/** The resource screens (issue 8), under their seeded menu paths. */
export const resourceScreens: TScreenRegistry = {
  '/resource/attach': screen(() => import('./attach/AttachPage'), 'AttachPage', 'route.attach'),
  '/resource/oss': screen(() => import('./oss/OssPage'), 'OssPage', 'route.oss'),
  '/base/assort': screen(() => import('./assort/AssortPage'), 'AssortPage', 'route.assort'),
  '/appraise/template': screen(() => import('./template/TemplatePage'), 'TemplatePage', 'route.template'),
}
