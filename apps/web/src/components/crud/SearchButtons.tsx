import RestartAltIcon from '@mui/icons-material/RestartAlt'
import SearchIcon from '@mui/icons-material/Search'
import Button from '@mui/material/Button'
import { useTranslation } from 'react-i18next'

type TProps = {
  /** Runs the search; left out, 搜索 submits the form it is in. */
  onSearch?: () => void
  /** Clears the conditions and searches again; left out, no 重置 is shown. */
  onReset?: () => void
}

/**
 * The end of every search row, the same on every screen: 搜索 filled, 重置 outlined. The row comes first
 * on a screen; 新增 and the other actions follow it on their own line.
 */
export const SearchButtons = ({ onSearch, onReset }: TProps) => {
  const { t } = useTranslation()
  return (
    <>
      <Button
        type={onSearch ? 'button' : 'submit'}
        variant="contained"
        startIcon={<SearchIcon />}
        onClick={onSearch}
        sx={{ flexShrink: 0 }}
      >
        {t('common.search')}
      </Button>
      {onReset && (
        <Button variant="outlined" startIcon={<RestartAltIcon />} onClick={onReset} sx={{ flexShrink: 0 }}>
          {t('common.reset')}
        </Button>
      )}
    </>
  )
}
