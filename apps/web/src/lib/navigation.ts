/** Lets code outside React (the HTTP client, the session timer) move the router. */
export type TNavigate = (to: string, options?: { replace?: boolean }) => void

let navigator: TNavigate = (to) => window.location.assign(to)

export const setNavigator = (fn: TNavigate): void => {
  navigator = fn
}

export const navigateTo: TNavigate = (to, options) => navigator(to, options)

/** Leaves the app for another site (single sign-on, main site). */
export const leaveTo = (url: string): void => window.location.assign(url)
