import type { TModulePlugin } from '../module-deps.ts'
import { accessRoutes } from './access.routes.ts'
import { createAccessService } from './access.service.ts'

/** `/x/:id` and `/x/*` as a regular expression over concrete paths. */
const routePattern = (url: string): RegExp =>
  new RegExp(
    `^${url
      .split(/(:\w+|\*)/)
      .map((part) =>
        part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('')}$`,
  )

/** The access explainer and the change preview (issue 7 B): reads every module's declared access. */
export const accessModule: TModulePlugin = async (app, { prisma, permissions, roles }) => {
  accessRoutes(
    app,
    createAccessService({
      prisma,
      rules: permissions.rules,
      roles,
      hasPermission: permissions.has,
      // Read at request time: by then every module's routes are in the registry.
      findRoute: (method, path) => {
        const routes = app.routeAccess.filter((r) => r.method === method && r.url.startsWith('/api/'))
        return (
          routes.find((r) => r.url === path) ?? routes.find((r) => routePattern(r.url).test(path)) ?? null
        )
      },
    }),
  )
}
