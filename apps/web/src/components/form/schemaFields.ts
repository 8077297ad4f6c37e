import { z } from 'zod'

/**
 * What a form learns from its shared zod schema: which fields are required (the marker on the label)
 * and which field a server message is about (a 400 naming a field lands under that field).
 */

/** The schema a value goes through once wrappers are peeled (preprocess, optional, nullable, default). */
const unwrap = (schema: z.ZodType): z.ZodType => {
  if (schema instanceof z.ZodPipe) {
    // A preprocess is a pipe from a transform into the real rule.
    return unwrap(schema.in instanceof z.ZodTransform ? (schema.out as z.ZodType) : (schema.in as z.ZodType))
  }
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodCatch
  ) {
    return unwrap(schema.unwrap() as z.ZodType)
  }
  return schema
}

/** The schema of the field at `path` (`principal.unitName`, `unitEntityList.0.phone`), or undefined. */
export const fieldSchemaAt = (schema: z.ZodType, path: string): z.ZodType | undefined => {
  let node: z.ZodType | undefined = schema
  for (const part of path.split('.')) {
    const inner: z.ZodType | undefined = node ? unwrap(node) : undefined
    if (inner instanceof z.ZodObject) {
      node = (inner.shape as Record<string, z.ZodType>)[part]
    } else if (inner instanceof z.ZodArray && /^\d+$/.test(part)) {
      node = inner.element as z.ZodType
    } else {
      return undefined
    }
  }
  return node
}

/** Required: the field refuses both nothing and a blank (what an untouched control holds). */
export const isRequiredField = (field: z.ZodType | undefined): boolean =>
  !!field && !field.safeParse(undefined).success && !field.safeParse('').success

/** Values that make a field say its messages: empty, blank, too short, not a number, too long. */
const PROBES: unknown[] = [undefined, '', ' ', 'x', '#', '-1', 'x'.repeat(20_001), []]

const messagesOf = (field: z.ZodType): Set<string> => {
  const messages = new Set<string>()
  for (const probe of PROBES) {
    const result = field.safeParse(probe)
    // A group's own messages only: its members' are found on the members.
    for (const issue of result.error?.issues ?? []) {
      if (issue.path.length === 0) {
        messages.add(issue.message)
      }
    }
  }
  return messages
}

/**
 * The fields of an object schema by path. Rows of a list are left out: a message about "a row" names
 * no row, so it stays a toast rather than landing under the first one.
 */
const leaves = (schema: z.ZodType, prefix = ''): [string, z.ZodType][] => {
  const inner = unwrap(schema)
  if (inner instanceof z.ZodObject) {
    return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, child]) => {
      const path = prefix ? `${prefix}.${key}` : key
      return [[path, child] as [string, z.ZodType], ...leaves(child, path)]
    })
  }
  return []
}

const messageIndex = new WeakMap<z.ZodType, Map<string, string>>()

/** Every message the schema's fields say, mapped to the first field that says it. */
const indexOf = (schema: z.ZodType): Map<string, string> => {
  const known = messageIndex.get(schema)
  if (known) {
    return known
  }
  const index = new Map<string, string>()
  for (const [path, field] of leaves(schema)) {
    for (const message of messagesOf(field)) {
      if (!index.has(message)) {
        index.set(message, path)
      }
    }
  }
  messageIndex.set(schema, index)
  return index
}

/** The contract's 400 texts that name their parameter (contract 2.3). */
const NAMED_PARAM = [/^缺少必要的请求参数[:：]\s*([\w.]+)$/, /^请求参数格式错误[:：]\s*([\w.]+)$/]
const FIELD_COLON_MESSAGE = /^([A-Za-z_][\w.]*)[:：]\s*(.+)$/

export type TFieldMessage = { path: string; message: string }

/**
 * The field a server's 400 message is about: `缺少必要的请求参数: id` and `请求参数格式错误: id` name it,
 * `field:message` (bean validation) names it before its message, and a spec message (请输入成果名称)
 * is the message of the schema's field that says it. Undefined when it is about no field of the form.
 */
export const fieldOfMessage = (schema: z.ZodType, message: string): TFieldMessage | undefined => {
  const text = message.trim()
  for (const pattern of NAMED_PARAM) {
    const named = pattern.exec(text)?.[1]
    if (named && fieldSchemaAt(schema, named)) {
      return { path: named, message: text }
    }
  }
  const colon = FIELD_COLON_MESSAGE.exec(text)
  if (colon?.[1] && colon[2] && fieldSchemaAt(schema, colon[1])) {
    return { path: colon[1], message: colon[2] }
  }
  const path = indexOf(schema).get(text)
  return path ? { path, message: text } : undefined
}

/**
 * An update writes only the fields it carries (decision 025), and a form's values leave out the optional
 * fields the user emptied: those the schema reads '' as "not given" are sent as '', so they are cleared.
 */
export const withEmptiedFields = <T extends object>(
  schema: z.ZodType,
  names: readonly string[],
  data: T,
): T => {
  const shape = (schema as { shape?: Record<string, z.ZodType> }).shape ?? {}
  const emptied = names.filter((name) => {
    const field = shape[name]
    if (!field || (data as Record<string, unknown>)[name] !== undefined) {
      return false
    }
    const given = field.safeParse('')
    return given.success && given.data === undefined
  })
  return { ...data, ...Object.fromEntries(emptied.map((name) => [name, ''])) }
}
