import type { FieldErrors, FieldValues } from 'react-hook-form'

/** The first message of a failed form, in the order of `order` (the form's field order). */
export const firstErrorMessage = <T extends FieldValues>(
  errors: FieldErrors<T>,
  order: string[] = [],
): string | undefined => {
  const keys = [...order.filter((k) => k in errors), ...Object.keys(errors).filter((k) => !order.includes(k))]
  for (const key of keys) {
    const error = errors[key]
    if (error && typeof error.message === 'string' && error.message) {
      return error.message
    }
  }
  return undefined
}
