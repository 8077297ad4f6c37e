import {
  arrayElementType,
  charLength,
  columnBaseType,
  enumTypeName,
  isControlChar,
  numericSize,
} from '@ysjs/shared'
import { TEXT_EDITED_TYPES } from './prototypes.ts'

/**
 * How each column type becomes a field of a generated module (decision 020): its Prisma type, its SQL,
 * its submit and answer rules, its list filter and its form control. Every type the application's own
 * schema uses is mapped: text, integers, numeric, floats, booleans, dates, timestamps with and without
 * zone, arrays, json/jsonb, bytea, and enums.
 */

/** One field of the model as the generator reads it (a saved prototype). */
export type TGenField = {
  jdbcName: string
  jdbcType: string
  length: number | null
  comment: string
  propertyType: string
  propertyName: string
  isList: number
  isForm: number
  isRequired: number
  isQuery: number
  queryType: string
  componentType: string
  dictCode: string
}

/** What each part of a generated module is written from: the checked fields and the module's names. */
export type TGenContext = {
  code: { codeName: string; tableName: string; webPath: string }
  fields: TGenField[]
  /** The fields a form submits. */
  formFields: TGenField[]
  enums: Map<string, TGenEnum>
  /** Dictionary fields answered with their label beside them (wrapMode 2). */
  wrapped: TGenField[]
  tenantScoped: boolean
  /** The package (kebab case), the model class, its camel-case name and the module's camel-case name. */
  pkg: string
  Cls: string
  cls: string
  mod: string
  /** The menu code and the API prefix. */
  perm: string
  prefix: string
  /** The module's name and author line, safe inside a generated comment. */
  label: string
  byline: string
}

/** An enum column's labels (from the application database) and the Prisma enum written for them. */
export type TGenEnum = {
  type: string
  prismaName: string
  labels: string[]
  /** Prisma's name of each label: the label itself when it is a valid name, else `v<n>`. */
  members: string[]
}

/** A string literal for generated TypeScript (single quotes, as the house style writes them). */
export const lit = (s: string) => {
  const body = [...s]
    .map((c) =>
      c === '\\' || c === "'"
        ? `\\${c}`
        : isControlChar(c)
          ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
          : c,
    )
    .join('')
  return `'${body}'`
}
export const dq = (s: string) => JSON.stringify(s)
/** A SQL string literal. */
const sq = (s: string) => `'${s.replaceAll("'", "''")}'`

export const isArrayType = (f: TGenField) => f.propertyType.endsWith('[]')

/** `numeric` without a size: Prisma's `Decimal` default, written out so the migration and schema agree. */
const DEFAULT_DECIMAL = { precision: 65, scale: 30 }
const decimalSize = (f: TGenField) => {
  const size = numericSize(f.jdbcType)
  return size.precision === undefined
    ? DEFAULT_DECIMAL
    : { precision: size.precision, scale: size.scale ?? 0 }
}

/** A Prisma name for an enum label: the label when it is one, else `v<n>` (mapped to the label). */
export const enumMembers = (labels: readonly string[]) =>
  labels.map((l, i) => (/^[A-Za-z][A-Za-z0-9_]{0,62}$/.test(l) ? l : `v${i + 1}`))

/** The element of an array field: its base type and, for character values, their length. */
const elementOf = (f: TGenField) => {
  const element = arrayElementType(f.jdbcType) ?? ''
  return { base: columnBaseType(element), length: charLength(element) }
}

export const prismaType = (f: TGenField, enums: Map<string, TGenEnum>): string => {
  const opt = f.isRequired ? '' : '?'
  switch (f.propertyType) {
    case 'string':
      if (f.jdbcType === 'character' && f.length) {
        return `String${opt} @db.Char(${f.length})`
      }
      return f.length ? `String${opt} @db.VarChar(${f.length})` : `String${opt}`
    case 'int':
      return f.jdbcType === 'smallint' ? `Int${opt} @db.SmallInt` : `Int${opt}`
    case 'bigint':
      return `BigInt${opt}`
    case 'boolean':
      return `Boolean${opt}`
    case 'decimal': {
      const { precision, scale } = decimalSize(f)
      return `Decimal${opt} @db.Decimal(${precision}, ${scale})`
    }
    case 'double':
      return f.jdbcType === 'real' ? `Float${opt} @db.Real` : `Float${opt}`
    case 'date':
      return `DateTime${opt} @db.Date`
    // Prisma lists are never null: an absent list is empty, as the column's default says.
    case 'string[]': {
      const { base, length } = elementOf(f)
      const db = length ? (base === 'character' ? ` @db.Char(${length})` : ` @db.VarChar(${length})`) : ''
      return `String[]${db} @default([])`
    }
    case 'int[]':
      return `Int[]${elementOf(f).base === 'smallint' ? ' @db.SmallInt' : ''} @default([])`
    case 'bigint[]':
      return 'BigInt[] @default([])'
    case 'json':
      return `Json${opt}${f.jdbcType === 'json' ? ' @db.Json' : ''}`
    case 'bytes':
      return `Bytes${opt}`
    case 'enum':
      return `${enums.get(enumTypeName(f.jdbcType) ?? '')!.prismaName}${opt}`
    default:
      return f.jdbcType === 'timestamp with time zone'
        ? `DateTime${opt} @db.Timestamptz(3)`
        : `DateTime${opt}`
  }
}

export const sqlType = (f: TGenField): string => {
  switch (f.propertyType) {
    case 'string':
      if (f.jdbcType === 'character' && f.length) {
        return `CHAR(${f.length})`
      }
      return f.length ? `VARCHAR(${f.length})` : 'TEXT'
    case 'int':
      return f.jdbcType === 'smallint' ? 'SMALLINT' : 'INTEGER'
    case 'bigint':
      return 'BIGINT'
    case 'boolean':
      return 'BOOLEAN'
    case 'decimal': {
      const { precision, scale } = decimalSize(f)
      return `DECIMAL(${precision},${scale})`
    }
    case 'double':
      return f.jdbcType === 'real' ? 'REAL' : 'DOUBLE PRECISION'
    case 'date':
      return 'DATE'
    case 'string[]':
    case 'int[]':
    case 'bigint[]': {
      const { base, length } = elementOf(f)
      const element =
        f.propertyType === 'bigint[]'
          ? 'BIGINT'
          : f.propertyType === 'int[]'
            ? base === 'smallint'
              ? 'SMALLINT'
              : 'INTEGER'
            : length
              ? `${base === 'character' ? 'CHAR' : 'VARCHAR'}(${length})`
              : 'TEXT'
      return `${element}[] DEFAULT ARRAY[]::${element}[]`
    }
    case 'json':
      return f.jdbcType === 'json' ? 'JSON' : 'JSONB'
    case 'bytes':
      return 'BYTEA'
    case 'enum':
      return dq(enumTypeName(f.jdbcType) ?? '')
    default:
      return f.jdbcType === 'timestamp with time zone' ? 'TIMESTAMPTZ(3)' : 'TIMESTAMP(3)'
  }
}

/** The migration's statement creating an enum type the table needs, unless it is there already. */
export const enumSql = (e: TGenEnum) =>
  [
    'DO $$ BEGIN',
    `    CREATE TYPE ${dq(e.type)} AS ENUM (${e.labels.map(sq).join(', ')});`,
    'EXCEPTION WHEN duplicate_object THEN NULL;',
    'END $$;',
  ].join('\n')

/** The Prisma enum block of an enum type (its labels as values, mapped where they are no names). */
export const enumPrisma = (e: TGenEnum) =>
  [
    `enum ${e.prismaName} {`,
    ...e.members.map((m, i) => `  ${m}${m === e.labels[i] ? '' : ` @map(${dq(e.labels[i]!)})`}`),
    '',
    `  @@map(${dq(e.type)})`,
    '}',
  ].join('\n')

/** The submit rule of a form field, with the spec-style 请输入/请选择 message, and the helpers it needs. */
export const submitRule = (f: TGenField, uses: Set<string>, enums: Map<string, TGenEnum>): string => {
  const enter = `请输入${f.comment}`
  const choose = `请选择${f.comment}`
  const req = !!f.isRequired
  switch (f.propertyType) {
    case 'string': {
      const max = f.length ?? 2000
      uses.add(req ? 'zRequired' : 'zOptionalText')
      return req ? `zRequired(${lit(enter)}, ${max})` : `zOptionalText(${max})`
    }
    case 'int': {
      const range = f.jdbcType === 'smallint' ? ', min: -32768, max: 32767' : ''
      uses.add(req ? 'zInt' : 'zOptionalInt')
      return req ? `zInt({ message: ${lit(enter)}${range} })` : `zOptionalInt({${range.slice(1)} })`
    }
    case 'bigint':
      uses.add(req ? 'zGenBigint' : 'zGenOptionalBigint')
      return req ? `zGenBigint(${lit(enter)})` : 'zGenOptionalBigint()'
    case 'boolean':
      uses.add(req ? 'zGenBoolean' : 'zGenOptionalBoolean')
      return req ? `zGenBoolean(${lit(choose)})` : 'zGenOptionalBoolean()'
    case 'decimal': {
      const size = numericSize(f.jdbcType)
      const args = size.precision === undefined ? '' : `${size.precision}, ${size.scale ?? 0}`
      uses.add(req ? 'zGenDecimal' : 'zGenOptionalDecimal')
      return req ? `zGenDecimal(${lit(enter)}${args ? `, ${args}` : ''})` : `zGenOptionalDecimal(${args})`
    }
    case 'double':
      uses.add(req ? 'zGenNumber' : 'zGenOptionalNumber')
      return req ? `zGenNumber(${lit(enter)})` : 'zGenOptionalNumber()'
    case 'date':
      uses.add(req ? 'zGenDate' : 'zGenOptionalDate')
      return req ? `zGenDate(${lit(choose)})` : 'zGenOptionalDate()'
    case 'string[]':
    case 'int[]':
    case 'bigint[]': {
      uses.add('zGenList')
      const { base, length } = elementOf(f)
      const element =
        f.propertyType === 'bigint[]'
          ? 'bigint'
          : f.propertyType === 'int[]'
            ? base === 'smallint'
              ? 'smallint'
              : 'int'
            : 'string'
      const opts = [...(req ? [`message: ${lit(enter)}`] : []), ...(length ? [`maxLength: ${length}`] : [])]
      return `zGenList(${lit(element)}${opts.length ? `, { ${opts.join(', ')} }` : ''})`
    }
    case 'json':
      uses.add('zGenJson')
      return `zGenJson(${lit(enter)}, ${req})`
    case 'bytes':
      uses.add(req ? 'zGenBytes' : 'zGenOptionalBytes')
      return req ? `zGenBytes(${lit(enter)})` : 'zGenOptionalBytes()'
    case 'enum': {
      const labels = enums.get(enumTypeName(f.jdbcType) ?? '')!.labels
      uses.add(req ? 'zGenEnum' : 'zGenOptionalEnum')
      return `${req ? 'zGenEnum' : 'zGenOptionalEnum'}([${labels.map(lit).join(', ')}], ${lit(choose)})`
    }
    default:
      uses.add(req ? 'zGenDateTime' : 'zGenOptionalDateTime')
      return req ? `zGenDateTime(${lit(choose)})` : 'zGenOptionalDateTime()'
  }
}

export const recordRule = (f: TGenField): string => {
  switch (f.propertyType) {
    case 'int[]':
      return 'z.array(z.number())'
    case 'string[]':
    case 'bigint[]':
      return 'z.array(z.string())'
    case 'json':
      return 'z.unknown()'
    default: {
      const base =
        f.propertyType === 'int' || f.propertyType === 'double'
          ? 'z.number()'
          : f.propertyType === 'boolean'
            ? 'z.boolean()'
            : 'z.string()'
      return f.isRequired ? base : `${base}.nullable()`
    }
  }
}

/** The list filter of a field; lists, JSON, bytes and enums have none (equality on them is not LIKE). */
export const filterKind = (f: TGenField): string | null => {
  const kind = { string: 'string', int: 'int', bigint: 'id', date: 'date', datetime: 'date' }[f.propertyType]
  return kind ? `${kind}${f.isRequired ? '' : '?'}` : null
}

/** Whether lists may be ordered by the field (`TEXT_EDITED_TYPES` are not). */
export const isSortable = (f: TGenField) => !TEXT_EDITED_TYPES.includes(f.propertyType)

export const webKind = (f: TGenField): string => {
  if (f.dictCode) {
    return 'dict'
  }
  if (TEXT_EDITED_TYPES.includes(f.propertyType)) {
    return 'textarea'
  }
  switch (f.propertyType) {
    case 'int':
    case 'decimal':
    case 'double':
      return 'number'
    case 'boolean':
    case 'enum':
      return 'select'
    case 'date':
      return 'date'
    case 'datetime':
      return 'datetime'
    default:
      return f.componentType === 'textarea' ? 'textarea' : 'text'
  }
}

/** The form's value of a field from a row (the web resource's `toForm`). */
export const toFormValue = (f: TGenField) => {
  const v = `row.${f.propertyName}`
  switch (f.propertyType) {
    case 'string':
    case 'enum':
    case 'bytes':
      return f.isRequired ? v : `${v} ?? ''`
    case 'date':
      return f.isRequired ? `${v}.slice(0, 10)` : `${v}?.slice(0, 10) ?? ''`
    case 'string[]':
    case 'int[]':
    case 'bigint[]':
      return `(${v} ?? []).join('\\n')`
    case 'json':
      return `${v} === null || ${v} === undefined ? '' : JSON.stringify(${v}, null, 2)`
    default:
      return f.isRequired ? `String(${v})` : `${v} === null ? '' : String(${v})`
  }
}
