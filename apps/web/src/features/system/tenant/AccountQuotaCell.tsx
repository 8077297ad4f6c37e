import { UNLIMITED_ACCOUNTS } from '@ysjs/shared'
import { useTranslation } from 'react-i18next'

/** 账号额度: the number of accounts, or 不限制 for the platform's -1. */
export const AccountQuotaCell = ({ value }: { value: unknown }) => {
  const { t } = useTranslation()
  if (value === null || value === undefined || value === '') {
    return null
  }
  return <>{Number(value) === UNLIMITED_ACCOUNTS ? t('system.tenant.unlimited') : String(value)}</>
}
