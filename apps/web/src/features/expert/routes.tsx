import { screen, type TScreenRegistry } from '@/app/router/screen'

const pages = () => import('./pages')

/** The seeded menu paths of 专家与项目 and 知识库 › 知识专家. */
export const expertScreens: TScreenRegistry = {
  '/expert/expertbasic': screen(() => import('./ExpertPage'), 'ExpertPage', 'expert.route.expert'),
  '/expert/projectbasic': screen(() => import('./ProjectPage'), 'ProjectPage', 'expert.route.project'),
  '/expert/unittable': screen(pages, 'UnitPage', 'expert.route.unit'),
  '/expert/unitassociation': screen(pages, 'AssociationPage', 'expert.route.association'),
  '/expert/persiontable': screen(pages, 'PersonPage', 'expert.route.person'),
  '/kms/expert': screen(pages, 'MainExpertPage', 'expert.route.mainExpert'),
}
