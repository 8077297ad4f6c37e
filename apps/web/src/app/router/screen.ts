import type { TLazyScreen } from '@/lib/lazy'

/** A page the layout can show at a path. */
export type TScreen = {
  component: TLazyScreen
  titleKey: string
  /** Routed whatever the menu says (the spec's fixed layout routes); otherwise only through a menu. */
  fixed?: boolean
  /** false: a fixed route a visitor without a token may open too (the screen shows its visitor view). */
  isAuth?: false
}

export type TScreenRegistry = Record<string, TScreen>
