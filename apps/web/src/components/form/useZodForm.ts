import { zodResolver } from '@hookform/resolvers/zod'
import { type BaseSyntheticEvent, useCallback, useMemo, useRef } from 'react'
import {
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form'
import type { z } from 'zod'
import { HttpError } from '@/lib/http/errors'
import { toast } from '@/lib/notify'
import {
  fieldOfMessage,
  fieldSchemaAt,
  isRequiredField,
  type TFieldMessage,
  withEmptiedFields,
} from './schemaFields'

type TSchema = z.ZodType<FieldValues, FieldValues>

/** A group of errors (an object or a list of them), not a field's error or its DOM ref. */
const isGroup = (v: unknown): v is FieldErrors =>
  typeof v === 'object' && v !== null && (Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype)

/** The first failed field of a form, depth first in the schema's order (rows of a list included). */
export const firstError = (errors: FieldErrors, prefix = ''): TFieldMessage | undefined => {
  for (const [key, error] of Object.entries(errors)) {
    // A field's error carries its control (`ref`, a DOM node): never walked into.
    if (key === 'ref' || !isGroup(error)) {
      continue
    }
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof error.message === 'string' && error.message) {
      return { path, message: error.message }
    }
    const nested = firstError(error, path)
    if (nested) {
      return nested
    }
  }
  return undefined
}

/** The first failed field at `name`: the field itself, or the first of its rows or members. */
const firstOf = (errors: FieldErrors, name: string): TFieldMessage | undefined => {
  const error = errors[name]
  if (typeof error?.message === 'string' && error.message) {
    return { path: name, message: error.message }
  }
  return isGroup(error) ? firstError(error, name) : undefined
}

export type TZodFormOptions<TIn extends FieldValues, TOut> = Omit<
  UseFormProps<TIn, unknown, TOut>,
  'resolver' | 'mode'
> & {
  /** The schema that decides the required markers when it is not the one that checks (a draft form). */
  requiredSchema?: z.ZodType
  /** The fields in the order the form shows them: the toast names the first failed one of these. */
  fieldOrder?: string[]
  /** After a failed check: the first failed field (e.g. a tabbed form shows the tab holding it). */
  onInvalid?: (first: TFieldMessage) => void
  /**
   * The fields the form shows (default: every value it holds). Only these, when emptied, are sent as
   * '': a value that rides along unseen (a list's column, another mode's field) is never cleared.
   */
  fields?: readonly string[]
}

export type TZodForm<TIn extends FieldValues, TOut> = UseFormReturn<TIn, unknown, TOut> & {
  /**
   * A submit handler: checks with the schema (or `schema` for this button, e.g. 提交 checks more than
   * 暂存); a failure marks each field, focuses the first and toasts its message as a warning (spec
   * section 5). `onValid` may throw the client's HttpError: a 400 about a field lands under it.
   */
  submit: (
    onValid: (data: TOut) => unknown,
    schema?: z.ZodType,
  ) => (event?: BaseSyntheticEvent) => Promise<void>
  /** Whether the field at `path` carries the required marker. */
  isRequired: (path: string) => boolean
  /** Puts a server's message under the field it names; false when it names none of this form. */
  showServerError: (error: unknown) => boolean
}

/**
 * The one form hook: react-hook-form with the shared zod schema as resolver, checked on blur (then on
 * change once the field has been left), every field's message under it on submit.
 */
export const useZodForm = <S extends TSchema>(
  schema: S,
  {
    requiredSchema,
    onInvalid,
    fieldOrder,
    fields,
    ...options
  }: TZodFormOptions<z.input<S>, z.output<S>> = {},
): TZodForm<z.input<S>, z.output<S>> => {
  const active = useRef<z.ZodType>(schema)
  // The schema that checks can change per button (暂存 a draft, 提交 all of it): the resolver reads the
  // current one. Both describe the same form values, hence the one widening here.
  const resolver = useMemo(() => {
    const check: Resolver<FieldValues, unknown, FieldValues> = (values, context, opts) =>
      zodResolver(active.current as TSchema)(values, context, opts)
    return check as unknown as Resolver<z.input<S>, unknown, z.output<S>>
  }, [])
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    ...options,
    resolver,
    // A field is checked when left, then as it changes (so a fixed field clears its message at once).
    mode: 'onTouched',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  })
  const markers = requiredSchema ?? schema
  const isRequired = useCallback((path: string) => isRequiredField(fieldSchemaAt(markers, path)), [markers])

  const showServerError = (error: unknown): boolean => {
    if (!(error instanceof HttpError) || error.status >= 500) {
      return false
    }
    const hit = fieldOfMessage(active.current, error.message)
    if (!hit) {
      return false
    }
    form.setError(
      hit.path as FieldPath<z.input<S>>,
      { type: 'server', message: hit.message },
      { shouldFocus: true },
    )
    onInvalid?.(hit)
    return true
  }

  const submit: TZodForm<z.input<S>, z.output<S>>['submit'] = (onValid, checkWith) => (event) => {
    active.current = checkWith ?? schema
    return form.handleSubmit(
      async (data) => {
        try {
          // An update writes only the fields it carries (decision 030): a field the user emptied, which
          // the schema's output leaves out, goes as '' so that the server clears it.
          await onValid(withEmptiedFields(active.current, fields ?? Object.keys(form.getValues()), data))
        } catch (error) {
          // The HTTP client has toasted the message; a field it names shows it too.
          if (!showServerError(error) && !(error instanceof HttpError)) {
            throw error
          }
        }
      },
      (errors) => {
        const first =
          (fieldOrder ?? []).reduce<TFieldMessage | undefined>(
            (found, name) => found ?? firstOf(errors, name),
            undefined,
          ) ?? firstError(errors)
        if (first) {
          toast.warning(first.message)
          onInvalid?.(first)
        }
      },
    )(event)
  }

  return Object.assign(form, { submit, isRequired, showServerError })
}
