import { screen, type TScreenRegistry } from '@/app/router/screen'

const developPages = () => import('./DevelopPages')

export const developScreens: TScreenRegistry = {
  '/tool/datasource': screen(developPages, 'DatasourcePage', 'develop.datasource.name'),
  '/tool/model': screen(developPages, 'ModelPage', 'develop.model.name'),
  '/tool/code': screen(developPages, 'CodePage', 'develop.code.name'),
}
