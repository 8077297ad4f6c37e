/** What a route tells the navigation guard and the tags bar (the `handle` of a route object). */
export type TRouteMeta = {
  /** false: reachable without a token. */
  isAuth?: boolean
  /** false: never added to the tags bar. */
  isTab?: boolean
  /** false: the sidebar menu is hidden on this route. */
  menu?: boolean
  /** The page's name as the menu gives it (menu routes). */
  title?: string
  /** i18n key of the page's name (fixed routes); wins over `title`. */
  titleKey?: string
}
