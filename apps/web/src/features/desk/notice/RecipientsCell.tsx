import { useTranslation } from 'react-i18next'
import type { TNoticeRow } from './noticeApi'

/** Who a notice is addressed to: its recipients' names, or the whole tenant when it names none. */
export const RecipientsCell = ({ row }: { row: TNoticeRow }) => {
  const { t } = useTranslation()
  return <>{row.recipientIds ? row.recipientNames.split(',').join('、') : t('desk.notice.everyone')}</>
}
