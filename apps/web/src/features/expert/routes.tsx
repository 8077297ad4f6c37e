import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const ExpertPage = lazyScreen(() => import('./ExpertPage'), 'ExpertPage')
const ProjectPage = lazyScreen(() => import('./ProjectPage'), 'ProjectPage')
const UnitPage = lazyScreen(() => import('./pages'), 'UnitPage')
const AssociationPage = lazyScreen(() => import('./pages'), 'AssociationPage')
const PersonPage = lazyScreen(() => import('./pages'), 'PersonPage')
const MainExpertPage = lazyScreen(() => import('./pages'), 'MainExpertPage')

/** The seeded menu paths of 专家与项目 and 知识库 › 知识专家. */
export const expertScreens: TScreenRegistry = {
  '/expert/expertbasic': { component: ExpertPage, titleKey: 'expert.route.expert' },
  '/expert/projectbasic': { component: ProjectPage, titleKey: 'expert.route.project' },
  '/expert/unittable': { component: UnitPage, titleKey: 'expert.route.unit' },
  '/expert/unitassociation': { component: AssociationPage, titleKey: 'expert.route.association' },
  '/expert/persiontable': { component: PersonPage, titleKey: 'expert.route.person' },
  '/kms/expert': { component: MainExpertPage, titleKey: 'expert.route.mainExpert' },
}
