import PhotoCameraIcon from '@mui/icons-material/PhotoCamera'
import Avatar from '@mui/material/Avatar'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fileUrl } from '@/lib/fileLink'
import { toast } from '@/lib/notify'
import { uploadFile } from '@/lib/upload'
import { checkAvatar } from './avatarCheck'

type TProps = { value: string | undefined; onChange: (link: string) => void; disabled?: boolean }

/** Picks a jpg/png of at most 500kb, uploads it and hands back its link. */
export const AvatarUpload = ({ value, onChange, disabled }: TProps) => {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement | null>(null)
  const [busy, setBusy] = useState(false)

  const onPick = async (file: File | undefined) => {
    if (!file) {
      return
    }
    const refusal = checkAvatar(file)
    if (refusal) {
      toast.warning(t(refusal))
      return
    }
    setBusy(true)
    try {
      const uploaded = await uploadFile(file, 'avatar')
      onChange(uploaded.link)
    } catch {
      // The HTTP client has shown the server's reason.
    } finally {
      setBusy(false)
    }
  }

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar
        src={value ? fileUrl(value) : undefined}
        sx={{ width: 80, height: 80 }}
        alt={t('user.avatar')}
        data-testid="avatar-preview"
      />
      <Stack spacing={0.5}>
        <Button
          variant="outlined"
          startIcon={busy ? <CircularProgress size={16} /> : <PhotoCameraIcon />}
          disabled={disabled || busy}
          onClick={() => input.current?.click()}
        >
          {t('common.upload')}
        </Button>
        <Typography variant="caption" color="text.secondary">
          {t('user.avatarTip')}
        </Typography>
      </Stack>
      <input
        ref={input}
        type="file"
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        hidden
        data-testid="avatar-input"
        onChange={(e) => {
          void onPick(e.target.files?.[0])
          e.target.value = ''
        }}
      />
    </Stack>
  )
}
