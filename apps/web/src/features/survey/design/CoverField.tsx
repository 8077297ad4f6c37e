import ImageIcon from '@mui/icons-material/Image'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import FormHelperText from '@mui/material/FormHelperText'
import Typography from '@mui/material/Typography'
import { RICH_TEXT_IMAGE_EXTENSIONS } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TCustomFieldProps } from '@/components/crud/types'
import { fileUrl } from '@/lib/fileLink'
import { uploadFile } from '@/lib/upload'

const ACCEPT = RICH_TEXT_IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')

/** The survey's cover image: uploaded as an image (the server checks type and size), shown on the cards. */
export const CoverField = ({ label, value, onChange, disabled, error, helperText }: TCustomFieldProps) => {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const link = typeof value === 'string' ? value : ''
  const pick = async (file: File) => {
    setBusy(true)
    try {
      onChange((await uploadFile(file, 'image')).link)
    } catch {
      // The HTTP client has shown why the upload was refused.
    } finally {
      setBusy(false)
    }
  }
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        {link ? (
          <Box
            component="img"
            src={fileUrl(link)}
            alt={label}
            sx={{ width: 160, height: 90, objectFit: 'cover', borderRadius: 1 }}
          />
        ) : (
          <Box
            sx={{
              width: 160,
              height: 90,
              borderRadius: 1,
              bgcolor: 'action.hover',
              display: 'grid',
              placeItems: 'center',
            }}
          >
            <ImageIcon color="disabled" />
          </Box>
        )}
        {!disabled && (
          <Button component="label" variant="outlined" size="small" disabled={busy}>
            {t('survey.uploadCover')}
            <input
              hidden
              type="file"
              accept={ACCEPT}
              aria-label={t('survey.uploadCover')}
              onChange={(e) => e.target.files?.[0] && void pick(e.target.files[0])}
            />
          </Button>
        )}
        {!disabled && link && (
          <Button size="small" onClick={() => onChange('')}>
            {t('survey.removeCover')}
          </Button>
        )}
      </Box>
      <FormHelperText error={error}>{helperText ?? t('survey.coverHint')}</FormHelperText>
    </Box>
  )
}
