import path from 'node:path'
import { defineConfig } from 'prisma/config'

// Prisma's native schema engine cannot be downloaded on our machines; schema-engine.mjs speaks its
// protocol on top of the WebAssembly engine that ships on npm. An explicit setting still wins.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(import.meta.dirname, 'schema-engine.mjs')

export default defineConfig({
  schema: 'schema.prisma',
  migrations: { path: 'migrations', seed: 'tsx seed/run.ts' },
  // env('DATABASE_URL') throws when unset, which would break `prisma generate` on a fresh clone.
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/ysjs' },
})
