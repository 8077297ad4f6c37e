import TranslateIcon from '@mui/icons-material/Translate'
import Button from '@mui/material/Button'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { changeLanguage, currentLanguage, LANGUAGES, type TLanguage } from '@/app/i18n'

const LABELS: Record<TLanguage, string> = { zh: '中文', en: 'English' }

/** zh / en, remembered across visits. */
export const LanguageSwitch = ({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) => {
  const { t } = useTranslation()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const language = currentLanguage()
  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon fontSize="small" />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('layout.language')}
        data-testid="language-switch"
      >
        {LABELS[language]}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((lng) => (
          <MenuItem
            key={lng}
            selected={lng === language}
            onClick={() => {
              setAnchor(null)
              void changeLanguage(lng)
            }}
          >
            {LABELS[lng]}
          </MenuItem>
        ))}
      </Menu>
    </>
  )
}
