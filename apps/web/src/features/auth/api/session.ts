import type { TTokenResponse } from '@ysjs/shared'
import { isGuestUser, setButtons, setMenus, startSession } from '@/lib/session/session'
import { fetchMenuButtons, fetchMenuRoutes } from './authApi'

/** Menus and button permissions of the logged-in user (after login and on entering the layout). */
export const loadMenusAndPermissions = async (): Promise<void> => {
  const [menus, buttons] = await Promise.all([fetchMenuRoutes(), fetchMenuButtons()])
  setMenus(menus)
  setButtons(buttons)
}

/** A successful login: new session (no old tabs or lock), then the user's menus. */
export const completeLogin = async (res: TTokenResponse): Promise<void> => {
  startSession(res)
  if (!isGuestUser(res)) {
    await loadMenusAndPermissions()
  }
}
