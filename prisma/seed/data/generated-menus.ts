// Menus of the modules written by the code generator (decision 020): top-level pages with their buttons.
import type { MenuSeed } from './types.ts'

export const generatedMenus: MenuSeed[] = [
  // @generated-menus: the apply script inserts one entry per module above this line.
]
