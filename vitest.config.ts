import { defineConfig } from 'vitest/config'

// One run over every package: unit and API integration tests (real PostgreSQL and Redis) and the
// web app's component tests. Browser tests are Playwright's (`pnpm test:e2e`), not vitest's.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/server-core', 'prisma', 'apps/api', 'apps/worker', 'apps/web'],
  },
})
