import { enumTypeName, isControlChar, propertyTypeOfColumn } from '@ysjs/shared'
import { AppError } from '../../lib/errors.ts'
import { apiFiles } from './generator-api.ts'
import { AUDIT_SQL, checkExisting, TENANT_SQL } from './generator-table.ts'
import {
  dq,
  enumMembers,
  enumPrisma,
  enumSql,
  isArrayType,
  prismaType,
  recordRule,
  sqlType,
  submitRule,
  type TGenContext,
  type TGenEnum,
  type TGenField,
} from './generator-types.ts'
import { webFiles } from './generator-web.ts'
import type { TExistingColumn } from './introspect.ts'
import { PLATFORM_COLUMNS } from './prototypes.ts'

/** What the generator reads: a code config, its model and the model's saved prototypes. */
export type TGenInput = {
  code: {
    codeName: string
    tableName: string
    pkName: string
    packageName: string
    apiPath: string
    webPath: string
    author: string
    /** 2: the answers carry the dictionary label of each dictionary field (`<name>Name`), the platform's wrapper. */
    wrapMode: number
  }
  model: { modelName: string; modelClass: string }
  prototypes: TGenField[]
  /** Migration folder timestamp (`yyyyMMddHHmmss`); the generator is pure, the caller gives the time. */
  stamp: string
  /** The module's table as it is in the application's database, null when it is not there yet. */
  existing?: TExistingColumn[] | null
  /** Labels of the enum types the model's columns use, as the application's database has them. */
  enums?: Readonly<Record<string, string[]>>
}

export type TGenFile = { path: string; content: string }
/** A line to put above a marker comment of a shared registry file (see `scripts/apply-generated.mjs`). */
export type TGenInsert = { file: string; marker: string; text: string }
/** What a module claims in the repository: `scripts/apply-generated.mjs` refuses one that is taken. */
export type TGenModule = {
  className: string
  table: string
  packageName: string
  apiPrefix: string
  webPath: string
  menuCode: string
}
export type TGenResult = { module: TGenModule; files: TGenFile[]; inserts: TGenInsert[] }

const pascal = (kebab: string) => kebab.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase())
const camel = (kebab: string) => {
  const p = pascal(kebab)
  return p.charAt(0).toLowerCase() + p.slice(1)
}
/**
 * Text of a user (module name, author) inside a generated comment: one line, and never the end of a
 * block comment, so it cannot add lines to migration.sql or schema.prisma or code to a source file.
 * The submit schema refuses such names; this also covers rows saved before it did.
 */
const commentText = (s: string) =>
  [...s]
    .map((c) => (isControlChar(c) ? ' ' : c))
    .join('')
    .replaceAll('*/', '* /')

/**
 * Writes a module in this project's own layout for a model (decision 020): the Prisma model and its
 * migration, the shared zod schemas, the API service and routes on the generic CRUD, the web resource
 * and page, the i18n texts and the menu seed, plus the lines that register them.
 */
export const generateModule = (input: TGenInput): TGenResult => {
  const { code, model, stamp } = input
  if (code.pkName !== 'id') {
    throw AppError.badRequest('主键须为 id（通用增删改查使用 id 主键）')
  }
  const fields = input.prototypes.filter((p) => !(PLATFORM_COLUMNS as readonly string[]).includes(p.jdbcName))
  if (fields.length === 0) {
    throw AppError.badRequest('请先配置模型字段')
  }
  for (const f of fields) {
    const expected = propertyTypeOfColumn(f.jdbcType)
    if (!expected) {
      throw AppError.badRequest(`不支持的字段类型: ${f.jdbcName} ${f.jdbcType}`)
    }
    if (f.propertyType !== expected) {
      throw AppError.badRequest(`属性类型与字段类型不符: ${f.jdbcName} (${f.jdbcType}) 应为 ${expected}`)
    }
  }
  const tenantScoped = input.prototypes.some((p) => p.jdbcName === 'tenant_id')
  // wrapMode 2: each dictionary field's label is answered beside it, as `<name>Name`.
  const wrapped = code.wrapMode === 2 ? fields.filter((f) => f.dictCode) : []
  const taken = new Set<string>([
    'id',
    'tenantId',
    'createTime',
    'updateTime',
    'status',
    'isDeleted',
    ...fields.map((f) => f.propertyName),
  ])
  const clash = wrapped.find((f) => taken.has(`${f.propertyName}Name`))
  if (clash) {
    throw AppError.badRequest(
      `字典字段 ${clash.propertyName} 的名称字段 ${clash.propertyName}Name 与其他属性重名`,
    )
  }
  if (input.existing) {
    checkExisting(code.tableName, input.existing, fields, tenantScoped)
  }
  // Enum columns: their labels as the application's database has them, one Prisma enum per type.
  const enums = new Map<string, TGenEnum>()
  for (const f of fields.filter((x) => x.propertyType === 'enum')) {
    const type = enumTypeName(f.jdbcType)!
    const labels = input.enums?.[type]
    if (!labels?.length) {
      throw AppError.badRequest(`枚举类型 ${type} 不在应用数据库中: ${f.jdbcName}`)
    }
    const prismaName = `${model.modelClass}${type.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase())}`
    enums.set(type, { type, prismaName, labels, members: enumMembers(labels) })
  }
  const pkg = code.packageName
  const Cls = model.modelClass
  const cls = Cls.charAt(0).toLowerCase() + Cls.slice(1)
  const mod = camel(pkg)
  const perm = pkg.replaceAll('-', '_')
  const prefix = `${code.apiPath}/${pkg}`
  // `label` goes into comments (string literals take the code name as it is, escaped by `lit`).
  const label = commentText(code.codeName)
  const byline = code.author
    ? ` Written by the code generator for ${commentText(code.author)}.`
    : ' Written by the code generator.'

  // Prisma model and migration.
  const platformPrisma = [
    ['id', 'BigInt    @id'],
    ...(tenantScoped ? [['tenantId', 'String    @default("000000") @map("tenant_id") @db.VarChar(12)']] : []),
  ]
  const auditPrisma = [
    ['createUser', 'BigInt?   @map("create_user")'],
    ['createDept', 'BigInt?   @map("create_dept")'],
    ['createTime', 'DateTime  @default(now()) @map("create_time")'],
    ['updateUser', 'BigInt?   @map("update_user")'],
    ['updateTime', 'DateTime? @map("update_time")'],
    ['status', 'Int       @default(1)'],
    ['isDeleted', 'Int       @default(0) @map("is_deleted")'],
  ]
  const fieldPrisma = fields.map((f) => [
    f.propertyName,
    `${prismaType(f, enums)}${f.propertyName === f.jdbcName ? '' : ` @map(${dq(f.jdbcName)})`}`,
  ])
  const prismaLines = [...platformPrisma, ...fieldPrisma, ...auditPrisma].map(([n, t]) => `  ${n} ${t}`)
  const prismaEnums = [...enums.values()].map((e) => `\n${enumPrisma(e)}\n`).join('')
  const prismaModel = `\n// ${label} (${pkg}): written by the code generator.\nmodel ${Cls} {\n${prismaLines.join('\n')}\n\n  @@map(${dq(code.tableName)})\n}\n${prismaEnums}`

  const platformSql: [string, string][] = [
    ...(tenantScoped ? [['tenant_id', TENANT_SQL] as [string, string]] : []),
    ...AUDIT_SQL.map(([n, sql]) => [n, sql] as [string, string]),
  ]
  const sqlColumns = [
    '"id" BIGINT NOT NULL',
    ...(tenantScoped ? [`"tenant_id" ${TENANT_SQL}`] : []),
    ...fields.map(
      (f) => `${dq(f.jdbcName)} ${sqlType(f)}${f.isRequired && !isArrayType(f) ? ' NOT NULL' : ''}`,
    ),
    ...AUDIT_SQL.map(([n, sql]) => `${dq(n)} ${sql}`),
    `CONSTRAINT ${dq(`${code.tableName}_pkey`)} PRIMARY KEY ("id")`,
  ]
  // IF NOT EXISTS: the model usually describes a table that is already there. Such a table gets the
  // platform columns the generic CRUD needs; on a table just created these are no-ops.
  const migration = [
    ...[...enums.values()].flatMap((e) => [`-- CreateEnum (used by ${code.tableName})`, enumSql(e), '']),
    `-- CreateTable (${label}, written by the code generator)`,
    `CREATE TABLE IF NOT EXISTS ${dq(code.tableName)} (`,
    sqlColumns.map((c) => `    ${c}`).join(',\n'),
    ');',
    '',
    '-- An existing table: the platform columns it lacks.',
    `ALTER TABLE ${dq(code.tableName)}`,
    `${platformSql.map(([n, sql]) => `    ADD COLUMN IF NOT EXISTS ${dq(n)} ${sql}`).join(',\n')};`,
    '',
  ].join('\n')

  // Shared schemas.
  const uses = new Set<string>()
  const formFields = fields.filter((f) => f.isForm)
  const submitLines = formFields.map((f) => `  ${f.propertyName}: ${submitRule(f, uses, enums)},`)
  const commonImports = ['zInt', 'zOptionalInt', 'zOptionalText', 'zRequired'].filter((u) => uses.has(u))
  const genImports = [...uses].filter((u) => u.startsWith('zGen')).sort()
  const shared = [
    "import { z } from 'zod'",
    "import { ZWireDateTimeSchema } from '../common/dates.ts'",
    "import { ZIdSchema, ZWireIdSchema } from '../common/ids.ts'",
    ...(commonImports.length
      ? [`import { ${commonImports.join(', ')} } from '../common/validators.ts'`]
      : []),
    ...(genImports.length ? [`import { ${genImports.join(', ')} } from '../develop/fields.ts'`] : []),
    '',
    `/** ${label}: what a form submits.${byline} */`,
    `export const Z${Cls}SubmitSchema = z.object({`,
    '  id: ZIdSchema.optional(),',
    ...submitLines,
    '})',
    '',
    `export const Z${Cls}RecordSchema = z.object({`,
    '  id: ZWireIdSchema,',
    ...(tenantScoped ? ['  tenantId: z.string(),'] : []),
    ...fields.map((f) => `  ${f.propertyName}: ${recordRule(f)},`),
    ...wrapped.map((f) => `  ${f.propertyName}Name: z.string(),`),
    '  createTime: ZWireDateTimeSchema,',
    '  updateTime: ZWireDateTimeSchema.nullable(),',
    '  status: z.number(),',
    '  isDeleted: z.number(),',
    '})',
    `export type T${Cls} = z.infer<typeof Z${Cls}RecordSchema>`,
    '',
  ].join('\n')

  const g: TGenContext = {
    code,
    fields,
    formFields,
    enums,
    wrapped,
    tenantScoped,
    pkg,
    Cls,
    cls,
    mod,
    perm,
    prefix,
    label,
    byline,
  }
  const { service, routes } = apiFiles(g)
  const { webDir, api, resource, page, webRoutes, i18n, menu } = webFiles(g)

  return {
    module: {
      className: Cls,
      table: code.tableName,
      packageName: pkg,
      apiPrefix: prefix,
      webPath: code.webPath,
      menuCode: perm,
    },
    files: [
      { path: `prisma/migrations/${stamp}_${code.tableName}/migration.sql`, content: migration },
      { path: `packages/shared/src/${pkg}/${pkg}.ts`, content: shared },
      { path: `apps/api/src/modules/${pkg}/${pkg}.service.ts`, content: service },
      { path: `apps/api/src/modules/${pkg}/${pkg}.routes.ts`, content: routes },
      { path: `${webDir}/${mod}Api.ts`, content: api },
      { path: `${webDir}/${mod}Resource.ts`, content: resource },
      { path: `${webDir}/${Cls}Page.tsx`, content: page },
      { path: `${webDir}/routes.ts`, content: webRoutes },
      { path: `${webDir}/i18n.ts`, content: i18n },
    ],
    inserts: [
      { file: 'prisma/schema.prisma', marker: '', text: prismaModel },
      { file: 'packages/shared/src/index.ts', marker: '', text: `export * from './${pkg}/${pkg}.ts'\n` },
      {
        file: 'apps/api/src/modules/generated.ts',
        marker: '// @generated-imports',
        text: `import { ${mod}Module } from './${pkg}/${pkg}.routes.ts'`,
      },
      { file: 'apps/api/src/modules/generated.ts', marker: '// @generated-modules', text: `  ${mod}Module,` },
      {
        file: 'apps/web/src/features/generated/routes.ts',
        marker: '// @generated-imports',
        text: `import { ${mod}Screens } from '@/features/${pkg}/routes'`,
      },
      {
        file: 'apps/web/src/features/generated/routes.ts',
        marker: '// @generated-screens',
        text: `  ...${mod}Screens,`,
      },
      {
        file: 'apps/web/src/features/generated/i18n.ts',
        marker: '// @generated-imports',
        text: `import { ${mod}En, ${mod}Zh } from '@/features/${pkg}/i18n'`,
      },
      {
        file: 'apps/web/src/features/generated/i18n.ts',
        marker: '// @generated-zh',
        text: `  ${mod}: ${mod}Zh,`,
      },
      {
        file: 'apps/web/src/features/generated/i18n.ts',
        marker: '// @generated-en',
        text: `  ${mod}: ${mod}En,`,
      },
      { file: 'prisma/seed/data/generated-menus.ts', marker: '// @generated-menus', text: menu },
      // A table whose rows cannot be told apart by tenant is the platform's (lib/table-ownership.ts).
      ...(tenantScoped
        ? []
        : [
            {
              file: 'apps/api/src/lib/table-ownership.ts',
              marker: '// @generated-platform-tables',
              text: `  '${Cls}',`,
            },
          ]),
    ],
  }
}
