import Chip from '@mui/material/Chip'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { useRecentNotices } from '../api/welApi'

/** The caller's latest notices (the whole tenant's and those addressed to them), newest first. */
export const NoticeList = ({ size = 5 }: { size?: number }) => {
  const { t } = useTranslation()
  const { data, isLoading } = useRecentNotices(size)
  const notices = data?.records ?? []
  return (
    <Paper sx={{ p: 2, height: '100%' }} data-testid="notice-list">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('wel.notices')}
      </Typography>
      {isLoading && <Skeleton height={120} />}
      {!isLoading && notices.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('wel.noticeEmpty')}
        </Typography>
      )}
      <List dense>
        {notices.map((n) => (
          <ListItem
            key={n.id}
            divider
            secondaryAction={
              <Typography variant="caption" color="text.secondary">
                {n.releaseTime?.slice(0, 10)}
              </Typography>
            }
          >
            {n.categoryName && (
              <Chip size="small" label={n.categoryName} sx={{ mr: 1 }} color="primary" variant="outlined" />
            )}
            <ListItemText primary={n.title} slotProps={{ primary: { noWrap: true } }} sx={{ pr: 10 }} />
          </ListItem>
        ))}
      </List>
    </Paper>
  )
}
