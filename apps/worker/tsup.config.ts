import { defineConfig } from 'tsup'

// One ESM bundle per entry; workspace packages (TypeScript sources) are bundled in, npm packages stay
// external and are resolved from node_modules at run time.
export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@ysjs\//],
})
