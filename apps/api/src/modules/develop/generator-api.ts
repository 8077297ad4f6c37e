import { enumTypeName, numericSize } from '@ysjs/shared'
import {
  filterKind,
  isArrayType,
  isSortable,
  lit,
  type TGenContext,
  type TGenField,
} from './generator-types.ts'

/** The generated module's API: its service on the generic CRUD and its routes plugin (decision 020). */
export const apiFiles = (g: TGenContext) => {
  const { code, fields, formFields, enums, wrapped, tenantScoped } = g
  const { pkg, Cls, cls, mod, perm, prefix, label, byline } = g
  const filters = fields.filter((f) => filterKind(f)).map((f) => `${f.propertyName}: ${lit(filterKind(f)!)}`)
  const dates = formFields.filter((f) => f.propertyType === 'date').map((f) => lit(f.propertyName))
  const dateTimes = formFields.filter((f) => f.propertyType === 'datetime').map((f) => lit(f.propertyName))
  const bigints = formFields.filter((f) => f.propertyType === 'bigint').map((f) => lit(f.propertyName))
  const names = (list: TGenField[], type: string) =>
    list.filter((f) => f.propertyType === type).map((f) => lit(f.propertyName))
  // Enums whose labels are not all Prisma names: each field's Prisma name → label.
  const enumMaps = fields.flatMap((f) => {
    const e = f.propertyType === 'enum' ? enums.get(enumTypeName(f.jdbcType)!)! : null
    const pairs = e
      ? e.members.flatMap((m, i) => (m === e.labels[i] ? [] : [`${m}: ${lit(e.labels[i]!)}`]))
      : []
    return pairs.length ? [`${f.propertyName}: { ${pairs.join(', ')} }`] : []
  })
  const enumKinds = enumMaps.length ? [`enums: { ${enumMaps.join(', ')} }`] : []
  const kinds = [
    ...(dates.length ? [`dates: [${dates.join(', ')}]`] : []),
    ...(dateTimes.length ? [`dateTimes: [${dateTimes.join(', ')}]`] : []),
    ...(bigints.length ? [`bigints: [${bigints.join(', ')}]`] : []),
    ...(names(formFields, 'bigint[]').length
      ? [`bigintLists: [${names(formFields, 'bigint[]').join(', ')}]`]
      : []),
    ...(names(formFields, 'json').length ? [`jsons: [${names(formFields, 'json').join(', ')}]`] : []),
    ...(names(formFields, 'bytes').length ? [`bytes: [${names(formFields, 'bytes').join(', ')}]`] : []),
    ...enumKinds,
  ]
  const sortable = [
    "'createTime'",
    ...fields.filter((f) => f.isList && isSortable(f)).map((f) => lit(f.propertyName)),
  ]
  const decimals = fields
    .filter((f) => f.propertyType === 'decimal')
    .map((f) => `${f.propertyName}: ${numericSize(f.jdbcType).scale ?? 'null'}`)
  const lists = fields.filter(isArrayType).map((f) => lit(f.propertyName))
  const recordKinds = [
    ...(decimals.length ? [`decimals: { ${decimals.join(', ')} }`] : []),
    ...(names(fields, 'bytes').length ? [`bytes: [${names(fields, 'bytes').join(', ')}]`] : []),
    ...(lists.length ? [`lists: [${lists.join(', ')}]`] : []),
    ...enumKinds,
  ]
  const labels = wrapped.map((f) => `${f.propertyName}: ${lit(f.dictCode)}`)
  const helpers = [
    ...(kinds.length ? ['generatedFieldData'] : []),
    ...(labels.length ? ['generatedLabels'] : []),
    ...(recordKinds.length ? ['generatedRecords'] : []),
  ]
  // Answers: decimals as strings, bytes as base64, enum labels, then the dictionary labels (wrapMode 2).
  const records = recordKinds.length ? `generatedRecords(rows, { ${recordKinds.join(', ')} })` : 'rows'
  const enrich = labels.length
    ? `    enrich: async (ctx, rows) => generatedLabels(prisma, ctx.tenantId, ${records}, { ${labels.join(', ')} }),`
    : recordKinds.length
      ? `    enrich: async (_ctx, rows) => ${records},`
      : null
  const service = [
    "import type { PrismaClient } from '@ysjs/db'",
    `import { Z${Cls}RecordSchema, Z${Cls}SubmitSchema } from '@ysjs/shared'`,
    "import { createCrudService } from '../../lib/crud.ts'",
    ...(helpers.length ? [`import { ${helpers.join(', ')} } from '../../lib/generated-fields.ts'`] : []),
    '',
    `/** ${label} (${code.tableName}) on the generic CRUD.${byline} */`,
    `export const create${Cls}Service = (prisma: PrismaClient) =>`,
    '  createCrudService(prisma, {',
    `    name: ${lit(pkg)},`,
    `    prefix: ${lit(prefix)},`,
    `    model: (db) => db.${cls},`,
    `    tenantScoped: ${tenantScoped},`,
    `    submit: Z${Cls}SubmitSchema,`,
    `    record: Z${Cls}RecordSchema,`,
    `    filters: { ${filters.join(', ')} },`,
    `    sortable: [${sortable.join(', ')}],`,
    "    defaultOrder: [{ createTime: 'desc' }],",
    '    permissions: {',
    `      list: ${lit(perm)},`,
    `      add: ${lit(`${perm}_add`)},`,
    `      edit: ${lit(`${perm}_edit`)},`,
    `      remove: ${lit(`${perm}_delete`)},`,
    '    },',
    ...(kinds.length ? [`    toData: (input) => generatedFieldData(input, { ${kinds.join(', ')} }),`] : []),
    ...(enrich ? [enrich] : []),
    '  })',
    `export type T${Cls}Service = ReturnType<typeof create${Cls}Service>`,
    '',
  ].join('\n')
  const routes = [
    "import { registerCrudRoutes } from '../../lib/crud.ts'",
    "import type { TGeneratedModule } from '../generated.ts'",
    `import { create${Cls}Service } from './${pkg}.service.ts'`,
    '',
    `export const ${mod}Module: TGeneratedModule = {`,
    `  name: ${lit(pkg)},`,
    '  register: (app, prisma) => {',
    `    registerCrudRoutes(app, create${Cls}Service(prisma))`,
    '  },',
    '}',
    '',
  ].join('\n')

  return { service, routes }
}
