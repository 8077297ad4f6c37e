import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown'
import Avatar from '@mui/material/Avatar'
import Button from '@mui/material/Button'
import Divider from '@mui/material/Divider'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useStableNavigate } from '@/app/router/routerState'
import { useLogout } from '@/features/auth/hooks/useLogout'
import { useWebConfig } from '@/lib/config/webConfig'
import { fileUrl } from '@/lib/fileLink'
import { leaveTo } from '@/lib/navigation'
import { useSession } from '@/lib/session/session'

/** The nickname with 个人中心 / 返回首页 / 注销; 会员登录 when nobody is logged in. */
export const UserMenu = ({ compact }: { compact: boolean }) => {
  const { t } = useTranslation()
  const navigate = useStableNavigate()
  const user = useSession((s) => s.user)
  const { mainSiteUrl } = useWebConfig()
  const logout = useLogout()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)

  if (!user) {
    return (
      <Button color="inherit" onClick={() => navigate('/login')}>
        {t('layout.memberLogin')}
      </Button>
    )
  }

  const go = (action: () => void) => () => {
    setAnchor(null)
    action()
  }

  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        startIcon={
          <Avatar
            src={user.avatar ? fileUrl(user.avatar) : undefined}
            sx={{ width: 28, height: 28 }}
            alt=""
          />
        }
        endIcon={<ArrowDropDownIcon />}
        data-testid="user-menu"
        sx={{ textTransform: 'none' }}
      >
        {compact ? null : user.nick_name || user.account}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={go(() => navigate('/info/index'))}>{t('layout.personalInfo')}</MenuItem>
        <MenuItem onClick={go(() => navigate('/topMember'))}>{t('layout.personalCenter')}</MenuItem>
        <MenuItem onClick={go(() => leaveTo(mainSiteUrl))}>{t('layout.mainSite')}</MenuItem>
        <Divider />
        <MenuItem onClick={go(() => void logout())}>{t('layout.logout')}</MenuItem>
      </Menu>
    </>
  )
}
