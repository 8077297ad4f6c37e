import PhotoCameraIcon from '@mui/icons-material/PhotoCamera'
import { Autocomplete, Avatar, Box, Button, FormHelperText, TextField } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { isValidAvatar, UploadMsg } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TCustomFieldProps } from '@/components/crud/types'
import { FileButton } from '@/components/upload/FileButton'
import { useUploading } from '@/components/upload/useUploading'
import { fileUrl } from '@/lib/fileLink'
import { uploadFile } from '@/lib/upload'
import { accountOptions } from './expertApi'

/** The expert's photo: jpg/png of at most 500kb, checked here and again by the `avatar` upload. */
export const PhotoField = ({ label, value, onChange, disabled, error, helperText }: TCustomFieldProps) => {
  const { t } = useTranslation()
  const { busy, failure, setFailure, upload } = useUploading()
  const link = typeof value === 'string' ? value : ''
  const pick = async (file: File) => {
    if (!isValidAvatar(file.name, file.size)) {
      setFailure(UploadMsg.AVATAR)
      return
    }
    await upload(async () => onChange((await uploadFile(file, 'avatar')).link))
  }
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Avatar
          src={link ? fileUrl(link) : undefined}
          alt={label}
          sx={{ width: 72, height: 72 }}
          variant="rounded"
        />
        {!disabled && (
          <FileButton
            variant="outlined"
            size="small"
            startIcon={<PhotoCameraIcon />}
            disabled={busy}
            accept=".jpg,.jpeg,.png"
            inputLabel={t('expert.uploadPhoto')}
            onFile={(file) => void pick(file)}
          >
            {t('expert.uploadPhoto')}
          </FileButton>
        )}
        {!disabled && link && (
          <Button size="small" onClick={() => onChange('')}>
            {t('expert.removePhoto')}
          </Button>
        )}
      </Box>
      <FormHelperText error={error || !!failure}>
        {failure ?? helperText ?? t('expert.photoHint')}
      </FormHelperText>
    </Box>
  )
}

type TAccount = { id: string; account: string; realName: string | null }

/** The expert's login account (optional): a searchable choice among the tenant's users. */
export const AccountField = ({ label, value, onChange, disabled, error, helperText }: TCustomFieldProps) => {
  const [input, setInput] = useState('')
  const accounts = useQuery({
    queryKey: ['expert-accounts', input],
    queryFn: () => accountOptions(input),
    enabled: !disabled,
    staleTime: 30_000,
  })
  const id = typeof value === 'string' ? value : ''
  const options: TAccount[] = accounts.data ?? []
  const selected = options.find((a) => a.id === id) ?? (id ? { id, account: id, realName: null } : null)
  return (
    <Autocomplete<TAccount>
      options={options}
      value={selected}
      disabled={disabled}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(a) => (a.realName ? `${a.account} (${a.realName})` : a.account)}
      onInputChange={(_e, v, reason) => reason === 'input' && setInput(v)}
      onChange={(_e, a) => onChange(a?.id ?? '')}
      renderInput={(params) => (
        <TextField {...params} label={label} size="small" error={error} helperText={helperText} />
      )}
    />
  )
}
