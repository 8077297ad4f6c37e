import type { TModulePlugin } from '../module-deps.ts'
import { deptRoutes } from './dept.routes.ts'

/** Departments (the service is shared with user: `deps.depts`). */
export const deptModule: TModulePlugin = async (app, { depts }) => {
  deptRoutes(app, depts)
}
