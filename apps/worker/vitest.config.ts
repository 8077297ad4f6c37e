import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: { name: 'worker', include: ['test/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 180_000 },
})
