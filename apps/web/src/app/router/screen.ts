import { lazyScreen, type TLazyScreen } from '@/lib/lazy'

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

/** A registry entry: the named export of a lazily loaded module (its own chunk), under its title key. */
export const screen = <M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M,
  titleKey: string,
  options: Pick<TScreen, 'fixed' | 'isAuth'> = {},
): TScreen => ({ component: lazyScreen(load, name), titleKey, ...options })
