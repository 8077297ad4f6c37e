import type { TScreenRegistry } from '@/app/router/screen'
// @generated-imports: the code generator's apply script inserts module imports above this line.

/** Screens of the modules written by the code generator (decision 020). */
export const generatedScreens: TScreenRegistry = {
  // @generated-screens: the apply script inserts one entry per module above this line.
}
