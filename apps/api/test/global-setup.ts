import type { TestProject } from 'vitest/node'
import { ensureTemplate } from '../../../scripts/test-db.mjs'
import { startTestServices } from '../../../scripts/test-services.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    testServices: { databaseUrl: string; redisUrl: string; template: string }
  }
}

export default async function setup(project: TestProject) {
  const services = await startTestServices()
  const template = await ensureTemplate(services.databaseUrl)
  project.provide('testServices', {
    databaseUrl: services.databaseUrl,
    redisUrl: services.redisUrl,
    template,
  })
  return services.stop
}
