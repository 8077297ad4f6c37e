import Button from '@mui/material/Button'
import ButtonGroup from '@mui/material/ButtonGroup'
import { useTranslation } from 'react-i18next'
import { changeLanguage, currentLanguage, LANGUAGES, type TLanguage } from '@/app/i18n'

const LABELS: Record<TLanguage, string> = { zh: '中文', en: 'EN' }

/** zh / en, remembered across visits (two plain buttons: the login page stays light). */
export const LanguageSwitch = ({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) => {
  const { t } = useTranslation()
  const language = currentLanguage()
  return (
    <ButtonGroup
      size="small"
      color={color}
      aria-label={t('layout.language')}
      data-testid="language-switch"
      sx={{ flexShrink: 0 }}
    >
      {LANGUAGES.map((lng) => (
        <Button
          key={lng}
          variant={lng === language ? 'contained' : 'outlined'}
          aria-pressed={lng === language}
          onClick={() => void changeLanguage(lng)}
          sx={
            lng === language && color === 'inherit'
              ? { bgcolor: 'rgba(255,255,255,0.2)', color: 'inherit' }
              : { minWidth: 44 }
          }
          lang={lng === 'zh' ? 'zh-CN' : 'en'}
        >
          {LABELS[lng]}
        </Button>
      ))}
    </ButtonGroup>
  )
}
