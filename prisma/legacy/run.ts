import path from 'node:path'
import { createPrisma } from '../src/index.ts'
import { importLegacy, LegacyImportError } from './import.ts'

// pnpm import:legacy <dir> [--tenant <id>]: see the README ("Importing the old platform's users").
const args = process.argv.slice(2)
const tenantAt = args.indexOf('--tenant')
const tenantId = tenantAt >= 0 ? args[tenantAt + 1] : undefined
const dirArg = args.find((a, i) => !a.startsWith('--') && (tenantAt < 0 || i !== tenantAt + 1))
if (!dirArg || (tenantAt >= 0 && !/^\d{6}$/.test(tenantId ?? ''))) {
  console.error('用法: pnpm import:legacy <目录> [--tenant <6位租户编号>]')
  process.exit(2)
}
// pnpm runs package scripts in the package folder; a relative path means the caller's folder.
const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), dirArg)
const prisma = createPrisma({
  url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/ysjs',
  max: 2,
})
try {
  const report = await importLegacy(prisma, dir, { tenantId })
  for (const [table, r] of Object.entries(report)) {
    console.log(`${table}: 读取 ${r.read}, 新增 ${r.created}, 跳过 ${r.skipped.length}`)
    for (const s of r.skipped.slice(0, 20)) {
      console.log(`  - ${s}`)
    }
    if (r.skipped.length > 20) {
      console.log(`  … 另有 ${r.skipped.length - 20} 条`)
    }
  }
} catch (err) {
  console.error(err instanceof LegacyImportError ? `导入失败: ${err.message}` : err)
  process.exitCode = 1
} finally {
  await prisma.$disconnect()
}
