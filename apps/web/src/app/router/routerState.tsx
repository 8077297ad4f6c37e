import { createContext, type ReactNode, useContext } from 'react'
import { navigateTo, type TNavigate } from '@/lib/navigation'

// react-router's useLocation, useNavigate and useSearchParams re-render their component on every
// location change, the query string included. The shell (sidebar, top bar, tags bar) needs only the
// path and a way to navigate, so it reads them here: a list's paging, sorting or search, which live in
// the query, then re-render the list alone.
const PathnameContext = createContext<string>('/')
const NavigateContext = createContext<TNavigate>(navigateTo)

/** Provided by AppRoutes: `navigate` must keep its identity for the life of the router. */
export const RouterStateProvider = ({
  pathname,
  navigate,
  children,
}: {
  pathname: string
  navigate: TNavigate
  children: ReactNode
}) => (
  <NavigateContext.Provider value={navigate}>
    <PathnameContext.Provider value={pathname}>{children}</PathnameContext.Provider>
  </NavigateContext.Provider>
)

/** The current path without the query: changes of the query alone do not re-render the caller. */
export const usePathname = (): string => useContext(PathnameContext)

/** A navigate function of stable identity that does not subscribe the caller to the location. */
export const useStableNavigate = (): TNavigate => useContext(NavigateContext)
