import UploadFileIcon from '@mui/icons-material/UploadFile'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import FormHelperText from '@mui/material/FormHelperText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { UploadMsg } from '@ysjs/shared'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TCustomFieldProps } from '@/components/crud/types'
import { ATTACHMENT_ACCEPT, attachmentProblem } from '@/components/upload/attachment'
import { toast } from '@/lib/notify'
import { uploadAttachment } from '@/lib/upload'

/** The attachment's file: uploaded at once (`put-file-attach`), the form keeps its `attachId`. */
export const AttachFileField = ({
  label,
  value,
  onChange,
  onBlur,
  disabled,
  error,
  helperText,
}: TCustomFieldProps) => {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [fileName, setFileName] = useState('')

  const onPick = async (file: File | undefined) => {
    if (!file) {
      return
    }
    const problem = attachmentProblem(file)
    if (problem) {
      toast.warning(problem === 'type' ? UploadMsg.BAD_TYPE : UploadMsg.TOO_LARGE)
      return
    }
    setBusy(true)
    try {
      const uploaded = await uploadAttachment(file)
      setFileName(uploaded.originalName)
      onChange(uploaded.attachId ?? '')
    } catch {
      // The HTTP client has shown the server's reason.
    } finally {
      setBusy(false)
      onBlur()
    }
  }

  return (
    <Stack spacing={0.5}>
      <Typography variant="caption" color={error ? 'error' : 'text.secondary'}>
        {label}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button
          variant="outlined"
          startIcon={busy ? <CircularProgress size={16} /> : <UploadFileIcon />}
          disabled={disabled || busy}
          onClick={() => input.current?.click()}
          data-testid="attach-upload"
        >
          {busy ? t('resource.attach.uploading') : t('resource.attach.upload')}
        </Button>
        <Typography variant="body2" data-testid="attach-file-name">
          {fileName || (value ? String(value) : '')}
        </Typography>
      </Stack>
      <FormHelperText error={error}>{helperText || t('resource.attach.tip')}</FormHelperText>
      <input
        ref={input}
        type="file"
        hidden
        accept={ATTACHMENT_ACCEPT}
        data-testid="attach-file-input"
        onChange={(e) => {
          void onPick(e.target.files?.[0])
          e.target.value = ''
        }}
      />
    </Stack>
  )
}
