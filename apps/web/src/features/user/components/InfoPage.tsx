import Alert from '@mui/material/Alert'
import LinearProgress from '@mui/material/LinearProgress'
import Paper from '@mui/material/Paper'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { useUserInfo } from '../api/userApi'
import { PasswordForm } from '../forms/PasswordForm'
import { ProfileForm } from '../forms/ProfileForm'

type TSection = 'profile' | 'password'

/** `/info/index`: the profile (with avatar) and the password change. */
export const InfoPage = () => {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const section: TSection = params.get('tab') === 'password' ? 'password' : 'profile'
  const info = useUserInfo()

  return (
    <Paper sx={{ p: 2 }}>
      <Tabs
        value={section}
        onChange={(_, value: TSection) =>
          setParams(value === 'profile' ? {} : { tab: value }, { replace: true })
        }
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="profile" label={t('user.profile')} />
        <Tab value="password" label={t('user.password')} />
      </Tabs>
      {section === 'password' ? (
        <PasswordForm />
      ) : info.isLoading ? (
        <LinearProgress />
      ) : info.data ? (
        <ProfileForm info={info.data} />
      ) : (
        <Alert severity="error">{t('msg.loadFailed')}</Alert>
      )}
    </Paper>
  )
}
