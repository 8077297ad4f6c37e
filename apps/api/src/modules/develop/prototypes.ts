import { propertyEntityOf, propertyTypeOfColumn, type TColumn, type TPropertyType } from '@ysjs/shared'

/** Columns every generic-CRUD table carries (baseMode 2): the generator writes them itself. */
export const PLATFORM_COLUMNS = [
  'id',
  'tenant_id',
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'status',
  'is_deleted',
] as const

/** `unit_price` → `unitPrice`. */
export const camelCase = (name: string): string =>
  name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

/**
 * Property types a form edits as text (one value a line for arrays, the JSON text, the base64 text of
 * bytes) and lists do not order by (PostgreSQL orders no JSON; lists and bytes mean nothing).
 */
export const TEXT_EDITED_TYPES: readonly string[] = ['string[]', 'int[]', 'bigint[]', 'json', 'bytes']

const componentOf = (type: TPropertyType, length: number | null): string => {
  if (TEXT_EDITED_TYPES.includes(type)) {
    return 'textarea'
  }
  switch (type) {
    case 'int':
    case 'bigint':
    case 'decimal':
    case 'double':
      return 'number'
    case 'date':
      return 'date'
    case 'datetime':
      return 'datetime'
    case 'boolean':
    case 'enum':
      return 'select'
    default:
      return length !== null && length <= 255 ? 'input' : 'textarea'
  }
}

/** A field prototype proposed for a column before the user edits it (not yet saved: no id). */
export const defaultPrototype = (column: TColumn, sort: number) => {
  // A column type the generator cannot map is proposed as text: reports can show it, the generator
  // refuses it by name (不支持的字段类型) until its row is removed from the model.
  const type = propertyTypeOfColumn(column.type) ?? 'string'
  return {
    id: null,
    jdbcName: column.name,
    jdbcType: column.type,
    comment: column.comment || column.name,
    propertyType: type,
    propertyEntity: propertyEntityOf(type),
    propertyName: camelCase(column.name),
    // Bytes are no column of a list (base64 text); everything else is.
    isList: type === 'bytes' ? 0 : 1,
    isForm: 1,
    isRow: 0,
    // An array is required when it must hold a value, not because its column is NOT NULL ('{}' is fine).
    isRequired: column.nullable || type.endsWith('[]') ? 0 : 1,
    isQuery: sort === 0 && type === 'string' ? 1 : 0,
    queryType: type === 'string' ? 'like' : 'equal',
    componentType: componentOf(type, column.length),
    dictCode: '',
    length: column.length,
    sort,
  }
}
