import { enumTypeName } from '@ysjs/shared'
import {
  filterKind,
  isArrayType,
  lit,
  type TGenContext,
  type TGenField,
  toFormValue,
  webKind,
} from './generator-types.ts'

/** English label of a field: `unitPrice` → `Unit price`. */
const english = (name: string) => {
  const words = name.replace(/([A-Z])/g, ' $1').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The generated module's web files (api, resource, page, routes, texts) and its menu seed (decision 020). */
export const webFiles = (g: TGenContext) => {
  const { code, fields, formFields, enums, pkg, Cls, mod, perm, prefix, label, byline } = g
  const webDir = `apps/web/src/features/${pkg}`
  const searchOps = fields
    .filter((f) => f.isQuery && f.queryType === 'equal' && f.propertyType !== 'string' && filterKind(f))
    .map((f) => f.propertyName)
  const api = [
    `import type { T${Cls}, TPage } from '@ysjs/shared'`,
    "import type { TListQuery, TListResult, TResourceApi, TValues } from '@/components/crud/types'",
    "import { http } from '@/lib/http'",
    '',
    `const BASE = ${lit(prefix)}`,
    '',
    `export type T${Cls}Row = T${Cls} & Record<string, unknown>`,
    '',
    `export const ${mod}Api: TResourceApi<T${Cls}Row> = {`,
    `  list: async ({ current, size, search }: TListQuery): Promise<TListResult<T${Cls}Row>> => {`,
    ...(searchOps.length
      ? [
          `    const { ${searchOps.join(', ')}, ...rest } = search`,
          `    const page = await http.get<TPage<T${Cls}Row>>(\`\${BASE}/list\`, {`,
          '      current,',
          '      size,',
          '      ...rest,',
          ...searchOps.map((n) => `      ${n}_equal: ${n},`),
          '    })',
        ]
      : [
          `    const page = await http.get<TPage<T${Cls}Row>>(\`\${BASE}/list\`, { current, size, ...search })`,
        ]),
    '    return { records: page.records, total: page.total }',
    '  },',
    `  detail: (id: string) => http.get<T${Cls}Row>(\`\${BASE}/detail\`, { id }),`,
    `  submit: (values: TValues) => http.post(\`\${BASE}/submit\`, values),`,
    `  remove: (ids: string[]) => http.post(\`\${BASE}/remove\`, undefined, { params: { ids: ids.join(',') } }),`,
    '}',
    '',
  ].join('\n')
  const fieldLine = (f: TGenField) => {
    const kind = webKind(f)
    const parts = [
      `name: ${lit(f.propertyName)}`,
      `labelKey: ${lit(`generated.${mod}.field.${f.propertyName}`)}`,
    ]
    if (kind !== 'text') {
      parts.push(`kind: ${lit(kind)}`)
    }
    if (kind === 'dict') {
      parts.push(`dictCode: ${lit(f.dictCode)}`)
    }
    if (kind === 'select' && f.propertyType === 'enum') {
      const { labels } = enums.get(enumTypeName(f.jdbcType)!)!
      parts.push(`options: [${labels.map((l) => `{ value: ${lit(l)}, label: ${lit(l)} }`).join(', ')}]`)
    } else if (kind === 'select') {
      parts.push("options: [{ value: 'true', label: '是' }, { value: 'false', label: '否' }]")
    }
    if (isArrayType(f)) {
      parts.push('rows: 3')
    }
    // Searchable only where the list declares a filter for it (text, integers, ids, dates).
    if (f.isQuery && filterKind(f)) {
      parts.push('search: true')
    }
    if (!f.isList) {
      parts.push('column: false')
    } else if (f.propertyType === 'json') {
      // A JSON value is shown as its text, not as [object Object].
      parts.push(
        `column: { render: (row) => (row.${f.propertyName} === null || row.${f.propertyName} === undefined ? '' : JSON.stringify(row.${f.propertyName})) }`,
      )
    }
    if (!f.isForm) {
      parts.push('form: false')
    }
    return `    { ${parts.join(', ')} },`
  }
  const resource = [
    `import { Z${Cls}SubmitSchema } from '@ysjs/shared'`,
    "import type { TResource } from '@/components/crud/types'",
    `import { ${mod}Api, type T${Cls}Row } from './${mod}Api'`,
    '',
    `/** ${label}.${byline} */`,
    `export const ${mod}Resource: TResource<T${Cls}Row> = {`,
    `  key: ${lit(pkg)},`,
    `  nameKey: ${lit(`generated.${mod}.name`)},`,
    `  schema: Z${Cls}SubmitSchema,`,
    `  api: ${mod}Api,`,
    '  permissions: {',
    `    codes: { add: ${lit(`${perm}_add`)}, edit: ${lit(`${perm}_edit`)}, delete: ${lit(`${perm}_delete`)}, view: ${lit(`${perm}_view`)} },`,
    '  },',
    '  fields: [',
    ...fields.map(fieldLine),
    '  ],',
    '  toForm: (row) => ({',
    '    id: row.id,',
    ...formFields.map((f) => `    ${f.propertyName}: ${toFormValue(f)},`),
    '  }),',
    '}',
    '',
  ].join('\n')
  const page = [
    "import { CrudScreen } from '@/components/crud/CrudScreen'",
    `import { ${mod}Resource } from './${mod}Resource'`,
    '',
    `export const ${Cls}Page = () => <CrudScreen resource={${mod}Resource} />`,
    '',
  ].join('\n')
  const webRoutes = [
    "import { screen, type TScreenRegistry } from '@/app/router/screen'",
    '',
    `export const ${mod}Screens: TScreenRegistry = {`,
    `  ${lit(code.webPath)}: screen(() => import('./${Cls}Page'), '${Cls}Page', ${lit(`generated.${mod}.name`)}),`,
    '}',
    '',
  ].join('\n')
  // Field labels apart from the module's name: a field may well be called `name`.
  const texts = (lang: 'zh' | 'en') =>
    [
      `  name: ${lit(lang === 'zh' ? code.codeName : english(mod))},`,
      '  field: {',
      ...fields.map(
        (f) => `    ${f.propertyName}: ${lit(lang === 'zh' ? f.comment : english(f.propertyName))},`,
      ),
      '  },',
    ].join('\n')
  const i18n = [
    `export const ${mod}Zh = {`,
    texts('zh'),
    '}',
    '',
    `export const ${mod}En: typeof ${mod}Zh = {`,
    texts('en'),
    '}',
    '',
  ].join('\n')

  // Menu seed: a top-level page with the standard buttons.
  const button = (key: string, name: string, source: string, action: number, sort: number, path?: string) =>
    `      { code: ${lit(`${perm}_${key}`)}, name: ${lit(name)}, alias: ${lit(key)}, ${path ? `path: ${lit(path)}, ` : ''}source: ${lit(source)}, sort: ${sort}, category: 2, action: ${action}, isOpen: 1 },`
  const menu = [
    '  {',
    `    code: ${lit(perm)},`,
    `    name: ${lit(code.codeName)},`,
    "    alias: 'menu',",
    `    path: ${lit(code.webPath)},`,
    "    source: 'TableChart',",
    '    sort: 90,',
    '    category: 1,',
    '    action: 0,',
    '    isOpen: 1,',
    '    children: [',
    button('add', '新增', 'plus', 1, 1, `${code.webPath}/add`),
    button('edit', '修改', 'edit', 2, 2, `${code.webPath}/edit`),
    button('delete', '删除', 'delete', 3, 3, `${prefix}/remove`),
    button('view', '查看', 'view', 2, 4, `${code.webPath}/view`),
    '    ],',
    '  },',
  ].join('\n')

  return { webDir, api, resource, page, webRoutes, i18n, menu }
}
