import { useTranslation } from 'react-i18next'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import { endSession } from '@/lib/session/endSession'
import { revokeToken } from '../api/authApi'

/** Revokes the token, clears the session, then leaves (single sign-on logout or /login). */
export const logout = async (): Promise<void> => {
  try {
    await revokeToken()
  } finally {
    endSession()
  }
}

/** 注销: asks first. */
export const useLogout = () => {
  const { t } = useTranslation()
  const confirm = useConfirm()
  return async () => {
    if (await confirm({ message: t('layout.logoutConfirm') })) {
      await logout()
    }
  }
}
