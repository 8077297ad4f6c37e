import { createContext, type ReactNode, useContext } from 'react'
import { type FieldValues, FormProvider } from 'react-hook-form'
import type { TZodForm } from './useZodForm'

const RequiredContext = createContext<(path: string) => boolean>(() => false)

/** Gives the form's fields (`FormText`, `FormDict`…) the form and its required markers. */
export const ZodFormProvider = <TIn extends FieldValues, TOut>({
  form,
  children,
}: {
  form: TZodForm<TIn, TOut>
  children: ReactNode
}) => (
  <FormProvider {...form}>
    <RequiredContext.Provider value={form.isRequired}>{children}</RequiredContext.Provider>
  </FormProvider>
)

/** Whether the field at `path` of the enclosing form is required. */
export const useRequired = (path: string): boolean => useContext(RequiredContext)(path)
